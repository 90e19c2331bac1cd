import {
  Body,
  Observer,
  SearchHourAngle,
  SearchRiseSet,
  type AstroTime,
} from 'astronomy-engine';
import { addDaysToDate } from '../dates';
import { z } from 'zod';
import { isTimeZone, localDayBounds, roundToMinute, toLocalIso, type LocalDay } from '../time';
import { illuminationPercent, phaseForDay, phasesForDays, type MoonPhaseName } from './phase';
import type { LocalIso, SolunarDay, SolunarPeriod } from './types';

export const solunarQuerySchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  date: z.iso.date(),
  timeZone: z.string().refine(isTimeZone, { message: 'Unknown IANA time zone' }),
});

export type SolunarQuery = z.infer<typeof solunarQuerySchema>;

// The classic solunar convention (John Alden Knight's Solunar Tables): major
// periods last about two hours centred on the Moon overhead or underfoot,
// minor periods about one hour centred on moonrise and moonset.
const MAJOR_PERIOD_MS = 2 * 3_600_000;
const MINOR_PERIOD_MS = 1 * 3_600_000;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HALF_MINUTE_MS = MINUTE_MS / 2;

type NextEvent = (after: Date, limitDays: number) => AstroTime | null;

/**
 * Every event of one kind whose time, rounded to the minute, lies in
 * [start, end). Attributing by the rounded minute lets consecutive days split
 * events exactly: one at 23:59:40 reads 00:00 and belongs to the next day.
 * A kind can occur twice in a 25-hour day or near the poles, hence the list;
 * `max` stops at the first events, sparing the search of the rest of the span.
 */
function eventsBetween(next: NextEvent, start: Date, end: Date, max = Number.POSITIVE_INFINITY): Date[] {
  const found: Date[] = [];
  const until = end.getTime() - HALF_MINUTE_MS;
  let from = new Date(start.getTime() - HALF_MINUTE_MS);
  for (;;) {
    const limitDays = (until - from.getTime()) / DAY_MS;
    if (limitDays <= 0) return found;
    const event = next(from, limitDays);
    if (event === null) return found;
    const minute = new Date(roundToMinute(settled(next, event.date).getTime()));
    if (minute.getTime() >= end.getTime()) return found;
    if (minute.getTime() >= start.getTime() && found.push(minute) >= max) return found;
    // One minute on, so the search cannot find the same event again.
    from = new Date(event.date.getTime() + MINUTE_MS);
  }
}

/** Closer than this to a half minute, where a search lands (0.1 s) decides the minute. */
const EDGE_MS = 1000;

/**
 * The event as found by a search from a point fixed by the event itself. A search
 * answers within 0.1 s, and where it lands depends on where it started; near a half
 * minute that decides the rounded minute, so a month searched in one pass and its days
 * searched one by one could disagree. Re-searching from a minute before the half minute
 * gives every caller the same answer.
 */
function settled(next: NextEvent, event: Date): Date {
  const halfMinute = roundToMinute(event.getTime() - HALF_MINUTE_MS) + HALF_MINUTE_MS;
  if (Math.abs(event.getTime() - halfMinute) >= EDGE_MS) return event;
  const again = next(new Date(halfMinute - MINUTE_MS), (2 * MINUTE_MS) / DAY_MS);
  return again !== null && Math.abs(again.date.getTime() - event.getTime()) < EDGE_MS ? again.date : event;
}

function riseSet(body: Body, observer: Observer, direction: 1 | -1): NextEvent {
  return (after, limitDays) => SearchRiseSet(body, observer, direction, after, limitDays);
}

function moonTransit(observer: Observer, hourAngle: 0 | 12): NextEvent {
  return (after) => SearchHourAngle(Body.Moon, observer, hourAngle, after, +1).time;
}

function periodAround(peak: Date, lengthMs: number, timeZone: string): SolunarPeriod {
  const peakMs = roundToMinute(peak.getTime());
  return {
    start: toLocalIso(new Date(peakMs - lengthMs / 2), timeZone),
    end: toLocalIso(new Date(peakMs + lengthMs / 2), timeZone),
    peak: toLocalIso(new Date(peakMs), timeZone),
  };
}

function byTime(a: Date, b: Date): number {
  return a.getTime() - b.getTime();
}

type DayEvents = {
  moonRises: Date[];
  moonSets: Date[];
  uppers: Date[];
  lowers: Date[];
  sunRises: Date[];
  sunSets: Date[];
};

/** A day's moon and sun without its periods: what a log keeps and the monthly calendar shows. */
export type SunAndMoon = Pick<SolunarDay, 'moon' | 'sun'>;

function sunAndMoonOf(events: DayEvents, day: LocalDay, phase: MoonPhaseName, timeZone: string): SunAndMoon {
  const first = (list: Date[]): LocalIso | null => {
    const [event] = list;
    return event === undefined ? null : toLocalIso(event, timeZone);
  };
  return {
    moon: {
      rise: first(events.moonRises),
      set: first(events.moonSets),
      above: first(events.uppers),
      below: first(events.lowers),
      phase,
      illumination: illuminationPercent(day.noon),
    },
    sun: { rise: first(events.sunRises), set: first(events.sunSets) },
  };
}

function solunarDayOf(events: DayEvents, day: LocalDay, phase: MoonPhaseName, timeZone: string): SolunarDay {
  return {
    ...sunAndMoonOf(events, day, phase, timeZone),
    majors: [...events.uppers, ...events.lowers]
      .sort(byTime)
      .map((peak) => periodAround(peak, MAJOR_PERIOD_MS, timeZone)),
    minors: [...events.moonRises, ...events.moonSets]
      .sort(byTime)
      .map((peak) => periodAround(peak, MINOR_PERIOD_MS, timeZone)),
  };
}

function eventsOf(observer: Observer, start: Date, end: Date, max?: number): DayEvents {
  return {
    moonRises: eventsBetween(riseSet(Body.Moon, observer, +1), start, end, max),
    moonSets: eventsBetween(riseSet(Body.Moon, observer, -1), start, end, max),
    uppers: eventsBetween(moonTransit(observer, 0), start, end, max),
    lowers: eventsBetween(moonTransit(observer, 12), start, end, max),
    sunRises: eventsBetween(riseSet(Body.Sun, observer, +1), start, end, max),
    sunSets: eventsBetween(riseSet(Body.Sun, observer, -1), start, end, max),
  };
}

/**
 * Sun and Moon events for one local calendar day at a place. Times are
 * topocentric rise/set (upper limb of the Moon, standard refraction, sea-level
 * horizon), the definitions USNO publishes. A missing event is null, never
 * borrowed from a neighbouring day: roughly once a month the Moon does not
 * rise (or set) on a given date, and polar days have no sunrise or sunset.
 * When an event happens twice in the day, the moon and sun fields hold the
 * first, while the periods cover every occurrence.
 */
export function computeSolunarDay(query: SolunarQuery): SolunarDay {
  const { lat, lng, date, timeZone } = solunarQuerySchema.parse(query);
  const day = localDayBounds(date, timeZone);
  return solunarDayOf(eventsOf(new Observer(lat, lng, 0), day.start, day.end), day, phaseForDay(day), timeZone);
}

/**
 * The `moon` and `sun` of computeSolunarDay alone, the same values: only each kind's first event
 * of the day is searched for (what a log keeps of its day; it stores no periods).
 */
export function computeSunAndMoon(query: SolunarQuery): SunAndMoon {
  const { lat, lng, date, timeZone } = solunarQuerySchema.parse(query);
  const day = localDayBounds(date, timeZone);
  return sunAndMoonOf(eventsOf(new Observer(lat, lng, 0), day.start, day.end, 1), day, phaseForDay(day), timeZone);
}

export const solunarRangeSchema = solunarQuerySchema
  .omit({ date: true })
  .extend({ from: z.iso.date(), days: z.number().int().min(1).max(366) });

export type SolunarRangeQuery = z.infer<typeof solunarRangeSchema>;

/** A transit (either hour angle) and the body's refracted altitude there, in degrees. */
interface Transit {
  at: Date;
  altitude: number;
}

/**
 * Away from the poles a body's altitude only climbs from a lower transit to the next upper one
 * and only falls after it, but for a little while near each transit, where the altitude is within
 * a fraction of a degree of the transit's. So when both transits hold the body this far from the
 * horizon, the half day between them has one crossing if they are on either side of it, else none.
 */
const CLEAR_OF_HORIZON_DEG = 2;
/** Nearer a pole, the Moon's change in declination can turn its altitude around anywhere in the day. */
const HALF_DAY_MAX_LATITUDE = 85;

/**
 * Every transit of `body` at one hour angle from the last before `start` to the first after `end`:
 * the forward search is eventsBetween's, from the same points, so its instants are the same.
 */
function transitsAround(body: Body, observer: Observer, hourAngle: 0 | 12, start: Date, end: Date): Transit[] {
  const transit = (from: Date, direction: 1 | -1): Transit => {
    const event = SearchHourAngle(body, observer, hourAngle, from, direction);
    return { at: event.time.date, altitude: event.hor.altitude };
  };
  let from = new Date(start.getTime() - HALF_MINUTE_MS);
  const found = [transit(from, -1)];
  for (;;) {
    const next = transit(from, +1);
    found.push(next);
    if (next.at.getTime() >= end.getTime()) return found;
    from = new Date(next.at.getTime() + MINUTE_MS);
  }
}

/** Every event `next` finds in [from, to), each search starting a minute after the last event. */
function allBetween(next: NextEvent, from: Date, to: Date): Date[] {
  const found: Date[] = [];
  for (let at = from; ; ) {
    const limitDays = (to.getTime() - at.getTime()) / DAY_MS;
    if (limitDays <= 0) return found;
    const event = next(at, limitDays);
    if (event === null) return found;
    found.push(event.date);
    at = new Date(event.date.getTime() + MINUTE_MS);
  }
}

/**
 * eventsBetween's answer from events already found (each search's instant, in any order): a
 * minute apart at least, as its searches are, settled, rounded and kept within [start, end).
 */
function minutesOf(next: NextEvent, found: Date[], start: Date, end: Date): Date[] {
  const minutes: Date[] = [];
  let lastMs = Number.NEGATIVE_INFINITY;
  for (const event of [...found].sort(byTime)) {
    if (event.getTime() < lastMs + MINUTE_MS) continue;
    lastMs = event.getTime();
    const minute = roundToMinute(settled(next, event).getTime());
    if (minute >= start.getTime() && minute < end.getTime()) minutes.push(new Date(minute));
  }
  return minutes;
}

/**
 * A body's rises and sets around [start, end), found between its consecutive transits: where the
 * transits are clear of the horizon, one search from the first transit finds the half day's only
 * crossing (a rise search from just after a rise has to rule out another one a moment later,
 * which costs it several times more positions of the body); elsewhere, every search of eventsBetween.
 */
function crossingsBetween(body: Body, observer: Observer, transits: Transit[]): { rises: Date[]; sets: Date[] } {
  const rises: Date[] = [];
  const sets: Date[] = [];
  for (let i = 0; i + 1 < transits.length; i++) {
    const { at: from, altitude: fromAltitude } = transits[i]!;
    const { at: to, altitude: toAltitude } = transits[i + 1]!;
    const clear = Math.abs(fromAltitude) >= CLEAR_OF_HORIZON_DEG && Math.abs(toAltitude) >= CLEAR_OF_HORIZON_DEG;
    if (clear && (fromAltitude > 0) === (toAltitude > 0)) continue;
    if (clear) {
      const direction = toAltitude > 0 ? 1 : -1;
      const event = SearchRiseSet(body, observer, direction, from, (to.getTime() - from.getTime()) / DAY_MS);
      if (event !== null) {
        (direction === 1 ? rises : sets).push(event.date);
        continue;
      }
    }
    rises.push(...allBetween(riseSet(body, observer, +1), from, to));
    sets.push(...allBetween(riseSet(body, observer, -1), from, to));
  }
  return { rises, sets };
}

/**
 * eventsOf over a span of days, each body's rises and sets searched between its transits; so near
 * a pole that no half day would be clear, eventsOf itself.
 */
function spanEventsOf(observer: Observer, start: Date, end: Date): DayEvents {
  if (Math.abs(observer.latitude) > HALF_DAY_MAX_LATITUDE) return eventsOf(observer, start, end);
  const moonUppers = transitsAround(Body.Moon, observer, 0, start, end);
  const moonLowers = transitsAround(Body.Moon, observer, 12, start, end);
  const moonTransits = [...moonUppers, ...moonLowers].sort((a, b) => byTime(a.at, b.at));
  const sunTransits = [...transitsAround(Body.Sun, observer, 0, start, end), ...transitsAround(Body.Sun, observer, 12, start, end)].sort((a, b) =>
    byTime(a.at, b.at),
  );
  const moon = crossingsBetween(Body.Moon, observer, moonTransits);
  const sun = crossingsBetween(Body.Sun, observer, sunTransits);
  const at = (list: Transit[]) => list.map((transit) => transit.at);
  return {
    moonRises: minutesOf(riseSet(Body.Moon, observer, +1), moon.rises, start, end),
    moonSets: minutesOf(riseSet(Body.Moon, observer, -1), moon.sets, start, end),
    uppers: minutesOf(moonTransit(observer, 0), at(moonUppers), start, end),
    lowers: minutesOf(moonTransit(observer, 12), at(moonLowers), start, end),
    sunRises: minutesOf(riseSet(Body.Sun, observer, +1), sun.rises, start, end),
    sunSets: minutesOf(riseSet(Body.Sun, observer, -1), sun.sets, start, end),
  };
}

/** The local days of a span with each day's events and phase, every kind of event searched once over the span. */
function spanOf(query: SolunarRangeQuery): { day: LocalDay; events: DayEvents; phase: MoonPhaseName }[] {
  const { lat, lng, from, days: count, timeZone } = solunarRangeSchema.parse(query);
  const days = Array.from({ length: count }, (_, i) => localDayBounds(addDaysToDate(from, i), timeZone));
  const span = spanEventsOf(new Observer(lat, lng, 0), days[0]!.start, days.at(-1)!.end);
  const phases = phasesForDays(days);
  return days.map((day, i) => {
    const inDay = (list: Date[]) =>
      list.filter((event) => {
        const roundedMs = roundToMinute(event.getTime());
        return roundedMs >= day.start.getTime() && roundedMs < day.end.getTime();
      });
    const events: DayEvents = {
      moonRises: inDay(span.moonRises),
      moonSets: inDay(span.moonSets),
      uppers: inDay(span.uppers),
      lowers: inDay(span.lowers),
      sunRises: inDay(span.sunRises),
      sunSets: inDay(span.sunSets),
    };
    return { day, events, phase: phases[i]! };
  });
}

/**
 * `days` consecutive local days from `from`, each equal to computeSolunarDay
 * of that date. Each kind of event is searched once over the whole span and
 * shared out by the same rounded-minute rule (the days tile the span, each
 * ending where the next starts), rises and sets between the body's transits
 * (spanEventsOf), and the quarter instants are found once, so a month costs
 * about one short search per event instead of two per day and kind.
 */
export function computeSolunarDays(query: SolunarRangeQuery): SolunarDay[] {
  return spanOf(query).map(({ day, events, phase }) => solunarDayOf(events, day, phase, query.timeZone));
}

/**
 * The moon and sun of computeSunAndMoon for `days` consecutive local days, each with its local
 * midnight (`start`), searched as computeSolunarDays does: what the monthly calendar shows, without
 * the periods it would throw away (each costs three time zone conversions).
 */
export function computeSunAndMoonDays(query: SolunarRangeQuery): (SunAndMoon & { start: LocalIso })[] {
  return spanOf(query).map(({ day, events, phase }) => ({
    start: toLocalIso(day.start, query.timeZone),
    ...sunAndMoonOf(events, day, phase, query.timeZone),
  }));
}
