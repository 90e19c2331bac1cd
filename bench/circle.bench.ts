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
 *   npx tsx bench/circle.bench.ts [--friends 50] [--logs 2000] [--requests 50] [--max-seconds 10] [--json out.json]
 */
import type { Database } from '@tightlines/server/src/db/client';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';
import { analyzeCircle, CIRCLE_PASSWORD, feedCases, planFeed, seedCircle } from './lib/circle-seed';
import { executionTimes } from './lib/plans';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, table } from './lib/stats';

const FRIENDS = countOption('--friends', 'BENCH_CIRCLE_FRIENDS', 50);
const LOGS = countOption('--logs', 'BENCH_CIRCLE_LOGS', 2000);
const REQUESTS = countOption('--requests', 'BENCH_CIRCLE_REQUESTS', 50);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_CIRCLE_MAX_SECONDS', 10);

// PGlite is one process's: the plans are taken on the data directory before the server opens it.
async function seed(database: Database) {
  const seeded = await seedCircle(database, FRIENDS, LOGS);
  await analyzeCircle(database);
  const cases = await feedCases(database, seeded.member.id);
  return { ...seeded, cases, plans: await planFeed(database, seeded.member.id, cases) };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

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
  for (const c of server.prepared.cases) await run(c.label, `/api/user/inner-circle-logs${c.query}`, REQUESTS, feedTotal);
  await run('feed, username = one friend', `/api/user/inner-circle-logs?filterType=username&filterValue=${friendName}`, REQUESTS, feedTotal);
  await run('charts', '/api/user/inner-circle-logs/charts', Math.max(5, Math.round(REQUESTS / 5)), () => '');
  await run('markers', '/api/user/inner-circle-logs/markers', Math.max(5, Math.round(REQUESTS / 5)), (body) => (JSON.parse(body) as unknown[]).length.toLocaleString('en-US'));
  await run('allowed-circles (50 counts)', '/api/user/allowed-circles', Math.max(5, Math.round((REQUESTS * 2) / 5)), (body) => `${(JSON.parse(body) as unknown[]).length} circles`);
  return rows;
}

async function bench() {
  console.error(`circle: ${FRIENDS} friends × ${LOGS} logs`);
  const server = await startServerProcess({ env: { FEATURE_FLAGS: 'FREEFORALL' }, prepare: seed });
  let rows: Row[];
  const seeded = server.prepared;
  try {
    console.error(`  seeded ${seeded.rows} logs (${seeded.visible} visible to the member) in ${(seeded.seedMs / 1000).toFixed(1)} s`);
    const { token } = await logIn(server.baseUrl, seeded.member.email, CIRCLE_PASSWORD);
    const friendName = seeded.member.username.replace(/\d+$/, (n) => String(Number(n) + 1));
    rows = await measure(server, token, friendName);
  } finally {
    await server.stop();
  }
  const markdown = [
    `One member in the Inner Circles of ${FRIENDS} friends with ${LOGS.toLocaleString('en-US')} demo-generator logs each (${seeded.rows.toLocaleString('en-US')} logs; every privacy level). Each friend allows the member every tag but one (\`${seeded.hiddenTag}\`) and turns one lake off (\`${seeded.hiddenLake}\`), so ${seeded.visible.toLocaleString('en-US')} logs reach the member. Server: testkit's real process (PGlite, FREEFORALL, 127.0.0.1), data seeded before it starts; sequential requests after one warm-up, each case stopping after ${MAX_SECONDS} s; latency in ms at the client. The feed answers 50 logs and the total, both through the per-friend filter in SQL.`,
    '',
    table(
      ['route', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'matching'],
      rows.map((r) => [r.label, requestCount(r.result), rate(r.result.requestsPerSecond), ms(r.result.latency.p50Ms), ms(r.result.latency.p95Ms), ms(r.result.latency.p99Ms), ms(r.result.latency.maxMs), r.matched]),
    ),
    '',
    'DB side on the same PGlite data directory (in the bench process, analyzed as the server does at start-up, before the server opened it): the page statement and the total\'s statement (a sum of counters: `circle_members.visible_logs`, or `circle_facet_counts` under one type, year, lake, state, moon phase or tag filter) under `EXPLAIN ANALYZE`, and the whole repository call (median of 5; total included).',
    '',
    table(
      ['feed', 'SQL execution', 'repository call ms'],
      seeded.plans.map((p) => [p.label, executionTimes(p.lines), ms(p.callMs)]),
    ),
  ].join('\n');
  finish({ name: 'circle', title: 'Inner Circle: the feed of a member with many friends', markdown, data: { seeded, rows } });
}

await bench();
