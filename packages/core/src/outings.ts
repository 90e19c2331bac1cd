import { z } from 'zod';
import { latitude, longitude } from './forecast';

export const OUTING_LOCATION_REQUIRED = 'A location is required to create an Outing';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:mm.');

export const createOutingInput = z
  .object({
    startDate: day.optional(),
    startTime: clock.optional(),
    endDate: day.optional(),
    endTime: clock.optional(),
    location: z.object({ lat: latitude, lng: longitude }, { error: OUTING_LOCATION_REQUIRED }),
  })
  .refine((o) => (o.startDate === undefined) === (o.startTime === undefined), {
    message: 'A backdated outing needs both a start date and a start time.',
  })
  .refine((o) => (o.endDate === undefined) === (o.endTime === undefined), {
    message: 'The end needs both a date and a time.',
  });

const instant = z.iso.datetime({ offset: true, error: 'Dates must be ISO dates with times.' });
export const editOutingInput = z.object({
  startDate: instant,
  endDate: instant.nullable().optional(),
  location: z.object({ lat: latitude, lng: longitude }).optional(),
});

export type HourCount = { hour: number; count: number };

/** The hour (0-23, local) with the most logs; ties go to the earliest hour. */
export function mostProductiveHour(localTimes: readonly string[]): HourCount | null {
  const counts = new Map<number, number>();
  for (const t of localTimes) {
    const hour = Number(t.slice(11, 13));
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  let best: HourCount | null = null;
  for (const [hour, count] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (!best || count > best.count) best = { hour, count };
  }
  return best;
}
