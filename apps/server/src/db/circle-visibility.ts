import { sql, type SQL } from 'drizzle-orm';
import { circleMembers, logs } from './schema';

/**
 * The Inner Circle's one visibility rule in SQL (core/circle.ts friendMaySee is the same rule in
 * TypeScript): a row of `logs` that `memberId` may see through its owner's circle. Public and
 * protected only; the owner must have added the member; its lake not turned off for the member;
 * every tag on it turned on for the member. Every read path of another angler's logs through the
 * circle (feed, charts, markers, visitor list, tags, single log) uses it, so the filter is applied
 * where the rows are counted and paged.
 */
export function friendMaySee(memberId: string | SQL): SQL {
  return sql`(${logs.privacy} in ('public', 'protected') and exists (
    select 1 from ${circleMembers} as cm
    where cm.owner_id = ${logs.userId} and cm.member_id = ${memberId}
      and (${logs.lakeName} is null or lower(${logs.lakeName}) <> all(cm.hidden_lakes))
      and not exists (select 1 from unnest(${logs.tags}) as t where lower(t) <> all(cm.allowed_tags))))`;
}
