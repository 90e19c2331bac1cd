/**
 * POST /api/logs/create: a Catch log with every field, the weather, lunar data, state, time zone
 * and lake filled in by the server. Open-Meteo is testkit's fake on loopback; the server is
 * testkit's real process (main.ts as `npm start` runs it, PGlite in a fresh DATA_DIR, FREEFORALL
 * so the allowance does not stop the run, the session cache at its shipped 10 s where the tests' harness
 * turns it off). Logs are spread over 50 points so the weather cache is
 * hit as in real use (anglers fish the same waters), and each request is timed at the client.
 *
 *   npx tsx bench/create-log.bench.ts [--requests 600] [--json out.json]
 */
import { startFakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { signUp, startServerProcess } from '@tightlines/testkit/process';
import { countOption, finish } from './lib/report';
import { ms, rate, summarize, table } from './lib/stats';

const REQUESTS = countOption('--requests', 'BENCH_CREATE_LOG_REQUESTS', 600);
const CONCURRENCY = 4;

const weather = await startFakeOpenMeteo();
const server = await startServerProcess({ env: { ...weather.env, FEATURE_FLAGS: 'FREEFORALL', SESSION_CACHE_SECONDS: '10' } }).catch(async (error: unknown) => {
  await weather.close();
  throw error;
});

const samples: number[] = [];
let started = 0;
const measured: { wallMs: number; cpuMs: number } = { wallMs: NaN, cpuMs: NaN };
try {
  const { token } = await signUp(server.baseUrl, 'benchlogger');
  const body = (i: number) =>
    JSON.stringify({
      type: 'Catch',
      date: new Date(Date.now() - (i % 48) * 3600_000).toISOString(),
      privacy: 'public',
      tags: ['bench'],
      fish: { species: 'Walleye', length: 18 + (i % 12) },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse' },
      lake: { waterTemp: 62 },
      location: { lat: 46.3 + (i % 50) * 0.01, lng: -94.3 },
    });
  const cpuBefore = await server.stats();
  const t0 = performance.now();
  const worker = async () => {
    while (started < REQUESTS) {
      const i = started++;
      const t = performance.now();
      const res = await fetch(`${server.baseUrl}/api/logs/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body(i),
      });
      const text = await res.text();
      samples.push(performance.now() - t);
      if (res.status !== 201) throw new Error(`create ${i}: ${res.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  measured.wallMs = performance.now() - t0;
  measured.cpuMs = (await server.stats()).cpuMs - cpuBefore.cpuMs;
} finally {
  await server.stop();
  await weather.close();
}

const s = summarize(samples);
const { wallMs, cpuMs } = measured;
finish({
  name: 'create-log',
  title: 'Creating a log',
  markdown: [
    `\`POST /api/logs/create\` with a full Catch log, ${REQUESTS} requests at concurrency ${CONCURRENCY}, over 50 places (weather from testkit's fake Open-Meteo on loopback; the server computes lunar data, state, time zone and lake for each log). The server is \`main.ts\` as \`npm start\` runs it (PGlite in a fresh \`DATA_DIR\`, \`LOG_LEVEL=warn\`, \`FEATURE_FLAGS=FREEFORALL\`, \`SESSION_CACHE_SECONDS=10\` as shipped). Latency in ms at the client; "server CPU / req" is the server process's user+system CPU time over the run divided by requests.`,
    '',
    table(
      ['requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'server CPU / req', 'weather requests'],
      [[String(samples.length), rate((samples.length / wallMs) * 1000), ms(s.p50Ms), ms(s.p95Ms), ms(s.p99Ms), ms(s.maxMs), ms(cpuMs / samples.length), String(weather.requests.length)]],
    ),
  ].join('\n'),
  data: { requests: samples.length, wallMs, cpuMs, latency: s },
});
