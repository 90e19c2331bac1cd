import { distanceKm, type GeoPoint, type LakeOutline, type Position, type Ring } from '../geo';
import { DEFAULT_TIMESPAN_HOURS } from './model';
import { registrationMessages as m } from './registration-messages';

const HOUR_MS = 3_600_000;

/** How close to a lake counts as on it: shore anglers and boats at the ramp can check in. */
export const CHECKIN_REACH_KM = 1;

export type CheckinWeek = { id: string; dateStart: Date; dateEnd: Date };

export type CheckinFacts = {
  now: Date;
  dateStart: Date | null;
  dateEnd: Date | null;
  registered: boolean;
  timespanHours: number | null;
  /** The schedule's weeks (Series and League); empty for an unscheduled event. */
  weeks: CheckinWeek[];
  /** The entry's check-ins so far. */
  checkins: Array<{ date: Date; weekId: string | null }>;
};

/**
 * What POST api/fc/event/checkin answers (seed 002 section 4), before the position is looked at:
 * - refused: not started, ended, not registered, no scheduled week running, or this week's check-in used;
 * - `again`: the check-in still running is answered again (a second tap, a reload) without a new row;
 * - `new`: a new check-in, in `weekId` for scheduled events.
 */
export type CheckinDecision =
  | { kind: 'refused'; error: string; status: 400 | 403 | 409 }
  | { kind: 'again'; since: Date; message: string }
  | { kind: 'new'; weekId: string | null; message: string };

export function activeUntil(checkinDate: Date, timespanHours: number | null): Date {
  return new Date(checkinDate.getTime() + (timespanHours ?? DEFAULT_TIMESPAN_HOURS) * HOUR_MS);
}

/** The check-in running at `now`, if any: a check-in lasts `timespan` hours (default 18) from its date. */
export function activeCheckinOf<T extends { date: Date }>(checkins: T[], timespanHours: number | null, now: Date): T | null {
  let found: T | null = null;
  for (const c of checkins) {
    if (c.date.getTime() <= now.getTime() && activeUntil(c.date, timespanHours).getTime() > now.getTime()) {
      if (!found || c.date > found.date) found = c;
    }
  }
  return found;
}

export function decideCheckin(f: CheckinFacts): CheckinDecision {
  const now = f.now.getTime();
  if (f.dateEnd && f.dateEnd.getTime() < now) return { kind: 'refused', error: m.ended, status: 409 };
  if (!f.dateStart || f.dateStart.getTime() > now) return { kind: 'refused', error: m.notStarted, status: 409 };
  if (!f.registered) return { kind: 'refused', error: m.notRegistered, status: 403 };
  const active = activeCheckinOf(f.checkins, f.timespanHours, f.now);
  if (f.weeks.length > 0) {
    const week = f.weeks.find((w) => w.dateStart.getTime() <= now && now < w.dateEnd.getTime());
    if (!week) return { kind: 'refused', error: m.noWeekRunning, status: 409 };
    const thisWeek = f.checkins.filter((c) => c.weekId === week.id || (c.date >= week.dateStart && c.date < week.dateEnd));
    if (thisWeek.length > 0) {
      if (active && thisWeek.includes(active)) return { kind: 'again', since: active.date, message: m.checkedInToday };
      return { kind: 'refused', error: m.usedYourTime, status: 409 };
    }
    return { kind: 'new', weekId: week.id, message: m.checkedInToday };
  }
  if (active) return { kind: 'again', since: active.date, message: m.checkedInToday };
  return { kind: 'new', weekId: null, message: m.checkedIn };
}

export type WaterLake = { name: string; lat: number; lng: number; outline: LakeOutline | null };

/**
 * Whether a check-in position is on the event's water: inside, or within 1 km of, a lake's outline
 * (or of its marker when it has none). With `allWater` any water counts, so anywhere in the event's
 * state does: `stateAtPosition` is the state (USPS code or name) the server found at the position.
 * Answers null when it is, else the sentence to show.
 */
export function checkinWaterProblem(input: {
  position: GeoPoint;
  lakes: WaterLake[];
  allWater: boolean;
  eventState: string | null;
  stateAtPosition: { code: string | null; name: string | null };
}): string | null {
  if (input.allWater) {
    if (!input.eventState) return null;
    const want = input.eventState.trim().toLowerCase();
    const { code, name } = input.stateAtPosition;
    return code?.toLowerCase() === want || name?.toLowerCase() === want ? null : m.outsideState(input.eventState);
  }
  if (input.lakes.length === 0) return m.noLakes;
  if (input.lakes.some((lake) => distanceToLakeKm(input.position, lake) <= CHECKIN_REACH_KM)) return null;
  return m.offWater(lakeList(input.lakes.map((l) => l.name)));
}

function lakeList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 4) return `one of its ${names.length} lakes`;
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** 0 inside the outline (and off its islands), else the distance to the nearest shore, in km. */
export function distanceToLakeKm(point: GeoPoint, lake: WaterLake): number {
  if (!lake.outline) return distanceKm(point, { lat: lake.lat, lng: lake.lng });
  const polygons = lake.outline.type === 'Polygon' ? [lake.outline.coordinates] : lake.outline.coordinates;
  let nearest = Infinity;
  for (const polygon of polygons) {
    const [outer, ...holes] = polygon;
    if (!outer) continue;
    if (insideRing(point, outer) && !holes.some((h) => insideRing(point, h))) return 0;
    for (const ring of polygon) nearest = Math.min(nearest, distanceToRingKm(point, ring));
  }
  return nearest;
}

function insideRing(point: GeoPoint, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[j] as Position;
    if (y1 > point.lat !== y2 > point.lat && point.lng < ((x2 - x1) * (point.lat - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/**
 * Distance to the nearest edge, on a local flat projection around the point (metres per degree of
 * longitude shrink with the latitude's cosine): exact enough within a few kilometres.
 */
function distanceToRingKm(point: GeoPoint, ring: Ring): number {
  const kmPerLat = 111.195;
  const kmPerLng = kmPerLat * Math.cos((point.lat * Math.PI) / 180);
  let best = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i] as Position;
    const [bx, by] = ring[i + 1] as Position;
    const a = { x: (ax - point.lng) * kmPerLng, y: (ay - point.lat) * kmPerLat };
    const b = { x: (bx - point.lng) * kmPerLng, y: (by - point.lat) * kmPerLat };
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / length2));
    best = Math.min(best, Math.hypot(a.x + t * dx, a.y + t * dy));
  }
  return best;
}
