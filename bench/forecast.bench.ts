/**
 * GET /api/weather/forecast/56401 with a warm weather cache.
 *
 * Open-Meteo is testkit's fake (a loopback HTTP server in this process speaking Open-Meteo's
 * JSON); the server (testkit's real process: main.ts as `npm start` runs it, PGlite in a fresh
 * DATA_DIR) is pointed at it through OPEN_METEO_URL / OPEN_METEO_ARCHIVE_URL. FEATURE_FLAGS=FREEFORALL makes
 * every signed-in user premium, so one server covers both kinds of caller:
 *   - visitor: no session; current weather (1 upstream call when cold) + 7 lunar days;
 *   - premium member: bearer token; adds the 7-day forecast (1 more upstream call when cold),
 *     the subscription lookup and the saved-search upsert in the database.
 * Each is warmed with one request, then measured at concurrency 10. Every upstream request is
 * counted; with the cache warm the measured runs should add none.
 *
 * Runs stop sending after --max-seconds (visitor, default 40) / --premium-max-seconds (default 15),
 * so a busy machine cannot drag the bench out.
 *
 *   npx tsx bench/forecast.bench.ts [--requests 2000] [--premium-requests 500] [--json out.json]
 */
import { startFakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { signUp, startServerProcess } from '@tightlines/testkit/process';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, rate, requestCount, table } from './lib/stats';

const VISITOR_REQUESTS = countOption('--requests', 'BENCH_FORECAST_REQUESTS', 2000);
const PREMIUM_REQUESTS = countOption('--premium-requests', 'BENCH_FORECAST_PREMIUM_REQUESTS', 500);
const VISITOR_MAX_SECONDS = countOption('--max-seconds', 'BENCH_FORECAST_MAX_SECONDS', 40);
const PREMIUM_MAX_SECONDS = countOption('--premium-max-seconds', 'BENCH_FORECAST_PREMIUM_MAX_SECONDS', 15);
const CONCURRENCY = 10;
const PATH = '/api/weather/forecast/56401';

const weather = await startFakeOpenMeteo();
const server = await startServerProcess({ env: { ...weather.env, FEATURE_FLAGS: 'FREEFORALL' } }).catch(async (error: unknown) => {
  await weather.close();
  throw error;
});

type Phase = { label: string; result: LoadResult; upstreamWarm: number; upstreamMeasured: number; cpuPerRequestMs: number };
const phases: Phase[] = [];

try {
  const { token } = await signUp(server.baseUrl, 'benchangler');

  const scenarios: { label: string; headers: Record<string, string>; total: number; maxSeconds: number; premium: boolean }[] = [
    { label: 'visitor (no session)', headers: {}, total: VISITOR_REQUESTS, maxSeconds: VISITOR_MAX_SECONDS, premium: false },
    { label: 'premium member', headers: { authorization: `Bearer ${token}` }, total: PREMIUM_REQUESTS, maxSeconds: PREMIUM_MAX_SECONDS, premium: true },
  ];
  for (const scenario of scenarios) {
    const check = (status: number, text: string) => {
      if (status !== 200) return;
      const body = JSON.parse(text) as { weatherCurrent: unknown; weatherError: unknown; weatherForecast: unknown[]; lunar: unknown[] };
      if (body.weatherCurrent === null || body.weatherError !== null) throw new Error(`no weather: ${text.slice(0, 200)}`);
      if (body.lunar.length !== 7) throw new Error(`expected 7 lunar days, got ${body.lunar.length}`);
      if (body.weatherForecast.length !== (scenario.premium ? 7 : 0)) throw new Error(`unexpected forecast length ${body.weatherForecast.length}`);
    };
    const base = { baseUrl: server.baseUrl, method: 'GET' as const, path: () => PATH, headers: scenario.headers, check };

    const upstreamBefore = weather.requests.length;
    const warm = await runLoad({ ...base, total: 1, concurrency: 1 });
    assertClean(`${scenario.label} warm-up`, warm);
    const upstreamWarm = weather.requests.length - upstreamBefore;

    const cpuBefore = await server.stats();
    const result = await runLoad({ ...base, total: scenario.total, concurrency: CONCURRENCY, maxSeconds: scenario.maxSeconds });
    const cpuAfter = await server.stats();
    assertClean(scenario.label, result);
    const upstreamMeasured = weather.requests.length - upstreamBefore - upstreamWarm;
    phases.push({ label: scenario.label, result, upstreamWarm, upstreamMeasured, cpuPerRequestMs: (cpuAfter.cpuMs - cpuBefore.cpuMs) / result.total });
    console.error(`${scenario.label}: ${rate(result.requestsPerSecond)} req/s, p50 ${ms(result.latency.p50Ms)} ms, upstream ${upstreamWarm} + ${upstreamMeasured}`);
  }
} finally {
  await server.stop();
  await weather.close();
}

const upstreamTotal = weather.requests.length;
const markdown = [
  `\`GET ${PATH}\` (Brainerd, MN). Open-Meteo is testkit's fake on loopback (\`testkit/src/open-meteo.ts\`); the Tightlines server is \`main.ts\` as \`npm start\` runs it, in its own process (PGlite in a fresh \`DATA_DIR\`, \`LOG_LEVEL=warn\`, \`FEATURE_FLAGS=FREEFORALL\` so the signed-in caller is premium). Each caller is warmed with one request, then measured at concurrency ${CONCURRENCY} (runs stop sending after ${VISITOR_MAX_SECONDS} s for the visitor, ${PREMIUM_MAX_SECONDS} s for the member). Every response carries 7 solunar days; the server keeps computed days of searched places in memory (\`ForecastService\`), so after the warm-up those are served from memory too. No \`accept-encoding\`, so responses are uncompressed. Latency in ms at the client; "server CPU / req" is the server process's user+system CPU time over the run divided by requests.`,
  '',
  table(
    ['caller', 'requests', 'concurrency', 'req/s', 'p50', 'p95', 'p99', 'max', 'server CPU / req', 'upstream: warm-up', 'upstream: measured'],
    phases.map((p) => [
      p.label,
      requestCount(p.result),
      String(p.result.concurrency),
      rate(p.result.requestsPerSecond),
      ms(p.result.latency.p50Ms),
      ms(p.result.latency.p95Ms),
      ms(p.result.latency.p99Ms),
      ms(p.result.latency.maxMs),
      ms(p.cpuPerRequestMs),
      String(p.upstreamWarm),
      String(p.upstreamMeasured),
    ]),
  ),
  '',
  `Requests that reached the weather server in the whole run: **${upstreamTotal}** (${weather.requests.map((r) => r.url.split('?')[0]).join(', ') || 'none'}): the visitor's warm-up fetched current conditions, the member's warm-up only the 7-day forecast, since current conditions were already cached. The ${phases.reduce((sum, p) => sum + p.result.total, 0)} measured requests were all served from the cache.`,
].join('\n');

finish({
  name: 'forecast',
  title: 'Forecast with a warm weather cache',
  markdown,
  data: {
    path: PATH,
    upstreamRequests: weather.requests.map((r) => r.url),
    phases,
  },
});
