import { z } from 'zod';
import { latitude, longitude } from './geo';
import { DATE_OUT_OF_RANGE, inSupportedYears, isRealDay } from './time';
import { computeSolunarDay, computeSolunarDays } from './solunar/engine';
import { formatClock } from './solunar/format';
import { addDaysToDate } from './dates';
import { localDateOf } from './time';
import { dayScore } from './solunar/rating';
import type { SolunarDay } from './solunar/types';

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .refine(isRealDay, 'That date does not exist.');
const instant = z
  .union([z.iso.datetime({ offset: true }), calendarDay, z.number()], {
    error: 'The time must be an ISO date and time, a YYYY-MM-DD day or a timestamp in milliseconds.',
  })
  .refine((value) => inSupportedYears(new Date(value)), DATE_OUT_OF_RANGE);

/** Seed payloads carry the point either flat ({lat, lng}) or as {location: {lat, lng}}. */
export const placedInput = z.preprocess(
  (raw) => {
    const body = (raw ?? {}) as Record<string, unknown>;
    const location = body.location as Record<string, unknown> | undefined;
    return location && typeof location === 'object' ? { ...location, ...body, lat: location.lat, lng: location.lng } : body;
  },
  z.object({ lat: latitude, lng: longitude, date: instant.optional(), time: instant.optional() }),
);
export type PlacedInput = z.infer<typeof placedInput>;

export const searchTermRule = z
  .string({ error: 'Enter a ZIP code, or a city and state.' })
  .trim()
  .min(1, 'Enter a ZIP code, or a city and state.')
  .max(100, 'That search is too long.');

/** The client sends the day as YYYY-MM-DD or as an ISO timestamp (with or without its offset). */
export const hourlyInput = z.object({
  search: searchTermRule,
  date: z.union([calendarDay, z.iso.datetime({ offset: true }), z.iso.datetime({ local: true })], {
    error: 'The date must be a YYYY-MM-DD day or an ISO date and time.',
  }),
});

/** The place's local day an hourly request names: a timestamp with an offset is read on the place's clock. */
export function hourlyDay(date: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(date)) return date.slice(0, 10);
  return localDateOf(new Date(date), timeZone);
}
export const historicInput = z.object({ search: searchTermRule });
export const removeSearchInput = z.object({ term: searchTermRule });

export const monthlyQuery = z.object({
  location: z.string({ error: 'A location is required.' }).trim().min(1, 'A location is required.'),
  tz: z.string().optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
});

export const ALERT_TYPES = ['Lunar Event', 'Hourly Event'] as const;
export const icalInput = z.object({
  location: z.object({
    name: z.string().trim().max(100).optional(),
    lat: latitude,
    lng: longitude,
  }),
  alertType: z.enum(ALERT_TYPES, { error: "alertType must be 'Lunar Event' or 'Hourly Event'." }),
});

const period = z.object({ start: z.string(), end: z.string(), peak: z.string() });

/** Moon and sun of one local day, as every lunar call answers: clock strings for screens, ISO for code. */
export const lunarView = z.object({
  date: z.string(),
  timeZone: z.string(),
  moon: z.object({
    rise: z.string(),
    set: z.string(),
    above: z.string(),
    below: z.string(),
    phase: z.string(),
    illumination: z.number(),
    /** The seeds' forecast clients read this spelling. */
    illuination: z.number(),
    riseISO: z.string().nullable(),
    setISO: z.string().nullable(),
    transitISO: z.string().nullable(),
    underfootISO: z.string().nullable(),
  }),
  sun: z.object({ rise: z.string(), set: z.string(), riseISO: z.string().nullable(), setISO: z.string().nullable() }),
  majors: z.array(period),
  minors: z.array(period),
  score: z.number(),
});
export type LunarView = z.infer<typeof lunarView>;

export function toLunarView(day: SolunarDay, date: string, timeZone: string): LunarView {
  return {
    date,
    timeZone,
    moon: {
      rise: formatClock(day.moon.rise),
      set: formatClock(day.moon.set),
      above: formatClock(day.moon.above),
      below: formatClock(day.moon.below),
      phase: day.moon.phase,
      illumination: day.moon.illumination,
      illuination: day.moon.illumination,
      riseISO: day.moon.rise,
      setISO: day.moon.set,
      transitISO: day.moon.above,
      underfootISO: day.moon.below,
    },
    sun: { rise: formatClock(day.sun.rise), set: formatClock(day.sun.set), riseISO: day.sun.rise, setISO: day.sun.set },
    majors: day.majors,
    minors: day.minors,
    score: dayScore(day),
  };
}

export function lunarDay(lat: number, lng: number, date: string, timeZone: string): LunarView {
  return toLunarView(computeSolunarDay({ lat, lng, date, timeZone }), date, timeZone);
}

/** `count` consecutive days from `from`, each equal to lunarDay's, searched once over the span. */
export function lunarDays(lat: number, lng: number, from: string, count: number, timeZone: string): LunarView[] {
  return computeSolunarDays({ lat, lng, from, days: count, timeZone }).map((day, i) => toLunarView(day, addDaysToDate(from, i), timeZone));
}

/** One day of the monthly calendar, in the shape of the seed's monthly lunar call. */
export const monthlyLunarDay = z.object({
  dateTimeISO: z.string(),
  moon: z.object({
    riseISO: z.string().nullable(),
    transitISO: z.string().nullable(),
    setISO: z.string().nullable(),
    underfootISO: z.string().nullable(),
    phase: z.object({ name: z.string(), illum: z.number() }),
  }),
  sun: z.object({ riseISO: z.string().nullable(), setISO: z.string().nullable() }),
});
export type MonthlyLunarDay = z.infer<typeof monthlyLunarDay>;

/** A searched place: a ZIP code or "city, state". */
export const placeView = z.object({
  name: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string().optional(),
  lat: z.number(),
  lng: z.number(),
  timeZone: z.string(),
});

/** Thursday to Sunday: the seed's "weekend" for the lunar toggle. */
export function isFishingWeekend(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday >= 4;
}
