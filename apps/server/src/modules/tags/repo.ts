import { and, asc, eq, sql } from 'drizzle-orm';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import type { DbContext } from '../../db/context';
import { userTags } from '../../db/schema';
import { pgTextArray } from '../../lib/pg-text-array';

/** A member's tag list (user_tags): one row per tag, unique regardless of case. */
export class TagsRepo {
  constructor(private readonly ctx: DbContext) {}

  async list(userId: string): Promise<string[]> {
    const rows = await this.ctx.db
      .select({ name: userTags.name })
      .from(userTags)
      .where(eq(userTags.userId, userId))
      .orderBy(asc(sql`lower(${userTags.name})`));
    return rows.map((r) => r.name);
  }

  async find(userId: string, prefix: string): Promise<string[]> {
    const rows = await this.ctx.db
      .select({ name: userTags.name })
      .from(userTags)
      .where(and(eq(userTags.userId, userId), sql`${userTags.name} ilike ${`${prefix}%`}`))
      .orderBy(asc(sql`lower(${userTags.name})`))
      .limit(AUTOFILL_LIMIT);
    return rows.map((r) => r.name);
  }

  /** Adds the names not yet on the list (in any case), in one statement; the first spelling wins. */
  async addMany(userId: string, names: readonly string[]): Promise<void> {
    const unique = [...new Map(names.map((name) => [name.toLowerCase(), name] as const).reverse()).values()];
    if (unique.length === 0) return;
    await this.ctx.db.execute(sql`
      insert into user_tags (user_id, name)
      select ${userId}, t from unnest(${pgTextArray(unique)}::text[]) as t
      on conflict (user_id, lower(name)) do nothing`);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.ctx.db.select({ n: sql<number>`count(*)::int` }).from(userTags).where(eq(userTags.userId, userId));
    return row?.n ?? 0;
  }

  async remove(userId: string, name: string): Promise<void> {
    await this.ctx.db.delete(userTags).where(and(eq(userTags.userId, userId), sql`lower(${userTags.name}) = lower(${name})`));
  }
}
