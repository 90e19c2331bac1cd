import { and, gte, lte } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { lakes } from '../../db/schema';

export type LakeRow = typeof lakes.$inferSelect;
export type NewLake = typeof lakes.$inferInsert;

/** Named waters: from anglers' logs and from the lake map service. */
export class LakesRepo {
  constructor(private readonly ctx: DbContext) {}

  /** Lakes pinned within a box of `degrees` latitude (twice that in longitude) around the point. */
  near(lat: number, lng: number, degrees: number): Promise<LakeRow[]> {
    return this.ctx.db
      .select()
      .from(lakes)
      .where(and(gte(lakes.lat, lat - degrees), lte(lakes.lat, lat + degrees), gte(lakes.lng, lng - degrees * 2), lte(lakes.lng, lng + degrees * 2)))
      .limit(200);
  }

  async add(values: NewLake[]): Promise<void> {
    if (values.length > 0) await this.ctx.db.insert(lakes).values(values);
  }
}
