import { sql } from 'drizzle-orm';
import { csvField, joinTags, LOG_CSV_COLUMNS } from '@tightlines/core/log-csv';
import { toLocalIso } from '@tightlines/core/time';
import { logs } from '../../db/schema';

/**
 * A log as the export's page query reads it: one JSON array the database writes with only the
 * columns the CSV file shows, turned into the file's line straight from that array. Building the
 * whole stored row, then the API's view of it, then the line cost an export more than the query.
 * The line is logCsvLine(toLogView(row)) byte for byte (logs-export-csv.test.ts).
 */
const COLUMNS = [
  logs.type,
  logs.occurredAt,
  logs.timeZone,
  logs.notes,
  logs.photo,
  logs.clusterCount,
  logs.tags,
  logs.privacy,
  logs.fishSpecies,
  logs.fishLength,
  logs.fishGirth,
  logs.fishWeight,
  logs.lureCategory,
  logs.lureColorPrimary,
  logs.lureColorSecondary,
  logs.lureLength,
  logs.lureNote,
  logs.waterTemp,
  logs.waterVisibility,
  logs.lakeStructure,
  logs.lakeDepth,
  logs.lureDepth,
  logs.waterflow,
  logs.gaugeStation,
  logs.gaugeSiteCode,
  logs.gaugeAgency,
  logs.lat,
  logs.lng,
  logs.lakeName,
  logs.state,
  logs.zone,
  logs.locationStructure,
  logs.weather,
  logs.lunar,
] as const;
const at = (column: (typeof COLUMNS)[number]) => COLUMNS.indexOf(column);
const OCCURRED_AT = at(logs.occurredAt);
const TIME_ZONE = at(logs.timeZone);
const TAGS = at(logs.tags);
const WATERFLOW = at(logs.waterflow);
const WEATHER = at(logs.weather);
const LUNAR = at(logs.lunar);
/** Then the keyset: occurred_at as PostgreSQL's text (microseconds kept) and the id. */
export const EXPORT_CURSOR_AT = COLUMNS.length;
export const EXPORT_ID = COLUMNS.length + 1;

/** Timestamps as epoch milliseconds, floored as the driver's Date parsing truncates. */
export const EXPORT_ROW_SELECT = sql`json_build_array(${sql.join(
  COLUMNS.map((column) => (column === logs.occurredAt ? sql`floor(extract(epoch from ${column}) * 1000)::float8` : sql`${column}`)),
  sql`, `,
)}, ${logs.occurredAt}::text, ${logs.id})::text`;

/** JSON carries NaN and ±Infinity of real and double columns as strings; the driver reads them as numbers. */
const FLOAT: readonly boolean[] = COLUMNS.map((column) => column.columnType === 'PgReal' || column.columnType === 'PgDoublePrecision');

const keysOf = (prefix: string) => LOG_CSV_COLUMNS.filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length));
const WATERFLOW_KEYS = keysOf('lake.waterflow.');
const WEATHER_KEYS = keysOf('weather.');
const LUNAR_KEYS = keysOf('lunar.');

type JsonObject = Record<string, unknown> | null;
type Cell = Parameters<typeof csvField>[0];

/** The fields of one JSON column's keys: a missing object or key is an empty field. */
function objectFields(value: unknown, keys: readonly string[]): string {
  const object = value as JsonObject;
  let fields = '';
  for (const key of keys) fields += `,${csvField((object?.[key] ?? null) as Cell)}`;
  return fields;
}

function field(values: readonly unknown[], i: number): string {
  const value = values[i] ?? null;
  return csvField((FLOAT[i] && typeof value === 'string' ? Number(value) : value) as Cell);
}

/** One exported row (see EXPORT_ROW_SELECT) as its CSV line, in LOG_CSV_COLUMNS order. */
export function exportRowLine(values: readonly unknown[]): string {
  let line = field(values, 0);
  line += `,${csvField(toLocalIso(new Date(values[OCCURRED_AT] as number), values[TIME_ZONE] as string))}`;
  for (let i = TIME_ZONE; i < TAGS; i += 1) line += `,${field(values, i)}`;
  line += `,${csvField(joinTags(values[TAGS] as string[]))}`;
  for (let i = TAGS + 1; i < WATERFLOW; i += 1) line += `,${field(values, i)}`;
  line += objectFields(values[WATERFLOW], WATERFLOW_KEYS);
  for (let i = WATERFLOW + 1; i < WEATHER; i += 1) line += `,${field(values, i)}`;
  line += objectFields(values[WEATHER], WEATHER_KEYS);
  line += objectFields(values[LUNAR], LUNAR_KEYS);
  return `${line}\r\n`;
}
