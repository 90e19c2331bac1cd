/**
 * Signed-in reads: the demo angler's data page and the cheapest member reads, against bare Fastify.
 *
 * For each database (PGlite in a fresh DATA_DIR; PostgreSQL at BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, a fresh database testkit drops afterwards), testkit's
 * real server process starts with DEMO_DATA=on, so it seeds the demo angler (120 logs, tags, an
 * outing) exactly as `npm start` does, and FEATURE_FLAGS=FREEFORALL (charts and map are premium).
 * The demo angler logs in through POST /api/user/login. Then, after a warm-up, each route runs at
 * a fixed concurrency for up to --requests requests or --max-seconds:
 *   - bare Fastify's /health (lib/bare-fastify.mjs), our /api/health, GET /api/user/simple (the
 *     no-op member read: the signed-in member's own name and address) and GET /api/logs/can-create,
 *     at concurrency 10, each as a share of bare Fastify's health in the same run;
 *   - the data page: /api/user/full, /api/user/logs/filter (page 1, the web app's 50 a page),
 *     /api/user/stats, /api/user/logs/charts, /api/user/logs/markers, at concurrency 4.
 * Server CPU per request from the server process's own counters.
 *
 *   npx tsx bench/member.bench.ts [--requests 10000] [--max-seconds 3] [--only pglite|pg] [--json out.json]
 */
import os from 'node:os';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';
import { startBareFastify } from './lib/bare';
import { runLoad, type LoadResult } from './lib/load';
import { argValue, assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, table } from './lib/stats';

const REQUESTS = countOption('--requests', 'BENCH_MEMBER_REQUESTS', 10_000);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_MEMBER_MAX_SECONDS', 3);
const only = argValue('--only');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) throw new Error(`Loopback only: ${databaseUrl} is not on this machine.`);

const SERVER_ENV = { DEMO_DATA: 'on', FEATURE_FLAGS: 'FREEFORALL', SESSION_CACHE_SECONDS: '10' };
const CHEAP = [
  { label: 'GET /api/health', path: '/api/health', member: false },
  { label: 'GET /api/user/simple (no-op member read)', path: '/api/user/simple', member: true },
  { label: 'GET /api/logs/can-create', path: '/api/logs/can-create', member: true },
];
const DATA_PAGE = [
  { label: 'GET /api/user/full', path: '/api/user/full' },
  { label: 'GET /api/user/logs/filter (page 1)', path: '/api/user/logs/filter?page=1&limit=50' },
  { label: 'GET /api/user/stats', path: '/api/user/stats' },
  { label: 'GET /api/user/logs/charts', path: '/api/user/logs/charts' },
  { label: 'GET /api/user/logs/markers', path: '/api/user/logs/markers' },
];

type Row = { database: string; label: string; concurrency: number; result: LoadResult; cpuPerRequestMs: number; ofBareHealth?: number };

async function measure(baseUrl: string, path: string, concurrency: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const base = { baseUrl, method: 'GET' as const, path: () => path, headers };
  assertClean(`${path} warm-up`, await runLoad({ ...base, total: 200, concurrency }));
  const result = await runLoad({ ...base, total: REQUESTS, concurrency, maxSeconds: MAX_SECONDS });
  assertClean(path, result);
  console.error(`  ${baseUrl}${path}: ${rate(result.requestsPerSecond)} req/s, p50 ${ms(result.latency.p50Ms)} ms`);
  return result;
}

async function withCpu(server: RunningServer, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpuPerRequestMs: number }> {
  const before = await server.stats();
  const result = await run();
  const after = await server.stats();
  return { result, cpuPerRequestMs: (after.cpuMs - before.cpuMs) / result.total };
}

async function measureDatabase(database: string, env: Record<string, string>, bareHealth: () => Promise<LoadResult>): Promise<Row[]> {
  const server = await startServerProcess({ env: { ...SERVER_ENV, ...env } });
  const rows: Row[] = [];
  try {
    const { token } = await logIn(server.baseUrl, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const member = { authorization: `Bearer ${token}` };
    const bare = await bareHealth();
    rows.push({ database, label: 'bare Fastify /health', concurrency: 10, result: bare, cpuPerRequestMs: Number.NaN, ofBareHealth: 1 });
    for (const route of CHEAP) {
      const { result, cpuPerRequestMs } = await withCpu(server, () => measure(server.baseUrl, route.path, 10, route.member ? member : {}));
      rows.push({ database, label: route.label, concurrency: 10, result, cpuPerRequestMs, ofBareHealth: result.requestsPerSecond / bare.requestsPerSecond });
    }
    for (const route of DATA_PAGE) {
      const { result, cpuPerRequestMs } = await withCpu(server, () => measure(server.baseUrl, route.path, 4, member));
      rows.push({ database, label: route.label, concurrency: 4, result, cpuPerRequestMs });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function bench() {
  const bare = await startBareFastify();
  const bareHealth = () => measure(bare.baseUrl, '/health', 10);
  const rows: Row[] = [];
  try {
    if (only !== 'pg') rows.push(...(await measureDatabase('PGlite', {}, bareHealth)));
    if (only !== 'pglite') {
      process.env.TEST_DATABASE_URL = databaseUrl;
      // createTestApp makes a fresh, migrated database and drops it on close; the server runs on it.
      const app: TestApp = await createTestApp();
      try {
        rows.push(...(await measureDatabase('PostgreSQL', { DATABASE_URL: app.databaseUrl! }, bareHealth)));
      } finally {
        await app.close();
      }
    }
  } finally {
    bare.child.kill('SIGTERM');
  }

  const markdown = [
    `testkit's real server process (\`main.ts\`, \`LOG_LEVEL=warn\`, \`DEMO_DATA=on\`: the demo angler and its 120 logs seeded as \`npm start\` seeds them, \`FEATURE_FLAGS=FREEFORALL\`, \`SESSION_CACHE_SECONDS=10\`), the demo angler signed in with a bearer token. Bare Fastify (\`lib/bare-fastify.mjs\`, no plugins, no logger) measured in the same run just before each database's routes. Up to ${REQUESTS.toLocaleString('en-US')} requests or ${MAX_SECONDS} s a route after 200 warm-up requests; the load comes from one Node process on the same CPUs (load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}). Server CPU per request from the server process's own counters (the PostgreSQL server's CPU is not in it).`,
    '',
    table(
      ['database', 'route', 'conc.', 'requests', 'req/s', 'p50', 'p99', 'server CPU / req (ms)', 'of bare health'],
      rows.map((r) => [
        r.database,
        r.label,
        String(r.concurrency),
        requestCount(r.result),
        rate(r.result.requestsPerSecond),
        ms(r.result.latency.p50Ms),
        ms(r.result.latency.p99Ms),
        Number.isNaN(r.cpuPerRequestMs) ? '' : r.cpuPerRequestMs.toFixed(2),
        r.ofBareHealth === undefined ? '' : `${(100 * r.ofBareHealth).toFixed(0)} %`,
      ]),
    ),
  ].join('\n');
  finish({ name: 'member', title: 'Signed-in reads: the demo angler’s data page and no-op member reads against bare Fastify', markdown, data: { rows } });
}

await bench();
