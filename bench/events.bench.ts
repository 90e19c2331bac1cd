/**
 * The public events list (GET /api/fc/events) against a large events table.
 *
 * N created events (default 10,000; a tenth of them private and a tenth drafts, which the list
 * never shows) go into the server's database before it starts, in one INSERT … SELECT over
 * generate_series: types, species, sizes, states and dates spread over two years around now, so
 * about half have ended. Then the list is asked for with no filter and with each filter, one
 * request at a time and four at a time. The server is testkit's real process (main.ts as
 * `npm start` runs it, PGlite in a fresh DATA_DIR).
 *
 *   npx tsx bench/events.bench.ts [--events 10000] [--requests 300] [--json out.json]
 */
import { startServerProcess } from '@tightlines/testkit/process';
import { LIST_CASES as CASES, seedEvents } from './lib/events-seed';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const EVENTS = countOption('--events', 'BENCH_EVENTS', 10_000);
const REQUESTS = countOption('--requests', 'BENCH_EVENTS_REQUESTS', 300);

const server = await startServerProcess({
  prepare: async (database) => ({ seedMs: await seedEvents(database, EVENTS) }),
});

type Row = { label: string; concurrency: number; result: LoadResult; items: number };
const rows: Row[] = [];
try {
  for (const c of CASES) {
    for (const concurrency of [1, 4]) {
      let items = 0;
      const base = {
        baseUrl: server.baseUrl,
        method: 'GET' as const,
        path: () => `/api/fc/events${c.query}`,
        check: (status: number, body: string) => {
          if (status !== 200) throw new Error(`${c.label}: ${status} ${body.slice(0, 200)}`);
          items = (JSON.parse(body) as unknown[]).length;
        },
      };
      assertClean(`${c.label} warm-up`, await runLoad({ ...base, total: 5, concurrency: 1 }));
      const result = await runLoad({ ...base, total: REQUESTS, concurrency, maxSeconds: 20 });
      assertClean(c.label, result);
      rows.push({ label: c.label, concurrency, result, items });
      console.error(`  ${c.label} c${concurrency}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms`);
    }
  }
} finally {
  await server.stop();
}

finish({
  name: 'events',
  title: 'Public events list at 10,000 events',
  markdown: [
    `GET /api/fc/events against ${EVENTS.toLocaleString('en-US')} events (a tenth drafts, a tenth private; about half ended), seeded in ${ms(server.prepared.seedMs)} ms before the server started. Latency is measured by the client over loopback, the server being testkit's real process on PGlite. The answer is at most 50 items (the list's page).`,
    '',
    table(
      ['query', 'concurrency', 'requests', 'items', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
      rows.map((r) => [
        r.label,
        String(r.concurrency),
        requestCount(r.result),
        String(r.items),
        ms(r.result.latency.p50Ms),
        ms(r.result.latency.p95Ms),
        ms(r.result.latency.p99Ms),
        r.result.requestsPerSecond.toFixed(0),
      ]),
    ),
  ].join('\n'),
  data: { events: EVENTS, seedMs: server.prepared.seedMs, rows },
});
