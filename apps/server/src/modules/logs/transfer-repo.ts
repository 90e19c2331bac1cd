import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logs } from '../../db/schema';
import type { LogRow, NewLog } from './repo';

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

const COLUMN_LIST = sql.raw(COLUMNS.map(([column]) => column).join(', '));
const SELECT_LIST = sql.raw(
  COLUMNS.map(([column, type], i) => {
    if (type === 'jsonb') return `nullif(r->${i}, 'null'::jsonb)`;
    const cast = type === 'text' ? `r->>${i}` : `(r->>${i})::${type}`;
    return column === 'created_at' ? `coalesce(${cast}, now())` : cast;
  }).join(', '),
);

/** Rows per INSERT statement, and the most JSON text one statement carries (a 1,000-row chunk of full rows is about 1 MB). */
export const ROWS_PER_INSERT = 1000;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

export function toBulkTuple(log: BulkLog): BulkTuple {
  return COLUMNS.map(([, , value]) => value(log));
}

export function toBulkRow(log: BulkLog): BulkRow {
  return JSON.stringify(toBulkTuple(log));
}

/** A text[] literal ('{"a","b"}'), cast to text[] by PostgreSQL. */
export function pgTextArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

export type ExportPageRow = LogRow & { cursorAt: string };

/**
 * The raw paths of log import and export. Inserts are set-based: up to ROWS_PER_INSERT rows go as
 * ONE parameter (a JSON array of row arrays) that `INSERT ... SELECT ... FROM jsonb_array_elements`
 * unpacks, so no statement comes near PostgreSQL's 65,535-parameter limit, building a statement
 * costs one string join, and the same SQL runs on PGlite and node-postgres. Reads are keyset-paged.
 */
export class TransferRepo {
  constructor(private readonly db: Db) {}

  /**
   * Inserts every row and adds the tags to the user's tag list, all in one transaction: either
   * everything is saved or nothing is. Rows are read from the iterable as they are sent, so a
   * caller can let go of each one once it has been handed over. With `onlyIfNoLogs`, nothing is
   * inserted (0) when the user already has logs.
   */
  async insertLogs(
    userId: string,
    rows: Iterable<BulkRow>,
    tags: readonly string[],
    options: { onlyIfNoLogs?: boolean } = {},
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (options.onlyIfNoLogs) {
        // Under a lock on the user's row, so two servers starting together cannot both seed.
        await tx.execute(sql`select id from users where id = ${userId} for update`);
        const [row] = await tx.select({ id: logs.id }).from(logs).where(eq(logs.userId, userId)).limit(1);
        if (row) return 0;
      }
      let inserted = 0;
      let chunk: BulkRow[] = [];
      let bytes = 0;
      const flush = async () => {
        if (chunk.length === 0) return;
        // One parameter per statement: the rows as a JSON array of arrays, unpacked by PostgreSQL.
        const rowsJson = `[${chunk.join(',')}]`;
        const count = chunk.length;
        chunk = [];
        bytes = 0;
        await tx.execute(sql`insert into logs (${COLUMN_LIST}) select ${SELECT_LIST} from jsonb_array_elements(${rowsJson}::jsonb) as r`);
        inserted += count;
      };
      for (const row of rows) {
        chunk.push(row);
        bytes += row.length;
        if (chunk.length >= ROWS_PER_INSERT || bytes >= BYTES_PER_INSERT) await flush();
      }
      await flush();
      if (tags.length > 0) {
        await tx.execute(sql`
          insert into user_tags (user_id, name)
          select ${userId}, t from unnest(${pgTextArray(tags)}::text[]) as t
          on conflict (user_id, lower(name)) do nothing`);
      }
      return inserted;
    });
  }

  /**
   * One page of the user's logs in (occurred_at, id) order, after the given cursor. The cursor's
   * time is PostgreSQL's own text for the timestamp, so microseconds survive the round trip.
   */
  async page(userId: string, after: { at: string; id: string } | null, limit: number): Promise<ExportPageRow[]> {
    const rows = await this.db
      .select({ log: logs, cursorAt: sql<string>`${logs.occurredAt}::text` })
      .from(logs)
      .where(
        and(
          eq(logs.userId, userId),
          after ? sql`(${logs.occurredAt}, ${logs.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(logs.occurredAt), asc(logs.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.log, cursorAt: r.cursorAt }));
  }

  async countOf(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(logs).where(eq(logs.userId, userId));
    return Number(row?.n ?? 0);
  }
}
