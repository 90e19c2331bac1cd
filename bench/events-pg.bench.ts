/**
 * The public events list (GET /api/fc/events) on PostgreSQL: its plan and its latency at 10,000
 * events (the same seed as the events bench, which runs on PGlite).
 *
 * On a fresh database of the PostgreSQL server at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; testkit drops it afterwards): every query of the list is
 * run once under EXPLAIN (ANALYZE, BUFFERS) exactly as the repository builds it, to show which
 * indexes answer it; then testkit's real server process on that database is asked each query one
 * request at a time.
 *
 *   npx tsx bench/events-pg.bench.ts [--events 10000] [--requests 300] [--json out.json]
 */
import { createTestApp } from '@tightlines/testkit/app';
import { startServerProcess } from '@tightlines/testkit/process';
import { seedEvents } from './lib/events-seed';
import { listCases, measureCases, planCases, planSummary, type ListRow } from './lib/events-list';
import { countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const EVENTS = countOption('--events', 'BENCH_EVENTS', 10_000);
const REQUESTS = countOption('--requests', 'BENCH_EVENTS_REQUESTS', 300);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) throw new Error(`Loopback only: ${databaseUrl} is not on this machine.`);

process.env.TEST_DATABASE_URL = databaseUrl;
const app = await createTestApp();
const seedMs = await seedEvents(app.database, EVENTS);
const cases = await listCases(app.database);
const plans = await planCases(app.database, cases);

const server = await startServerProcess({ env: { DATABASE_URL: app.databaseUrl! } });
let rows: ListRow[];
try {
  rows = await measureCases(server.baseUrl, cases, REQUESTS, [1], 30);
} finally {
  await server.stop();
  await app.close();
}

// The state filter's and the cursor's plans: the two reads the last indexes and the cursor changed.
const shown = plans.filter((p) => p.label === 'state=MN' || p.label.includes('by cursor'));
finish({
  name: 'events-pg',
  title: 'Public events list at 10,000 events on PostgreSQL',
  markdown: [
    `GET /api/fc/events against ${EVENTS.toLocaleString('en-US')} events (the events bench's seed: a tenth drafts, a tenth private, about half ended; seeded and analysed in ${ms(seedMs)} ms) on PostgreSQL over loopback, the server being testkit's real process with \`DATABASE_URL\`. Latency is measured by the client, one request at a time; the plan is the repository's statement under \`EXPLAIN (ANALYZE, BUFFERS)\`, the run with the median execution time of 5.`,
    '',
    table(
      ['query', 'requests', 'items', 'p50 ms', 'p95 ms', 'p99 ms', 'indexes in the plan', 'seq scan of events', 'SQL execution'],
      rows.map((r, i) => {
        const s = planSummary(plans[i]!.lines);
        return [
          r.label,
          requestCount(r.result),
          String(r.items),
          ms(r.result.latency.p50Ms),
          ms(r.result.latency.p95Ms),
          ms(r.result.latency.p99Ms),
          s.indexes.join(', ') || 'none',
          s.seq ? 'yes' : 'no',
          s.execution,
        ];
      }),
    ),
    '',
    ...shown.flatMap((p) => [`The plan of "${p.label}":`, '', '```', ...p.lines, '```', '']),
  ].join('\n'),
  data: { events: EVENTS, seedMs, rows, plans },
});
