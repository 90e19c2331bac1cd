import { z } from 'zod';
import { assertCoordinates } from '../places/places';
import type { ProviderLog } from '../weather/weather';
import {
  SQUARE_METERS_PER_ACRE,
  outlineAreaM2,
  pointInRing,
  representativePoint,
  ringAreaM2,
  ringOrientation,
} from './geometry';
import type { GeoPoint, LakeOutline, LakeSource, Position, Ring, SourceLake } from './lakes';
import { LakeSourceUnavailableError } from './lakes';

export interface OverpassLakesOptions {
  baseUrl?: string;
  timeoutMs?: number;
  log: ProviderLog;
}

/** Full outlines come back with every lake, so a wide circle can run to megabytes. */
const MAX_RADIUS_M = 50_000;

const coordinate = z.object({ lat: z.number(), lon: z.number() });
const tags = z.record(z.string(), z.string()).optional();
const wayElement = z.object({ type: z.literal('way'), id: z.number(), tags, geometry: z.array(coordinate) });
const relationElement = z.object({
  type: z.literal('relation'),
  id: z.number(),
  tags,
  members: z.array(z.object({ type: z.string(), role: z.string(), geometry: z.array(coordinate).optional() })),
});
const lakeElement = z.discriminatedUnion('type', [wayElement, relationElement]);
const overpassResponse = z.object({
  elements: z.array(z.unknown()),
  remark: z.string().optional(),
});
type RelationElement = z.infer<typeof relationElement>;

/** OpenStreetMap water areas through the Overpass API; no key needed. */
export class OverpassLakes implements LakeSource {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly log: ProviderLog;

  constructor(options: OverpassLakesOptions) {
    this.baseUrl = options.baseUrl ?? 'https://overpass-api.de/api/interpreter';
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.log = options.log;
  }

  async lakesNear(point: GeoPoint, radiusMeters: number): Promise<SourceLake[]> {
    assertCoordinates(point.lat, point.lng);
    if (!Number.isFinite(radiusMeters) || radiusMeters <= 0 || radiusMeters > MAX_RADIUS_M) {
      throw new RangeError(`Radius must be more than 0 and at most ${MAX_RADIUS_M} m, got ${radiusMeters}`);
    }
    const body = await this.query(lakeQuery(point, Math.round(radiusMeters), this.timeoutMs));
    const lakes: SourceLake[] = [];
    for (const raw of body.elements) {
      const element = lakeElement.safeParse(raw);
      if (!element.success) continue;
      const name = element.data.tags?.name?.trim();
      if (!name) continue;
      const outline = element.data.type === 'way' ? wayOutline(element.data.geometry) : relationOutline(element.data);
      if (!outline) continue;
      const pin = representativePoint(outline);
      lakes.push({
        name,
        lat: round(pin.lat, 6),
        lng: round(pin.lng, 6),
        outline,
        areaAcres: round(outlineAreaM2(outline) / SQUARE_METERS_PER_ACRE, 1),
        osmId: `${element.data.type}/${element.data.id}`,
      });
    }
    return lakes;
  }

  private async query(ql: string): Promise<z.infer<typeof overpassResponse>> {
    let body: unknown;
    try {
      const response = await fetch(this.baseUrl, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ data: ql }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw this.unavailable(ql, `Lake map service answered ${response.status}`, detail.slice(0, 500));
      }
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw this.unavailable(ql, 'Lake map service sent malformed data', text.slice(0, 200));
      }
    } catch (error) {
      if (error instanceof LakeSourceUnavailableError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw this.unavailable(ql, 'Lake map service timed out', `no answer within ${this.timeoutMs} ms`);
      }
      throw this.unavailable(ql, 'Lake map service unreachable', describeError(error));
    }
    const parsed = overpassResponse.safeParse(body);
    if (!parsed.success) {
      throw this.unavailable(ql, 'Lake map service sent an unexpected answer', z.prettifyError(parsed.error));
    }
    // Overpass reports a query that ran out of time or memory with a 200 and a
    // remark, and the elements it did send are an arbitrary subset.
    if (parsed.data.remark?.includes('runtime error')) {
      throw this.unavailable(ql, 'Lake map service could not finish the search', parsed.data.remark);
    }
    return parsed.data;
  }

  private unavailable(ql: string, reason: string, detail: string): LakeSourceUnavailableError {
    this.log.warn({ url: this.baseUrl, query: ql, reason, detail }, 'lake lookup failed');
    return new LakeSourceUnavailableError(reason);
  }
}

/**
 * `around` matches water by distance to its shore, so a point in the middle of
 * a lake wider than the radius would miss it; `is_in` adds the water areas
 * that contain the point.
 */
function lakeQuery(point: GeoPoint, radiusMeters: number, timeoutMs: number): string {
  const around = `(around:${radiusMeters},${point.lat.toFixed(6)},${point.lng.toFixed(6)})`;
  // The server-side limit matches ours, so Overpass stops work nobody waits for.
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return [
    `[out:json][timeout:${seconds}];`,
    `is_in(${point.lat.toFixed(6)},${point.lng.toFixed(6)})->.containing;`,
    '(',
    `way["natural"="water"]["name"]${around};`,
    `relation["natural"="water"]["name"]["type"="multipolygon"]${around};`,
    'way(pivot.containing)["natural"="water"]["name"];',
    'relation(pivot.containing)["natural"="water"]["name"]["type"="multipolygon"];',
    ');',
    'out geom;',
  ].join('\n');
}

function wayOutline(geometry: Array<z.infer<typeof coordinate>>): LakeOutline | null {
  const ring = geometry.map(toPosition);
  return isClosedRing(ring) ? { type: 'Polygon', coordinates: [oriented(ring, true)] } : null;
}

/**
 * Outer member ways are chained into rings by shared end points, likewise the
 * inner ones; each inner ring becomes a hole of the smallest outer ring around
 * it. Chains that never close are dropped, as renderers drop them.
 */
function relationOutline(relation: RelationElement): LakeOutline | null {
  const ringsFor = (role: string) =>
    joinRings(
      relation.members.flatMap((member) =>
        member.type === 'way' && member.role === role && member.geometry ? [member.geometry.map(toPosition)] : [],
      ),
    );
  const outers = ringsFor('outer').map((ring) => ({
    ring: oriented(ring, true),
    area: ringAreaM2(ring),
    holes: [] as Ring[],
  }));
  if (outers.length === 0) return null;
  for (const inner of ringsFor('inner')) {
    const [lng, lat] = inner[0] ?? [0, 0];
    let around: (typeof outers)[number] | undefined;
    for (const outer of outers) {
      if ((!around || outer.area < around.area) && pointInRing({ lat, lng }, outer.ring)) around = outer;
    }
    around?.holes.push(oriented(inner, false));
  }
  const polygons = outers.map((outer) => [outer.ring, ...outer.holes]);
  const [only] = polygons;
  return polygons.length === 1 && only
    ? { type: 'Polygon', coordinates: only }
    : { type: 'MultiPolygon', coordinates: polygons };
}

function joinRings(lines: Position[][]): Ring[] {
  const pending = lines.filter((line) => line.length >= 2);
  const rings: Ring[] = [];
  for (let start = pending.shift(); start; start = pending.shift()) {
    const ring = [...start];
    while (!isClosedRing(ring)) {
      const end = ring.at(-1);
      const index = pending.findIndex((line) => samePosition(line[0], end) || samePosition(line.at(-1), end));
      const [next] = index === -1 ? [] : pending.splice(index, 1);
      if (!next) break;
      ring.push(...(samePosition(next[0], end) ? next : [...next].reverse()).slice(1));
    }
    if (isClosedRing(ring)) rings.push(ring);
  }
  return rings;
}

/** GeoJSON's right-hand rule: outer rings counter-clockwise, holes clockwise. */
function oriented(ring: Ring, counterClockwise: boolean): Ring {
  return ringOrientation(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

function isClosedRing(ring: Ring): boolean {
  return ring.length >= 4 && samePosition(ring[0], ring.at(-1));
}

function samePosition(a: Position | undefined, b: Position | undefined): boolean {
  return a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
}

function toPosition({ lat, lon }: z.infer<typeof coordinate>): Position {
  return [lon, lat];
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici puts the socket-level reason (ECONNREFUSED, ENOTFOUND) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
