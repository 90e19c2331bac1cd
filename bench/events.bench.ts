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
import { sql } from 'drizzle-orm';
import { startServerProcess } from '@tightlines/testkit/process';
import { insertAnglers } from '@tightlines/testkit/seed';
import { runLoad, type LoadResult } from './lib/load';
import { assertClean, countOption, finish } from './lib/report';
import { ms, requestCount, table } from './lib/stats';

const EVENTS = countOption('--events', 'BENCH_EVENTS', 10_000);
const REQUESTS = countOption('--requests', 'BENCH_EVENTS_REQUESTS', 300);

const server = await startServerProcess({
  prepare: async (database) => {
    const started = performance.now();
    const [owner] = await insertAnglers(database, 1, 'correct horse 42', 'organiser');
    await database.db.execute(sql`
      insert into events (created_by, status, name, type, format, size, cost_cents, is_public, state, species,
                          key_type, date_start, date_end, tz, fee_cents)
      select ${owner!.id}::uuid,
             case when i % 10 = 0 then 'Draft' else 'Active' end,
             'Bench event ' || i,
             (array['Tournament','League','Series'])[1 + i % 3],
             (array['Points','Biggest Bag','Biggest Fish','Most Fish'])[1 + i % 4],
             (array['12','25','50'])[1 + i % 3],
             (i % 4) * 500,
             i % 10 <> 5,
             (array['MN','WI','MI','IA','ND','SD','IL','OH'])[1 + i % 8],
             array[(array['Bass','Crappie','Musky','Pike','Walleye'])[1 + i % 5]],
             'None',
             now() + ((i % 730) - 365) * interval '1 day',
             now() + ((i % 730) - 365) * interval '1 day' + (1 + i % 30) * interval '1 day',
             'America/Chicago',
             0
      from generate_series(1, ${EVENTS}) as i`);
    await database.db.execute(sql`analyze events`);
    return { seedMs: performance.now() - started };
  },
});

const CASES: { label: string; query: string }[] = [
  { label: 'no filter (first 50)', query: '' },
  { label: 'type=League', query: '?type=League' },
  { label: 'species=Walleye', query: '?species=Walleye' },
  { label: 'size=20 (creation size 25)', query: '?size=20' },
  { label: 'state=MN', query: '?state=MN' },
  { label: 'all four filters', query: '?type=Series&species=Bass&size=50&state=WI' },
  { label: 'no filter, page 40 (offset 1950)', query: '?offset=1950' },
];

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
