import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { forecastSearches } from '../../db/schema';

export class ForecastRepo {
  constructor(private readonly ctx: DbContext) {}

  private get db() {
    return this.ctx.db;
  }

  /** The member's saved searches, newest first. */
  async searchesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ term: forecastSearches.term })
      .from(forecastSearches)
      .where(eq(forecastSearches.userId, userId))
      .orderBy(desc(forecastSearches.searchedAt));
    return rows.map((r) => r.term);
  }

  /** A repeated search moves to the top instead of appearing twice. */
  async saveSearch(userId: string, term: string, at: Date): Promise<void> {
    // The unique index is on lower(term), which the builder's conflict target cannot name.
    await this.db.execute(sql`
      insert into forecast_searches (user_id, term, searched_at) values (${userId}, ${term}, ${at})
      on conflict (user_id, lower(term)) do update set searched_at = excluded.searched_at, term = excluded.term`);
  }

  async removeSearch(userId: string, term: string): Promise<boolean> {
    const rows = await this.db
      .delete(forecastSearches)
      .where(and(eq(forecastSearches.userId, userId), sql`lower(${forecastSearches.term}) = lower(${term})`))
      .returning({ term: forecastSearches.term });
    return rows.length > 0;
  }
}
