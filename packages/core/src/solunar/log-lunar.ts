import type { LogLunar } from '../logs';
import { localDateOf } from '../time';
import { computeSunAndMoon } from './engine';

/** A log's lunar data: the moon and sun of the local day at its place, computed offline. */
export function logLunar(lat: number, lng: number, at: Date, timeZone: string): LogLunar {
  return logLunarOfDay(lat, lng, localDateOf(at, timeZone), timeZone);
}

/** The lunar data of every log made at this place on this local day (`date` is YYYY-MM-DD). */
export function logLunarOfDay(lat: number, lng: number, date: string, timeZone: string): LogLunar {
  const day = computeSunAndMoon({ lat, lng, date, timeZone });
  return {
    moonPhase: day.moon.phase,
    moonIllum: day.moon.illumination,
    illum: `${day.moon.illumination}%`,
    moonRise: day.moon.rise,
    moonSet: day.moon.set,
    moonAbove: day.moon.above,
    moonBelow: day.moon.below,
    sunRise: day.sun.rise,
    sunSet: day.sun.set,
  };
}
