import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { AUTOFILL_LIMIT } from '@tightlines/core/logs';
import { queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';
import { userTags } from '../../db/schema';
import { pgTextArray } from '../../lib/pg-text-array';

/** The names once each regardless of case; the first spelling wins. */
function uniqueNames(names: readonly string[]): string[] {
  return [...new Map(names.map((name) => [name.toLowerCase(), name] as const).reverse()).values()];
}

/** Tags put on a member's list by the statement that carries `cte`; `overLimit` must refuse that statement. */
export type TagsAdding = { cte: WithSubqueryWithSelection<{ added: SQL<number> }, 'added_tags'>; overLimit: SQL<boolean> };

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
    const unique = uniqueNames(names);
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

  /**
   * addMany as a part of another statement (the insert of a log): a CTE adding the names, and a
   * condition, true when the list grew past `max` (the statement's snapshot, as addMany).
   */
  adding(userId: string, names: readonly string[], max: number): TagsAdding {
    const cte = this.ctx.db.$with('added_tags', { added: sql<number>`1` }).as(
      sql`insert into user_tags (user_id, name)
          select ${userId}, t from unnest(${pgTextArray(uniqueNames(names))}::text[]) as t
          on conflict (user_id, lower(name)) do nothing
          returning 1 as added`,
    );
    const added = sql`(select count(*) from added_tags)`;
    const overLimit = sql<boolean>`(${added} > 0 and (select count(*) from user_tags where user_id = ${userId}) + ${added} > ${max})`;
    return { cte, overLimit };
  }

  async remove(userId: string, name: string): Promise<void> {
    await this.ctx.db.delete(userTags).where(and(eq(userTags.userId, userId), sql`lower(${userTags.name}) = lower(${name})`));
  }
}
