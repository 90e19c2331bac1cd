/**
 * The logs CSV file (export and import), documented column by column in docs/csv.md.
 *
 * Column names are the dotted paths of the log model (`fish.length`, `location.lat`), so a
 * validation problem reported by `logInput` for `fish.length` names the very column to fix. An
 * export holds every column; an import needs only `date`, `location.lat` and `location.lng`.
 * Parsing the text itself (quotes, line breaks in fields) is the server's job (papaparse); this
 * module maps one record of fields to and from the model.
 */
import { isLogDate, LOG_TYPES, logInput, PRIVACY_LEVELS, type LogInput, type LogLunar, type LogView, type LogWeather, type Waterflow } from './logs';
import { MOON_PHASE_NAMES } from './solunar/phase';
import { isTimeZone } from './time';
import { weatherIconSchema, type PrecipType, type WeatherIcon } from './weather';

export const LOG_CSV_FILENAME = 'myfishinglogs.csv';

export const LOG_CSV_COLUMNS = [
  'type',
  'date',
  'timeZone',
  'notes',
  'photo',
  'clusterCount',
  'tags',
  'privacy',
  'fish.species',
  'fish.length',
  'fish.girth',
  'fish.weight',
  'lure.category',
  'lure.colorPrimary',
  'lure.colorSecondary',
  'lure.length',
  'lure.note',
  'lake.waterTemp',
  'lake.waterVisibility',
  'lake.lakeStructure',
  'lake.lakeDepth',
  'lake.lureDepth',
  'lake.waterflow.rate',
  'lake.waterflow.gageHeight',
  'lake.waterflow.unit',
  'lake.waterflow.measuredAt',
  'lake.station',
  'lake.siteCode',
  'lake.agency',
  'location.lat',
  'location.lng',
  'location.lake',
  'location.state',
  'location.zone',
  'location.lakeStructure',
  'weather.summary',
  'weather.icon',
  'weather.airTemp',
  'weather.windDirection',
  'weather.windSpeed',
  'weather.barometer',
  'weather.cloudCover',
  'weather.dewpoint',
  'weather.humidity',
  'weather.precipType',
  'weather.precipHourly',
  'lunar.moonPhase',
  'lunar.moonIllum',
  'lunar.moonRise',
  'lunar.moonSet',
  'lunar.moonAbove',
  'lunar.moonBelow',
  'lunar.sunRise',
  'lunar.sunSet',
] as const;
export type LogCsvColumn = (typeof LOG_CSV_COLUMNS)[number];

/** An import without these columns in its header is refused before any row is read. */
export const REQUIRED_LOG_CSV_COLUMNS: readonly LogCsvColumn[] = ['date', 'location.lat', 'location.lng'];

/** Other spellings an import accepts (the seeds spell the lure note both ways). */
const ALIASES: Readonly<Record<string, LogCsvColumn>> = { 'lure.notes': 'lure.note' };

type Cell = string | number | null;

const EXPORTERS: { readonly [C in LogCsvColumn]: (log: LogView) => Cell } = {
  type: (l) => l.type,
  date: (l) => l.date,
  timeZone: (l) => l.timeZone,
  notes: (l) => l.notes,
  photo: (l) => l.photo,
  clusterCount: (l) => l.clusterCount,
  tags: (l) => joinTags(l.tags),
  privacy: (l) => l.privacy,
  'fish.species': (l) => l.fish.species,
  'fish.length': (l) => l.fish.length,
  'fish.girth': (l) => l.fish.girth,
  'fish.weight': (l) => l.fish.weight,
  'lure.category': (l) => l.lure.category,
  'lure.colorPrimary': (l) => l.lure.colorPrimary,
  'lure.colorSecondary': (l) => l.lure.colorSecondary,
  'lure.length': (l) => l.lure.length,
  'lure.note': (l) => l.lure.note,
  'lake.waterTemp': (l) => l.lake.waterTemp,
  'lake.waterVisibility': (l) => l.lake.waterVisibility,
  'lake.lakeStructure': (l) => l.lake.lakeStructure,
  'lake.lakeDepth': (l) => l.lake.lakeDepth,
  'lake.lureDepth': (l) => l.lake.lureDepth,
  'lake.waterflow.rate': (l) => l.lake.waterflow?.rate ?? null,
  'lake.waterflow.gageHeight': (l) => l.lake.waterflow?.gageHeight ?? null,
  'lake.waterflow.unit': (l) => l.lake.waterflow?.unit ?? null,
  'lake.waterflow.measuredAt': (l) => l.lake.waterflow?.measuredAt ?? null,
  'lake.station': (l) => l.lake.station,
  'lake.siteCode': (l) => l.lake.siteCode,
  'lake.agency': (l) => l.lake.agency,
  'location.lat': (l) => l.location.lat,
  'location.lng': (l) => l.location.lng,
  'location.lake': (l) => l.location.lake,
  'location.state': (l) => l.location.state,
  'location.zone': (l) => l.location.zone,
  'location.lakeStructure': (l) => l.location.lakeStructure,
  'weather.summary': (l) => l.weather?.summary ?? null,
  'weather.icon': (l) => l.weather?.icon ?? null,
  'weather.airTemp': (l) => l.weather?.airTemp ?? null,
  'weather.windDirection': (l) => l.weather?.windDirection ?? null,
  'weather.windSpeed': (l) => l.weather?.windSpeed ?? null,
  'weather.barometer': (l) => l.weather?.barometer ?? null,
  'weather.cloudCover': (l) => l.weather?.cloudCover ?? null,
  'weather.dewpoint': (l) => l.weather?.dewpoint ?? null,
  'weather.humidity': (l) => l.weather?.humidity ?? null,
  'weather.precipType': (l) => l.weather?.precipType ?? null,
  'weather.precipHourly': (l) => l.weather?.precipHourly ?? null,
  'lunar.moonPhase': (l) => l.lunar?.moonPhase ?? null,
  'lunar.moonIllum': (l) => l.lunar?.moonIllum ?? null,
  'lunar.moonRise': (l) => l.lunar?.moonRise ?? null,
  'lunar.moonSet': (l) => l.lunar?.moonSet ?? null,
  'lunar.moonAbove': (l) => l.lunar?.moonAbove ?? null,
  'lunar.moonBelow': (l) => l.lunar?.moonBelow ?? null,
  'lunar.sunRise': (l) => l.lunar?.sunRise ?? null,
  'lunar.sunSet': (l) => l.lunar?.sunSet ?? null,
};

// -------------------------------------------------------------------------------------------------
// Writing
// -------------------------------------------------------------------------------------------------

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula,
 * so such text is written with a leading apostrophe (OWASP "CSV injection"). Reading takes one
 * apostrophe off again wherever apostrophes are followed by one of those characters; that makes
 * the two exact inverses, so `'=A1`, `''x` and `-- early bite` all come back as they were written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;
const APOSTROPHE = 39;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unguardFormula(text: string): string {
  return text.charCodeAt(0) === APOSTROPHE && GUARDED.test(text) ? text.slice(1) : text;
}

/** One field, quoted when it holds a comma, quote or line break. Numbers are written in full. */
export function csvField(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = guardFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(fields: readonly (Cell | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

export const LOG_CSV_HEADER_LINE = csvLine(LOG_CSV_COLUMNS);

/** A log as its export cells, in LOG_CSV_COLUMNS order. */
export function logCsvCells(log: LogView): Cell[] {
  return LOG_CSV_COLUMNS.map((column) => EXPORTERS[column](log));
}

const LINE_EXPORTERS = LOG_CSV_COLUMNS.map((column) => EXPORTERS[column]);

/** The same text as csvLine(logCsvCells(log)), written straight into one string: an export writes one per log. */
export function logCsvLine(log: LogView): string {
  let line = csvField(LINE_EXPORTERS[0]!(log));
  for (let i = 1; i < LINE_EXPORTERS.length; i += 1) line += `,${csvField(LINE_EXPORTERS[i]!(log))}`;
  return `${line}\r\n`;
}

/** Tags are one field, separated by semicolons; a semicolon or backslash inside a tag is escaped with a backslash. */
export function joinTags(tags: readonly string[]): string {
  return tags.map((tag) => tag.replaceAll('\\', '\\\\').replaceAll(';', '\\;')).join(';');
}

export function splitTags(field: string): string[] {
  const tags: string[] = [];
  let current = '';
  for (let i = 0; i < field.length; i += 1) {
    const ch = field[i];
    if (ch === '\\' && i + 1 < field.length) {
      current += field[i + 1];
      i += 1;
    } else if (ch === ';') {
      tags.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  tags.push(current);
  return tags.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

// -------------------------------------------------------------------------------------------------
// Reading
// -------------------------------------------------------------------------------------------------

/** Where each known column sits in the file's records; columns with an empty name are ignored. */
export type LogCsvHeader = {
  width: number;
  index: Partial<Record<LogCsvColumn, number>>;
};

const BY_LOWER_NAME = new Map<string, LogCsvColumn>([
  ...LOG_CSV_COLUMNS.map((c) => [c.toLowerCase(), c] as const),
  ...Object.entries(ALIASES).map(([alias, c]) => [alias.toLowerCase(), c] as const),
]);

/** Reads the header row: names are matched ignoring case and surrounding spaces (and a byte order mark). */
export function readLogCsvHeader(fields: readonly string[]): { ok: true; header: LogCsvHeader } | { ok: false; message: string } {
  const index: Partial<Record<LogCsvColumn, number>> = {};
  const unknown: string[] = [];
  for (const [i, raw] of fields.entries()) {
    const name = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (name === '') continue;
    const column = BY_LOWER_NAME.get(name.toLowerCase());
    if (!column) {
      unknown.push(name);
      continue;
    }
    if (index[column] !== undefined) return { ok: false, message: `The header names the column "${column}" twice.` };
    index[column] = i;
  }
  if (unknown.length > 0) {
    const list = unknown.slice(0, 5).map((n) => `"${n}"`).join(', ');
    return {
      ok: false,
      message: `The header has ${unknown.length === 1 ? 'an unknown column' : 'unknown columns'}: ${list}${unknown.length > 5 ? ', …' : ''}. An export of your logs shows every column.`,
    };
  }
  const missing = REQUIRED_LOG_CSV_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length > 0) {
    return { ok: false, message: `The header must name the columns ${missing.map((c) => `"${c}"`).join(', ')}. The first row of the file names the columns.` };
  }
  return { ok: true, header: { width: fields.length, index } };
}

/** A record that passed every check; `input` is what `logInput` made of it. */
export type LogCsvRecord = {
  input: LogInput & { date: string };
  /** Null: work it out from the position. */
  timeZone: string | null;
  weather: LogWeather | null;
  /** Null: compute it (offline) from the position and date. */
  lunar: LogLunar | null;
  waterflow: Waterflow | null;
  station: string | null;
  siteCode: string | null;
  agency: string | null;
};

class RecordProblem extends Error {}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PHASES = new Map(MOON_PHASE_NAMES.map((name) => [name.toLowerCase(), name]));
const TYPES = new Map(LOG_TYPES.map((name) => [name.toLowerCase(), name]));

/**
 * One data record: its fields (in the file's column order) become a log, or the first problem
 * found, worded for the person who will fix the file ("fish.length: Fish length (inches) must be …").
 */
export function readLogCsvRecord(
  fields: readonly string[],
  header: LogCsvHeader,
): { ok: true; record: LogCsvRecord } | { ok: false; message: string } {
  if (fields.length !== header.width) {
    return { ok: false, message: `expected ${header.width} fields (as many as the header has) but found ${fields.length}.` };
  }
  const get = (column: LogCsvColumn): string | undefined => {
    const i = header.index[column];
    if (i === undefined) return undefined;
    const value = unguardFormula(fields[i] ?? '').trim();
    return value === '' ? undefined : value;
  };
  try {
    const date = get('date');
    if (date === undefined) throw new RecordProblem('date: The date is required.');
    const clusterCount = get('clusterCount');
    if (clusterCount !== undefined && !/^\d+$/.test(clusterCount)) {
      throw new RecordProblem('clusterCount: The cluster count must be a whole number.');
    }
    const lat = get('location.lat');
    const lng = get('location.lng');
    if (lat === undefined || lng === undefined) throw new RecordProblem('location: A location (location.lat and location.lng) is required.');
    const tags = get('tags');
    const fields: LogInputFields = {
      type: canonical(TYPES, get('type')),
      date,
      notes: get('notes'),
      photo: get('photo'),
      clusterCount,
      tags: tags === undefined ? [] : splitTags(tags),
      privacy: get('privacy')?.toLowerCase(),
      fish: { species: get('fish.species'), length: get('fish.length'), girth: get('fish.girth'), weight: get('fish.weight') },
      lure: {
        category: get('lure.category'),
        colorPrimary: get('lure.colorPrimary'),
        colorSecondary: get('lure.colorSecondary'),
        length: get('lure.length'),
        note: get('lure.note'),
      },
      lake: {
        waterTemp: get('lake.waterTemp'),
        waterVisibility: get('lake.waterVisibility'),
        lakeStructure: get('lake.lakeStructure'),
        lakeDepth: get('lake.lakeDepth'),
        lureDepth: get('lake.lureDepth'),
      },
      location: {
        lat: finite('location.lat', lat),
        lng: finite('location.lng', lng),
        lake: get('location.lake'),
        state: get('location.state')?.toUpperCase(),
        zone: get('location.zone'),
        lakeStructure: get('location.lakeStructure'),
      },
    };
    const input = plainLogInput(fields) ?? checkedLogInput(fields);
    const timeZone = get('timeZone') ?? null;
    if (timeZone !== null && !knownTimeZone(timeZone)) {
      throw new RecordProblem(`timeZone: "${timeZone}" is not a time zone; use an IANA name such as America/Chicago, or leave it empty.`);
    }
    return {
      ok: true,
      record: {
        input: { ...input, date },
        timeZone,
        weather: readWeather(get),
        lunar: readLunar(get),
        waterflow: readWaterflow(get),
        station: text(get, 'lake.station', 200),
        siteCode: text(get, 'lake.siteCode', 40),
        agency: text(get, 'lake.agency', 40),
      },
    };
  } catch (error) {
    if (error instanceof RecordProblem) return { ok: false, message: error.message };
    throw error;
  }
}

type Getter = (column: LogCsvColumn) => string | undefined;

/** A record's fields as logInput takes them. */
type LogInputFields = {
  type: string | undefined;
  date: string;
  notes: string | undefined;
  photo: string | undefined;
  clusterCount: string | undefined;
  tags: string[];
  privacy: string | undefined;
  fish: { species: string | undefined; length: string | undefined; girth: string | undefined; weight: string | undefined };
  lure: { category: string | undefined; colorPrimary: string | undefined; colorSecondary: string | undefined; length: string | undefined; note: string | undefined };
  lake: {
    waterTemp: string | undefined;
    waterVisibility: string | undefined;
    lakeStructure: string | undefined;
    lakeDepth: string | undefined;
    lureDepth: string | undefined;
  };
  location: { lat: number; lng: number; lake: string | undefined; state: string | undefined; zone: string | undefined; lakeStructure: string | undefined };
};

function checkedLogInput(fields: LogInputFields): LogInput {
  const parsed = logInput.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.filter((p) => typeof p === 'string').join('.');
  throw new RecordProblem(`${path ? `${path}: ` : ''}${issue?.message ?? 'This row is not a valid log.'}`);
}

const LOG_TYPE_NAMES: ReadonlySet<string> = new Set(LOG_TYPES);
const PRIVACY_NAMES: ReadonlySet<string> = new Set(PRIVACY_LEVELS);

/**
 * What logInput makes of fields it takes as they are, without zod: checking 100,000 rows with
 * zod cost more than the rest of reading them. Fields logInput would refuse (or anything this
 * does not recognise as plainly valid) answer null, and zod then gives the verdict and its words,
 * so an import's messages are zod's whichever way a row is read.
 */
function plainLogInput(f: LogInputFields): LogInput | null {
  const type = f.type ?? 'Catch';
  const privacy = f.privacy ?? 'private';
  if (!isLogType(type) || !isPrivacy(privacy) || !isLogDate(f.date)) return null;
  if (f.tags.length > 30 || f.tags.some((tag) => tag.length === 0 || tag.length > 40)) return null;
  let clusterCount: number | undefined;
  if (f.clusterCount !== undefined) {
    clusterCount = Number(f.clusterCount);
    if (!Number.isInteger(clusterCount) || clusterCount < 0 || clusterCount > 10_000) return null;
  }
  const { lat, lng } = f.location;
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  let refused = false;
  // The record's fields are trimmed and never empty: absent is null, and only the length is checked.
  const text = (value: string | undefined, max: number): string | null => {
    if (value === undefined) return null;
    if (value.length > max) refused = true;
    return value;
  };
  const measure = (value: string | undefined, max: number): number | null => {
    if (value === undefined) return null;
    const n = Number(value);
    if (!(Number.isFinite(n) && n >= 0 && n <= max)) refused = true;
    return n;
  };
  const input: LogInput = {
    type,
    date: f.date,
    notes: text(f.notes, 5000),
    photo: text(f.photo, 500),
    clusterCount,
    tags: f.tags,
    privacy,
    fish: { species: text(f.fish.species, 60), length: measure(f.fish.length, 100), girth: measure(f.fish.girth, 100), weight: measure(f.fish.weight, 2000) },
    lure: {
      category: text(f.lure.category, 40),
      colorPrimary: text(f.lure.colorPrimary, 40),
      colorSecondary: text(f.lure.colorSecondary, 40),
      length: measure(f.lure.length, 100),
      note: text(f.lure.note, 500),
    },
    lake: {
      waterTemp: measure(f.lake.waterTemp, 120),
      waterVisibility: measure(f.lake.waterVisibility, 200),
      lakeStructure: text(f.lake.lakeStructure, 80),
      lakeDepth: measure(f.lake.lakeDepth, 2000),
      lureDepth: measure(f.lake.lureDepth, 2000),
    },
    location: {
      lat,
      lng,
      lake: text(f.location.lake, 120),
      state: text(f.location.state, 2),
      zone: text(f.location.zone, 40),
      lakeStructure: text(f.location.lakeStructure, 80),
    },
  };
  return refused ? null : input;
}

const isLogType = (name: string): name is LogInput['type'] => LOG_TYPE_NAMES.has(name);
const isPrivacy = (name: string): name is LogInput['privacy'] => PRIVACY_NAMES.has(name);

/** Checking a zone builds an Intl formatter, far dearer than the rest of a row: remember answers. */
const zones = new Map<string, boolean>();
function knownTimeZone(name: string): boolean {
  let known = zones.get(name);
  if (known === undefined) {
    known = isTimeZone(name);
    if (zones.size < 1000) zones.set(name, known);
  }
  return known;
}

/** Names of a fixed list are matched ignoring case; anything else is left for the schema to refuse. */
function canonical(names: ReadonlyMap<string, string>, value: string | undefined): string | undefined {
  return value === undefined ? undefined : (names.get(value.toLowerCase()) ?? value);
}

function finite(column: LogCsvColumn, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new RecordProblem(`${column}: "${value}" is not a number.`);
  return n;
}

function number(get: Getter, column: LogCsvColumn, range?: { min?: number; max?: number }): number | null {
  const value = get(column);
  if (value === undefined) return null;
  const n = finite(column, value);
  const { min = -Infinity, max = Infinity } = range ?? {};
  if (n < min || n > max) throw new RecordProblem(`${column}: must be a number from ${min} to ${max}.`);
  return n;
}

function text(get: Getter, column: LogCsvColumn, max: number): string | null {
  const value = get(column);
  if (value === undefined) return null;
  if (value.length > max) throw new RecordProblem(`${column}: Keep this under ${max} characters.`);
  return value;
}

function instant(get: Getter, column: LogCsvColumn, allowDay = false): string | null {
  const value = get(column);
  if (value === undefined) return null;
  const valid = (ISO_WITH_OFFSET.test(value) || (allowDay && DAY.test(value))) && !Number.isNaN(new Date(value).getTime());
  if (!valid) throw new RecordProblem(`${column}: "${value}" must be an ISO date and time with its offset, e.g. 2026-06-01T05:32:00-05:00.`);
  return value;
}

function allEmpty(get: Getter, columns: readonly LogCsvColumn[]): boolean {
  return columns.every((c) => get(c) === undefined);
}

const WEATHER_COLUMNS = LOG_CSV_COLUMNS.filter((c) => c.startsWith('weather.'));

/** Weather is kept as the file has it (an import never asks a weather service); empty columns mean none. */
function readWeather(get: Getter): LogWeather | null {
  if (allEmpty(get, WEATHER_COLUMNS)) return null;
  const icon = get('weather.icon');
  if (icon !== undefined && !weatherIconSchema.safeParse(icon).success) {
    throw new RecordProblem(`weather.icon: must be one of ${weatherIconSchema.options.join(', ')}.`);
  }
  const precipType = get('weather.precipType')?.toLowerCase();
  if (precipType !== undefined && !['rain', 'snow', 'sleet'].includes(precipType)) {
    throw new RecordProblem('weather.precipType: must be rain, snow or sleet (or empty).');
  }
  return {
    summary: text(get, 'weather.summary', 120),
    icon: (icon as WeatherIcon | undefined) ?? null,
    airTemp: number(get, 'weather.airTemp', { min: -100, max: 150 }),
    windDirection: number(get, 'weather.windDirection', { min: 0, max: 360 }),
    windSpeed: number(get, 'weather.windSpeed', { min: 0, max: 300 }),
    barometer: number(get, 'weather.barometer', { min: 0, max: 2000 }),
    cloudCover: number(get, 'weather.cloudCover', { min: 0, max: 1 }),
    dewpoint: number(get, 'weather.dewpoint', { min: -100, max: 150 }),
    humidity: number(get, 'weather.humidity', { min: 0, max: 1 }),
    precipType: (precipType as PrecipType | undefined) ?? null,
    precipHourly: number(get, 'weather.precipHourly', { min: 0, max: 100 }),
  };
}

/** Lunar data is taken from the file when it names the moon phase; otherwise the server computes it. */
function readLunar(get: Getter): LogLunar | null {
  const phase = get('lunar.moonPhase');
  if (phase === undefined) return null;
  const moonPhase = PHASES.get(phase.toLowerCase());
  if (!moonPhase) throw new RecordProblem(`lunar.moonPhase: must be one of ${MOON_PHASE_NAMES.join(', ')}.`);
  const moonIllum = number(get, 'lunar.moonIllum', { min: 0, max: 100 });
  if (moonIllum === null) throw new RecordProblem('lunar.moonIllum: is required when lunar.moonPhase is given.');
  return {
    moonPhase,
    moonIllum,
    illum: `${moonIllum}%`,
    moonRise: instant(get, 'lunar.moonRise'),
    moonSet: instant(get, 'lunar.moonSet'),
    moonAbove: instant(get, 'lunar.moonAbove'),
    moonBelow: instant(get, 'lunar.moonBelow'),
    sunRise: instant(get, 'lunar.sunRise'),
    sunSet: instant(get, 'lunar.sunSet'),
  };
}

const WATERFLOW_COLUMNS: readonly LogCsvColumn[] = ['lake.waterflow.rate', 'lake.waterflow.gageHeight', 'lake.waterflow.unit', 'lake.waterflow.measuredAt'];

function readWaterflow(get: Getter): Waterflow | null {
  if (allEmpty(get, WATERFLOW_COLUMNS)) return null;
  return {
    rate: number(get, 'lake.waterflow.rate', { min: 0 }),
    gageHeight: number(get, 'lake.waterflow.gageHeight'),
    unit: text(get, 'lake.waterflow.unit', 20) ?? 'ft3/s',
    measuredAt: instant(get, 'lake.waterflow.measuredAt', true),
  };
}
