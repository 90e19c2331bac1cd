import type { LocalIso, SolunarDay, SolunarPeriod } from './types';

export type RatedEventKind = 'Major' | 'Minor' | 'Sunrise' | 'Sunset';

export interface RatedEvent {
  kind: RatedEventKind;
  time: LocalIso;
}

export interface LogRating {
  stars: number;
  events: RatedEvent[];
  message: string;
}

/** The parts of a solunar day that a log is rated against. */
export type RatableDay = Pick<SolunarDay, 'majors' | 'minors' | 'sun'>;

const HOUR_MS = 3_600_000;
// The spec's message names the Moon's period first, then the Sun's event.
const KIND_ORDER: readonly RatedEventKind[] = ['Major', 'Minor', 'Sunrise', 'Sunset'];

function parseInstant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Expected an ISO 8601 date-time, got '${iso}'`);
  return ms;
}

function dayEvents(day: RatableDay): RatedEvent[] {
  const events: RatedEvent[] = [
    ...day.majors.map((period) => ({ kind: 'Major' as const, time: period.peak })),
    ...day.minors.map((period) => ({ kind: 'Minor' as const, time: period.peak })),
  ];
  if (day.sun.rise !== null) events.push({ kind: 'Sunrise', time: day.sun.rise });
  if (day.sun.set !== null) events.push({ kind: 'Sunset', time: day.sun.set });
  return events;
}

/**
 * Product spec: one star per event within one hour (inclusive) of the log's
 * time, among moon rise, set, overhead and underfoot, sunrise and sunset.
 * Overhead/underfoot count as Major, rise/set as Minor. Only the events of
 * the `day` passed in are considered, so a log just after midnight does not
 * see an event from late the evening before.
 */
export function rateLog(day: RatableDay, logTime: string): LogRating {
  const logMs = parseInstant(logTime);
  const events = dayEvents(day)
    .filter((event) => Math.abs(parseInstant(event.time) - logMs) <= HOUR_MS)
    .sort((a, b) => parseInstant(a.time) - parseInstant(b.time));
  const kinds = KIND_ORDER.filter((kind) => events.some((event) => event.kind === kind));
  return { stars: events.length, events, message: kinds.join(', ') };
}

// dayScore weights: half the score comes from the Moon's phase, half from
// solunar periods that meet the low light around sunrise and sunset.
const PHASE_POINTS = 50;
const TWILIGHT_POINTS = 50;
const MAJOR_IN_TWILIGHT = 25;
const MINOR_IN_TWILIGHT = 15;

/**
 * A 0–100 "best time" score for the forecast, from two anglers' rules of
 * thumb:
 * - phase, up to 50: |illumination − 50|, so 50 at new or full moon and 0 at
 *   the quarters;
 * - twilight, up to 50: 25 for each major and 15 for each minor period that
 *   overlaps sunrise ± 1 h or sunset ± 1 h, capped at 50.
 * The result is rounded to a whole number.
 */
export function dayScore(day: RatableDay & Pick<SolunarDay, 'moon'>): number {
  const phase = (Math.abs(day.moon.illumination - 50) / 50) * PHASE_POINTS;

  const twilights = [day.sun.rise, day.sun.set]
    .filter((time): time is LocalIso => time !== null)
    .map((time) => parseInstant(time))
    .map((ms) => ({ start: ms - HOUR_MS, end: ms + HOUR_MS }));
  const inTwilight = (period: SolunarPeriod): boolean =>
    twilights.some(
      (twilight) =>
        parseInstant(period.start) < twilight.end && twilight.start < parseInstant(period.end),
    );
  const twilight =
    day.majors.filter(inTwilight).length * MAJOR_IN_TWILIGHT +
    day.minors.filter(inTwilight).length * MINOR_IN_TWILIGHT;

  return Math.round(phase + Math.min(twilight, TWILIGHT_POINTS));
}
