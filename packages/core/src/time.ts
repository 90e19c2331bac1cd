import { TZDate, tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;

/** One local calendar day as instants: [start, end) plus the local noon. */
export interface LocalDay {
  start: Date;
  end: Date;
  noon: Date;
}

/**
 * `date` is a calendar day 'YYYY-MM-DD' in `timeZone`. The span runs from
 * that local midnight to the next one, so it is 23 or 25 hours long on DST
 * change days. Where a zone skips midnight itself (America/Santiago springs
 * forward at 24:00), the day starts at the first local time that exists.
 */
export function localDayBounds(date: string, timeZone: string): LocalDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Expected a calendar day 'YYYY-MM-DD', got '${date}'`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const day = Number(match[3]);
  return {
    start: new Date(new TZDate(year, monthIndex, day, timeZone).getTime()),
    end: new Date(new TZDate(year, monthIndex, day + 1, timeZone).getTime()),
    noon: new Date(new TZDate(year, monthIndex, day, 12, timeZone).getTime()),
  };
}

export function roundToMinute(ms: number): number {
  return Math.round(ms / MINUTE_MS) * MINUTE_MS;
}

/** 'YYYY-MM-DD' of the instant as a clock in `timeZone` reads it. */
export function localDateOf(instant: Date, timeZone: string): string {
  const offsetMs = tzOffset(timeZone, instant) * MINUTE_MS;
  return new Date(instant.getTime() + offsetMs).toISOString().slice(0, 10);
}

/**
 * ISO 8601 rounded to the minute, written as local time with the zone's
 * offset at that instant ('2026-06-01T05:32:00-05:00'). The offset is always
 * numeric, '+00:00' rather than 'Z', so every string has the same shape.
 */
export function toLocalIso(instant: Date, timeZone: string): string {
  const rounded = new Date(roundToMinute(instant.getTime()));
  const offset = tzOffset(timeZone, rounded);
  const wallClock = new Date(rounded.getTime() + offset * MINUTE_MS).toISOString().slice(0, 16);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wallClock}:00${sign}${hours}:${minutes}`;
}

/** Zones already asked about: building an Intl formatter to find out costs more than a solunar period. */
const zoneChecks = new Map<string, boolean>();
/** Names come from users too (files, queries): past this many, answers are not kept. */
const MAX_ZONE_CHECKS = 1000;

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(timeZone: string): boolean {
  const known = zoneChecks.get(timeZone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    valid = false;
  }
  if (zoneChecks.size < MAX_ZONE_CHECKS) zoneChecks.set(timeZone, valid);
  return valid;
}

/**
 * The instant a date-time names. One with an offset (or Z) is taken as written; one without is the
 * wall-clock time at the place, in `timeZone` (a log dated "06:30" at a lake means 06:30 there,
 * whatever the device's zone). No date: now. A string that is not a date-time gives an invalid Date.
 */
export function resolveInstant(date: string | undefined, timeZone: string, now: Date): Date {
  if (!date) return now;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(date)) return new Date(date);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(date);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime());
}

/** A log's clock may run this far ahead of the server's. */
export const FUTURE_GRACE_MS = 5 * 60_000;
/** Outings are kept to the minute, so their start gets a minute. */
export const OUTING_FUTURE_GRACE_MS = 60_000;

/**
 * The one "not in the future" rule: a log (created, edited or imported), a photo draft or an
 * outing may not be dated after now, give or take a clock running a little ahead.
 */
export function isInFuture(instant: Date, now: Date, graceMs = FUTURE_GRACE_MS): boolean {
  return instant.getTime() > now.getTime() + graceMs;
}

/** The years the solunar tables and the forecasts are computed for; outside them a date is refused. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;
export const DATE_OUT_OF_RANGE = `Dates must fall between ${EARLIEST_YEAR} and ${LATEST_YEAR}.`;

export function inSupportedYears(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return !Number.isNaN(year) && year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/** Whether 'YYYY-MM-DD' names a day that exists (not February 30th). */
export function isRealDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}
