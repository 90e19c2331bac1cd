import { sql, type SQL } from 'drizzle-orm';
import { eventsQuery } from '@tightlines/core/api/events';
import { createSizeForFilter } from '@tightlines/core/events/model';
import type { Database, Db } from '../../apps/server/src/db/client';
import { DbContext } from '../../apps/server/src/db/context';
import { EventsRepo } from '../../apps/server/src/modules/events/repo';
import { LIST_CASES } from './events-seed';
import { runLoad, type LoadResult } from './load';
import { assertClean } from './report';
import { ms } from './stats';

export type ListCase = { label: string; query: string };
export type ListRow = { label: string; concurrency: number; result: LoadResult; items: number };
export type ListPlan = { label: string; lines: string[] };

/** The repository's list call for a query string, as the service makes it. */
function listThrough(repo: EventsRepo, query: string) {
  const q = eventsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return repo.list(
    { type: q.type, species: q.species, sizes: q.size === undefined ? undefined : [createSizeForFilter(q.size)], state: q.state, after: q.after, limit: q.limit, offset: q.offset },
    new Date(),
  );
}

/**
 * LIST_CASES plus the deep page asked by cursor: `after` the last event of page 39 (the 1,950th),
 * the same rows as the offset case. Found through the repository, before the server starts.
 */
export async function listCases(database: Database): Promise<ListCase[]> {
  const listed = await listThrough(new EventsRepo(new DbContext(database.db)), '?offset=1949&limit=1');
  if (listed === 'unknown anchor' || listed.length === 0) throw new Error('the seed has fewer than 1,950 listable events');
  return [...LIST_CASES, { label: 'no filter, page 40 by cursor (after the 1,950th)', query: `?after=${listed[0]!.id}` }];
}

/**
 * Each case's statement as the repository builds it, run `runs` times under EXPLAIN (ANALYZE[, BUFFERS])
 * instead of for its rows; the run with the median execution time is kept (one run on a shared
 * machine can be ten times another).
 */
export async function planCases(database: Database, cases: ListCase[], buffers = true, runs = 5): Promise<ListPlan[]> {
  const plans: ListPlan[] = [];
  for (const c of cases) {
    const explained: string[][] = [];
    for (let run = 0; run < runs; run += 1) {
      let lines: string[] = [];
      // Only the list's statement (execute) is explained; the cursor's anchor lookup runs as usual.
      const explaining = new Proxy(database.db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
          return async (statement: SQL) => {
            const options = buffers ? sql.raw('analyze, buffers, costs off') : sql.raw('analyze, costs off');
            const result = (await target.execute(sql`explain (${options}) ${statement}`)) as unknown as { rows: Record<string, string>[] };
            lines = result.rows.map((r) => Object.values(r)[0]!);
            return { rows: [] };
          };
        },
      }) as Db;
      await listThrough(new EventsRepo(new DbContext(explaining)), c.query);
      explained.push(lines);
    }
    const execution = (lines: string[]) => Number.parseFloat(planSummary(lines).execution);
    explained.sort((a, b) => execution(a) - execution(b));
    plans.push({ label: c.label, lines: explained[Math.floor(runs / 2)]! });
  }
  return plans;
}

/** Which indexes a plan reads, whether it scans the events table, and its execution time. */
export function planSummary(lines: string[]) {
  const indexes = [...new Set(lines.flatMap((l) => [...l.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1]!)))];
  const seq = lines.some((l) => /Seq Scan on events/.test(l));
  const execution = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return { indexes, seq, execution };
}

/** GET /api/fc/events for each case: a short warm-up, then `requests` at each concurrency. */
export async function measureCases(baseUrl: string, cases: ListCase[], requests: number, concurrencies: number[], maxSeconds: number): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  for (const c of cases) {
    for (const concurrency of concurrencies) {
      let items = 0;
      const base = {
        baseUrl,
        method: 'GET' as const,
        path: () => `/api/fc/events${c.query}`,
        check: (status: number, body: string) => {
          if (status !== 200) throw new Error(`${c.label}: ${status} ${body.slice(0, 200)}`);
          items = (JSON.parse(body) as unknown[]).length;
        },
      };
      assertClean(`${c.label} warm-up`, await runLoad({ ...base, total: 10, concurrency: 1 }));
      const result = await runLoad({ ...base, total: requests, concurrency, maxSeconds });
      assertClean(c.label, result);
      rows.push({ label: c.label, concurrency, result, items });
      console.error(`  ${c.label} c${concurrency}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms`);
    }
  }
  return rows;
}
