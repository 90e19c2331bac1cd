import { sql } from 'drizzle-orm';
import { pgTextArray } from '../../lib/pg-text-array';
import type { NewLog } from './rows';

/**
 * A log as a bulk insert takes it: everything but what the database fills in itself (id,
 * pending = {}, enrich_attempts = 0, updated_at = now()). `createdAt` defaults to now().
 */
export type BulkLog = Omit<NewLog, 'id' | 'updatedAt' | 'pending' | 'enrichAttempts' | 'enrichAfter' | 'outingId'>;

/** One log as a JSON array of its column values, in the bulk column order (see COLUMNS). */
export type BulkRow = string;
/** The same, before it is written as JSON: values a caller may still fill in (see BULK_INDEX). */
export type BulkTuple = unknown[];

const or = <T>(value: T | null | undefined) => value ?? null;

/**
 * The columns an import sets, how each log gives its value, and how the value is read back from
 * the JSON array element `r` in SQL (text and numbers as text and cast; JSON values as JSON).
 */
const COLUMNS: ReadonlyArray<readonly [column: string, type: string, value: (log: BulkLog) => unknown]> = [
  ['user_id', 'uuid', (l) => l.userId],
  ['type', 'text', (l) => l.type],
  ['occurred_at', 'timestamptz', (l) => l.occurredAt.toISOString()],
  ['time_zone', 'text', (l) => l.timeZone],
  ['notes', 'text', (l) => or(l.notes)],
  ['photo', 'text', (l) => or(l.photo)],
  ['cluster_count', 'integer', (l) => or(l.clusterCount)],
  ['tags', 'text[]', (l) => pgTextArray(l.tags ?? [])],
  ['privacy', 'text', (l) => l.privacy ?? 'private'],
  ['lat', 'double precision', (l) => l.lat],
  ['lng', 'double precision', (l) => l.lng],
  ['lake_name', 'text', (l) => or(l.lakeName)],
  ['state', 'text', (l) => or(l.state)],
  ['zone', 'text', (l) => or(l.zone)],
  ['location_structure', 'text', (l) => or(l.locationStructure)],
  ['fish_species', 'text', (l) => or(l.fishSpecies)],
  ['fish_length', 'real', (l) => or(l.fishLength)],
  ['fish_girth', 'real', (l) => or(l.fishGirth)],
  ['fish_weight', 'real', (l) => or(l.fishWeight)],
  ['lure_category', 'text', (l) => or(l.lureCategory)],
  ['lure_color_primary', 'text', (l) => or(l.lureColorPrimary)],
  ['lure_color_secondary', 'text', (l) => or(l.lureColorSecondary)],
  ['lure_length', 'real', (l) => or(l.lureLength)],
  ['lure_note', 'text', (l) => or(l.lureNote)],
  ['water_temp', 'real', (l) => or(l.waterTemp)],
  ['water_visibility', 'real', (l) => or(l.waterVisibility)],
  ['lake_structure', 'text', (l) => or(l.lakeStructure)],
  ['lake_depth', 'real', (l) => or(l.lakeDepth)],
  ['lure_depth', 'real', (l) => or(l.lureDepth)],
  ['waterflow', 'jsonb', (l) => or(l.waterflow)],
  ['gauge_station', 'text', (l) => or(l.gaugeStation)],
  ['gauge_site_code', 'text', (l) => or(l.gaugeSiteCode)],
  ['gauge_agency', 'text', (l) => or(l.gaugeAgency)],
  ['weather', 'jsonb', (l) => or(l.weather)],
  ['lunar', 'jsonb', (l) => or(l.lunar)],
  ['moon_phase', 'text', (l) => or(l.moonPhase)],
  ['created_at', 'timestamptz', (l) => l.createdAt?.toISOString() ?? null],
];
const indexOf = (name: string): number => {
  const i = COLUMNS.findIndex(([column]) => column === name);
  if (i < 0) throw new Error(`No bulk column ${name}`);
  return i;
};
/** Where some values sit in a BulkTuple, for callers that fill them in later. */
export const BULK_INDEX = {
  lat: indexOf('lat'),
  lng: indexOf('lng'),
  occurred_at: indexOf('occurred_at'),
  time_zone: indexOf('time_zone'),
  lunar: indexOf('lunar'),
  moon_phase: indexOf('moon_phase'),
} as const;

/** The column list and the SELECT that reads them back from a JSON array `r`, for LogsRepo.insertBulk. */
export const COLUMN_LIST = sql.raw(COLUMNS.map(([column]) => column).join(', '));
export const SELECT_LIST = sql.raw(
  COLUMNS.map(([column, type], i) => {
    if (type === 'jsonb') return `nullif(r->${i}, 'null'::jsonb)`;
    const cast = type === 'text' ? `r->>${i}` : `(r->>${i})::${type}`;
    return column === 'created_at' ? `coalesce(${cast}, now())` : cast;
  }).join(', '),
);

/** Rows per INSERT statement, and the most JSON text one statement carries (a 1,000-row chunk of full rows is about 1 MB). */
export const ROWS_PER_INSERT = 1000;
export const BYTES_PER_INSERT = 4 * 1024 * 1024;
/** Staged rows moved into logs a statement (see LogsRepo.insertBulk). */
export const LOGS_PER_INSERT = 10_000;

export function toBulkTuple(log: BulkLog): BulkTuple {
  return COLUMNS.map(([, , value]) => value(log));
}

export function toBulkRow(log: BulkLog): BulkRow {
  return JSON.stringify(toBulkTuple(log));
}
