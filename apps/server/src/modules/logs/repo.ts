import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { friendMaySee } from '../../db/circle-visibility';
import { analyzeLogs, queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';
import { logs } from '../../db/schema';
import { pgTextArray } from '../../lib/pg-text-array';
import { BYTES_PER_INSERT, COLUMN_LIST, LOGS_PER_INSERT, ROWS_PER_INSERT, SELECT_LIST, type BulkRow } from './bulk';
import { EXPORT_ROW_SELECT } from './export-row';
import { logRowColumns, type LogRow, type NewLog, type NewLogValues } from './rows';

/** Public logs to anyone; to a friend (not the owner) also what the owner's circle shares with them. */
function visibleTo(friendId: string | null) {
  const everyone = eq(logs.privacy, 'public');
  return friendId === null ? everyone : or(everyone, friendMaySee(friendId))!;
}

/** Tags a log's insert puts on the member's list (TagsService.adding). */
export type TagsOfInsert = { cte: WithSubquery; overLimit: SQL<boolean> };

/** A log just saved, and the answer to the question asked in its insert (null when none was). */
export type InsertedLog = LogRow & { friendsToTell: boolean | null };

/** An outing's span: logs in it (start and end included) belong to it. No end: in progress. */
export type Span = { start: Date; end: Date | null };

/**
 * The logs table, and nothing else: every SQL on logs lives here or in query-repo.ts (the data
 * page's filters and counts). Other modules reach logs through LogsService and LogsQuery.
 */
export class LogsRepo {
  constructor(private readonly ctx: DbContext) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * Serializes a member's allowance checks and first-import checks until the transaction ends, so
   * two simultaneous creates cannot both take the last free log of the month.
   */
  private async lockMember(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`logs:${userId}`}, 0))`);
  }

  /**
   * Counts this month's logs and inserts, under the member's lock; null when the allowance is used
   * up. Without an allowance the insert is one statement and needs no transaction of its own.
   */
  async insertWithinAllowance(values: NewLogValues, allowance: number | null, monthStart: Date, tags: TagsOfInsert | null, asked: SQL<boolean> | null): Promise<InsertedLog | null> {
    if (allowance === null) return this.insert(values, tags, asked);
    return this.ctx.transaction(async () => {
      await this.lockMember(values.userId);
      if ((await this.countCreatedSince(values.userId, monthStart)) >= allowance) return null;
      return this.insert(values, tags, asked);
    });
  }

  /**
   * With `tags`, the same statement puts them on the member's list, and a list grown past its limit
   * makes the log's tags null, which their NOT NULL refuses: the log and its tags are saved or
   * neither is, without a transaction (see isNotNullViolation). `asked` is answered beside the row
   * as `friendsToTell`.
   */
  async insert(values: NewLogValues, tags: TagsOfInsert | null = null, asked: SQL<boolean> | null = null): Promise<InsertedLog> {
    const returned = { ...logRowColumns, friendsToTell: asked ?? sql<null>`null` };
    const [row] = tags
      ? await this.db
          .with(tags.cte)
          .insert(logs)
          .values(Object.assign(values, { tags: sql<string[]>`case when ${tags.overLimit} then null else ${pgTextArray(values.tags ?? [])}::text[] end` }))
          .returning(returned)
      : await this.db.insert(logs).values(values).returning(returned);
    if (!row) throw new Error('insert returned no log');
    return row;
  }

  /** Logs created since then that count against the allowance (an Outing log does not). */
  async countCreatedSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(logs)
      .where(and(eq(logs.userId, userId), gte(logs.createdAt, since), ne(logs.type, 'Outing')));
    return row?.n ?? 0;
  }

  async findById(id: string): Promise<LogRow | undefined> {
    const [row] = await this.db.select(logRowColumns).from(logs).where(eq(logs.id, id)).limit(1);
    return row;
  }

  /** The owner's logs that show this photo, with what deciding who may read them takes. */
  withPhoto(ownerId: string, photo: string) {
    return this.db
      .select({ userId: logs.userId, privacy: logs.privacy, lakeName: logs.lakeName, tags: logs.tags })
      .from(logs)
      .where(and(eq(logs.userId, ownerId), eq(logs.photo, photo)));
  }

  async update(id: string, values: Partial<NewLog>): Promise<LogRow | undefined> {
    const [row] = await this.db
      .update(logs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(logs.id, id))
      .returning(logRowColumns);
    return row;
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(logs)
      .where(and(eq(logs.id, id), eq(logs.userId, userId)))
      .returning({ id: logs.id });
    return rows.length === 1;
  }

  /** All or nothing: when any id is not the user's, nothing is deleted. */
  /** All or nothing; answers the deleted logs' photos (to remove their files), or null. */
  async deleteMany(ids: string[], userId: string): Promise<{ count: number; photos: string[] } | null> {
    const wanted = [...new Set(ids)];
    return this.ctx.transaction(async () => {
      const owned = await this.db
        .select({ id: logs.id, photo: logs.photo })
        .from(logs)
        .where(and(inArray(logs.id, wanted), eq(logs.userId, userId)))
        .for('update');
      if (owned.length !== wanted.length) return null;
      await this.db.delete(logs).where(and(inArray(logs.id, wanted), eq(logs.userId, userId)));
      return { count: wanted.length, photos: owned.flatMap((o) => (o.photo ? [o.photo] : [])) };
    });
  }

  async listByUser(userId: string, limit: number, offset: number): Promise<{ rows: LogRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.db.select(logRowColumns).from(logs).where(eq(logs.userId, userId)).orderBy(desc(logs.occurredAt), desc(logs.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(logs).where(eq(logs.userId, userId)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The owner's logs a viewer who is not the owner may read: public ones, and for a member of the
   * owner's circle (`friendId`) also the protected ones the owner's per-friend filter lets through.
   */
  listVisible(ownerId: string, friendId: string | null, limit: number): Promise<LogRow[]> {
    return this.db
      .select(logRowColumns)
      .from(logs)
      .where(and(eq(logs.userId, ownerId), visibleTo(friendId)))
      .orderBy(desc(logs.occurredAt), desc(logs.id))
      .limit(limit);
  }

  async lureCategoriesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: logs.lureCategory })
      .from(logs)
      .where(and(eq(logs.userId, userId), isNotNull(logs.lureCategory)));
    return rows.map((r) => r.name).filter((n): n is string => n !== null);
  }

  /** Lake names of the member's logs starting with the prefix, each at its latest log's point. */
  /** The point of the member's latest log, by its time. */
  async latestPoint(userId: string): Promise<{ lat: number; lng: number; lake: string | null } | null> {
    const rows = await queryRows<{ lat: number; lng: number; lake: string | null }>(
      this.db,
      sql`select lat, lng, lake_name as lake from ${logs} where user_id = ${userId} order by occurred_at desc limit 1`,
    );
    return rows[0] ?? null;
  }

  /**
   * Every lake the member has logged, by name, at the point of their latest log there. The names are
   * walked one by one along logs_user_lake_lower_idx, each lake's latest log read from its end: as
   * many index probes as lakes, where a DISTINCT ON over the member's logs sorted all of them.
   */
  async loggedLakes(userId: string): Promise<Array<{ name: string; location: { lat: number; lng: number } }>> {
    const rows = await queryRows<{ name: string; lat: number; lng: number }>(
      this.db,
      sql`with recursive names(k) as (
            (select lower(lake_name) from ${logs} where user_id = ${userId} and lake_name is not null order by lower(lake_name) limit 1)
            union all
            select (select lower(lake_name) from ${logs} where user_id = ${userId} and lower(lake_name) > names.k order by lower(lake_name) limit 1)
            from names where names.k is not null
          )
          select latest.name, latest.lat, latest.lng from names
          cross join lateral (
            select lake_name as name, lat, lng from ${logs}
            where user_id = ${userId} and lower(lake_name) = names.k order by occurred_at desc, id desc limit 1
          ) as latest
          where names.k is not null
          order by names.k limit 1000`,
    );
    return rows.map((r) => ({ name: r.name, location: { lat: r.lat, lng: r.lng } }));
  }

  lakeNames(userId: string, prefix: string): Promise<Array<{ name: string; lat: number; lng: number }>> {
    return queryRows(
      this.db,
      sql`select name, lat, lng from (
            select distinct on (lower(lake_name)) lake_name as name, lat, lng
            from ${logs} where user_id = ${userId} and lake_name is not null and lake_name ilike ${`${prefix}%`}
            order by lower(lake_name), occurred_at desc
          ) as matches order by lower(name) limit ${AUTOFILL_LIMIT}`,
    );
  }

  /** The tags on the owner's logs the viewer may read (see listVisible). */
  async tagsOn(ownerId: string, friendId: string | null): Promise<string[]> {
    const rows = await queryRows<{ tag: string }>(
      this.db,
      sql`select distinct unnest(tags) as tag from ${logs}
          where user_id = ${ownerId} and ${visibleTo(friendId)} order by 1`,
    );
    return rows.map((r) => r.tag);
  }

  /** Takes a tag (in any case) off every log of the member. */
  async stripTag(userId: string, name: string): Promise<void> {
    await this.db.execute(sql`
      update logs set tags = array(select t from unnest(tags) as t where lower(t) <> lower(${name})), updated_at = now()
      where user_id = ${userId} and tags_lower @> array[lower(${name})]::text[]`);
  }

  async setTags(id: string, tags: string[]): Promise<string[]> {
    const [row] = await this.db.update(logs).set({ tags, updatedAt: new Date() }).where(eq(logs.id, id)).returning({ tags: logs.tags });
    return row?.tags ?? [];
  }

  /** Logs whose outside data is still missing and due for another try, oldest due first. */
  duePending(now: Date, limit: number): Promise<LogRow[]> {
    return this.db
      .select(logRowColumns)
      .from(logs)
      .where(and(sql`cardinality(${logs.pending}) > 0`, lte(logs.enrichAfter, now)))
      .orderBy(asc(logs.enrichAfter))
      .limit(limit);
  }

  // -----------------------------------------------------------------------------------------------
  // Outings: an outing is an Outing log; the logs in its span point to it by outing_id.
  // -----------------------------------------------------------------------------------------------

  inOuting(userId: string, outingId: string): Promise<LogRow[]> {
    return this.db
      .select(logRowColumns)
      .from(logs)
      .where(and(eq(logs.userId, userId), eq(logs.outingId, outingId)))
      .orderBy(asc(logs.occurredAt));
  }

  /** The member's logs in the span that belong to no outing join this one. */
  async joinOuting(userId: string, outingId: string, span: Span): Promise<void> {
    await this.db
      .update(logs)
      .set({ outingId })
      .where(
        and(
          eq(logs.userId, userId),
          isNull(logs.outingId),
          ne(logs.type, 'Outing'),
          gte(logs.occurredAt, span.start),
          span.end ? lte(logs.occurredAt, span.end) : undefined,
        ),
      );
  }

  /** The outing's logs outside the span leave it. */
  async leaveOuting(outingId: string, span: Span): Promise<void> {
    await this.db
      .update(logs)
      .set({ outingId: null })
      .where(
        and(
          eq(logs.outingId, outingId),
          sql`(${logs.occurredAt} < ${span.start} or (${span.end}::timestamptz is not null and ${logs.occurredAt} > ${span.end}))`,
        ),
      );
  }

  // -----------------------------------------------------------------------------------------------
  // Bulk paths: import, the demo season, export.
  // -----------------------------------------------------------------------------------------------

  /** The planner's statistics of the logs table, sampled again (see ANALYZE_AFTER_IMPORTED_ROWS). */
  refreshStatistics(): Promise<void> {
    return analyzeLogs(this.db);
  }

  /**
   * Inserts every row, in a transaction (the caller's, if it has one). Up to ROWS_PER_INSERT rows go
   * as ONE parameter (a JSON array of row arrays) that `INSERT ... SELECT ... FROM jsonb_array_elements`
   * unpacks, so no statement comes near PostgreSQL's 65,535-parameter limit and the same SQL runs on
   * PGlite and node-postgres. They are staged in a temporary table, then moved into logs
   * LOGS_PER_INSERT a statement: the log_tallies triggers' work is mostly per statement (an upsert
   * for each value the statement's rows show), so 100,000 rows cost about 13 s inside PGlite at
   * 1,000 a statement and about 10 s at 10,000, while 10,000 rows as one JSON parameter grew the
   * import's memory past 300 MB. Rows are read from the source as they are sent, so a caller can let
   * go of each once handed over. With `onlyIfNoLogs`, nothing is inserted (0) when the member already
   * has logs.
   */
  async insertBulk(userId: string, rows: Iterable<BulkRow> | AsyncIterable<readonly BulkRow[]>, options: { onlyIfNoLogs?: boolean } = {}): Promise<number> {
    return this.ctx.transaction(async () => {
      if (options.onlyIfNoLogs) {
        // Under the member's lock, so two servers starting together cannot both seed.
        await this.lockMember(userId);
        const [row] = await this.db.select({ id: logs.id }).from(logs).where(eq(logs.userId, userId)).limit(1);
        if (row) return 0;
      }
      await this.db.execute(sql`create temp table bulk_logs on commit drop as select ${COLUMN_LIST} from logs limit 0`);
      await this.db.execute(sql`alter table bulk_logs add column at bigint generated always as identity primary key`);
      let staged = 0;
      let chunk: BulkRow[] = [];
      let bytes = 0;
      const flush = async () => {
        if (chunk.length === 0) return;
        const rowsJson = `[${chunk.join(',')}]`;
        const n = chunk.length;
        chunk = [];
        bytes = 0;
        await this.db.execute(sql`insert into bulk_logs (${COLUMN_LIST}) select ${SELECT_LIST} from jsonb_array_elements(${rowsJson}::jsonb) as r`);
        staged += n;
      };
      const add = async (batch: Iterable<BulkRow>) => {
        for (const row of batch) {
          chunk.push(row);
          bytes += row.length;
          if (chunk.length >= ROWS_PER_INSERT || bytes >= BYTES_PER_INSERT) await flush();
        }
      };
      if (Symbol.asyncIterator in rows) for await (const batch of rows) await add(batch);
      else await add(rows);
      await flush();
      for (let from = 0; from < staged; from += LOGS_PER_INSERT) {
        await this.db.execute(sql`insert into logs (${COLUMN_LIST}) select ${COLUMN_LIST} from bulk_logs where at > ${from} and at <= ${from + LOGS_PER_INSERT}`);
      }
      await this.db.execute(sql`drop table bulk_logs`);
      return staged;
    });
  }

  /**
   * One page of the member's logs for the export, in (occurred_at, id) order after the given
   * cursor, each as the JSON array of EXPORT_ROW_SELECT. The cursor's time is PostgreSQL's own text
   * for the timestamp, so microseconds survive the round trip.
   */
  async exportPage(userId: string, after: { at: string; id: string } | null, limit: number): Promise<unknown[][]> {
    const rows = await queryRows<{ row: string }>(
      this.db,
      sql`select ${EXPORT_ROW_SELECT} as row
          from logs
          where logs.user_id = ${userId}
            ${after ? sql`and (logs.occurred_at, logs.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by logs.occurred_at, logs.id
          limit ${limit}`,
    );
    return rows.map(({ row }) => JSON.parse(row) as unknown[]);
  }

  async hasLogs(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: logs.id }).from(logs).where(eq(logs.userId, userId)).limit(1);
    return row !== undefined;
  }

  /**
   * The first local day with two or more logs (drafts aside) on the same lake: its first log and
   * the span from an hour before it to an hour after that day's last log there. For the demo outing.
   */
  async busiestMorning(userId: string): Promise<{ first: LogRow; span: { start: Date; end: Date } } | null> {
    const [day] = await queryRows<{ id: string; started_at: Date | string; ended_at: Date | string }>(
      this.db,
      sql`with day as (
            select lake_name, (occurred_at at time zone time_zone)::date as local_day,
                   min(occurred_at) as first_at, max(occurred_at) as last_at
            from logs where user_id = ${userId} and type <> 'Draft' and lake_name is not null
            group by lake_name, local_day having count(*) >= 2 order by local_day limit 1
          )
          select l.id, d.first_at - interval '1 hour' as started_at, d.last_at + interval '1 hour' as ended_at
          from logs l join day d on l.lake_name = d.lake_name and l.occurred_at = d.first_at
          where l.user_id = ${userId} order by l.id limit 1`,
    );
    if (!day) return null;
    const first = await this.findById(day.id);
    return first ? { first, span: { start: new Date(day.started_at), end: new Date(day.ended_at) } } : null;
  }
}
