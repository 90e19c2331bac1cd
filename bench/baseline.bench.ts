/**
 * Our routes as a share of what the framework alone manages on the same machine in the same run.
 *
 * The baseline is a bare Fastify 5 process (lib/bare-fastify.mjs: no plugins, no logger) answering
 * a small health JSON and, byte for byte, what our server answered on each public read (the
 * visitor's forecast, a month of the lunar calendar, the solunar calendar file, the events list). Our server is
 * testkit's real process (main.ts, PGlite, LOG_LEVEL=warn, weather from testkit's fake Open-Meteo
 * on loopback, warm). Each route runs at concurrency 10 from this process after a warm-up, with
 * a time cap; the ratio is our req/s over the baseline's for the comparable route. The member read
 * runs twice: with the session cache as shipped (SESSION_CACHE_SECONDS=10) and with it off (0),
 * so the difference is what resolving the session in the database costs.
 *
 *   npx tsx bench/baseline.bench.ts [--requests 10000] [--max-seconds 4] [--json out.json]
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { signUp, startServerProcess, type RunningServer } from '@tightlines/testkit/process';
import { startBareFastify } from './lib/bare';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, table } from './lib/stats';

const REQUESTS = countOption('--requests', 'BENCH_BASELINE_REQUESTS', 10_000);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_BASELINE_MAX_SECONDS', 4);
const CONCURRENCY = 10;
const MEMBER_READ = '/api/logs/can-create';

/** The public reads measured against bare Fastify sending the same bytes; `file` names them for it. */
type PublicRead = { label: string; method: 'GET' | 'POST'; path: string; body?: string; file: string };
const PUBLIC_READS: PublicRead[] = [
  { label: 'GET /api/weather/forecast/56401 (visitor, weather cached)', method: 'GET', path: '/api/weather/forecast/56401', file: 'forecast.json' },
  { label: 'POST /api/lunar/aeris/monthly (56401, June 2026, asked before)', method: 'POST', path: '/api/lunar/aeris/monthly?location=56401&month=6&year=2026', file: 'month.json' },
  {
    label: 'POST /api/calendar/ical (solunar, 30 days, asked before)',
    method: 'POST',
    path: '/api/calendar/ical',
    body: JSON.stringify({ location: { name: 'Brainerd, MN', lat: 46.35, lng: -94.2 }, alertType: 'Lunar Event' }),
    file: 'calendar.ics',
  },
  { label: 'GET /api/fc/events (first page, no events yet)', method: 'GET', path: '/api/fc/events', file: 'events.json' },
];

type Row = { label: string; result: LoadResult; baseline?: LoadResult; cpuPerRequestMs?: number };

async function measure(baseUrl: string, urlPath: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', body?: string): Promise<LoadResult> {
  const base = { baseUrl, method, path: () => urlPath, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) };
  assertClean(`${urlPath} warm-up`, await runLoad({ ...base, total: 200, concurrency: CONCURRENCY }));
  const result = await runLoad({ ...base, total: REQUESTS, concurrency: CONCURRENCY, maxSeconds: MAX_SECONDS });
  assertClean(urlPath, result);
  console.error(`  ${baseUrl}${urlPath}: ${rate(result.requestsPerSecond)} req/s, p50 ${ms(result.latency.p50Ms)} ms`);
  return result;
}

async function withServer<T>(env: Record<string, string>, work: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServerProcess({ env });
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

async function cpuPerRequest(server: RunningServer, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpuMs: number }> {
  const before = await server.stats();
  const result = await run();
  const after = await server.stats();
  return { result, cpuMs: after.cpuMs - before.cpuMs };
}

async function bench() {
  const weather = await startFakeOpenMeteo();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-baseline-'));
  const rows: Row[] = [];
  let bare: { baseUrl: string; child: ChildProcess } | undefined;
  try {
    const env = { ...weather.env, SESSION_CACHE_SECONDS: '10' };
    await withServer(env, async (server) => {
      for (const read of PUBLIC_READS) {
        const res = await fetch(`${server.baseUrl}${read.path}`, { method: read.method, ...(read.body === undefined ? {} : { body: read.body, headers: { 'content-type': 'application/json' } }) });
        if (res.status !== 200) throw new Error(`${read.path}: ${res.status}`);
        fs.writeFileSync(path.join(workDir, read.file), Buffer.from(await res.arrayBuffer()));
      }
      bare = await startBareFastify(workDir);
      const { token } = await signUp(server.baseUrl, `baseline${Date.now().toString(36)}`);
      const member = { authorization: `Bearer ${token}` };

      const bareHealth = await measure(bare.baseUrl, '/health');
      const health = await cpuPerRequest(server, () => measure(server.baseUrl, '/api/health'));
      rows.push({ label: 'GET /api/health', result: health.result, baseline: bareHealth, cpuPerRequestMs: health.cpuMs / health.result.total });
      const member1 = await cpuPerRequest(server, () => measure(server.baseUrl, MEMBER_READ, member));
      rows.push({ label: `GET ${MEMBER_READ} (member, session cache on)`, result: member1.result, baseline: bareHealth, cpuPerRequestMs: member1.cpuMs / member1.result.total });
      for (const read of PUBLIC_READS) {
        const bareBytes = await measure(bare.baseUrl, `/bytes/${read.file}`);
        const ours = await cpuPerRequest(server, () => measure(server.baseUrl, read.path, {}, read.method, read.body));
        const size = `${(fs.statSync(path.join(workDir, read.file)).size / 1024).toFixed(1)} KB`;
        rows.push({ label: `${read.label}, ${size}`, result: ours.result, baseline: bareBytes, cpuPerRequestMs: ours.cpuMs / ours.result.total });
      }
      const bareAgain = await measure(bare.baseUrl, '/health');
      rows.push({ label: 'bare Fastify /health again (drift over the run)', result: bareAgain, baseline: bareHealth });
    });
    await withServer({ ...env, SESSION_CACHE_SECONDS: '0' }, async (server) => {
      const { token } = await signUp(server.baseUrl, `baseline${Date.now().toString(36)}`);
      const first = rows[0]!.baseline!;
      const off = await cpuPerRequest(server, () => measure(server.baseUrl, MEMBER_READ, { authorization: `Bearer ${token}` }));
      rows.push({ label: `GET ${MEMBER_READ} (member, session cache off)`, result: off.result, baseline: first, cpuPerRequestMs: off.cpuMs / off.result.total });
    });
  } finally {
    bare?.child.kill('SIGTERM');
    await weather.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  const markdown = [
    `Bare Fastify ${JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../node_modules/fastify/package.json'), 'utf8')).version} (no plugins, no logger; \`lib/bare-fastify.mjs\`) against our server (testkit's real process: \`main.ts\`, PGlite, \`LOG_LEVEL=warn\`, weather from testkit's fake Open-Meteo, warm), same machine, same run, concurrency ${CONCURRENCY}, up to ${REQUESTS.toLocaleString('en-US')} requests or ${MAX_SECONDS} s a route after 200 warm-up requests. The load comes from one Node process (\`lib/load.ts\`) on the same 2 CPUs as both servers, so the bare figures are a floor of what Fastify can do, not its ceiling. Ratio: our req/s over the baseline's for the comparable route (health and member reads against bare health; each public read against bare Fastify sending the same bytes, measured just before it). Server CPU per request from the server process's own counters.`,
    '',
    table(
      ['route', 'requests', 'req/s', 'p50', 'p99', 'server CPU / req (ms)', 'baseline req/s', 'ratio'],
      rows.map((r) => [
        r.label,
        requestCount(r.result),
        rate(r.result.requestsPerSecond),
        ms(r.result.latency.p50Ms),
        ms(r.result.latency.p99Ms),
        r.cpuPerRequestMs === undefined ? '' : r.cpuPerRequestMs.toFixed(2),
        r.baseline ? rate(r.baseline.requestsPerSecond) : '',
        r.baseline ? `${((100 * r.result.requestsPerSecond) / r.baseline.requestsPerSecond).toFixed(0)} %` : '',
      ]),
    ),
  ].join('\n');
  finish({ name: 'baseline', title: 'Against bare Fastify: our routes as a share of the framework alone', markdown, data: { rows } });
}

await bench();
