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

/**
 * The map's binary answer (`GET /api/user/logs/markers/binary`): the same markers, in the same order,
 * in about a third of the JSON's bytes, which the server copies out of the database as they are
 * kept (migration 0029_log_marker_bytes) instead of writing text. Big-endian throughout. First a
 * header: its length (uint32), then its UTF-8 JSON `{"format":"binary","types":[…],"count":n}`.
 * Then each marker: id (16 bytes), lat and lng (float64), the local time in whole minutes since
 * 1970-01-01T00:00 (int32), the type's index in `types` (int16), the lake (a text), a byte 1 when
 * a river gauge follows or 0, and the gauge's lat and lng (float64) and station (a text). A text is
 * its UTF-8 length (int16; -1 for none) and its bytes.
 */
export const MARKER_BYTES = {
  format: 'binary',
  contentType: 'application/octet-stream',
  /** A marker without a lake or a gauge: id, lat, lng, minute, type, the lake's length, the gauge byte. */
  smallest: 16 + 8 + 8 + 4 + 2 + 2 + 1,
} as const;

export type MarkerBytesHeader = { format: typeof MARKER_BYTES.format; types: readonly string[]; count: number };

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The seed's markers back from the binary answer; throws on bytes that are not one. */
export function fromMarkerBytes(bytes: Uint8Array): MapMarker[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.byteLength) throw new Error('The map’s markers arrived cut short.');
  };
  need(4);
  const headerLength = view.getUint32(0);
  at = 4;
  need(headerLength);
  const header = JSON.parse(utf8.decode(bytes.subarray(at, at + headerLength))) as MarkerBytesHeader;
  at += headerLength;
  if (header.format !== MARKER_BYTES.format || !Array.isArray(header.types) || !Number.isInteger(header.count)) {
    throw new Error('The map’s markers arrived in a format this page does not read.');
  }
  const types = header.types.map((t) => z.enum(LOG_TYPES).parse(t));
  const text = (): string | null => {
    need(2);
    const length = view.getInt16(at);
    at += 2;
    if (length === -1) return null;
    if (length < 0) throw new Error('The map’s markers arrived malformed.');
    need(length);
    const value = utf8.decode(bytes.subarray(at, at + length));
    at += length;
    return value;
  };
  const markers: MapMarker[] = [];
  for (let i = 0; i < header.count; i++) {
    need(MARKER_BYTES.smallest - 3);
    let hex = '';
    for (let b = 0; b < 16; b++) {
      hex += HEX[bytes[at + b]!];
      if (b === 3 || b === 5 || b === 7 || b === 9) hex += '-';
    }
    const lat = view.getFloat64(at + 16);
    const lng = view.getFloat64(at + 24);
    const date = new Date(view.getInt32(at + 32) * 60_000).toISOString().slice(0, 16);
    const type = types[view.getInt16(at + 36)];
    if (type === undefined) throw new Error('The map’s markers arrived malformed.');
    at += 38;
    const lake = text();
    need(1);
    const hasGauge = bytes[at]!;
    at += 1;
    let gauge: Gauge | null = null;
    if (hasGauge === 1) {
      need(16);
      const gaugeLat = view.getFloat64(at);
      const gaugeLng = view.getFloat64(at + 8);
      at += 16;
      gauge = { lat: gaugeLat, lng: gaugeLng, station: text() };
    } else if (hasGauge !== 0) {
      throw new Error('The map’s markers arrived malformed.');
    }
    markers.push({ _id: hex, lat, lng, type, date, lake, gauge });
  }
  if (at !== bytes.byteLength) throw new Error('The map’s markers arrived malformed.');
  return markers;
}
