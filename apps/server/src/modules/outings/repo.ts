import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { outings } from '../../db/schema';

export type OutingRow = typeof outings.$inferSelect;

/** The outings table: each outing's span, keyed by its Outing log. */
export class OutingsRepo {
  constructor(private readonly ctx: DbContext) {}

  async active(userId: string): Promise<OutingRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(outings)
      .where(and(eq(outings.userId, userId), isNull(outings.endedAt)))
      .limit(1);
    return row;
  }

  /**
   * The outing in progress a log made at this time joins (started before it and not ended), as a
   * scalar subquery the log's insert runs: one statement where a lookup first would be two.
   */
  activeAt(userId: string, at: Date): SQL<string | null> {
    const outing = this.ctx.db
      .select({ id: outings.logId })
      .from(outings)
      .where(and(eq(outings.userId, userId), isNull(outings.endedAt), lte(outings.startedAt, at)))
      .limit(1);
    return sql<string | null>`(${outing})`;
  }

  async find(logId: string): Promise<OutingRow | undefined> {
    const [row] = await this.ctx.db.select().from(outings).where(eq(outings.logId, logId)).limit(1);
    return row;
  }

  async insert(row: OutingRow): Promise<void> {
    await this.ctx.db.insert(outings).values(row);
  }

  async update(logId: string, startedAt: Date, endedAt: Date | null): Promise<void> {
    await this.ctx.db.update(outings).set({ startedAt, endedAt }).where(eq(outings.logId, logId));
  }
}
