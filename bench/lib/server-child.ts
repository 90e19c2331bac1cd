/**
 * The Tightlines server as the benches run it, in its own process so the load generator does not
 * share its event loop: buildApp on an in-memory PGlite, logger off, demo data off, listening on
 * 127.0.0.1 and a free port. Started by server.ts over IPC; settings come as JSON in
 * BENCH_SERVER_ENV (nothing else from the environment is read).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';

type Message = { type: 'stop' } | { type: 'stats' };

const extra = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT: '1000',
  // Outside services point at the discard port on loopback unless a bench says otherwise, so a
  // stray call fails at once instead of leaving the machine; USGS and Overpass stay unset (off).
  OPEN_METEO_URL: 'http://127.0.0.1:9',
  OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9',
  // Background log enrichment would only add noise to the timings.
  ENRICH_INTERVAL_SECONDS: '3600',
  ...extra,
});
const database = await openDatabase({ dataDir: undefined });
const { app } = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

process.on('message', (message: Message) => {
  if (message.type === 'stop') void stop();
  if (message.type === 'stats') {
    process.send?.({ type: 'stats', cpu: process.cpuUsage(), rss: process.memoryUsage().rss });
  }
});
// Never outlive the bench that started us.
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', port });
