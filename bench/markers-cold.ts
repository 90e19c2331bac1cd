/**
 * The map's markers for one angler with many logs (default 100,000), cold: every request carries a
 * parameter no other request has, so the answer cache never answers and each one is made anew.
 * The analysis benches ask 10 such requests; this asks enough for a p95 worth reading, on PGlite
 * (DATA_DIR, as `npm start` runs) or PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), and can run a second checkout's server on the same seeded
 * database alternately with this one's (`--against ../main`), so both are measured under one load.
 * Not one of `npm run bench`'s benches (no *.bench.ts): it prints its lines and leaves RESULTS.md alone.
 *
 *   npx tsx bench/markers-cold.ts [--db pglite|pg] [--logs 100000] [--requests 40] [--rounds 2] [--against DIR]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { analyzeLogs } from '@tightlines/server/src/db/client';
import { createTestApp } from '@tightlines/testkit/app';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';
import { ANALYSIS_PASSWORD, seedOne } from './lib/analysis-seed';
import { runLoad } from './lib/load';
import { argValue, assertClean, countOption } from './lib/report';
import { ms } from './lib/stats';

const LOGS = countOption('--logs', 'BENCH_ANALYSIS_LOGS', 100_000);
const REQUESTS = countOption('--requests', 'BENCH_MARKERS_REQUESTS', 40);
const ROUNDS = countOption('--rounds', 'BENCH_MARKERS_ROUNDS', 2);
const DB = argValue('--db') ?? 'pglite';
const against = argValue('--against');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const CASES = [
  { label: 'no filter', path: '/api/user/logs/markers' },
  { label: 'format=columns', path: '/api/user/logs/markers?format=columns' },
  { label: 'binary', path: '/api/user/logs/markers/binary', binary: true },
  { label: 'year = 2024', path: '/api/user/logs/markers?filterType=year&filterValue=2024' },
];

type Start = (options: { env: Record<string, string>; dataDir?: string }) => Promise<RunningServer<unknown>>;
const checkouts: { name: string; start: Start }[] = [{ name: 'this checkout', start: startServerProcess }];
if (against) {
  const other = (await import(path.resolve(against, 'testkit/src/process.ts'))) as { startServerProcess: Start };
  checkouts.push({ name: path.basename(path.resolve(against)), start: other.startServerProcess });
}

let env: Record<string, string> = { FEATURE_FLAGS: 'FREEFORALL' };
let dataDir: string | undefined;
let cleanUp: () => Promise<void>;
let email: string;
if (DB === 'pg') {
  process.env.TEST_DATABASE_URL = databaseUrl;
  const app = await createTestApp();
  email = (await seedOne(app.database, LOGS)).angler.email;
  await app.database.db.execute(sql`vacuum analyze logs, users`);
  env = { ...env, DATABASE_URL: app.databaseUrl! };
  cleanUp = () => app.close();
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-markers-'));
  dataDir = dir;
  const seeding = await startServerProcess({
    env,
    dataDir,
    prepare: async (database) => {
      const seeded = await seedOne(database, LOGS);
      await analyzeLogs(database.db);
      return seeded.angler.email;
    },
  });
  email = seeding.prepared;
  await seeding.stop();
  cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
}
console.error(`seeded ${LOGS.toLocaleString('en-US')} logs on ${DB}`);

let misses = 0;
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const checkout of checkouts) {
      const server = await checkout.start({ env, ...(dataDir ? { dataDir } : {}) });
      try {
        const { token } = await logIn(server.baseUrl, email, ANALYSIS_PASSWORD);
        for (const c of CASES) {
          let bytes = 0;
          const encoding = 'binary' in c ? ('latin1' as const) : ('utf8' as const);
          const base = {
            baseUrl: server.baseUrl,
            method: 'GET' as const,
            path: () => `${c.path}${c.path.includes('?') ? '&' : '?'}cold=${(misses += 1)}`,
            headers: { authorization: `Bearer ${token}` },
            check: (status: number, body: string) => {
              if (status === 200) bytes = Buffer.byteLength(body, encoding);
            },
            bodyEncoding: encoding,
          };
          // A checkout from before a format was added answers it 404: its line is left out.
          const probe = await fetch(`${server.baseUrl}${c.path}`, { headers: base.headers });
          await probe.arrayBuffer();
          if (probe.status === 404) {
            console.log(`${DB}\tround ${round}\t${checkout.name}\t${c.label}\tnot served`);
            continue;
          }
          assertClean('warm-up', await runLoad({ ...base, total: 3, concurrency: 1 }));
          const before = await server.stats();
          const result = await runLoad({ ...base, total: REQUESTS, concurrency: 1 });
          const cpuMs = ((await server.stats()).cpuMs - before.cpuMs) / result.total;
          assertClean(c.label, result);
          const load = os.loadavg()[0]!.toFixed(2);
          console.log(
            `${DB}\tround ${round}\t${checkout.name}\t${c.label}\tp50 ${ms(result.latency.p50Ms)}\tp95 ${ms(result.latency.p95Ms)}\tmax ${ms(result.latency.maxMs)}\tserver CPU ${ms(cpuMs)}\t${(bytes / 1e6).toFixed(2)} MB\tload ${load}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await cleanUp();
}
