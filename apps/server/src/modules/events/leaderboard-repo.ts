import { and, asc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';
import { eventCheckins, eventEntries, eventFish } from '../../db/events-schema';

export type RankedRow = {
  entryId: string;
  memberId: string | null;
  name: string;
  username: string | null;
  team: string | null;
  division: string | null;
  points: number;
  fishCount: number;
  bigFish: number | null;
  rank: number;
  divisionRank: number;
};

/**
 * The leaderboard in one statement. Rows are the entries and, for team events, each team member
 * on their own (their fish are those entered for them). Flagged fish count for nothing. The score
 * follows the event's format: Points sums every fish's points; Biggest Bag sums the best `bagSize`
 * fish; Biggest Fish takes the best single fish; Most Fish ranks by the count, then by points.
 * Ties go to whoever caught their first fish earliest, then to the earlier entry.
 */
export class LeaderboardRepo {
  constructor(private readonly ctx: DbContext) {}

  async ranked(eventId: string, defaultBag: number): Promise<RankedRow[]> {
    return queryRows<RankedRow>(
      this.ctx.db,
      sql`
      with ev as (
        select format, coalesce(bag_size, ${defaultBag}) as bag from events where id = ${eventId}
      ),
      board as (
        select e.id as entry_id, null::uuid as member_id, e.name, e.username, e.team_name, e.division, e.created_at, 0 as member_order
        from event_entries e where e.event_id = ${eventId}
        union all
        select g.entry_id, g.id, g.name, null, e.team_name, coalesce(g.division, e.division), e.created_at, 1
        from event_group_members g join event_entries e on e.id = g.entry_id where e.event_id = ${eventId}
      ),
      fish as (
        select f.entry_id, f.group_member_id, f.points, f.size, f.date,
          row_number() over (partition by f.entry_id, f.group_member_id order by f.points desc, f.date asc) as best
        from event_fish f where f.event_id = ${eventId} and not f.flag
      ),
      scored as (
        select b.*,
          count(f.entry_id)::int as fish_count,
          coalesce(sum(f.points), 0) as total,
          coalesce(sum(f.points) filter (where f.best <= (select bag from ev)), 0) as bag_total,
          coalesce(max(f.points), 0) as best_fish,
          max(f.size) as big_fish,
          min(f.date) as first_fish
        from board b left join fish f on f.entry_id = b.entry_id and f.group_member_id is not distinct from b.member_id
        group by b.entry_id, b.member_id, b.name, b.username, b.team_name, b.division, b.created_at, b.member_order
      ),
      scores as (
        select s.*,
          round((case ev.format when 'Biggest Bag' then s.bag_total when 'Biggest Fish' then s.best_fish else s.total end)::numeric, 2)::float8 as score,
          case when ev.format = 'Most Fish' then s.fish_count else 0 end as count_key
        from scored s, ev
      )
      select entry_id as "entryId", member_id as "memberId", name, username, team_name as "team", division,
        score as "points", fish_count as "fishCount", round(big_fish::numeric, 2)::float8 as "bigFish",
        row_number() over (order by count_key desc, score desc, first_fish asc nulls last, created_at asc, entry_id, member_order, member_id)::int as "rank",
        row_number() over (partition by division order by count_key desc, score desc, first_fish asc nulls last, created_at asc, entry_id, member_order, member_id)::int as "divisionRank"
      from scores
      order by "rank"
    `,
    );
  }

  /** What a board is drawn from: the ranking, the fish and the check-ins (side by side where the connection allows). */
  board(eventId: string, defaultBag: number) {
    return this.ctx.reads(
      () => this.ranked(eventId, defaultBag),
      () => this.fish(eventId),
      () => this.checkins(eventId),
    );
  }

  /** Every check-in of the event's entries, for the board's check mark (the rule is check-in's, in core). */
  async checkins(eventId: string) {
    return this.ctx.db
      .select({ entryId: eventCheckins.entryId, date: eventCheckins.date })
      .from(eventCheckins)
      .innerJoin(eventEntries, eq(eventEntries.id, eventCheckins.entryId))
      .where(eq(eventEntries.eventId, eventId));
  }

  /** The event's fish that count (not flagged), oldest first, for the rows' fish lists and the charts. */
  async fish(eventId: string) {
    return this.ctx.db
      .select()
      .from(eventFish)
      .where(and(eq(eventFish.eventId, eventId), eq(eventFish.flag, false)))
      .orderBy(asc(eventFish.date));
  }
}
