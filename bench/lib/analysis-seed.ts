/**
 * The analysis benches' shared parts (analysis on PGlite, analysis-pg on PostgreSQL): the big
 * angler's seed, the filter combinations asked for, and every data-page statement under
 * EXPLAIN ANALYZE beside the repository call that runs it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { filterQuery, type Filter } from '@tightlines/core/filters';
import { fromMarkerBytes } from '@tightlines/core/map-markers';
import type { Database, Db } from '../../apps/server/src/db/client';
import { DbContext } from '../../apps/server/src/db/context';
import { LogsQueryRepo, type Scope } from '../../apps/server/src/modules/logs/query-repo';
import type { RunningServer } from '@tightlines/testkit/process';
import { insertAnglers, insertSampleLogs, type SeededAngler } from '@tightlines/testkit/seed';
import { runLoad, type LoadResult } from './load';
import { poolLogs } from './sample-pool';
import { executionTimes, medianMs } from './plans';
import { assertClean } from './report';
import { ms, rate, requestCount, table } from './stats';

export const ANALYSIS_PASSWORD = 'correct horse 42';
export type SeedOneResult = { angler: SeededAngler; rows: number; generateMs: number; insertMs: number; totalMs: number; tags: number; logsFromFile: boolean };

/** One angler (`bigangler1`) with `count` logs (the run's shared sample logs), their tags in the angler's list. */
export async function seedOne(database: Database, count: number): Promise<SeedOneResult> {
  const started = performance.now();
  const [angler] = await insertAnglers(database, 1, ANALYSIS_PASSWORD, 'bigangler');
  const { logs, fromFile } = poolLogs(angler!.id, count);
  const tags = new Set(logs.flatMap((l) => l.tags ?? [])).size;
  const generated = performance.now();
  const rows = await insertSampleLogs(database, angler!.id, logs);
  const done = performance.now();
  return { angler: angler!, rows, generateMs: generated - started, insertMs: done - generated, totalMs: done - started, tags, logsFromFile: fromFile };
}

/** The filter bar's choices the benches ask for (a third of the logs fall in each of 2023–2025). */
export const FILTERS: { label: string; query: string }[] = [
  { label: 'no filter, page 1', query: '' },
  { label: 'no filter, page 200', query: 'page=200' },
  { label: 'type = Catch', query: 'filterType=type&filterValue=Catch' },
  { label: 'location.lake = Gull Lake', query: 'filterType=location.lake&filterValue=Gull%20Lake' },
  { label: 'location.state = MN', query: 'filterType=location.state&filterValue=MN' },
  { label: 'year = 2024', query: 'filterType=year&filterValue=2024' },
  { label: 'year = 2023', query: 'filterType=year&filterValue=2023' },
  { label: 'tag = Night bite', query: 'filterType=tag&filterValue=Night%20bite' },
  { label: 'fishLength = 20-29', query: 'filterType=fishLength&filterValue=20-29' },
  { label: 'waterTemp = 60-64', query: 'filterType=waterTemp&filterValue=60-64' },
  { label: 'lureCategory = Jig', query: 'filterType=lureCategory&filterValue=Jig' },
  { label: 'lureColor = Chartreuse', query: 'filterType=lureColor&filterValue=Chartreuse' },
  { label: 'moonPhase = Full Moon', query: 'filterType=moonPhase&filterValue=Full%20Moon' },
  { label: 'dateStart 2024-06-01 + dateEnd 2024-06-30', query: 'filterType=dateStart,dateEnd&filterValue=2024-06-01,2024-06-30' },
  { label: 'year = 2024 + lake = Gull Lake + type = Catch', query: 'filterType=year,location.lake,type&filterValue=2024,Gull%20Lake,Catch' },
];

export type Plan = { label: string; lines: string[]; callMs: number };

function parse(query: string): { filters: Filter[]; limit: number; page: number } {
  return filterQuery.parse(Object.fromEntries(new URLSearchParams(query)));
}

/**
 * A database whose raw statements (`execute`, what the data page's repository runs) are explained,
 * then run, so a call that decides on a first statement's rows goes on as it would.
 */
function explaining(db: Db, lines: string[]): Db {
  const dialect = (db as unknown as { dialect: { sqlToQuery(statement: SQL): { sql: string } } }).dialect;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return (work: (tx: Db) => Promise<unknown>) => target.transaction((tx) => work(explaining(tx as unknown as Db, lines)));
      }
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (statement: SQL) => {
        // A setting (set local work_mem) is run, not explained.
        if (/^\s*set\s/i.test(dialect.sqlToQuery(statement).sql)) return target.execute(statement);
        const result = (await target.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as unknown as { rows: Record<string, string>[] };
        lines.push(...result.rows.map((r) => Object.values(r)[0]!), '');
        return target.execute(statement);
      };
    },
  }) as Db;
}

/**
 * Every data-page read of the angler (the filtered page and its count for each of FILTERS, the
 * charts, the markers, the dashboard's stats, the filter bar's lists) under EXPLAIN ANALYZE, and
 * each repository call timed as the server makes it (the median of `runs`, after one warm-up).
 */
export async function planAnalysis(database: Database, angler: SeededAngler, runs = 5): Promise<Plan[]> {
  const scope: Scope = { userId: angler.id, username: angler.username };
  const calls: { label: string; run: (repo: LogsQueryRepo) => Promise<unknown> }[] = [
    ...FILTERS.map((f) => ({
      label: `filter: ${f.label}`,
      run: (repo: LogsQueryRepo) => {
        const q = parse(f.query);
        return repo.filtered(scope, q.filters, q.limit, (q.page - 1) * q.limit);
      },
    })),
    { label: 'charts: no filter', run: (repo) => repo.chartTallies(scope, []) },
    { label: 'charts: year = 2024', run: (repo) => repo.chartTallies(scope, parse('filterType=year&filterValue=2024').filters) },
    { label: 'markers: no filter', run: (repo) => repo.markers(scope, []) },
    { label: 'markers: format=columns', run: (repo) => repo.markerColumns(scope, []) },
    { label: 'markers: binary', run: (repo) => repo.markerBytes(scope, []) },
    { label: 'charts: year + lake + type', run: (repo) => repo.chartTallies(scope, parse(FILTERS.at(-1)!.query).filters) },
    { label: 'stats: dashboard charts', run: (repo) => repo.dashboardTallies(angler.id) },
    { label: 'stats: highlights', run: (repo) => repo.highlights(angler.id) },
    { label: 'filter bar: states and lakes', run: (repo) => Promise.all([repo.distinct(angler.id, 'state'), repo.distinct(angler.id, 'lake')]) },
  ];
  const plans: Plan[] = [];
  const repo = new LogsQueryRepo(new DbContext(database.db));
  for (const call of calls) {
    const lines: string[] = [];
    await call.run(new LogsQueryRepo(new DbContext(explaining(database.db, lines))));
    await call.run(repo);
    plans.push({ label: call.label, lines, callMs: await medianMs(runs, () => call.run(repo)) });
  }
  return plans;
}

// ---- the routes over HTTP ------------------------------------------------------------------------

export type Row = { route: string; label: string; result: LoadResult; matched: string; bytes: number; cpuPerRequestMs: number };

export async function measureRoutes(
  server: RunningServer<unknown>,
  token: string,
  options: { requests: number; concurrent: boolean; maxSeconds: number; routeMaxSeconds: number; statsRequests: number; chartRequests: number; markerRequests: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  const headers = { authorization: `Bearer ${token}` };
  // The answer cache keys on the whole URL and the route ignores unknown parameters, so a parameter
  // that changes every request makes each one a miss: what a first look at a filter costs.
  let misses = 0;
  const cold = (path: string) => () => `${path}${path.includes('?') ? '&' : '?'}cold=${(misses += 1)}`;
  const measure = async (
    route: string,
    label: string,
    pathOf: string | (() => string),
    total: number,
    concurrency: number,
    read: (body: string) => string,
    bodyEncoding: 'utf8' | 'latin1' = 'utf8',
  ) => {
    const maxSeconds = route === 'filter' ? options.maxSeconds : options.routeMaxSeconds;
    let matched = '';
    let bytes = 0;
    const check = (status: number, body: string) => {
      if (status !== 200) return;
      matched = read(body);
      bytes = Buffer.byteLength(body, bodyEncoding);
    };
    const base = { baseUrl: server.baseUrl, method: 'GET' as const, path: typeof pathOf === 'string' ? () => pathOf : pathOf, headers, check, bodyEncoding };
    assertClean(`${route} ${label} warm-up`, await runLoad({ ...base, total: 1, concurrency: 1 }));
    const before = await server.stats();
    const result = await runLoad({ ...base, total, concurrency, maxSeconds });
    const after = await server.stats();
    assertClean(`${route} ${label}`, result);
    rows.push({ route, label, result, matched, bytes, cpuPerRequestMs: (after.cpuMs - before.cpuMs) / result.total });
    console.error(`  ${route} ${label} ×${result.total} c${concurrency}: p50 ${ms(result.latency.p50Ms)} p95 ${ms(result.latency.p95Ms)} ms`);
  };
  const total = (body: string) => {
    const parsed = JSON.parse(body) as { docs: unknown[]; total: number };
    if (!Array.isArray(parsed.docs) || typeof parsed.total !== 'number') throw new Error(`filter: unexpected body ${body.slice(0, 200)}`);
    return parsed.total.toLocaleString('en-US');
  };
  for (const filter of FILTERS) {
    const p = `/api/user/logs/filter${filter.query ? `?${filter.query}` : ''}`;
    await measure('filter', filter.label, p, options.requests, 1, total);
    if (options.concurrent) await measure('filter', filter.label, p, options.requests, 4, total);
  }
  await measure('stats', '(dashboard)', '/api/user/stats', options.statsRequests, 1, (body) => {
    const parsed = JSON.parse(body) as { charts?: unknown };
    if (!parsed.charts) throw new Error(`stats: unexpected body ${body.slice(0, 200)}`);
    return '';
  });
  const markerCount = (body: string) => {
    const parsed = JSON.parse(body) as unknown[] | { format?: string; id?: unknown[] };
    const list = Array.isArray(parsed) ? parsed : parsed.format === 'columns' ? parsed.id : undefined;
    if (!Array.isArray(list)) throw new Error(`markers: unexpected body ${body.slice(0, 200)}`);
    return list.length.toLocaleString('en-US');
  };
  const markerBytesCount = (body: string) => fromMarkerBytes(Buffer.from(body, 'latin1')).length.toLocaleString('en-US');
  const chartsCheck = (body: string) => {
    if (!(JSON.parse(body) as { stacked?: unknown }).stacked) throw new Error(`charts: unexpected body ${body.slice(0, 200)}`);
    return '';
  };
  await measure('charts', 'no filter', '/api/user/logs/charts', options.chartRequests, 1, chartsCheck);
  await measure('markers', 'no filter', '/api/user/logs/markers', options.markerRequests, 1, markerCount);
  await measure('markers', 'format=columns', '/api/user/logs/markers?format=columns', options.markerRequests, 1, markerCount);
  await measure('markers', 'binary', '/api/user/logs/markers/binary', options.markerRequests, 1, markerBytesCount, 'latin1');
  // Cache misses: every request computes its answer.
  const threeFilters = FILTERS.at(-1)!.query;
  await measure('filter', `${FILTERS.at(-1)!.label} (miss)`, cold(`/api/user/logs/filter?${threeFilters}`), options.requests, 1, total);
  await measure('charts', 'year = 2024 (miss)', cold('/api/user/logs/charts?filterType=year&filterValue=2024'), options.chartRequests, 1, chartsCheck);
  await measure('charts', `${FILTERS.at(-1)!.label} (miss)`, cold(`/api/user/logs/charts?${threeFilters}`), options.chartRequests, 1, chartsCheck);
  await measure('markers', 'no filter (miss)', cold('/api/user/logs/markers'), options.markerRequests, 1, markerCount);
  await measure('markers', 'format=columns (miss)', cold('/api/user/logs/markers?format=columns'), options.markerRequests, 1, markerCount);
  await measure('markers', 'binary (miss)', cold('/api/user/logs/markers/binary'), options.markerRequests, 1, markerBytesCount, 'latin1');
  return rows;
}

export function routeTable(rows: Row[]): string {
  const kb = (n: number) => (n < 10_240 ? `${(n / 1024).toFixed(1)} KB` : n < 2 ** 20 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 2 ** 20).toFixed(1)} MB`);
  return table(
    ['route', 'filter', 'requests', 'concurrency', 'req/s', 'p50', 'p95', 'p99', 'max', 'server CPU / req', 'matching logs (total / markers)', 'response'],
    rows.map((r) => [
      `\`${r.route}\``,
      r.label,
      requestCount(r.result),
      String(r.result.concurrency),
      rate(r.result.requestsPerSecond),
      ms(r.result.latency.p50Ms),
      ms(r.result.latency.p95Ms),
      ms(r.result.latency.p99Ms),
      ms(r.result.latency.maxMs),
      ms(r.cpuPerRequestMs),
      r.matched,
      kb(r.bytes),
    ]),
  );
}


/** Each data-page call's time and its statements' execution times, then the plans of the slowest few. */
export function planMarkdown(plans: Plan[], shown = 4): string {
  const slowest = [...plans].sort((a, b) => b.callMs - a.callMs).slice(0, shown);
  return [
    table(['call', 'repository call ms (median of 5)', 'SQL execution ms (EXPLAIN ANALYZE, each statement)'], plans.map((p) => [p.label, ms(p.callMs), executionTimes(p.lines)])),
    '',
    ...slowest.flatMap((p) => [`<details><summary>Plan of "${p.label}"</summary>`, '', '```', ...p.lines.filter(Boolean), '```', '', '</details>', '']),
  ].join('\n');
}
