import { Body, Illumination, MoonPhase, SearchMoonQuarter } from 'astronomy-engine';
import { localDateOf, localDayBounds, type LocalDay } from '../time';

export const MOON_PHASE_NAMES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;

export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number];

function phaseAt(index: number): MoonPhaseName {
  const name = MOON_PHASE_NAMES[index];
  if (name === undefined) throw new RangeError(`No moon phase at index ${index}`);
  return name;
}

/**
 * The four principal phases are instants (USNO "Phases of the Moon"), so a
 * day is named New Moon, First Quarter, Full Moon or Last Quarter exactly when
 * that instant falls inside its local [midnight, next midnight). Every other
 * day takes the in-between name for the quadrant of the Sun–Moon ecliptic
 * longitude difference, which cannot change during a day that holds no
 * quarter instant, so reading it at local noon is exact.
 */
export function phaseForDay(day: LocalDay): MoonPhaseName {
  const quarter = SearchMoonQuarter(day.start);
  if (quarter.time.date.getTime() < day.end.getTime()) return phaseAt(2 * quarter.quarter);
  return phaseAt(2 * Math.floor(MoonPhase(day.noon) / 90) + 1);
}

/**
 * The phase of the local calendar day that contains `instant` in `timeZone`,
 * so a log and the solunar day it belongs to always agree.
 */
export function moonPhaseName(instant: Date, timeZone = 'UTC'): MoonPhaseName {
  return phaseForDay(localDayBounds(localDateOf(instant, timeZone), timeZone));
}

/** Illuminated fraction of the Moon's disc at `instant`, as a whole percent. */
export function illuminationPercent(instant: Date): number {
  return Math.round(Illumination(Body.Moon, instant).phase_fraction * 100);
}
