import type { LogLunar, LogView } from '@tightlines/core/logs';
import { rateLog, type LogRating, type RatableDay } from '@tightlines/core/solunar/rating';

const HOUR_MS = 3_600_000;

/** A period of `hours` centred on `peak`, in the same ISO form the server writes. */
function around(peak: string, hours: number) {
  const at = Date.parse(peak);
  const half = (hours / 2) * HOUR_MS;
  return { start: new Date(at - half).toISOString(), end: new Date(at + half).toISOString(), peak };
}

const present = (time: string | null): time is string => time !== null;

/**
 * The solunar day a log was made on, rebuilt from the lunar data stored with it: majors are two
 * hours around the Moon overhead and underfoot, minors one hour around moonrise and moonset.
 */
export function ratableDay(lunar: LogLunar): RatableDay {
  return {
    majors: [lunar.moonAbove, lunar.moonBelow].filter(present).map((t) => around(t, 2)),
    minors: [lunar.moonRise, lunar.moonSet].filter(present).map((t) => around(t, 1)),
    sun: { rise: lunar.sunRise, set: lunar.sunSet },
  };
}

/** The log's stars, or null when it has no lunar data (still being fetched, or older data). */
export function logRating(log: Pick<LogView, 'lunar' | 'date'>): LogRating | null {
  if (!log.lunar) return null;
  try {
    return rateLog(ratableDay(log.lunar), log.date);
  } catch {
    // Imported logs may carry times in other formats; such a log simply shows no rating.
    return null;
  }
}
