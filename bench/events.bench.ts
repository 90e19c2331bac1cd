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
import { seedEvents } from './lib/events-seed';
import { listCases, measureCases, planCases, planSummary, type ListRow } from './lib/events-list';
import { countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const EVENTS = countOption('--events', 'BENCH_EVENTS', 10_000);
const REQUESTS = countOption('--requests', 'BENCH_EVENTS_REQUESTS', 300);

// PGlite is one process's: the plans are taken on the data directory before the server opens it.
const server = await startServerProcess({
  prepare: async (database) => {
    const seedMs = await seedEvents(database, EVENTS);
    const cases = await listCases(database);
    return { seedMs, cases, plans: await planCases(database, cases, false) };
  },
});

const { cases, plans } = server.prepared;
let rows: ListRow[];
try {
  rows = await measureCases(server.baseUrl, cases, REQUESTS, [1, 4], 20);
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
      ['query', 'concurrency', 'requests', 'items', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'indexes in the plan', 'SQL execution (PGlite)'],
      rows.map((r) => {
        const s = planSummary(plans.find((p) => p.label === r.label)!.lines);
        return [
          r.label,
          String(r.concurrency),
          requestCount(r.result),
          String(r.items),
          ms(r.result.latency.p50Ms),
          ms(r.result.latency.p95Ms),
          ms(r.result.latency.p99Ms),
          r.result.requestsPerSecond.toFixed(0),
          s.indexes.join(', ') || (s.seq ? 'none (seq scan)' : 'none'),
          s.execution,
        ];
      }),
    ),
    '',
    'The SQL execution is the repository\'s statement under `EXPLAIN ANALYZE` on the seeded PGlite data directory (in the bench process, before the server opened it; the median of 5 runs).',
  ].join('\n'),
  data: { events: EVENTS, seedMs: server.prepared.seedMs, rows, plans },
});
