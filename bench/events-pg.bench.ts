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
import { sql, type SQL } from 'drizzle-orm';
import { eventsQuery } from '@tightlines/core/api/events';
import { createSizeForFilter } from '@tightlines/core/events/model';
import { createTestApp } from '@tightlines/testkit/app';
import { startServerProcess } from '@tightlines/testkit/process';
import type { Db } from '../apps/server/src/db/client';
import type { DbContext } from '../apps/server/src/db/context';
import { EventsRepo } from '../apps/server/src/modules/events/repo';
import { LIST_CASES, seedEvents } from './lib/events-seed';
import { runLoad } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const EVENTS = countOption('--events', 'BENCH_EVENTS', 10_000);
const REQUESTS = countOption('--requests', 'BENCH_EVENTS_REQUESTS', 300);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname)) throw new Error(`Loopback only: ${databaseUrl} is not on this machine.`);

process.env.TEST_DATABASE_URL = databaseUrl;
const app = await createTestApp();
const seedMs = await seedEvents(app.database, EVENTS);

/** The repository's own statement, run under EXPLAIN instead of for its rows. */
async function plan(query: string): Promise<string[]> {
  let lines: string[] = [];
  const explaining = {
    execute: async (statement: SQL) => {
      const result = (await app.database.db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      lines = result.rows.map((r) => r['QUERY PLAN']);
      return { rows: [] };
    },
  } as unknown as Db;
  const q = eventsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  await new EventsRepo({ db: explaining } as DbContext).list(
    { type: q.type, species: q.species, sizes: q.size === undefined ? undefined : [createSizeForFilter(q.size)], state: q.state, limit: q.limit, offset: q.offset },
    new Date(),
  );
  return lines;
}

const summary = (lines: string[]) => {
  const indexes = [...new Set(lines.flatMap((l) => [...l.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1]!)))];
  const seq = lines.some((l) => /Seq Scan on events/.test(l));
  const execution = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return { indexes, seq, execution };
};

const plans: { label: string; lines: string[] }[] = [];
for (const c of LIST_CASES) plans.push({ label: c.label, lines: await plan(c.query) });

const server = await startServerProcess({ env: { DATABASE_URL: app.databaseUrl! } });
const rows: { label: string; result: Awaited<ReturnType<typeof runLoad>>; items: number }[] = [];
try {
  for (const c of LIST_CASES) {
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
    assertClean(`${c.label} warm-up`, await runLoad({ ...base, total: 10, concurrency: 1 }));
    const result = await runLoad({ ...base, total: REQUESTS, concurrency: 1, maxSeconds: 30 });
    assertClean(c.label, result);
    rows.push({ label: c.label, result, items });
    console.error(`  ${c.label}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms`);
  }
} finally {
  await server.stop();
  await app.close();
}

const first = plans[0]!;
finish({
  name: 'events-pg',
  title: 'Public events list at 10,000 events on PostgreSQL',
  markdown: [
    `GET /api/fc/events against ${EVENTS.toLocaleString('en-US')} events (the events bench's seed: a tenth drafts, a tenth private, about half ended; seeded and analysed in ${ms(seedMs)} ms) on PostgreSQL over loopback, the server being testkit's real process with \`DATABASE_URL\`. Latency is measured by the client, one request at a time; the plan is the repository's statement under \`EXPLAIN (ANALYZE, BUFFERS)\`.`,
    '',
    table(
      ['query', 'requests', 'items', 'p50 ms', 'p95 ms', 'p99 ms', 'indexes in the plan', 'seq scan of events', 'SQL execution'],
      rows.map((r, i) => {
        const s = summary(plans[i]!.lines);
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
    `The plan of "${first.label}":`,
    '',
    '```',
    ...first.lines,
    '```',
  ].join('\n'),
  data: { events: EVENTS, seedMs, rows, plans },
});
