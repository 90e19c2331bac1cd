/**
 * The benches' shared sample logs: the demo generator's logs for one angler, a third in each of the
 * seasons 2023-2025, the same ones every run. Generating 100,000 of them takes seconds of CPU, and
 * analysis, analysis-pg, circle, circle-pg and logs-import all want that many; under `npm run bench`
 * (run.mjs sets BENCH_SHARED_DIR to its temp dir) lib/prepare-pool.ts writes them there while the
 * template migrates, and the benches read them back (a bench run on its own generates them). The generator's output does not depend on the owner, so the owner is set on read.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { sampleLogs, type SampleLog } from '@tightlines/testkit/seed';

export const SEASONS = [2023, 2024, 2025] as const;
const NOW = new Date('2025-11-20T00:00:00Z');
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** `count` logs for one angler, a third in each season, in time order, the same logs every run. */
export function logsFor(userId: string, count: number, seed: number): SampleLog[] {
  return SEASONS.flatMap((season, i) => {
    const n = Math.floor(count / SEASONS.length) + (i < count % SEASONS.length ? 1 : 0);
    return n > 0 ? sampleLogs({ userId, count: n, seed: seed * 7 + i, season, now: NOW }) : [];
  });
}

/** `logsFor(userId, count, 1)`, from the run's shared file when there is one. */
export function poolLogs(userId: string, count: number): { logs: SampleLog[]; generateMs: number; fromFile: boolean } {
  const started = performance.now();
  const dir = process.env.BENCH_SHARED_DIR;
  const file = dir ? path.join(dir, `sample-logs-${count}.v8`) : null;
  let logs: SampleLog[];
  let fromFile = false;
  if (file && fs.existsSync(file)) {
    logs = v8.deserialize(fs.readFileSync(file)) as SampleLog[];
    fromFile = true;
  } else {
    logs = logsFor(NOBODY, count, 1);
    if (file) {
      // Renamed into place, so a bench stopped mid-write leaves no half file for the next.
      fs.writeFileSync(`${file}.tmp`, v8.serialize(logs));
      fs.renameSync(`${file}.tmp`, file);
    }
  }
  for (const log of logs) log.userId = userId;
  return { logs, generateMs: performance.now() - started, fromFile };
}

/** Every `of`-th log of the pool from the `index`-th on: a share that spans the pool's seasons and lakes as the pool does. */
export function stripe<T>(pool: readonly T[], index: number, of: number): T[] {
  const out: T[] = [];
  for (let i = index % of; i < pool.length; i += of) out.push(pool[i]!);
  return out;
}
