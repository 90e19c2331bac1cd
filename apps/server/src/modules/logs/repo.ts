import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { queryRows, type Db } from '../../db/client';
import { circleMembers, lakes, logs, outings, userTags, users } from '../../db/schema';

export type LogRow = typeof logs.$inferSelect;
export type NewLog = typeof logs.$inferInsert;
export type LogWithOwner = LogRow & { username: string };

export class LogsRepo {
  constructor(private readonly db: Db) {}

  private selectWithOwner() {
    return this.db
      .select({ log: logs, username: users.username })
      .from(logs)
      .innerJoin(users, eq(users.id, logs.userId));
  }

  private static flatten(rows: Array<{ log: LogRow; username: string }>): LogWithOwner[] {
    return rows.map((r) => ({ ...r.log, username: r.username }));
  }

  /**
   * Counts this month's logs and inserts under a lock on the user's row, so two simultaneous
   * creates cannot both take the last free log of the month.
   */
  async createWithinAllowance(values: NewLog, allowance: number | null, monthStart: Date): Promise<LogRow | null> {
    return this.db.transaction(async (tx) => {
      if (allowance !== null) {
        await tx.execute(sql`select id from ${users} where ${users.id} = ${values.userId} for update`);
        const [used] = await tx
          .select({ n: count() })
          .from(logs)
          .where(and(eq(logs.userId, values.userId), gte(logs.createdAt, monthStart), ne(logs.type, 'Outing')));
        if ((used?.n ?? 0) >= allowance) return null;
      }
      const [row] = await tx.insert(logs).values(values).returning();
      return row ?? null;
    });
  }

  /** The outing in progress a new log joins: started before the log and not ended. */
  async activeOutingAt(userId: string, at: Date): Promise<string | null> {
    const [row] = await this.db
      .select({ id: outings.logId })
      .from(outings)
      .where(and(eq(outings.userId, userId), isNull(outings.endedAt), lte(outings.startedAt, at)))
      .limit(1);
    return row?.id ?? null;
  }

  async countCreatedSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(logs)
      .where(and(eq(logs.userId, userId), gte(logs.createdAt, since), ne(logs.type, 'Outing')));
    return row?.n ?? 0;
  }

  async findById(id: string): Promise<LogWithOwner | undefined> {
    return LogsRepo.flatten(await this.selectWithOwner().where(eq(logs.id, id)).limit(1))[0];
  }

  async update(id: string, values: Partial<NewLog>): Promise<LogRow | undefined> {
    const [row] = await this.db
      .update(logs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(logs.id, id))
      .returning();
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
  async deleteMany(ids: string[], userId: string): Promise<number | null> {
    const wanted = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const owned = await tx
        .select({ id: logs.id })
        .from(logs)
        .where(and(inArray(logs.id, wanted), eq(logs.userId, userId)))
        .for('update');
      if (owned.length !== wanted.length) return null;
      await tx.delete(logs).where(and(inArray(logs.id, wanted), eq(logs.userId, userId)));
      return wanted.length;
    });
  }

  async listByUser(userId: string, limit: number, offset: number): Promise<{ rows: LogWithOwner[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.selectWithOwner()
        .where(eq(logs.userId, userId))
        .orderBy(desc(logs.occurredAt), desc(logs.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(logs).where(eq(logs.userId, userId)),
    ]);
    return { rows: LogsRepo.flatten(rows), total: total?.n ?? 0 };
  }

  /** The owner's logs a viewer may read: public ones, protected ones when in the owner's circle. */
  async listVisible(ownerId: string, inCircle: boolean, limit: number): Promise<LogWithOwner[]> {
    const levels = inCircle ? ['public', 'protected'] : ['public'];
    return LogsRepo.flatten(
      await this.selectWithOwner()
        .where(and(eq(logs.userId, ownerId), inArray(logs.privacy, levels)))
        .orderBy(desc(logs.occurredAt), desc(logs.id))
        .limit(limit),
    );
  }

  async isInCircle(ownerId: string, memberId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ ownerId: circleMembers.ownerId })
      .from(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)))
      .limit(1);
    return row !== undefined;
  }

  async lureCategoriesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: logs.lureCategory })
      .from(logs)
      .where(and(eq(logs.userId, userId), isNotNull(logs.lureCategory)));
    return rows.map((r) => r.name).filter((n): n is string => n !== null);
  }

  async findLakeNames(userId: string, query: string): Promise<Array<{ name: string; lat: number; lng: number }>> {
    return queryRows(
      this.db,
      sql`select name, lat, lng from (
            select distinct on (lower(lake_name)) lake_name as name, lat, lng
            from ${logs} where user_id = ${userId} and lake_name is not null and lake_name ilike ${`${query}%`}
            order by lower(lake_name), occurred_at desc
          ) as matches order by lower(name) limit ${AUTOFILL_LIMIT}`,
    );
  }

  async tagsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: userTags.name })
      .from(userTags)
      .where(eq(userTags.userId, userId))
      .orderBy(asc(sql`lower(${userTags.name})`));
    return rows.map((r) => r.name);
  }

  async findTags(userId: string, query: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: userTags.name })
      .from(userTags)
      .where(and(eq(userTags.userId, userId), sql`${userTags.name} ilike ${`${query}%`}`))
      .orderBy(asc(sql`lower(${userTags.name})`))
      .limit(AUTOFILL_LIMIT);
    return rows.map((r) => r.name);
  }

  async visibleTagsOf(ownerId: string, inCircle: boolean): Promise<string[]> {
    const levels = inCircle ? ['public', 'protected'] : ['public'];
    const rows = await queryRows<{ tag: string }>(
      this.db,
      sql`select distinct unnest(tags) as tag from ${logs}
          where user_id = ${ownerId} and privacy in ${levels} order by 1`,
    );
    return rows.map((r) => r.tag);
  }

  async addTag(userId: string, name: string): Promise<void> {
    await this.db.execute(
      sql`insert into user_tags (user_id, name) values (${userId}, ${name}) on conflict (user_id, lower(name)) do nothing`,
    );
  }

  /** Removing a tag takes it off every log of the user too, in one transaction. */
  async removeTag(userId: string, name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(userTags).where(and(eq(userTags.userId, userId), sql`lower(${userTags.name}) = lower(${name})`));
      await tx.execute(sql`
        update logs set tags = array(select t from unnest(tags) as t where lower(t) <> lower(${name})), updated_at = now()
        where user_id = ${userId} and exists (select 1 from unnest(tags) as t where lower(t) = lower(${name}))`);
    });
  }

  async setLogTags(id: string, tags: string[]): Promise<string[]> {
    const [row] = await this.db
      .update(logs)
      .set({ tags, updatedAt: new Date() })
      .where(eq(logs.id, id))
      .returning({ tags: logs.tags });
    return row?.tags ?? [];
  }

  async lakesNear(lat: number, lng: number, degrees: number) {
    return this.db
      .select()
      .from(lakes)
      .where(and(gte(lakes.lat, lat - degrees), lte(lakes.lat, lat + degrees), gte(lakes.lng, lng - degrees * 2), lte(lakes.lng, lng + degrees * 2)))
      .limit(200);
  }


  async addLake(values: typeof lakes.$inferInsert): Promise<void> {
    await this.db.insert(lakes).values(values);
  }

  /** Logs whose outside data is still missing and due for another try. */
  async duePending(now: Date, limit: number): Promise<LogRow[]> {
    return this.db
      .select()
      .from(logs)
      .where(and(sql`cardinality(${logs.pending}) > 0`, lte(logs.enrichAfter, now)))
      .orderBy(asc(logs.enrichAfter))
      .limit(limit);
  }
}
