/**
 * The Inner Circle feed for a member with many friends: GET /api/user/inner-circle-logs (a page of
 * 50 and the total), its charts and markers, and the member's own circle list.
 *
 * One member is in the circles of F friends (default 50), each with L logs (default 2,000) from the
 * demo generator (seasons 2023-2025, every privacy level, tags). Every friend allows the member all
 * of their tags except one and turns one lake off, so the per-friend filter does real work on every
 * row. Everything goes into the server's data directory before it starts (testkit's real process,
 * PGlite, FREEFORALL); the member logs in through POST /api/user/login.
 *
 *   npx tsx bench/circle.bench.ts [--friends 50] [--logs 2000] [--requests 100] [--json out.json]
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@tightlines/server/src/db/client';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';
import { insertAnglers, insertSampleLogs, sampleLogs } from '@tightlines/testkit/seed';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, table } from './lib/stats';

const PASSWORD = 'correct horse 42';
const FRIENDS = countOption('--friends', 'BENCH_CIRCLE_FRIENDS', 50);
const LOGS = countOption('--logs', 'BENCH_CIRCLE_LOGS', 2000);
const REQUESTS = countOption('--requests', 'BENCH_CIRCLE_REQUESTS', 100);
const MAX_SECONDS = 20;
const SEASONS = [2023, 2024, 2025] as const;
const NOW = new Date('2025-11-20T00:00:00Z');

type Seeded = { member: { email: string; username: string }; rows: number; visible: number; seedMs: number; hiddenLake: string; hiddenTag: string };

async function seed(database: Database): Promise<Seeded> {
  const started = performance.now();
  const [member, ...friends] = await insertAnglers(database, FRIENDS + 1, PASSWORD, 'circlebench');
  let rows = 0;
  const tags = new Set<string>();
  const lakes = new Set<string>();
  for (const [f, friend] of friends.entries()) {
    const logs = SEASONS.flatMap((season, i) => {
      const n = Math.floor(LOGS / SEASONS.length) + (i < LOGS % SEASONS.length ? 1 : 0);
      return sampleLogs({ userId: friend.id, count: n, seed: f * 7 + i + 1, season, now: NOW });
    });
    for (const log of logs) {
      for (const tag of log.tags ?? []) tags.add(tag.toLowerCase());
      if (log.lakeName) lakes.add(log.lakeName.toLowerCase());
    }
    rows += await insertSampleLogs(database, friend.id, logs, { tags: false });
  }
  const [hiddenTag] = [...tags].sort();
  const [hiddenLake] = [...lakes].sort();
  const allowed = [...tags].filter((t) => t !== hiddenTag);
  for (const friend of friends) {
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
    hiddenLake: hiddenLake ?? '',
    hiddenTag: hiddenTag ?? '',
  };
}

type Row = { label: string; result: LoadResult; matched: string };

async function measure(server: RunningServer<Seeded>, token: string, friendName: string): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { authorization: `Bearer ${token}` };
  const run = async (label: string, path: string, total: number, read: (body: string) => string) => {
    let matched = '';
    const check = (status: number, body: string) => {
      if (status === 200) matched = read(body);
    };
    const base = { baseUrl: server.baseUrl, method: 'GET' as const, path: () => path, headers, check };
    assertClean(`${label} warm-up`, await runLoad({ ...base, total: 1, concurrency: 1 }));
    const result = await runLoad({ ...base, total, concurrency: 1, maxSeconds: MAX_SECONDS });
    assertClean(label, result);
    rows.push({ label, result, matched });
    console.error(`  ${label} ×${result.total}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms (${matched})`);
  };
  const feedTotal = (body: string) => (JSON.parse(body) as { total: number }).total.toLocaleString('en-US');
  await run('feed, page 1', '/api/user/inner-circle-logs', REQUESTS, feedTotal);
  await run('feed, page 20', '/api/user/inner-circle-logs?page=20', REQUESTS, feedTotal);
  await run('feed, type = Catch', '/api/user/inner-circle-logs?filterType=type&filterValue=Catch', REQUESTS, feedTotal);
  await run('feed, username = one friend', `/api/user/inner-circle-logs?filterType=username&filterValue=${friendName}`, REQUESTS, feedTotal);
  await run('feed, year = 2024', '/api/user/inner-circle-logs?filterType=year&filterValue=2024', REQUESTS, feedTotal);
  await run('charts', '/api/user/inner-circle-logs/charts', Math.max(5, REQUESTS / 10), () => '');
  await run('markers', '/api/user/inner-circle-logs/markers', Math.max(5, REQUESTS / 10), (body) => (JSON.parse(body) as unknown[]).length.toLocaleString('en-US'));
  await run('allowed-circles (50 counts)', '/api/user/allowed-circles', Math.max(5, REQUESTS / 5), (body) => `${(JSON.parse(body) as unknown[]).length} circles`);
  return rows;
}

async function bench() {
  console.error(`circle: ${FRIENDS} friends × ${LOGS} logs`);
  const server = await startServerProcess({ env: { FEATURE_FLAGS: 'FREEFORALL' }, prepare: seed });
  let rows: Row[];
  const seeded = server.prepared;
  try {
    console.error(`  seeded ${seeded.rows} logs (${seeded.visible} visible to the member) in ${(seeded.seedMs / 1000).toFixed(1)} s`);
    const { token } = await logIn(server.baseUrl, seeded.member.email, PASSWORD);
    const friendName = seeded.member.username.replace(/\d+$/, (n) => String(Number(n) + 1));
    rows = await measure(server, token, friendName);
  } finally {
    await server.stop();
  }
  const markdown = [
    `One member in the Inner Circles of ${FRIENDS} friends with ${LOGS.toLocaleString('en-US')} demo-generator logs each (${seeded.rows.toLocaleString('en-US')} logs; every privacy level). Each friend allows the member every tag but one (\`${seeded.hiddenTag}\`) and turns one lake off (\`${seeded.hiddenLake}\`), so ${seeded.visible.toLocaleString('en-US')} logs reach the member. Server: testkit's real process (PGlite, FREEFORALL, 127.0.0.1), data seeded before it starts; sequential requests after one warm-up; latency in ms at the client. The feed answers 50 logs and the total, both through the per-friend filter in SQL.`,
    '',
    table(
      ['route', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'matching'],
      rows.map((r) => [r.label, requestCount(r.result), rate(r.result.requestsPerSecond), ms(r.result.latency.p50Ms), ms(r.result.latency.p95Ms), ms(r.result.latency.p99Ms), ms(r.result.latency.maxMs), r.matched]),
    ),
  ].join('\n');
  finish({ name: 'circle', title: 'Inner Circle: the feed of a member with many friends', markdown, data: { seeded, rows } });
}

await bench();
