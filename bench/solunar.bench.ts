/**
 * Solunar monthly calendar.
 *
 *  1. Core: computeSolunarDay (packages/core/src/solunar/engine.ts) for 365 consecutive local days
 *     at Brainerd, MN (ZIP 56401), timed day by day: the first, cold pass, then warm passes.
 *     Then each month of 2025 in one pass: computeSunAndMoonDays, as the monthly calendar computes it,
 *     and computeSolunarDays (the same days with their periods).
 *  2. HTTP: POST /api/lunar/aeris/monthly?location=56401&month=M&year=Y through the real server
 *     (testkit's process: main.ts as `npm start` runs it, PGlite in a fresh DATA_DIR), every
 *     request a different month: sequential, then concurrency 10.
 *
 * Each HTTP run stops sending after --max-seconds (default 20) so a busy machine cannot drag it out.
 *
 *   npx tsx bench/solunar.bench.ts [--sequential 200] [--concurrent 200] [--max-seconds 20] [--json out.json]
 */
import { computeSolunarDay, computeSolunarDays, computeSunAndMoonDays } from '../packages/core/src/solunar/engine';
import { OfflinePlaces } from '../apps/server/src/providers/places/offline-places';
import { startServerProcess } from '@tightlines/testkit/process';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, summarize, table } from './lib/stats';

const SEQUENTIAL = countOption('--sequential', 'BENCH_SOLUNAR_SEQUENTIAL', 200);
const CONCURRENT = countOption('--concurrent', 'BENCH_SOLUNAR_CONCURRENT', 200);
const MAX_SECONDS = countOption('--max-seconds', 'BENCH_SOLUNAR_MAX_SECONDS', 20);
const CONCURRENCY = 10;
const WARM_PASSES = 2;
const WARMUP_REQUESTS = 10;

const place = new OfflinePlaces().search('56401');
if (!place) throw new Error('ZIP 56401 not found');
const { lat, lng, timeZone } = place;

// ---------------------------------------------------------------------------------------------
// 1. Core cost per day
// ---------------------------------------------------------------------------------------------
function daysOf(year: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function timeDays(dates: string[]): { perDayMs: number[]; totalMs: number } {
  const perDayMs: number[] = [];
  const started = performance.now();
  for (const date of dates) {
    const t0 = performance.now();
    computeSolunarDay({ lat, lng, date, timeZone });
    perDayMs.push(performance.now() - t0);
  }
  return { perDayMs, totalMs: performance.now() - started };
}

const year = daysOf(2025);
const cold = timeDays(year);
const warm = Array.from({ length: WARM_PASSES }, () => timeDays(year));
const warmDays = summarize(warm.flatMap((pass) => pass.perDayMs));
const coldDays = summarize(cold.perDayMs);
console.error(`core: cold ${ms(cold.totalMs)} ms / 365 days, warm p50 ${ms(warmDays.p50Ms)} ms/day`);

/** Each month of 2025 in one pass (after the day passes: warm). */
function timeMonths(computeMonth: typeof computeSolunarDays | typeof computeSunAndMoonDays): number[] {
  return Array.from({ length: 12 }, (_, m) => {
    const from = `2025-${String(m + 1).padStart(2, '0')}-01`;
    const t0 = performance.now();
    computeMonth({ lat, lng, timeZone, from, days: new Date(Date.UTC(2025, m + 1, 0)).getUTCDate() });
    return performance.now() - t0;
  });
}
const calendarMonths: number[] = [];
const periodMonths: number[] = [];
for (let pass = 0; pass < 2; pass++) {
  calendarMonths.push(...timeMonths(computeSunAndMoonDays));
  periodMonths.push(...timeMonths(computeSolunarDays));
}
const months = summarize(calendarMonths);
const withPeriods = summarize(periodMonths);
const warmMonthByDaysMs = warm.reduce((sum, p) => sum + p.totalMs, 0) / WARM_PASSES / 12;
console.error(`core: a month in one pass p50 ${ms(months.p50Ms)} ms, day by day ${ms(warmMonthByDaysMs)} ms`);

// ---------------------------------------------------------------------------------------------
// 2. Through the HTTP server
// ---------------------------------------------------------------------------------------------
/** Month number i counted from January 2000, so consecutive requests ask for different months. */
function monthPath(i: number, fromYear = 2000): string {
  const month = (i % 12) + 1;
  const y = fromYear + Math.floor(i / 12);
  return `/api/lunar/aeris/monthly?location=56401&month=${month}&year=${y}`;
}

function daysIn(path: string): number {
  const q = new URL(path, 'http://x').searchParams;
  return new Date(Date.UTC(Number(q.get('year')), Number(q.get('month')), 0)).getUTCDate();
}

const server = await startServerProcess();
let sequential: LoadResult;
let concurrent: LoadResult;
let cached: LoadResult;
let cpuPerRequestMs: { sequential: number; concurrent: number; cached: number };
try {
  const base = { baseUrl: server.baseUrl, method: 'POST' as const, maxSeconds: MAX_SECONDS };
  const check = (offset: number) => (status: number, body: string, i: number) => {
    if (status !== 200) return;
    const days = JSON.parse(body) as unknown[];
    const expected = daysIn(monthPath(offset + i));
    if (!Array.isArray(days) || days.length !== expected) throw new Error(`expected ${expected} days, got ${body.slice(0, 200)}`);
  };
  // Warm-up on months the measured runs do not ask for (1950).
  const warmup = await runLoad({ ...base, maxSeconds: undefined, total: WARMUP_REQUESTS, concurrency: 1, path: (i) => monthPath(i, 1950) });
  assertClean('warm-up', warmup);

  let before = await server.stats();
  sequential = await runLoad({ ...base, total: SEQUENTIAL, concurrency: 1, path: (i) => monthPath(i), check: check(0) });
  let after = await server.stats();
  assertClean('sequential', sequential);
  const seqCpu = (after.cpuMs - before.cpuMs) / sequential.total;
  console.error(`http sequential: ${rate(sequential.requestsPerSecond)} req/s, p50 ${ms(sequential.latency.p50Ms)} ms`);

  before = after;
  const offset = sequential.total;
  concurrent = await runLoad({
    ...base,
    total: CONCURRENT,
    concurrency: CONCURRENCY,
    path: (i) => monthPath(offset + i),
    check: check(offset),
  });
  after = await server.stats();
  assertClean('concurrent', concurrent);
  cpuPerRequestMs = { sequential: seqCpu, concurrent: (after.cpuMs - before.cpuMs) / concurrent.total, cached: 0 };

  // The months of the sequential run again: each is now in the server's month cache.
  before = after;
  cached = await runLoad({ ...base, total: sequential.total, concurrency: 1, path: (i) => monthPath(i), check: check(0) });
  after = await server.stats();
  assertClean('cached', cached);
  cpuPerRequestMs.cached = (after.cpuMs - before.cpuMs) / cached.total;
  console.error(`http c${CONCURRENCY}: ${rate(concurrent.requestsPerSecond)} req/s, p50 ${ms(concurrent.latency.p50Ms)} ms`);
} finally {
  await server.stop();
}

const lastMonth = monthPath(sequential.total + concurrent.total - 1).match(/month=(\d+)&year=(\d+)/);
const httpRow = (label: string, r: LoadResult, cpu: number) => [
  label,
  requestCount(r),
  String(r.concurrency),
  rate(r.requestsPerSecond),
  ms(r.latency.p50Ms),
  ms(r.latency.p95Ms),
  ms(r.latency.p99Ms),
  ms(r.latency.maxMs),
  ms(cpu),
];
const dayRow = (label: string, s: ReturnType<typeof summarize>, totalMs: number) => [
  label,
  ms(totalMs),
  ms(s.meanMs),
  ms(s.p50Ms),
  ms(s.p95Ms),
  ms(s.p99Ms),
  ms(s.maxMs),
];

const markdown = [
  `Brainerd, MN (ZIP 56401, ${lat}, ${lng}, ${timeZone}).`,
  '',
  `**Core: \`computeSolunarDay\`, 365 consecutive days of 2025, timed per day** (one process; "warm" = ${WARM_PASSES} further passes over the same days, ${WARM_PASSES * 365} samples). All times in ms.`,
  '',
  table(
    ['pass', '365 days total', 'mean / day', 'p50 / day', 'p95 / day', 'p99 / day', 'max / day'],
    [
      dayRow('cold (first in process)', coldDays, cold.totalMs),
      dayRow('warm', warmDays, warm.reduce((sum, p) => sum + p.totalMs, 0) / WARM_PASSES),
    ],
  ),
  '',
  `**Core: a month in one pass (\`computeSunAndMoonDays\`, what the monthly calendar calls)**, each month of 2025 twice (24 samples, warm): mean ${ms(months.meanMs)} ms, p50 ${ms(months.p50Ms)} ms, max ${ms(months.maxMs)} ms a month; with each day's periods too (\`computeSolunarDays\`, interleaved with it) mean ${ms(withPeriods.meanMs)} ms, p50 ${ms(withPeriods.p50Ms)} ms; the same months day by day (warm passes above) ${ms(warmMonthByDaysMs)} ms a month.`,
  '',
  `**HTTP: \`POST /api/lunar/aeris/monthly?location=56401&month=M&year=Y\`** (28–31 days per response). The server is \`main.ts\` as \`npm start\` runs it, in its own process (PGlite in a fresh \`DATA_DIR\`, \`LOG_LEVEL=warn\`); ${WARMUP_REQUESTS} warm-up requests first (months of 1950). Every measured request asks for a different month: sequential from 2000-01, then the concurrent run continues up to ${lastMonth?.[2]}-${lastMonth?.[1]?.padStart(2, '0')}. Each run stops sending after ${MAX_SECONDS} s. Last, the sequential run's months are asked again: the server keeps months per place (an LRU of 1,000). No \`accept-encoding\`, so responses are uncompressed. Latency is per request at the client, in ms; "server CPU / req" is the server process's user+system CPU time over the run divided by requests.`,
  '',
  table(
    ['run', 'requests', 'concurrency', 'req/s', 'p50', 'p95', 'p99', 'max', 'server CPU / req'],
    [
      httpRow('sequential', sequential, cpuPerRequestMs.sequential),
      httpRow(`concurrency ${CONCURRENCY}`, concurrent, cpuPerRequestMs.concurrent),
      httpRow('sequential again (months in the cache)', cached, cpuPerRequestMs.cached),
    ],
  ),
].join('\n');

finish({
  name: 'solunar',
  title: 'Solunar monthly calendar',
  markdown,
  data: {
    place: { lat, lng, timeZone },
    core: { cold: { totalMs: cold.totalMs, perDay: coldDays }, warm: { passes: WARM_PASSES, totalMsPerPass: warm.map((p) => p.totalMs), perDay: warmDays }, month: months, monthWithPeriods: withPeriods },
    http: { warmupRequests: WARMUP_REQUESTS, sequential, concurrent, cached, serverCpuPerRequestMs: cpuPerRequestMs },
  },
});
