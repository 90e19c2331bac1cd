import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';

/** Daily usage counters (usage_counters). */
export class QuotasRepo {
  constructor(private readonly ctx: DbContext) {}

  /**
   * Adds one use (and `bytes`) to the day's counter when the result stays within both limits, in
   * one statement, so concurrent requests on any process cannot pass the limit together. Answers
   * whether it was added; a refused use changes nothing.
   */
  async spend(subject: string, kind: string, day: string, bytes: number, maxCount: number, maxBytes: number): Promise<boolean> {
    if (bytes > maxBytes || maxCount < 1) return false;
    const rows = await queryRows<{ count: number }>(
      this.ctx.db,
      sql`
      insert into usage_counters (subject, kind, day, count, bytes)
      values (${subject}, ${kind}, ${day}, 1, ${bytes})
      on conflict (subject, kind, day) do update
        set count = usage_counters.count + 1, bytes = usage_counters.bytes + excluded.bytes
        where usage_counters.count + 1 <= ${maxCount} and usage_counters.bytes + excluded.bytes <= ${maxBytes}
      returning count`,
    );
    return rows.length === 1;
  }

  /** Whether the day's count of `kind` has reached `max`. */
  async countReached(subject: string, kind: string, day: string, max: number): Promise<boolean> {
    const rows = await queryRows<{ count: number }>(
      this.ctx.db,
      sql`select count from usage_counters where subject = ${subject} and kind = ${kind} and day = ${day}`,
    );
    return (rows[0]?.count ?? 0) >= max;
  }

  /** Counters of days before `day` are of no use any more. */
  async forgetBefore(day: string): Promise<void> {
    await this.ctx.db.execute(sql`delete from usage_counters where day < ${day}`);
  }
}
