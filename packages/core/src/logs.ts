import { z } from 'zod';
import { latitude, longitude } from './geo';

export const LOG_TYPES = ['Bite', 'Catch', 'Cluster', 'Follow', 'Hunch', 'Lost', 'Outing', 'Draft'] as const;
export type LogType = (typeof LOG_TYPES)[number];
/** What the create screen offers, in its order; Outing and Draft are made by other paths. */
/** An Outing log stays one and no other log becomes one (the allowance counts every type but Outing). */
export const OUTING_TYPE_FIXED = 'An outing stays an outing: a log cannot be changed to or from the Outing type.';

export const CREATION_TYPES = ['Catch', 'Cluster', 'Follow', 'Lost', 'Bite', 'Hunch'] as const;
export const PRIVACY_LEVELS = ['public', 'protected', 'private'] as const;
export type Privacy = (typeof PRIVACY_LEVELS)[number];

export const DEFAULT_LURE_CATEGORIES = [
  'Crankbait',
  'Spinnerbait',
  'Bucktail',
  'Rubber',
  'Jerkbait',
  'Glider',
  'Topwater',
  'Jig',
  'Livebait',
  'Swimbait',
] as const;

export const FREE_LOGS_PER_MONTH = 5;
export const LOGS_PAGE_SIZE = 50;
/** The most tags one member's list holds: enough for any angler, and a bound on what one account stores. */
export const MAX_TAGS = 500;
export const TOO_MANY_TAGS = `You have ${MAX_TAGS} tags, the most one member can keep. Remove tags you no longer use before adding new ones.`;

export const AUTOFILL_LIMIT = 5;

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
/** Numbers arrive from forms as strings too; an empty field means "not recorded". */
const toMeasure =
  (label: string, max: number) =>
  (v: number | string | null | undefined, ctx: z.RefinementCtx): number | null => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n) || n < 0 || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number from 0 to ${max}.` });
      return z.NEVER;
    }
    return n;
  };
const measureValue = z.union([z.number(), z.string().trim(), z.null()]);
const measure = (label: string, max: number) => measureValue.optional().transform(toMeasure(label, max));

export const fishInput = z
  .object({
    species: optionalText(60),
    length: measure('Fish length (inches)', 100),
    girth: measure('Fish girth (inches)', 100),
    weight: measure('Fish weight (pounds)', 2000),
  })
  .default({ species: null, length: null, girth: null, weight: null });

export const lureInput = z
  .object({
    category: optionalText(40),
    colorPrimary: optionalText(40),
    colorSecondary: optionalText(40),
    length: measure('Lure length (inches)', 100),
    note: optionalText(500),
    notes: optionalText(500),
  })
  .transform(({ notes, ...lure }) => ({ ...lure, note: lure.note ?? notes ?? null }))
  .default({ category: null, colorPrimary: null, colorSecondary: null, length: null, note: null });

export const lakeDetailsInput = z
  .object({
    waterTemp: measure('Water temperature (°F)', 120),
    waterVisibility: measure('Water visibility (feet)', 200),
    lakeStructure: optionalText(80),
    lakeDepth: measure('Lake depth (feet)', 2000),
    lureDepth: measure('Lure depth (feet)', 2000),
  })
  .default({ waterTemp: null, waterVisibility: null, lakeStructure: null, lakeDepth: null, lureDepth: null });

export const logLocationInput = z.object(
  {
    lat: latitude,
    lng: longitude,
    lake: optionalText(120),
    state: optionalText(2),
    zone: optionalText(40),
    lakeStructure: optionalText(80),
  },
  { error: 'A location (lat and lng) is required.' },
);

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const when = z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ local: true }), calendarDay], {
  error: 'The date must be an ISO date and time, e.g. 2026-06-01T06:30:00-05:00, or a YYYY-MM-DD day with a time.',
});
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time is written HH:mm.');

/** Whether logInput takes this as its `date`. */
export function isLogDate(value: string): boolean {
  return when.safeParse(value).success;
}

/** Create and update take the same model; anything the server fills in (weather, lunar) is not accepted. */
export const logInput = z.object({
  type: z.enum(LOG_TYPES, { error: `The type must be one of ${LOG_TYPES.join(', ')}.` }).default('Catch'),
  /** One ISO date-time, or (the seed's model) a day with `time` beside it. */
  date: when.optional(),
  /** HH:mm on the clock of the log's place; replaces the clock part of `date`. */
  time: clock.optional(),
  notes: optionalText(5000),
  photo: optionalText(500),
  clusterCount: z.coerce.number().int().min(0).max(10_000).nullable().optional(),
  tags: z.array(text(40).min(1)).max(30).default([]),
  privacy: z.enum(PRIVACY_LEVELS, { error: 'Privacy must be public, protected or private.' }).default('private'),
  fish: fishInput,
  lure: lureInput,
  lake: lakeDetailsInput,
  location: logLocationInput,
});
export type LogInput = z.output<typeof logInput>;

/** A field of an update: absent means "leave it as it is", null or '' means "clear it". */
const patchText = (max: number) =>
  z
    .union([text(max), z.null()])
    .transform((v) => (v === '' ? null : v))
    .optional();
const patchMeasure = (label: string, max: number) => measureValue.transform(toMeasure(label, max)).optional();

/**
 * What `POST api/log/update/{id}` takes: the log as the client holds it, or any part of it. Fields
 * left out (tags included) keep their stored values; the server's own fields (weather, lunar, ids)
 * are ignored.
 */
export const logPatch = z.object({
  type: z.enum(LOG_TYPES, { error: `The type must be one of ${LOG_TYPES.join(', ')}.` }).optional(),
  date: when.optional(),
  time: clock.optional(),
  notes: patchText(5000),
  photo: patchText(500),
  clusterCount: z.coerce.number().int().min(0).max(10_000).nullable().optional(),
  tags: z.array(text(40).min(1)).max(30).optional(),
  privacy: z.enum(PRIVACY_LEVELS, { error: 'Privacy must be public, protected or private.' }).optional(),
  fish: z
    .object({
      species: patchText(60),
      length: patchMeasure('Fish length (inches)', 100),
      girth: patchMeasure('Fish girth (inches)', 100),
      weight: patchMeasure('Fish weight (pounds)', 2000),
    })
    .optional(),
  lure: z
    .object({
      category: patchText(40),
      colorPrimary: patchText(40),
      colorSecondary: patchText(40),
      length: patchMeasure('Lure length (inches)', 100),
      note: patchText(500),
      notes: patchText(500),
    })
    .transform(({ notes, ...lure }) => ({ ...lure, note: lure.note !== undefined ? lure.note : notes }))
    .optional(),
  lake: z
    .object({
      waterTemp: patchMeasure('Water temperature (°F)', 120),
      waterVisibility: patchMeasure('Water visibility (feet)', 200),
      lakeStructure: patchText(80),
      lakeDepth: patchMeasure('Lake depth (feet)', 2000),
      lureDepth: patchMeasure('Lure depth (feet)', 2000),
    })
    .optional(),
  location: z
    .object({
      lat: latitude.optional(),
      lng: longitude.optional(),
      lake: patchText(120),
      state: patchText(2),
      zone: patchText(40),
      lakeStructure: patchText(80),
    })
    .optional(),
});
export type LogPatch = z.output<typeof logPatch>;

/**
 * The local wall-clock moment a log's `date` and `time` name, or undefined when neither is given.
 * A day without a time takes the clock of `base`, a time without a day takes the day of `base`
 * (`base` is local ISO: the stored log's moment on edit, now at the place on create).
 */
export function combineDateAndTime(date: string | undefined, time: string | undefined, base: string): string | undefined {
  if (date === undefined && time === undefined) return undefined;
  if (date !== undefined && time === undefined) return date.length === 10 ? `${date}T${base.slice(11, 16)}` : date;
  // A full date-time with a time beside it: the client split it for display and typed a new clock.
  return `${(date ?? base).slice(0, 10)}T${time}`;
}

function keep<T extends object>(stored: T, patch: Partial<T> | undefined): T {
  if (!patch) return stored;
  const merged = { ...stored };
  for (const [key, value] of Object.entries(patch) as Array<[keyof T, T[keyof T] | undefined]>) {
    if (value !== undefined && key in stored) merged[key] = value;
  }
  return merged;
}

/** A stored log with an update laid over it: what the update would write if it were a full log. */
export function applyLogPatch(stored: LogView, patch: LogPatch): LogInput {
  return {
    type: patch.type ?? stored.type,
    date: combineDateAndTime(patch.date, patch.time, stored.date) ?? stored.date,
    time: undefined,
    notes: patch.notes !== undefined ? patch.notes : stored.notes,
    photo: patch.photo !== undefined ? patch.photo : stored.photo,
    clusterCount: patch.clusterCount !== undefined ? patch.clusterCount : stored.clusterCount,
    tags: patch.tags ?? stored.tags,
    privacy: patch.privacy ?? stored.privacy,
    fish: keep(stored.fish, patch.fish),
    lure: keep(stored.lure, patch.lure),
    lake: keep(
      {
        waterTemp: stored.lake.waterTemp,
        waterVisibility: stored.lake.waterVisibility,
        lakeStructure: stored.lake.lakeStructure,
        lakeDepth: stored.lake.lakeDepth,
        lureDepth: stored.lake.lureDepth,
      },
      patch.lake,
    ),
    location: keep(stored.location, patch.location),
  };
}

const num = z.number().nullable();
const str = z.string().nullable();

/** The weather at a log's time and place, as the weather service gave it (or as an import's file had it). */
export const logWeather = z.object({
  summary: str,
  icon: str,
  airTemp: num,
  windDirection: num,
  windSpeed: num,
  barometer: num,
  cloudCover: num,
  dewpoint: num,
  humidity: num,
  precipType: str,
  precipHourly: num,
});
export type LogWeather = z.infer<typeof logWeather>;

/** Moon and sun of the log's local day; times are local ISO, null when the event does not happen that day. */
export const logLunar = z.object({
  moonPhase: z.string(),
  moonIllum: z.number(),
  /** The seeds show illumination as a percent string. */
  illum: z.string(),
  moonRise: str,
  moonSet: str,
  moonAbove: str,
  moonBelow: str,
  sunRise: str,
  sunSet: str,
});
export type LogLunar = z.infer<typeof logLunar>;

export const waterflowSchema = z.object({
  rate: num,
  gageHeight: num,
  unit: z.string(),
  measuredAt: str,
  /** Where the river gauge is (readings stored before it was kept have none). */
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
});
export type Waterflow = z.infer<typeof waterflowSchema>;

const point = z.object({ lat: z.number(), lng: z.number() });

/** A log as the API returns it (the seeds' field names). */
export const logView = z.object({
  _id: z.string(),
  username: z.string(),
  type: z.enum(LOG_TYPES),
  /** Local ISO with the place's offset. */
  date: z.string(),
  /** "HH:mm", local. */
  time: z.string(),
  timeZone: z.string(),
  notes: str,
  photo: str,
  clusterCount: num,
  tags: z.array(z.string()),
  privacy: z.enum(PRIVACY_LEVELS),
  outingId: str,
  fish: z.object({ species: str, length: num, girth: num, weight: num }),
  lure: z.object({ category: str, colorPrimary: str, colorSecondary: str, length: num, note: str }),
  lake: z.object({
    waterTemp: num,
    waterVisibility: num,
    lakeStructure: str,
    lakeDepth: num,
    lureDepth: num,
    waterflow: waterflowSchema.nullable(),
    station: str,
    siteCode: str,
    agency: str,
    location: point.nullable(),
  }),
  location: z.object({ lat: z.number(), lng: z.number(), lake: str, state: str, zone: str, lakeStructure: str }),
  weather: logWeather.nullable(),
  /** Null for a caller without premium (then `lunarLocked`), or when no lunar data was recorded. */
  lunar: logLunar.nullable(),
  /** The log has lunar details this caller may not see: premium unlocks them (and the log's rating). */
  lunarLocked: z.boolean(),
  /** Outside data still being fetched: the server retries it in the background. */
  pending: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LogView = z.infer<typeof logView>;

/** One page of a list of logs, newest first. */
export const logPage = z.object({
  docs: z.array(logView),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LogPage = z.infer<typeof logPage>;

export const logPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(LOGS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
});

/** What a member may still log this month; `limit` is null when premium lifts it. */
export const allowanceView = z.object({
  allowed: z.boolean(),
  used: z.number().int(),
  limit: z.number().int().nullable(),
  premium: z.boolean(),
});
export type AllowanceView = z.infer<typeof allowanceView>;

/** The nearest active river gauge and its reading at the asked time. */
export const waterflowReading = z.object({
  station: z.string(),
  siteCode: z.string(),
  agency: z.string(),
  location: point,
  distanceKm: z.number(),
  waterflow: waterflowSchema,
});
export type WaterflowReading = z.infer<typeof waterflowReading>;

/**
 * Who may read a log. Public: anyone. Protected: the owner and the people the owner has let into
 * their Inner Circle. Private: the owner alone.
 */
export function canViewLog(privacy: Privacy, viewer: { isOwner: boolean; inOwnersCircle: boolean }): boolean {
  if (viewer.isOwner) return true;
  if (privacy === 'public') return true;
  return privacy === 'protected' && viewer.inOwnersCircle;
}

/** The privacy levels of an owner's logs a viewer may read: the SQL side of canViewLog. */
export function visiblePrivacies(viewer: { isOwner: boolean; inOwnersCircle: boolean }): Privacy[] {
  return PRIVACY_LEVELS.filter((privacy) => canViewLog(privacy, viewer));
}

export const LOG_IN_FUTURE = 'A log cannot be dated in the future.';
export const NOT_A_REAL_DATE = 'The date is not a real date.';

/** The free tier's monthly allowance; premium (and the free-for-all promotion) lifts it. */
export function canCreateLog(logsThisMonth: number, premium: boolean): boolean {
  return premium || logsThisMonth < FREE_LOGS_PER_MONTH;
}

/** Sorted, de-duplicated (case-insensitively) lure categories: the defaults plus the user's own. */
export function lureCategories(own: readonly (string | null)[]): string[] {
  const seen = new Map<string, string>();
  for (const name of [...DEFAULT_LURE_CATEGORIES, ...own]) {
    const clean = name?.trim();
    if (clean && !seen.has(clean.toLowerCase())) seen.set(clean.toLowerCase(), clean);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

export const tagInput = z.object({ tag: text(40).min(1, 'A tag needs a name.'), id: z.string().optional() });
export const logTagInput = z.object({ tag: text(40).min(1, 'A tag needs a name.'), id: z.string({ error: 'The log id is required.' }) });
export const findInput = z.object({ query: z.string().trim().max(100).default('') });
const selectedLogs = z
  .array(z.union([z.string(), z.object({ _id: z.string() }).transform((l) => l._id)]))
  .min(1, 'Select at least one log to delete.')
  .max(1000, 'Delete at most 1,000 logs at once.');
/** The selected logs as the seed's client sends them (a bare array of logs or ids), or as `{logs}`. */
export const deleteLogsInput = z.preprocess(
  (body) => (Array.isArray(body) ? { logs: body } : body),
  z.object({ logs: selectedLogs }),
) as unknown as z.ZodType<{ logs: string[] }, { logs: Array<string | { _id: string }> } | Array<string | { _id: string }>>;
