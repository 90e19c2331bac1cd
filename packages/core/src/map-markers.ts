import { z } from 'zod';
import { LOG_TYPES, type LogType } from './logs';

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

/** The answer formats a client may ask the markers route for besides the seed's array of objects. */
export const MARKER_FORMATS = ['columns'] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

/**
 * The same markers, in the same order, as one array a field (marker i is entry i of each array).
 * Log types are indexes into `types`, lakes indexes into `lakes` (-1 for none); gauges, which few
 * logs have, are listed apart with the index of their marker. Some 45 % of the seed's JSON at 20,000
 * markers: no repeated field names, lake names once each.
 */
export const markerColumns = z
  .object({
    format: z.literal('columns'),
    types: z.array(z.enum(LOG_TYPES)),
    lakes: z.array(z.string()),
    id: z.array(z.string()),
    lat: z.array(z.number()),
    lng: z.array(z.number()),
    // Indexes, checked in one pass below: zod's own int and range checks cost some 7 ms a column of
    // 20,000 when the server encodes the answer, against 0.3 ms for plain numbers.
    type: z.array(z.number()),
    date: z.array(z.string()),
    lake: z.array(z.number()),
    gauges: z.array(z.object({ at: z.number().int().min(0), lat: z.number(), lng: z.number(), station: z.string().nullable() })),
  })
  .superRefine((c, ctx) => {
    const n = c.id.length;
    if ([c.lat, c.lng, c.type, c.date, c.lake].some((column) => column.length !== n)) {
      ctx.addIssue({ code: 'custom', message: 'Every marker column must have one entry a marker.' });
    }
    const index = (i: number, size: number, none: number) => Number.isInteger(i) && i >= none && i < size;
    if (!c.type.every((t) => index(t, c.types.length, 0)) || !c.lake.every((l) => index(l, c.lakes.length, -1)) || c.gauges.some((g) => g.at >= n)) {
      ctx.addIssue({ code: 'custom', message: 'A marker column points past its list.' });
    }
  });
export type MarkerColumns = z.infer<typeof markerColumns>;

type Gauge = NonNullable<MapMarker['gauge']>;

/** Markers' fields a column each, as the database hands them over (types and lakes as names). */
export type RawMarkerColumns = {
  id: string[];
  lat: number[];
  lng: number[];
  type: LogType[];
  date: string[];
  lake: Array<string | null>;
  gauge: Array<Gauge | null>;
};

/** Markers' lakes as indexes into the list of their names in order of first appearance (-1 for none). */
export function numberLakes(names: ReadonlyArray<string | null>): { lakes: string[]; lake: number[] } {
  const lakes: string[] = [];
  const lakeIndex = new Map<string, number>();
  const lake = names.map((name) => {
    if (name === null) return -1;
    let at = lakeIndex.get(name);
    if (at === undefined) {
      at = lakes.push(name) - 1;
      lakeIndex.set(name, at);
    }
    return at;
  });
  return { lakes, lake };
}

/** Packs raw columns: types and lakes become indexes into their lists, gauges a sparse list. */
export function packMarkerColumns(raw: RawMarkerColumns): MarkerColumns {
  const typeIndex = new Map(LOG_TYPES.map((t, i) => [t, i]));
  const { lakes, lake } = numberLakes(raw.lake);
  const gauges = raw.gauge.flatMap((g, at) => (g ? [{ at, lat: g.lat, lng: g.lng, station: g.station }] : []));
  return {
    format: 'columns',
    types: [...LOG_TYPES],
    lakes,
    id: raw.id,
    lat: raw.lat,
    lng: raw.lng,
    type: raw.type.map((t) => typeIndex.get(t)!),
    date: raw.date,
    lake,
    gauges,
  };
}

/** The seed's markers packed into columns. */
export function toMarkerColumns(markers: readonly MapMarker[]): MarkerColumns {
  return packMarkerColumns({
    id: markers.map((m) => m._id),
    lat: markers.map((m) => m.lat),
    lng: markers.map((m) => m.lng),
    type: markers.map((m) => m.type),
    date: markers.map((m) => m.date),
    lake: markers.map((m) => m.lake),
    gauge: markers.map((m) => m.gauge ?? null),
  });
}

/** The seed's markers back from columns, in their order. */
export function fromMarkerColumns(c: MarkerColumns): MapMarker[] {
  const gauges = new Map(c.gauges.map((g) => [g.at, { lat: g.lat, lng: g.lng, station: g.station }]));
  return c.id.map((_id, i) => ({
    _id,
    lat: c.lat[i]!,
    lng: c.lng[i]!,
    type: c.types[c.type[i]!]!,
    date: c.date[i]!,
    lake: c.lake[i]! === -1 ? null : c.lakes[c.lake[i]!]!,
    gauge: gauges.get(i) ?? null,
  }));
}
