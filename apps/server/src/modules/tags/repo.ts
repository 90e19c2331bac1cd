import { and, asc, eq, sql } from 'drizzle-orm';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { queryRows } from '../../db/client';
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

  /**
   * Adds the names not yet on the list (in any case), in one statement; the first spelling wins.
   * Answers how many were added and how long the list was before (the statement's snapshot).
   */
  async addMany(userId: string, names: readonly string[]): Promise<{ added: number; before: number }> {
    const unique = [...new Map(names.map((name) => [name.toLowerCase(), name] as const).reverse()).values()];
    if (unique.length === 0) return { added: 0, before: 0 };
    const [row] = await queryRows<{ added: number; before: number }>(
      this.ctx.db,
      sql`with added as (
            insert into user_tags (user_id, name)
            select ${userId}, t from unnest(${pgTextArray(unique)}::text[]) as t
            on conflict (user_id, lower(name)) do nothing
            returning 1
          )
          select (select count(*)::int from added) as added,
                 (select count(*)::int from user_tags where user_id = ${userId}) as before`,
    );
    return { added: Number(row?.added ?? 0), before: Number(row?.before ?? 0) };
  }

  async remove(userId: string, name: string): Promise<void> {
    await this.ctx.db.delete(userTags).where(and(eq(userTags.userId, userId), sql`lower(${userTags.name}) = lower(${name})`));
  }
}
