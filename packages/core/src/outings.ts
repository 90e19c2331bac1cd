import { z } from 'zod';
import { latitude, longitude } from './geo';
import { logLunar, logView, logWeather } from './logs';

export const OUTING_LOCATION_REQUIRED = 'A location is required to create an Outing';

/**
 * An outing is a trip on the water, not a season: its timeline costs work per day it spans, so
 * both its start and its length are bounded (an outing in progress counts up to now).
 */
export const OUTING_EARLIEST_START = new Date('1970-01-01T00:00:00Z');
export const OUTING_MAX_SPAN_DAYS = 3;
export const OUTING_MAX_SPAN_MS = OUTING_MAX_SPAN_DAYS * 24 * 3600_000;
export const OUTING_TOO_EARLY = 'An outing cannot start before 1970.';
export const OUTING_TOO_LONG = `An outing can last at most ${OUTING_MAX_SPAN_DAYS} days. Give it an end within ${OUTING_MAX_SPAN_DAYS} days of its start.`;

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
const editOutingFields = z.object({
  startDate: instant,
  endDate: instant.nullable().optional(),
  location: z.object({ lat: latitude, lng: longitude }).optional(),
});

/**
 * The edit body: `{startDate, endDate}`, or the outing object as GET answers it
 * (`{outing: {startDate, endDate, active}, lat, lng}`). There `active: true` keeps the outing in
 * progress, since GET writes "now" as the end of an outing that has not ended.
 */
export const editOutingInput = z.preprocess((raw) => {
  const body = (raw ?? {}) as Record<string, unknown>;
  const outing = body.outing as Record<string, unknown> | undefined;
  if (!outing || typeof outing !== 'object') return body;
  const location = body.lat !== undefined && body.lng !== undefined ? { lat: body.lat, lng: body.lng } : body.location;
  return {
    startDate: outing.startDate,
    endDate: outing.active === true ? null : outing.endDate,
    ...(location && typeof location === 'object' ? { location: { lat: (location as { lat: unknown }).lat, lng: (location as { lng: unknown }).lng } } : {}),
  };
}, editOutingFields) as unknown as z.ZodType<z.output<typeof editOutingFields>, z.input<typeof editOutingFields> | Record<string, unknown>>;

/**
 * The create-outing body: without both `location.lat` and `location.lng` it is refused with the
 * seed's one sentence before anything else is checked.
 */
export const createOutingBody = z
  .unknown()
  .refine((body) => {
    const location = (body as { location?: { lat?: unknown; lng?: unknown } } | null)?.location;
    return location?.lat !== undefined && location?.lng !== undefined;
  }, OUTING_LOCATION_REQUIRED)
  .pipe(createOutingInput) as unknown as z.ZodType<z.output<typeof createOutingInput>, z.input<typeof createOutingInput>>;

export const hourCount = z.object({ hour: z.number().int(), count: z.number().int() });
export type HourCount = z.infer<typeof hourCount>;

/** A solunar peak near an outing, for its timeline. */
export const solunarMark = z.object({ type: z.enum(['Major', 'Minor']), time: z.string() });
export type SolunarMark = z.infer<typeof solunarMark>;

/** A log on an outing's timeline: the log plus the seed's timeline fields. */
export const timelineLog = logView.extend({
  /** The species, or the log type when none was recorded. */
  name: z.string(),
  /** The fish length in inches. */
  size: z.number().nullable(),
  photos: z.object({ angler: z.string().nullable() }),
  /** The timeline's info popup starts closed. */
  showInfo: z.boolean(),
});
export type TimelineLog = z.infer<typeof timelineLog>;

export function toTimelineLog(log: z.infer<typeof logView>): TimelineLog {
  return { ...log, name: log.fish.species ?? log.type, size: log.fish.length, photos: { angler: log.photo }, showInfo: false };
}

/**
 * An outing as the API answers it (the seed's `outing {startDate, endDate, logs, lunar}`). Times
 * are ISO on the clock of the outing's place. `lunar` is the day's moon and sun, at the top as on
 * a log and inside `outing` as section 7 writes it; the Major/Minor peaks are `solunarPeaks`.
 */
export const outingView = z.object({
  /** The Outing log's id, which is the outing's id. */
  _id: z.string(),
  date: z.string(),
  timeZone: z.string(),
  outing: z.object({
    startDate: z.string(),
    /** Now, while the outing is in progress. */
    endDate: z.string(),
    active: z.boolean(),
    /** Oldest first. */
    logs: z.array(timelineLog),
    lunar: logLunar.nullable(),
  }),
  lat: z.number(),
  lng: z.number(),
  location: logView.shape.location,
  weather: logWeather.nullable(),
  lunar: logLunar.nullable(),
  /** Solunar peaks (Major: moon above and below; Minor: moon rise and set) from 2 hours before the start to 2 hours after the end. */
  solunarPeaks: z.array(solunarMark),
  pending: z.array(z.string()),
  stats: z.object({ totalLogs: z.number().int(), totalCatches: z.number().int(), mostProductiveHour: hourCount.nullable() }),
});
export type OutingView = z.infer<typeof outingView>;

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
