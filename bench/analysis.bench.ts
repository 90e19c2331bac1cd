/**
 * The Fishing Data page (/dash-data) against large log tables: the analysis routes' latency, and
 * what the page costs to download.
 *
 *  1. One angler with N logs (default 100,000): the angler and the demo generator's logs
 *     (apps/server/src/demo/generator.ts; seasons 2023, 2024 and 2025, a third each) go into the
 *     server's database before it starts, through the bulk insert the demo seed and the CSV import
 *     use (testkit/src/seed.ts). The angler logs in through POST /api/user/login; then
 *     GET /api/user/logs/filter for a handful of filter combinations (sequential, then at
 *     concurrency 4), /api/user/stats, /logs/charts, /logs/markers.
 *  2. Many anglers with 100 logs each (default 1,000 anglers: 100,000 logs) beside the big one:
 *     phase 1's data directory, once its server has stopped, gets the users (one INSERT, one
 *     scrypt hash for all) and their logs (each a stripe of the big angler's sample logs under its
 *     own id) in 1,000-row statements. Seeding stops after --seed-max-seconds (default 150);
 *     whatever was reached is measured and reported with its rows/s. One of these anglers logs in
 *     through POST /api/user/login and the same routes are measured for that angler (sequential).
 *  3. The web bundle: gzip sizes of what /dash-data loads, read from apps/web/dist (build it first:
 *     `npm run build -w @tightlines/web`; the section shows when dist was built). The chunk list
 *     comes from the build itself: index.html, and the dependency lists vite writes next to every
 *     dynamic import (`__vite__mapDeps`).
 *
 * Each phase has its own server: testkit's real process (main.ts as `npm start` runs it, PGlite in
 * a fresh DATA_DIR, FEATURE_FLAGS=FREEFORALL), started once its data directory is seeded.
 * Under `npm run bench` the sample logs come from the run's shared file (lib/sample-pool.ts).
 *
 * Request runs stop after --max-seconds (filter, default 6) / --route-max-seconds (stats, charts,
 * markers, default 12).
 *
 *   npx tsx bench/analysis.bench.ts [--logs 100000] [--anglers 1000] [--seed-max-seconds 150] [--requests 50] [--json out.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { analyzeLogs, type Database } from '@tightlines/server/src/db/client';
import { freshDataDir, logIn, startServerProcess } from '@tightlines/testkit/process';
import { insertAnglers, insertSampleLogs } from '@tightlines/testkit/seed';
import { ANALYSIS_PASSWORD as PASSWORD, measureRoutes, planAnalysis, planMarkdown, routeTable, seedOne, type Plan, type Row } from './lib/analysis-seed';
import { poolLogs, SEASONS, stripe } from './lib/sample-pool';
import { countOption, finish } from './lib/report';
import { table } from './lib/stats';

const LOGS_PER_ANGLER = 100;
const SERVER_ENV = { FEATURE_FLAGS: 'FREEFORALL' };

type Angler = { id: string; username: string; email: string };
type SeedManyResult = {
  anglersPlanned: number;
  anglersSeeded: number;
  rows: number;
  usersMs: number;
  generateMs: number;
  insertMs: number;
  totalMs: number;
  stoppedByTimeCap: boolean;
  /** An angler whose logs are all in, to log in as. */
  probe: Angler;
};

// -------------------------------------------------------------------------------------------------
// Seeding, into the data directory before its server starts
// -------------------------------------------------------------------------------------------------

async function seedMany(database: Database, anglers: number, perAngler: number, maxSeconds: number, poolSize: number): Promise<SeedManyResult> {
  const started = performance.now();
  const users = await insertAnglers(database, anglers, PASSWORD);
  // Each angler's logs are one stripe of the shared pool (spanning its seasons and lakes, as the
  // generator's own would), so no angler's logs are generated here.
  const pool = poolLogs(users[0]!.id, poolSize).logs;
  const stripes = Math.max(1, Math.floor(pool.length / perAngler));
  const usersDone = performance.now();
  const deadline = usersDone + maxSeconds * 1000;
  const anglersPerStatement = Math.max(1, Math.floor(1000 / perAngler));
  let generateMs = 0;
  let insertMs = 0;
  let rows = 0;
  let seeded = 0;
  let lastReport = performance.now();
  while (seeded < users.length && performance.now() < deadline) {
    const batch = users.slice(seeded, seeded + anglersPerStatement);
    const t0 = performance.now();
    const logs = batch.flatMap((user, i) => stripe(pool, seeded + i, stripes).slice(0, perAngler).map((log) => ({ ...log, userId: user.id })));
    const t1 = performance.now();
    // The rows carry their own user ids; the per-user tag lists stay empty (no measured route reads them).
    rows += await insertSampleLogs(database, batch[0]!.id, logs, { tags: false });
    const t2 = performance.now();
    generateMs += t1 - t0;
    insertMs += t2 - t1;
    seeded += batch.length;
    if (t2 - lastReport > 15_000) {
      lastReport = t2;
      console.error(`  seeded ${rows.toLocaleString('en-US')} logs (${seeded} anglers) in ${((t2 - usersDone) / 1000).toFixed(0)} s`);
    }
  }
  const done = performance.now();
  return {
    anglersPlanned: anglers,
    anglersSeeded: seeded,
    rows,
    usersMs: usersDone - started,
    generateMs,
    insertMs,
    totalMs: done - usersDone,
    stoppedByTimeCap: seeded < users.length,
    probe: users[Math.floor((seeded - 1) / 2)]!,
  };
}

// -------------------------------------------------------------------------------------------------
// The bench
// -------------------------------------------------------------------------------------------------

// ---- the web bundle ------------------------------------------------------------------------------

type Asset = { file: string; raw: number; gzip: number };

function bundle(root: string) {
  const dist = path.join(root, 'apps', 'web', 'dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return null;
  const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
  const asset = (file: string): Asset => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file: file.replace(/^assets\//, ''), raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  };
  const html = read('index.html');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  /** Every dynamic import in a chunk, with the files vite preloads alongside it. */
  const dynamicImports = (file: string): { target: string; deps: string[] }[] => {
    const code = read(file);
    const list = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
    const depsList = list ? [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : [];
    // Every preload list, with the import() just before it (a CSS-only preload has none: its first file names it).
    let previousEnd = 0;
    return [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => {
      const deps = m[1]!.split(',').filter(Boolean).map((i) => depsList[Number(i)]!);
      const before = code.slice(Math.max(previousEnd, m.index - 400), m.index);
      previousEnd = m.index + m[0].length;
      const imported = [...before.matchAll(/import\([`'"]\.\/([^`'"]+)[`'"]\)/g)].at(-1)?.[1];
      return { target: imported ? `assets/${imported}` : deps[0]!, deps };
    });
  };
  const staticImports = (file: string) => [...read(file).matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => `assets/${m[1]!}`);
  const closure = (start: string[], known: Set<string>) => {
    const out = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const file = todo.pop()!;
      if (known.has(file) || out.has(file)) continue;
      out.add(file);
      if (file.endsWith('.js')) todo.push(...staticImports(file));
    }
    return out;
  };

  const entry = [...initial].find((f) => /assets\/index-[^/]+\.js$/.test(f));
  const page = entry ? dynamicImports(entry).find((d) => /\/fishing-data-page-[^/]+\.js$/.test(d.target)) : undefined;
  const builtAt = fs.statSync(index).mtime.toISOString().replace(/\.\d+Z$/, 'Z');
  const initialAssets = [...initial].map(asset);
  if (!page) {
    const names = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /fishing-data|log-map|chart|leaflet|markercluster/i.test(f) && !f.endsWith('.map'));
    return { builtAt, found: false as const, initial: initialAssets, matching: names.map((f) => asset(`assets/${f}`)) };
  }
  const initialClosure = closure([...initial], new Set());
  const onNavigation = closure([page.target, ...page.deps], initialClosure);
  // Files already counted (the shell, the page, earlier lazy imports) are not counted again.
  const loaded = new Set([...initialClosure, ...onNavigation]);
  const lazy: { via: string; target: string; files: Asset[] }[] = [];
  for (const file of onNavigation) {
    if (!file.endsWith('.js')) continue;
    for (const d of dynamicImports(file)) {
      const files = [...closure([d.target, ...d.deps], loaded)];
      for (const f of files) loaded.add(f);
      if (files.length > 0) lazy.push({ via: file.replace(/^assets\//, ''), target: d.target.replace(/^assets\//, ''), files: files.map(asset) });
    }
  }
  return {
    builtAt,
    found: true as const,
    initial: initialAssets,
    page: page.target.replace(/^assets\//, ''),
    onNavigation: [...onNavigation].map(asset).sort((a, b) => b.gzip - a.gzip),
    lazy,
  };
}

function bundleMarkdown(b: ReturnType<typeof bundle>): string {
  if (!b) return '**Web bundle:** apps/web/dist has no build (run `npm run build -w @tightlines/web`).';
  const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
  const sum = (assets: Asset[], key: 'raw' | 'gzip') => assets.reduce((s, a) => s + a[key], 0);
  const line = (label: string, assets: Asset[]) => [label, String(assets.length), kb(sum(assets, 'raw')), kb(sum(assets, 'gzip'))];
  if (!b.found) {
    return [
      `**Web bundle** (apps/web/dist built ${b.builtAt}): the router has no /dash-data page chunk in this build; files whose names mention fishing-data, log-map, chart, leaflet or markercluster:`,
      '',
      table(['file', 'KB', 'KB gzip'], b.matching.map((a) => [a.file, kb(a.raw), kb(a.gzip)])),
    ].join('\n');
  }
  const lazyJs = b.lazy.flatMap((l) => l.files);
  return [
    `**Web bundle of /dash-data** (apps/web/dist built ${b.builtAt}; gzip level 9 with zlib, KB = 1,024 bytes). The chunk lists are the build's own: index.html for what every page loads, the dependency list vite attached to the router's \`import()\` of \`${b.page}\` for what navigating to the page adds, and the lists attached to the dynamic imports inside those chunks for what opening a tab adds (files already loaded are not counted again).`,
    '',
    table(['loaded', 'files', 'KB', 'KB gzip'], [
      line('app shell (index.html: entry, preloads, CSS), already loaded on any page', b.initial),
      line('navigating to /dash-data (page chunk + the chunks and CSS it needs)', b.onNavigation),
      ...b.lazy.map((l) => line(`on demand: \`${l.target}\` (imported by \`${l.via}\`)`, l.files)),
      line('/dash-data with every tab opened, beyond the shell', [...b.onNavigation, ...lazyJs]),
    ]),
    '',
    'Files, largest first (gzip KB): navigation: ' +
      b.onNavigation.map((a) => `\`${a.file}\` ${kb(a.gzip)}`).join(', ') +
      (b.lazy.length ? `; on demand: ${b.lazy.map((l) => l.files.map((a) => `\`${a.file}\` ${kb(a.gzip)}`).join(', ')).join('; ')}` : '') +
      '.',
  ].join('\n');
}

async function bench() {
  const root = path.resolve(import.meta.dirname, '..');
  const LOGS = countOption('--logs', 'BENCH_ANALYSIS_LOGS', 100_000);
  const REQUESTS = countOption('--requests', 'BENCH_ANALYSIS_REQUESTS', 50);
  const MAX_SECONDS = countOption('--max-seconds', 'BENCH_ANALYSIS_MAX_SECONDS', 6);
  const ROUTE_MAX_SECONDS = countOption('--route-max-seconds', 'BENCH_ANALYSIS_ROUTE_MAX_SECONDS', 12);
  const ANGLERS = countOption('--anglers', 'BENCH_ANALYSIS_ANGLERS', 1_000);
  const SEED_MAX_SECONDS = countOption('--seed-max-seconds', 'BENCH_ANALYSIS_SEED_MAX_SECONDS', 150);
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const perSecond = (n: number, value: number) => Math.round((n * 1000) / value).toLocaleString('en-US');
  const n = (value: number) => value.toLocaleString('en-US');

  // 1. One angler with many logs.
  console.error(`phase 1: one angler, ${n(LOGS)} logs`);
  // Phase 2 goes on in this directory: its anglers join the big angler's table.
  const dataDir = freshDataDir();
  let one: Awaited<ReturnType<typeof seedOne>> & { plans: Plan[] };
  let oneRows: Row[];
  let many: SeedManyResult;
  let manyRows: Row[];
  try {
    const first = await startServerProcess({
      dataDir,
      env: SERVER_ENV,
      prepare: async (database) => {
        const seeded = await seedOne(database, LOGS);
        await analyzeLogs(database.db);
        console.error('  explaining every data-page statement');
        return { ...seeded, plans: await planAnalysis(database, seeded.angler) };
      },
    });
    one = first.prepared;
    try {
      console.error(`  seeded ${n(one.rows)} logs in ${s(one.totalMs)} (generate ${s(one.generateMs)}, insert ${s(one.insertMs)})`);
      const { token } = await logIn(first.baseUrl, one.angler.email, PASSWORD);
      oneRows = await measureRoutes(first, token, { requests: REQUESTS, concurrent: true, maxSeconds: MAX_SECONDS, routeMaxSeconds: ROUTE_MAX_SECONDS, statsRequests: 20, chartRequests: 20, markerRequests: 10 });
    } finally {
      await first.stop();
    }

    // 2. Many anglers, beside the big one.
    console.error(`phase 2: ${n(ANGLERS)} anglers × ${LOGS_PER_ANGLER} logs beside the big angler (seeding stops after ${SEED_MAX_SECONDS} s)`);
    const second = await startServerProcess({ dataDir, env: SERVER_ENV, prepare: (database) => seedMany(database, ANGLERS, LOGS_PER_ANGLER, SEED_MAX_SECONDS, LOGS) });
    many = second.prepared;
    try {
      console.error(`  seeded ${n(many.rows)} logs for ${n(many.anglersSeeded)} anglers in ${s(many.totalMs)}`);
      const { token } = await logIn(second.baseUrl, many.probe.email, PASSWORD);
      manyRows = await measureRoutes(second, token, { requests: REQUESTS, concurrent: false, maxSeconds: MAX_SECONDS, routeMaxSeconds: ROUTE_MAX_SECONDS, statsRequests: 20, chartRequests: 20, markerRequests: 10 });
    } finally {
      await second.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  // 3. The web bundle.
  const web = bundle(root);

  const planned = ANGLERS * LOGS_PER_ANGLER;
  const manyRate = (many.rows * 1000) / many.totalMs;
  const markdown = [
    `Sample logs from the demo generator (\`apps/server/src/demo/generator.ts\`: five Minnesota lakes, every column filled, synthesized weather, offline lunar data), a third each in the May–October seasons of ${SEASONS.join(', ')}, inserted with the bulk insert the demo seed and the CSV import use (\`LogsRepo.insertBulk\` through \`testkit/src/seed.ts\`: 1,000 rows per \`INSERT … SELECT FROM jsonb_array_elements\` into a temporary table, then 10,000 a statement into logs) into the server's data directory before the server starts. The server is \`main.ts\` as \`npm start\` runs it, in its own process (PGlite in that \`DATA_DIR\`, \`LOG_LEVEL=warn\`, \`FEATURE_FLAGS=FREEFORALL\`, 127.0.0.1); each phase has a fresh server (phase 2 on phase 1's directory). Every measured route gets one warm-up request first; runs stop sending after ${MAX_SECONDS} s (\`filter\`) or ${ROUTE_MAX_SECONDS} s (\`stats\`, \`charts\`, \`markers\`), so a run cut short shows e.g. "14 of 20 (time cap)". No \`accept-encoding\`, so responses are uncompressed. Latency in ms at the client; "server CPU / req" is the server process's user+system CPU time over the run divided by requests. \`filter\` answers one page of 50 logs and the total count.`,
    '',
    `**1. One angler with ${n(one.rows)} logs** (created with the seeded data, then logged in through \`POST /api/user/login\`). Seeding: **${s(one.totalMs)}** (${perSecond(one.rows, one.totalMs)} rows/s): ${one.logsFromFile ? 'reading the run\'s shared sample logs' : 'generating the logs'} ${s(one.generateMs)}, the bulk insert ${s(one.insertMs)} (${perSecond(one.rows, one.insertMs)} rows/s, one transaction, ${one.tags} tags added to the user's list).`,
    '',
    routeTable(oneRows),
    '',
    `Every data-page statement for this angler under \`EXPLAIN (ANALYZE, BUFFERS)\` on PGlite, in the bench process on the seeded directory after \`ANALYZE\` and before the server starts; beside it, the repository call as the server makes it (its rows read into JavaScript):`,
    '',
    planMarkdown(one.plans),
    '',
    `**2. ${n(ANGLERS)} anglers × ${LOGS_PER_ANGLER} logs (${n(planned)} planned) beside the big angler**, in phase 1's data directory after its server stopped, so the table holds the big angler's ${n(one.rows)} logs too: **${n(one.rows + many.rows)} logs** in all. Each angler's logs are one in every ${n(Math.max(1, Math.floor(one.rows / LOGS_PER_ANGLER)))} of the big angler's (spanning the same seasons and lakes), under the angler's own id. The users went in with one \`INSERT … SELECT FROM generate_series\` (${s(many.usersMs)}, the one scrypt hash they share and reading the sample logs included); then each statement carried the logs of ${Math.max(1, Math.floor(1000 / LOGS_PER_ANGLER))} anglers (1,000 rows, one transaction each; the per-user tag lists were not filled, no measured route reads them). ` +
      (many.stoppedByTimeCap
        ? `**Seeding stopped at the ${SEED_MAX_SECONDS} s cap: ${n(many.rows)} of ${n(planned)} logs (${n(many.anglersSeeded)} anglers)** in ${s(many.totalMs)}, ${perSecond(many.rows, many.totalMs)} rows/s (preparing the rows ${s(many.generateMs)}, inserting ${s(many.insertMs)}, ${perSecond(many.rows, many.insertMs)} rows/s for the inserts alone). At that rate all ${n(planned)} would take about **${(planned / manyRate / 60).toFixed(1)} minutes** (more if inserts slow as the table and its indexes grow). The routes below were measured on the ${n(many.rows)} logs reached.`
        : `Seeding **${n(many.rows)} logs took ${s(many.totalMs)}** (${perSecond(many.rows, many.totalMs)} rows/s; preparing the rows ${s(many.generateMs)}, inserting ${s(many.insertMs)}, ${perSecond(many.rows, many.insertMs)} rows/s for the inserts alone).`) +
      ` Then \`${many.probe.username}\` (${LOGS_PER_ANGLER} logs) logged in through \`POST /api/user/login\`; sequential requests only.`,
    '',
    routeTable(manyRows),
    '',
    bundleMarkdown(web),
  ].join('\n');

  finish({
    name: 'analysis',
    title: 'Fishing Data: analysis routes on large log tables, and the page bundle',
    markdown,
    data: { one, oneRows, many, manyRows, web },
  });
}

await bench();
