import {
  Body,
  Observer,
  SearchHourAngle,
  SearchRiseSet,
  type AstroTime,
} from 'astronomy-engine';
import { z } from 'zod';
import { isTimeZone, localDayBounds, roundToMinute, toLocalIso, type LocalDay } from '../time';
import { illuminationPercent, phaseForDay } from './phase';
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
 * Every event of one kind whose time, rounded to the minute, lies in the
 * local day. Attributing by the rounded minute lets consecutive days split
 * events exactly: one at 23:59:40 reads 00:00 and belongs to the next day.
 * A kind can occur twice in a 25-hour day or near the poles, hence the list;
 * `max` stops at the first events, sparing the search of the rest of the day.
 */
function eventsInDay(next: NextEvent, day: LocalDay, max = Number.POSITIVE_INFINITY): Date[] {
  const found: Date[] = [];
  const until = day.end.getTime() - HALF_MINUTE_MS;
  let from = new Date(day.start.getTime() - HALF_MINUTE_MS);
  for (;;) {
    const limitDays = (until - from.getTime()) / DAY_MS;
    if (limitDays <= 0) return found;
    const event = next(from, limitDays);
    if (event === null) return found;
    const roundedMs = roundToMinute(event.date.getTime());
    if (roundedMs >= day.end.getTime()) return found;
    if (roundedMs >= day.start.getTime() && found.push(event.date) >= max) return found;
    // One minute on, so the search cannot find the same event again.
    from = new Date(event.date.getTime() + MINUTE_MS);
  }
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
  const { observer, day, timeZone } = prepare(query);
  const moonRises = eventsInDay(riseSet(Body.Moon, observer, +1), day);
  const moonSets = eventsInDay(riseSet(Body.Moon, observer, -1), day);
  const uppers = eventsInDay(moonTransit(observer, 0), day);
  const lowers = eventsInDay(moonTransit(observer, 12), day);
  const sunRises = eventsInDay(riseSet(Body.Sun, observer, +1), day);
  const sunSets = eventsInDay(riseSet(Body.Sun, observer, -1), day);
  return {
    ...sunAndMoon(day, timeZone, { moonRises, moonSets, uppers, lowers, sunRises, sunSets }),
    majors: [...uppers, ...lowers]
      .sort(byTime)
      .map((peak) => periodAround(peak, MAJOR_PERIOD_MS, timeZone)),
    minors: [...moonRises, ...moonSets]
      .sort(byTime)
      .map((peak) => periodAround(peak, MINOR_PERIOD_MS, timeZone)),
  };
}

/**
 * The `moon` and `sun` of computeSolunarDay alone, the same values: only each kind's first event
 * of the day is searched for, and no periods are worked out (what a log keeps of its day).
 */
export function computeSunAndMoon(query: SolunarQuery): Pick<SolunarDay, 'moon' | 'sun'> {
  const { observer, day, timeZone } = prepare(query);
  return sunAndMoon(day, timeZone, {
    moonRises: eventsInDay(riseSet(Body.Moon, observer, +1), day, 1),
    moonSets: eventsInDay(riseSet(Body.Moon, observer, -1), day, 1),
    uppers: eventsInDay(moonTransit(observer, 0), day, 1),
    lowers: eventsInDay(moonTransit(observer, 12), day, 1),
    sunRises: eventsInDay(riseSet(Body.Sun, observer, +1), day, 1),
    sunSets: eventsInDay(riseSet(Body.Sun, observer, -1), day, 1),
  });
}

function prepare(query: SolunarQuery): { observer: Observer; day: LocalDay; timeZone: string } {
  const { lat, lng, date, timeZone } = solunarQuerySchema.parse(query);
  return { observer: new Observer(lat, lng, 0), day: localDayBounds(date, timeZone), timeZone };
}

type DayEvents = { moonRises: Date[]; moonSets: Date[]; uppers: Date[]; lowers: Date[]; sunRises: Date[]; sunSets: Date[] };

function sunAndMoon(day: LocalDay, timeZone: string, events: DayEvents): Pick<SolunarDay, 'moon' | 'sun'> {
  const first = (found: Date[]): LocalIso | null => {
    const [event] = found;
    return event === undefined ? null : toLocalIso(event, timeZone);
  };
  return {
    moon: {
      rise: first(events.moonRises),
      set: first(events.moonSets),
      above: first(events.uppers),
      below: first(events.lowers),
      phase: phaseForDay(day),
      illumination: illuminationPercent(day.noon),
    },
    sun: { rise: first(events.sunRises), set: first(events.sunSets) },
  };
}
