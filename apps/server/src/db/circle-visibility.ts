import { sql, type SQL } from 'drizzle-orm';
import { circleMembers, logs } from './schema';

/**
 * What one relation's filters let through, for a row of `logs`: its lake not turned off, every tag
 * on it turned on. `hiddenLakes` and `allowedTags` are text[] SQL (the relation's columns, or the
 * same values read from them as parameters).
 */
function passesFilters(hiddenLakes: SQL, allowedTags: SQL): SQL {
  // Not `tags_lower <@ allowed`: the planner then reads the GIN index of tags_lower (every log
  // whose tags are all allowed, across all anglers) and ANDs it with the owner's range, 2.4 s
  // against 0.8 s on PostgreSQL for 50 friends of 2,000 logs; written this way it cannot.
  return sql`(${logs.lakeName} is null or lower(${logs.lakeName}) <> all(${hiddenLakes}))
      and not exists (select 1 from unnest(${logs.tagsLower}) as t where t <> all(${allowedTags}))`;
}

/**
 * The Inner Circle's one visibility rule in SQL (core/circle.ts friendMaySee is the same rule in
 * TypeScript): a row of `logs` that `memberId` may see through its owner's circle. Public and
 * protected only; the owner must have added the member; its lake not turned off for the member;
 * every tag on it turned on for the member. Every read path of another angler's logs through the
 * circle (feed, charts, markers, visitor list, tags, single log) uses it, so the filter is applied
 * where the rows are counted and paged. Migration 0014_speed repeats the rule in the
 * triggers that keep circle_members.visible_logs (the feed's total, the circle lists' counts):
 * change both together; test/circle-counts.test.ts compares them.
 */
export function friendMaySee(memberId: string | SQL): SQL {
  return sql`(${logs.privacy} in ('public', 'protected') and exists (
    select 1 from ${circleMembers} as cm
    where cm.owner_id = ${logs.userId} and cm.member_id = ${memberId}
      and ${passesFilters(sql`cm.hidden_lakes`, sql`cm.allowed_tags`)}))`;
}

/**
 * The same rule with the relation's row already at hand as `cm` (a join or LATERAL over
 * circle_members that fixed the member): a row of `logs` its owner `cm.owner_id` shares along it.
 * Lets the feed read each owner's logs as an index range in the feed's order, where the correlated
 * `exists` above makes the database read every visible row before ordering them.
 */
export function sharedAlongCm(): SQL {
  return sql`(${logs.userId} = cm.owner_id and ${logs.privacy} in ('public', 'protected')
    and ${passesFilters(sql`cm.hidden_lakes`, sql`cm.allowed_tags`)})`;
}
