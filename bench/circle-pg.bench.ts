/**
 * The Inner Circle feed (GET /api/user/inner-circle-logs) on PostgreSQL: the circle bench's seed
 * (50 friends × 2,000 logs), each feed statement's plan, and its latency over HTTP.
 *
 * On a fresh database of the PostgreSQL server at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; testkit drops it afterwards): the seed, ANALYZE, every
 * feed case's page statement under EXPLAIN ANALYZE with the repository call timed; then testkit's
 * real server process on that database (FREEFORALL) is asked each case one request at a time.
 *
 *   npx tsx bench/circle-pg.bench.ts [--friends 50] [--logs 2000] [--requests 50] [--max-seconds 10] [--json out.json]
 */
import { createTestApp } from '@tightlines/testkit/app';
import { logIn, startServerProcess } from '@tightlines/testkit/process';
import { analyzeCircle, CIRCLE_PASSWORD, feedCases, planFeed, seedCircle } from './lib/circle-seed';
import { executionTimes } from './lib/plans';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const FRIENDS = countOption('--friends', 'BENCH_CIRCLE_FRIENDS', 50);
const LOGS = countOption('--logs', 'BENCH_CIRCLE_LOGS', 2000);
const REQUESTS = countOption('--requests', 'BENCH_CIRCLE_REQUESTS', 50);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_CIRCLE_MAX_SECONDS', 10);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) throw new Error(`Loopback only: ${databaseUrl} is not on this machine.`);

process.env.TEST_DATABASE_URL = databaseUrl;
const app = await createTestApp();
const seeded = await seedCircle(app.database, FRIENDS, LOGS);
await analyzeCircle(app.database);
const cases = await feedCases(app.database, seeded.member.id);
const plans = await planFeed(app.database, seeded.member.id, cases);

const server = await startServerProcess({ env: { DATABASE_URL: app.databaseUrl!, FEATURE_FLAGS: 'FREEFORALL' } });
const rows: { label: string; result: LoadResult; total: string }[] = [];
try {
  const { token } = await logIn(server.baseUrl, seeded.member.email, CIRCLE_PASSWORD);
  for (const c of cases) {
    let total = '';
    const base = {
      baseUrl: server.baseUrl,
      method: 'GET' as const,
      path: () => `/api/user/inner-circle-logs${c.query}`,
      headers: { authorization: `Bearer ${token}` },
      check: (status: number, body: string) => {
        if (status !== 200) throw new Error(`${c.label}: ${status} ${body.slice(0, 200)}`);
        total = (JSON.parse(body) as { total: number }).total.toLocaleString('en-US');
      },
    };
    assertClean(`${c.label} warm-up`, await runLoad({ ...base, total: 3, concurrency: 1 }));
    const result = await runLoad({ ...base, total: REQUESTS, concurrency: 1, maxSeconds: MAX_SECONDS });
    assertClean(c.label, result);
    rows.push({ label: c.label, result, total });
    console.error(`  ${c.label}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms`);
  }
} finally {
  await server.stop();
  await app.close();
}

const shown = plans.filter((p) => p.label === 'feed, page 1' || p.label.includes('by cursor'));
finish({
  name: 'circle-pg',
  title: 'Inner Circle feed on PostgreSQL',
  markdown: [
    `The circle bench's seed on PostgreSQL over loopback: one member in the circles of ${FRIENDS} friends with ${LOGS.toLocaleString('en-US')} logs each (${seeded.rows.toLocaleString('en-US')} logs, ${seeded.visible.toLocaleString('en-US')} visible to the member), seeded in ${ms(seeded.seedMs)} ms, then analyzed. The server is testkit's real process with \`DATABASE_URL\` (FREEFORALL); latency at the client, one request at a time, each case stopping after ${MAX_SECONDS} s. "SQL execution" is the page statement and the total's statement (a sum of counters: \`circle_members.visible_logs\`, or \`circle_facet_counts\` under one type, year, lake, state, moon phase or tag filter) under \`EXPLAIN ANALYZE\`; "repository call" is the whole call as the server makes it, in the bench process (median of 5; total included).`,
    '',
    table(
      ['feed', 'requests', 'total', 'p50 ms', 'p95 ms', 'p99 ms', 'SQL execution', 'repository call ms'],
      rows.map((r, i) => [
        r.label,
        requestCount(r.result),
        r.total,
        ms(r.result.latency.p50Ms),
        ms(r.result.latency.p95Ms),
        ms(r.result.latency.p99Ms),
        executionTimes(plans[i]!.lines),
        ms(plans[i]!.callMs),
      ]),
    ),
    '',
    ...shown.flatMap((p) => [`The plan of "${p.label}":`, '', '```', ...p.lines.filter(Boolean), '```', '']),
  ].join('\n'),
  data: { seeded, rows, plans },
});
