import { z } from 'zod';
import { chartsSchema, dashboardChartsSchema } from '../charts';
import { filterFields, filterQuery, toFilters } from '../filters';
import { MARKER_BYTES, MARKER_FORMATS, mapMarker, markerColumns } from '../map-markers';
import { logPage } from '../logs';
import { contract, raw } from './contract';

/** The stacked charts' axis tops, by chart. */
export const chartsAnswer = chartsSchema.extend({
  stackedLimits: z.object({ Lake: z.number(), Month: z.number(), Species: z.number(), Tag: z.number() }),
});
export type ChartsAnswer = z.infer<typeof chartsAnswer>;

export { mapMarker, markerColumns, type MapMarker, type MarkerColumns } from '../map-markers';

/** The filters, and `format=columns` for the markers packed a field an array (map-markers.ts). */
export const markersQuery = z
  .object({ ...filterFields, format: z.enum(MARKER_FORMATS, { message: `format takes ${MARKER_FORMATS.join(', ')}.` }).optional() })
  .transform((q, ctx) => ({ ...toFilters(q, ctx), format: q.format }));

/** The dashboard's Your Stats widget and charts. */
export const statsAnswer = z.object({
  largestFish: z.object({ length: z.number(), species: z.string().nullable(), _id: z.string() }).nullable(),
  favoriteLure: z.object({ lureName: z.string(), count: z.number().int() }).nullable(),
  mostRecentCatch: z
    .object({
      _id: z.string(),
      /** UTC ISO. */
      date: z.string(),
      fish: z.object({ length: z.number().nullable(), species: z.string().nullable() }),
    })
    .nullable(),
  innerCircle: z.array(z.object({ _id: z.string(), username: z.string() })),
  charts: dashboardChartsSchema.extend({ fishSizeLimit: z.number() }),
});
export type StatsAnswer = z.infer<typeof statsAnswer>;

export const filterLogs = contract({
  method: 'GET',
  path: '/api/user/logs/filter',
  access: 'member',
  summary: 'The member’s logs matching every filter (`filterType`/`filterValue` lists), newest first, a page at a time.',
  query: filterQuery,
  response: logPage,
});

export const charts = contract({
  method: 'GET',
  path: '/api/user/logs/charts',
  access: 'member',
  summary: 'The data page’s charts over the member’s logs matching the filters (premium; 403 naming the lock otherwise).',
  query: filterQuery,
  response: chartsAnswer,
});

export const markers = contract({
  method: 'GET',
  path: '/api/user/logs/markers',
  access: 'member',
  summary:
    'Map markers of the member’s logs matching the filters, newest first, 20,000 at most (premium; 403 naming the lock otherwise); `format=columns` packs them an array a field.',
  query: markersQuery,
  response: z.union([z.array(mapMarker), markerColumns]),
});

export const markerBytes = contract({
  method: 'GET',
  path: '/api/user/logs/markers/binary',
  access: 'member',
  summary:
    'The same markers as `/api/user/logs/markers` in the map’s binary layout (MARKER_BYTES in packages/core/src/map-markers.ts): about a third of the JSON’s bytes (premium; 403 naming the lock otherwise).',
  query: filterQuery,
  response: raw(MARKER_BYTES.contentType),
});

export const logStates = contract({
  method: 'GET',
  path: '/api/user/logs/states',
  access: 'member',
  summary: 'The distinct states of the member’s logs, sorted.',
  response: z.array(z.string()),
});

export const logLakes = contract({
  method: 'GET',
  path: '/api/user/logs/lakes',
  access: 'member',
  summary: 'The distinct lake names of the member’s logs, sorted.',
  response: z.array(z.string()),
});

export const stats = contract({
  method: 'GET',
  path: '/api/user/stats',
  access: 'member',
  assistant: true,
  summary: 'Your Stats: largest fish, favourite lure, latest catch, Inner Circle and the dashboard charts.',
  response: statsAnswer,
});
