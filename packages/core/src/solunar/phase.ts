import { Body, Illumination, MoonPhase } from 'astronomy-engine';
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
 * that instant falls inside its local [midnight, next midnight): the Sun–Moon
 * ecliptic longitude difference (which only grows) enters another quadrant
 * between the day's start and its end. Every other day takes the in-between
 * name for its quadrant, read at local noon.
 */
export function phaseForDay(day: LocalDay): MoonPhaseName {
  return phasesForDays([day])[0]!;
}

/** phaseForDay of each day; consecutive days share the angle at their common midnight. */
export function phasesForDays(days: LocalDay[]): MoonPhaseName[] {
  const quadrants = new Map<number, number>();
  const quadrantAt = (instant: Date) => {
    let quadrant = quadrants.get(instant.getTime());
    if (quadrant === undefined) {
      quadrant = Math.floor(MoonPhase(instant) / 90);
      quadrants.set(instant.getTime(), quadrant);
    }
    return quadrant;
  };
  return days.map((day) => {
    const atEnd = quadrantAt(day.end);
    if (quadrantAt(day.start) !== atEnd) return phaseAt(2 * atEnd);
    return phaseAt(2 * Math.floor(MoonPhase(day.noon) / 90) + 1);
  });
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
