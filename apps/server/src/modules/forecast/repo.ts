import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forecastSearches } from '../../db/schema';

export class ForecastRepo {
  constructor(private readonly db: Db) {}

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
