import { sql, type SQL } from 'drizzle-orm';
import { filterQuery } from '@tightlines/core/filters';
import { analyzeLogs, type Database, type Db } from '../../apps/server/src/db/client';
import { DbContext } from '../../apps/server/src/db/context';
import { LogsQueryRepo } from '../../apps/server/src/modules/logs/query-repo';
import { insertAnglers, insertSampleLogs, type SeededAngler } from '@tightlines/testkit/seed';
import { medianMs } from './plans';
import { poolLogs, stripe } from './sample-pool';

export const CIRCLE_PASSWORD = 'correct horse 42';

export type CircleSeeded = {
  member: SeededAngler;
  rows: number;
  visible: number;
  seedMs: number;
  /** Whether the logs came from the run's shared sample logs (else they were generated here). */
  logsFromFile: boolean;
  hiddenLake: string;
  hiddenTag: string;
};

/**
 * One member in the circles of `friends` anglers with `logs` demo-generator logs each (seasons
 * 2023-2025, every privacy level, tags: friend f has every `friends`-th of the run's shared sample
 * logs from the f-th on). Every friend allows the member all of their tags except one
 * and turns one lake off, so the per-friend filter does real work on every row.
 */
export async function seedCircle(database: Database, friends: number, logsEach: number): Promise<CircleSeeded> {
  const started = performance.now();
  const [member, ...others] = await insertAnglers(database, friends + 1, CIRCLE_PASSWORD, 'circlebench');
  const pool = poolLogs(member!.id, friends * logsEach);
  let rows = 0;
  const tags = new Set<string>();
  const lakes = new Set<string>();
  for (const [f, friend] of others.entries()) {
    const logs = stripe(pool.logs, f, friends).map((log) => ({ ...log, userId: friend.id }));
    for (const log of logs) {
      for (const tag of log.tags ?? []) tags.add(tag.toLowerCase());
      if (log.lakeName) lakes.add(log.lakeName.toLowerCase());
    }
    rows += await insertSampleLogs(database, friend.id, logs, { tags: false });
  }
  const [hiddenTag] = [...tags].sort();
  const [hiddenLake] = [...lakes].sort();
  const allowed = [...tags].filter((t) => t !== hiddenTag);
  for (const friend of others) {
    await database.db.execute(sql`insert into circle_members (owner_id, member_id, hidden_lakes, allowed_tags)
      values (${friend.id}, ${member!.id}, array(select jsonb_array_elements_text(${JSON.stringify([hiddenLake ?? ''])}::jsonb)),
              array(select jsonb_array_elements_text(${JSON.stringify(allowed)}::jsonb)))`);
  }
  const visibleRows = (await database.db.execute(sql`
    select count(*)::int as n from logs join circle_members m on m.owner_id = logs.user_id
    where m.member_id = ${member!.id} and logs.privacy in ('public', 'protected')
      and (logs.lake_name is null or lower(logs.lake_name) <> all(m.hidden_lakes))
      and not exists (select 1 from unnest(logs.tags_lower) as t where t <> all(m.allowed_tags))`)) as unknown as { rows: Array<{ n: number }> };
  return {
    member: member!,
    rows,
    visible: visibleRows.rows[0]?.n ?? 0,
    seedMs: performance.now() - started,
    logsFromFile: pool.fromFile,
    hiddenLake: hiddenLake ?? '',
    hiddenTag: hiddenTag ?? '',
  };
}

/** Planner statistics as the server keeps them (logs on the columns it plans by), so the plans below are the server's. */
export async function analyzeCircle(database: Database): Promise<void> {
  await analyzeLogs(database.db);
  await database.db.execute(sql`analyze circle_members, users`);
}

export type FeedCase = { label: string; query: string };
export type FeedPlan = { label: string; lines: string[]; callMs: number };

/** The feed's repository call for a query string, as the logs service makes it. */
function feedThrough(repo: LogsQueryRepo, memberId: string, query: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  const q = filterQuery.parse(params);
  const from = params.after ? { after: params.after, offset: 0 } : { offset: (q.page - 1) * q.limit };
  return repo.circlePage(memberId, q.filters, q.limit, from);
}

/** The feed's cases, the deep page also by cursor: after the last log of page 19 (found through the repository). */
export async function feedCases(database: Database, memberId: string): Promise<FeedCase[]> {
  const page19 = await feedThrough(new LogsQueryRepo(new DbContext(database.db)), memberId, '?page=19');
  if (page19 === 'unknown anchor' || page19.rows.length === 0) throw new Error('the seed has fewer than 19 pages of feed');
  return [
    { label: 'feed, page 1', query: '' },
    { label: 'feed, page 20', query: '?page=20' },
    { label: 'feed, page 20 by cursor', query: `?after=${page19.rows.at(-1)!.log.id}` },
    { label: 'feed, type = Catch', query: '?filterType=type&filterValue=Catch' },
    { label: 'feed, year = 2024', query: '?filterType=year&filterValue=2024' },
  ];
}

/**
 * Each case's statements under EXPLAIN ANALYZE (the raw statements the repository runs: the page and
 * the counters' sum; the count through the rule, used under two filters or one the counters do not
 * keep, goes through the query builder and is not explained), and the whole repository call timed
 * as the server makes it (the median of `runs`).
 */
export async function planFeed(database: Database, memberId: string, cases: FeedCase[], runs = 5): Promise<FeedPlan[]> {
  const plans: FeedPlan[] = [];
  for (const c of cases) {
    const lines: string[] = [];
    const explaining = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (statement: SQL) => {
          const result = (await target.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as { rows: Record<string, string>[] };
          lines.push(...result.rows.map((r) => Object.values(r)[0]!), '');
          return { rows: [] };
        };
      },
    }) as Db;
    await feedThrough(new LogsQueryRepo(new DbContext(explaining)), memberId, c.query);
    const repo = new LogsQueryRepo(new DbContext(database.db));
    plans.push({ label: c.label, lines, callMs: await medianMs(runs, () => feedThrough(repo, memberId, c.query)) });
  }
  return plans;
}

