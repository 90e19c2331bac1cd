/**
 * The data page's routes on PostgreSQL: the analysis bench's big angler (100,000 logs by default),
 * every data-page statement's plan, and the routes' latency over HTTP.
 *
 * On a fresh database of the PostgreSQL server at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; testkit drops it afterwards): the seed, VACUUM ANALYZE
 * (what autovacuum does soon after a large import), every data-page statement under EXPLAIN ANALYZE
 * with its repository call timed; then testkit's real server process on that database (FREEFORALL)
 * is asked each route one request at a time, the filters also at concurrency 4.
 *
 *   npx tsx bench/analysis-pg.bench.ts [--logs 100000] [--requests 50] [--json out.json]
 */
import { sql } from 'drizzle-orm';
import { createTestApp } from '@tightlines/testkit/app';
import { logIn, startServerProcess } from '@tightlines/testkit/process';
import { ANALYSIS_PASSWORD, measureRoutes, planAnalysis, planMarkdown, routeTable, seedOne, type Row } from './lib/analysis-seed';
import { countOption, finish } from './lib/report';

const LOGS = countOption('--logs', 'BENCH_ANALYSIS_LOGS', 100_000);
const REQUESTS = countOption('--requests', 'BENCH_ANALYSIS_REQUESTS', 50);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_ANALYSIS_MAX_SECONDS', 6);
const ROUTE_MAX_SECONDS = countOption('--route-max-seconds', 'BENCH_ANALYSIS_ROUTE_MAX_SECONDS', 12);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) throw new Error(`Loopback only: ${databaseUrl} is not on this machine.`);

process.env.TEST_DATABASE_URL = databaseUrl;
const app = await createTestApp();
let rows: Row[];
const seeded = await seedOne(app.database, LOGS);
console.error(`  seeded ${seeded.rows.toLocaleString('en-US')} logs in ${(seeded.totalMs / 1000).toFixed(1)} s`);
await app.database.db.execute(sql`vacuum analyze logs, users`);
const plans = await planAnalysis(app.database, seeded.angler);
const server = await startServerProcess({ env: { DATABASE_URL: app.databaseUrl!, FEATURE_FLAGS: 'FREEFORALL' } });
try {
  const { token } = await logIn(server.baseUrl, seeded.angler.email, ANALYSIS_PASSWORD);
  rows = await measureRoutes(server, token, { requests: REQUESTS, concurrent: true, maxSeconds: MAX_SECONDS, routeMaxSeconds: ROUTE_MAX_SECONDS, statsRequests: 20, chartRequests: 20, markerRequests: 10 });
} finally {
  await server.stop();
  await app.close();
}

finish({
  name: 'analysis-pg',
  title: 'Fishing Data on PostgreSQL: analysis routes for one angler with many logs',
  markdown: [
    `The analysis bench's big angler on PostgreSQL over loopback: ${seeded.rows.toLocaleString('en-US')} demo-generator logs (a third each in the seasons 2023–2025) through the bulk insert, in ${(seeded.totalMs / 1000).toFixed(1)} s, then \`VACUUM ANALYZE\`. The server is testkit's real process with \`DATABASE_URL\` (FREEFORALL); one warm-up request a route, then requests one at a time (filters also at concurrency 4), runs capped at ${MAX_SECONDS} s (\`filter\`) or ${ROUTE_MAX_SECONDS} s (the others). Latency in ms at the client; "server CPU / req" is the server process's CPU (the database's is not in it).`,
    '',
    routeTable(rows),
    '',
    'Every data-page statement under `EXPLAIN (ANALYZE, BUFFERS)`, and the repository call as the server makes it (in the bench process, median of 5):',
    '',
    planMarkdown(plans),
  ].join('\n'),
  data: { seeded, rows, plans },
});
