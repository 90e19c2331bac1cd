import { z } from 'zod';
import { chartsSchema, dashboardChartsSchema } from '../charts';
import { filterQuery } from '../filters';
import { LOG_TYPES, logPage } from '../logs';
import { contract } from './contract';

/** The stacked charts' axis tops, by chart. */
export const chartsAnswer = chartsSchema.extend({
  stackedLimits: z.object({ Lake: z.number(), Month: z.number(), Species: z.number(), Tag: z.number() }),
});
export type ChartsAnswer = z.infer<typeof chartsAnswer>;

/** A log on the map: `date` is its local time as YYYY-MM-DDTHH:mm. */
export const mapMarker = z.object({
  _id: z.string(),
  lat: z.number(),
  lng: z.number(),
  type: z.enum(LOG_TYPES),
  date: z.string(),
  lake: z.string().nullable(),
  /** The river gauge of a log with a waterflow reading (seed 001's river-gauge site marker). */
  gauge: z.object({ lat: z.number(), lng: z.number(), station: z.string().nullable() }).nullable().optional(),
});
export type MapMarker = z.infer<typeof mapMarker>;

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
  summary: 'Map markers of the member’s logs matching the filters, newest first, 20,000 at most (premium; 403 naming the lock otherwise).',
  query: filterQuery,
  response: z.array(mapMarker),
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
