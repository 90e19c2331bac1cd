import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logs, outings, users } from '../../db/schema';
import type { LogWithOwner } from '../logs/repo';

export type OutingRow = typeof outings.$inferSelect;

export class OutingsRepo {
  constructor(private readonly db: Db) {}

  async active(userId: string): Promise<OutingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(outings)
      .where(and(eq(outings.userId, userId), isNull(outings.endedAt)))
      .limit(1);
    return row;
  }

  async find(logId: string): Promise<OutingRow | undefined> {
    const [row] = await this.db.select().from(outings).where(eq(outings.logId, logId)).limit(1);
    return row;
  }

  /** Records the span and gathers the angler's loose logs that fall inside it. */
  async create(row: OutingRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(outings).values(row);
      await this.gather(tx as unknown as Db, row);
    });
  }

  private async gather(db: Db, row: OutingRow): Promise<void> {
    await db
      .update(logs)
      .set({ outingId: row.logId })
      .where(
        and(
          eq(logs.userId, row.userId),
          isNull(logs.outingId),
          sql`${logs.type} <> 'Outing'`,
          gte(logs.occurredAt, row.startedAt),
          row.endedAt ? lte(logs.occurredAt, row.endedAt) : sql`true`,
        ),
      );
  }

  async update(logId: string, startedAt: Date, endedAt: Date | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(outings).set({ startedAt, endedAt }).where(eq(outings.logId, logId));
      await tx.update(logs).set({ occurredAt: startedAt, updatedAt: new Date() }).where(eq(logs.id, logId));
      const [row] = await tx.select().from(outings).where(eq(outings.logId, logId));
      // Logs that no longer fall in the span leave it; those that now do join it.
      await tx
        .update(logs)
        .set({ outingId: null })
        .where(
          and(
            eq(logs.outingId, logId),
            sql`(${logs.occurredAt} < ${startedAt} or (${endedAt}::timestamptz is not null and ${logs.occurredAt} > ${endedAt}))`,
          ),
        );
      if (row) await this.gather(tx as unknown as Db, row);
    });
  }

  /** The outing's logs stay: their link is cleared by the foreign key. */
  async delete(logId: string): Promise<void> {
    await this.db.delete(logs).where(eq(logs.id, logId));
  }

  async logsOf(logId: string): Promise<LogWithOwner[]> {
    const rows = await this.db
      .select({ log: logs, username: users.username })
      .from(logs)
      .innerJoin(users, eq(users.id, logs.userId))
      .where(eq(logs.outingId, logId))
      .orderBy(asc(logs.occurredAt));
    return rows.map((r) => ({ ...r.log, username: r.username }));
  }
}
