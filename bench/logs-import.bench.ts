/**
 * Logs import and export through the HTTP routes.
 *
 *  1. A CSV of N sample logs (default 100,000; the demo generator, apps/server/src/demo/generator.ts,
 *     written with the export's own CSV writer, every column filled) is written to a temp file.
 *  2. The server runs in a child process (this same file, BENCH_LOGS_ROLE=server): buildApp on an
 *     in-memory PGlite, FEATURE_FLAGS=FREEFORALL, listening on 127.0.0.1:0. It samples its RSS
 *     every 20 ms and reports process.resourceUsage().maxRSS, so memory is the server's alone.
 *  3. POST /api/util/import/csv/user-logs streams the file as multipart (chunked), timed to the
 *     answer; then GET /api/user/export-logs is read to the end, timed, its bytes and lines counted.
 *  4. A smaller file with no lunar, weather or time zone columns (default 5,000 rows) shows what
 *     computing lunar data offline costs an import.
 *
 *   npx tsx bench/logs-import.bench.ts [--rows 100000] [--bare-rows 5000] [--json out.json]
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOG_CSV_HEADER_LINE, logCsvLine } from '../packages/core/src/log-csv';
import { countOption, finish } from './lib/report';
import { table } from './lib/stats';

type Stats = { rss: number; peakRss: number; maxRss: number; heapUsed: number; peakHeap: number; cpuMs: number };
type ChildMessage = { type: 'ready'; port: number } | ({ type: 'stats' } & Stats);
type ParentMessage = { type: 'stats'; resetPeak?: boolean } | { type: 'stop' };

if (process.env.BENCH_LOGS_ROLE === 'server') {
  await serve();
} else {
  await bench();
}

// -------------------------------------------------------------------------------------------------
// The server process
// -------------------------------------------------------------------------------------------------

async function serve() {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase } = await import('../apps/server/src/db/client');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-bench-logs-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    FEATURE_FLAGS: 'FREEFORALL',
    // Nothing in the bench fetches weather; keep it off the network anyway.
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9',
  });
  const database = await openDatabase({ dataDir: undefined });
  const { app } = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  let peak = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    peak = Math.max(peak, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }, 20);
  sampler.unref();

  const stop = async () => {
    clearInterval(sampler);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    if (message.type === 'stats') {
      const memory = process.memoryUsage();
      peak = Math.max(peak, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
      const cpu = process.cpuUsage();
      const stats: ChildMessage = {
        type: 'stats',
        rss: memory.rss,
        peakRss: peak,
        maxRss: process.resourceUsage().maxRSS * 1024,
        heapUsed: memory.heapUsed,
        peakHeap,
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
      if (message.resetPeak) {
        peak = memory.rss;
        peakHeap = memory.heapUsed;
      }
      process.send?.(stats);
    }
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', port } satisfies ChildMessage);
}

// -------------------------------------------------------------------------------------------------
// The bench
// -------------------------------------------------------------------------------------------------

async function bench() {
  const ROWS = countOption('--rows', 'BENCH_LOGS_ROWS', 100_000);
  const BARE_ROWS = countOption('--bare-rows', 'BENCH_LOGS_BARE_ROWS', 5_000);
  const { generateLogs, sampleLogView } = await import('../apps/server/src/demo/generator');
  const { toBulkRow } = await import('../apps/server/src/modules/logs/bulk');
  const machine = describeMachine();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-bench-csv-'));
  const mb = (bytes: number) => (Math.abs(bytes) < 2 ** 20 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`);
  const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
  const perSecond = (n: number, msValue: number) => Math.round((n * 1000) / msValue).toLocaleString('en-US');

  // 1. The files.
  let started = performance.now();
  const logs = generateLogs({ userId: '00000000-0000-0000-0000-000000000000', count: ROWS, seed: 1, season: 2025, now: new Date('2025-11-20T00:00:00Z') });
  const generateMs = performance.now() - started;
  started = performance.now();
  const fullFile = path.join(work, 'full.csv');
  const out = fs.openSync(fullFile, 'w');
  fs.writeSync(out, LOG_CSV_HEADER_LINE);
  for (let i = 0; i < logs.length; i += 1000) {
    fs.writeSync(out, logs.slice(i, i + 1000).map((log) => logCsvLine(sampleLogView(log))).join(''));
  }
  fs.closeSync(out);
  const writeMs = performance.now() - started;
  const fullBytes = fs.statSync(fullFile).size;
  const bareFile = path.join(work, 'bare.csv');
  fs.writeFileSync(
    bareFile,
    `date,location.lat,location.lng,location.lake,type,fish.species,fish.length\r\n${logs
      .filter((_, i) => i % Math.max(1, Math.floor(logs.length / BARE_ROWS)) === 0)
      .slice(0, BARE_ROWS)
      .map((l) => `${l.occurredAt.toISOString()},${l.lat},${l.lng},${l.lakeName},${l.type},${l.fishSpecies ?? ''},${l.fishLength ?? ''}\r\n`)
      .join('')}`,
  );
  const bareRows = Math.min(BARE_ROWS, logs.length);
  // What the import keeps per parsed row until the insert: the row as one JSON string.
  const sample = logs.filter((_, i) => i % 97 === 0);
  const rowBytes = Math.round(sample.reduce((sum, log) => sum + toBulkRow(log).length, 0) / sample.length);
  logs.length = 0;
  console.error(`files: ${ROWS} rows, ${mb(fullBytes)} (generated in ${s(generateMs)}, written in ${s(writeMs)})`);

  // 2. The server.
  const child: ChildProcess = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', BENCH_LOGS_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message.port);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  const stats = (resetPeak = false) =>
    new Promise<Stats>((resolve) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'stats') return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats', resetPeak } satisfies ParentMessage);
    });
  const base = `http://127.0.0.1:${port}`;

  try {
    const register = async (name: string) => {
      const res = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'correct horse 42', passwordConfirm: 'correct horse 42' }),
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    };

    // 3. Import and export.
    const token = await register('benchimporter');
    const idle = await stats(true);
    const fullImport = await upload(port, token, fullFile);
    const afterImport = await stats(true);
    if (fullImport.status !== 200) throw new Error(`import: ${fullImport.status} ${fullImport.body.slice(0, 500)}`);
    console.error(`import: ${fullImport.body} in ${s(fullImport.ms)}`);
    const exported = await download(port, token);
    const afterExport = await stats(true);
    if (exported.lines !== ROWS + 1) throw new Error(`export: expected ${ROWS + 1} lines, got ${exported.lines}`);
    console.error(`export: ${exported.lines} lines, ${mb(exported.bytes)} in ${s(exported.ms)}`);

    // 4. No lunar data in the file.
    const bareToken = await register('benchbare');
    const bareImport = await upload(port, bareToken, bareFile);
    const afterBare = await stats(true);
    if (bareImport.status !== 200) throw new Error(`bare import: ${bareImport.status} ${bareImport.body.slice(0, 500)}`);
    console.error(`bare import: ${bareImport.body} in ${s(bareImport.ms)}`);

    const markdown = [
      `${ROWS.toLocaleString('en-US')} sample logs of one angler (the demo generator, seed 1, season 2025: five Minnesota lakes, every column filled, synthesized weather, offline lunar data), written with the export's CSV writer: **${mb(fullBytes)}**. The server runs in its own process (buildApp, in-memory PGlite, \`FEATURE_FLAGS=FREEFORALL\`, 127.0.0.1); the bench streams the file to it as a chunked multipart upload. Memory is the server process's: RSS sampled every 20 ms ("peak RSS") and \`process.resourceUsage().maxRSS\` (the process's lifetime peak). The in-memory database (PGlite's WebAssembly heap) lives in the same process and holds the imported rows too, so "peak − before" is the import's working memory plus the data it stored, and "RSS after" keeps the stored data. The JavaScript heap (sampled the same way) shows the request's own working set: every parsed row is kept as one JSON string of about ${rowBytes} bytes until the insert (${mb(rowBytes * ROWS)} for these rows); the peak also counts garbage not yet collected.`,
      '',
      table(
        ['step', 'rows', 'wall time', 'rows/s', 'size', 'server CPU', 'RSS before', 'peak RSS during', 'peak − before', 'RSS after', 'maxRSS after', 'JS heap before', 'peak JS heap'],
        [
          ['generate + write CSV (bench process)', ROWS.toLocaleString('en-US'), s(generateMs + writeMs), perSecond(ROWS, generateMs + writeMs), mb(fullBytes), '', '', '', '', '', '', '', ''],
          [
            '`POST /api/util/import/csv/user-logs`',
            ROWS.toLocaleString('en-US'),
            s(fullImport.ms),
            perSecond(ROWS, fullImport.ms),
            mb(fullBytes),
            s(afterImport.cpuMs - idle.cpuMs),
            mb(idle.rss),
            mb(afterImport.peakRss),
            mb(afterImport.peakRss - idle.rss),
            mb(afterImport.rss),
            mb(afterImport.maxRss),
            mb(idle.heapUsed),
            mb(afterImport.peakHeap),
          ],
          [
            '`GET /api/user/export-logs`',
            ROWS.toLocaleString('en-US'),
            s(exported.ms),
            perSecond(ROWS, exported.ms),
            mb(exported.bytes),
            s(afterExport.cpuMs - afterImport.cpuMs),
            mb(afterImport.rss),
            mb(afterExport.peakRss),
            mb(afterExport.peakRss - afterImport.rss),
            mb(afterExport.rss),
            mb(afterExport.maxRss),
            mb(afterImport.heapUsed),
            mb(afterExport.peakHeap),
          ],
          [
            'import without lunar/weather/time zone columns',
            bareRows.toLocaleString('en-US'),
            s(bareImport.ms),
            perSecond(bareRows, bareImport.ms),
            mb(fs.statSync(bareFile).size),
            s(afterBare.cpuMs - afterExport.cpuMs),
            mb(afterExport.rss),
            mb(afterBare.peakRss),
            mb(afterBare.peakRss - afterExport.rss),
            mb(afterBare.rss),
            mb(afterBare.maxRss),
            mb(afterExport.heapUsed),
            mb(afterBare.peakHeap),
          ],
        ],
      ),
      '',
      `The export streamed ${exported.lines.toLocaleString('en-US')} lines (header included), ${exported.bytes === fullBytes ? 'exactly as many bytes as the imported file' : `${exported.bytes.toLocaleString('en-US')} bytes against the imported ${fullBytes.toLocaleString('en-US')}`}, read from the database 1,000 rows per query. The last import has only date, position, lake, type, species and length: the server works out the time zone and state and computes lunar data offline for every row (one solunar day per 0.05° cell, time zone and local day, shared by the rows in it), which is what its rows/s measures.`,
      '',
      `Machine: nproc ${machine.nproc}, ${machine.cpu}, ${machine.memory}, Node ${machine.node}, ${machine.platform}.`,
    ].join('\n');

    finish({
      name: 'logs-import',
      title: 'Logs import and export',
      markdown,
      data: { rows: ROWS, rowBytes, bareRows, fullBytes, generateMs, writeMs, fullImport, exported, bareImport, stats: { idle, afterImport, afterExport, afterBare }, machine },
    });
  } finally {
    if (child.exitCode === null) {
      child.send({ type: 'stop' } satisfies ParentMessage);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function describeMachine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':').slice(1).join(':').trim();
  } catch {
    // Not Linux: os.cpus() it is.
  }
  return {
    nproc: os.availableParallelism(),
    cpu,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** The file as the browser's import form sends it, streamed from disk. */
function upload(port: number, token: string, file: string): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----tightlinesbench${Date.now()}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/util/import/csv/user-logs',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    request.on('error', reject);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="userLogs"; filename="myfishinglogs.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const stream = fs.createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => request.end(`\r\n--${boundary}--\r\n`));
    stream.pipe(request, { end: false });
  });
}

function download(port: number, token: string): Promise<{ status: number; bytes: number; lines: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/user/export-logs', headers: { authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, ms: performance.now() - started }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
