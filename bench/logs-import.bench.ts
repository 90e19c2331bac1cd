/**
 * Logs import and export through the HTTP routes.
 *
 *  1. A CSV of N sample logs (default 100,000; the demo generator, apps/server/src/demo/generator.ts,
 *     written with the export's own CSV writer, every column filled) is written to a temp file.
 *  2. The server is testkit's real process (main.ts as `npm start` runs it, PGlite in a fresh
 *     DATA_DIR, FEATURE_FLAGS=FREEFORALL). Its probe samples the server's RSS and JS heap every
 *     20 ms and reports process.resourceUsage().maxRSS, so memory is the server's alone.
 *  3. POST /api/util/import/csv/user-logs streams the file as multipart (chunked), timed to the
 *     answer; then GET /api/user/export-logs is read to the end, timed, its bytes and lines counted.
 *  4. A smaller file with no lunar, weather or time zone columns (default 5,000 rows) shows what
 *     computing lunar data offline costs an import.
 *
 * With --database-url the server uses that PostgreSQL database instead (migrated on start; its
 * members are named with the run's time, so a database may be reused).
 *
 *   npx tsx bench/logs-import.bench.ts [--rows 100000] [--bare-rows 5000] [--database-url postgres://…] [--json out.json]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LOG_CSV_HEADER_LINE, logCsvLine } from '../packages/core/src/log-csv';
import { sampleLogView } from '../apps/server/src/demo/generator';
import { signUp, startServerProcess } from '@tightlines/testkit/process';
import { bulkRowBytes } from '@tightlines/testkit/seed';
import { argValue, countOption, finish } from './lib/report';
import { poolLogs } from './lib/sample-pool';
import { table } from './lib/stats';

type Stats = { rss: number; peakRss: number; maxRss: number; heapUsed: number; peakHeap: number; cpuMs: number };

await bench();

async function bench() {
  const ROWS = countOption('--rows', 'BENCH_LOGS_ROWS', 100_000);
  const BARE_ROWS = countOption('--bare-rows', 'BENCH_LOGS_BARE_ROWS', 5_000);
  const machine = describeMachine();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-bench-csv-'));
  const mb = (bytes: number) => (Math.abs(bytes) < 2 ** 20 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`);
  const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
  const perSecond = (n: number, msValue: number) => Math.round((n * 1000) / msValue).toLocaleString('en-US');

  // 1. The files.
  let started = performance.now();
  const { logs, fromFile } = poolLogs('00000000-0000-0000-0000-000000000000', ROWS);
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
  // What the import holds per checked row until its batch is inserted: the row as one JSON string.
  const sample = logs.filter((_, i) => i % 97 === 0);
  const rowBytes = Math.round(sample.reduce((sum, log) => sum + bulkRowBytes(log), 0) / sample.length);
  logs.length = 0;
  console.error(`files: ${ROWS} rows, ${mb(fullBytes)} (${fromFile ? 'read from the run\'s shared sample logs' : 'generated'} in ${s(generateMs)}, written in ${s(writeMs)})`);

  // 2. The server.
  const databaseUrl = argValue('--database-url');
  const server = await startServerProcess({ env: { FEATURE_FLAGS: 'FREEFORALL', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  const database = databaseUrl ? `PostgreSQL at ${new URL(databaseUrl).host}` : 'PGlite in a fresh `DATA_DIR`';
  const stats = async (resetPeak = false): Promise<Stats> => {
    const now = await server.stats({ resetPeak });
    return { rss: now.rssBytes, peakRss: now.peakRssBytes, maxRss: now.maxRssBytes, heapUsed: now.heapUsedBytes, peakHeap: now.peakHeapBytes, cpuMs: now.cpuMs };
  };
  const port = Number(new URL(server.baseUrl).port);

  try {
    const run = Date.now().toString(36);
    const register = async (name: string) => (await signUp(server.baseUrl, `${name}${run}`)).token;

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
      `${ROWS.toLocaleString('en-US')} sample logs of one angler (the demo generator's, a third each in the seasons 2023–2025, the run's shared sample logs (\`lib/sample-pool.ts\`): five Minnesota lakes, every column filled, synthesized weather, offline lunar data), written with the export's CSV writer: **${mb(fullBytes)}**. The server is \`main.ts\` as \`npm start\` runs it, in its own process (${database}, \`LOG_LEVEL=warn\`, \`FEATURE_FLAGS=FREEFORALL\`, 127.0.0.1); the bench streams the file to it as a chunked multipart upload. Memory is the server process's: RSS sampled every 20 ms ("peak RSS") and \`process.resourceUsage().maxRSS\` (the process's lifetime peak). PGlite runs inside the same process: its WebAssembly heap (the database's buffers and working memory; the data itself is in files under \`DATA_DIR\`) counts in the RSS, so "peak − before" is the import's working memory plus what the database kept in memory for it. The JavaScript heap (sampled the same way) shows the request's own working set: the import streams the file into one transaction, 1,000 checked rows (one JSON string of about ${rowBytes} bytes each, ${mb(rowBytes * 1000)} a batch) per insert into a temporary table, moved into logs 10,000 a statement at the end, with at most two batches waiting before the upload is paused; the peak also counts garbage not yet collected.`,
      '',
      table(
        ['step', 'rows', 'wall time', 'rows/s', 'size', 'server CPU', 'RSS before', 'peak RSS during', 'peak − before', 'RSS after', 'maxRSS after', 'JS heap before', 'peak JS heap'],
        [
          [fromFile ? 'read the shared sample logs + write CSV (bench process)' : 'generate + write CSV (bench process)', ROWS.toLocaleString('en-US'), s(generateMs + writeMs), perSecond(ROWS, generateMs + writeMs), mb(fullBytes), '', '', '', '', '', '', '', ''],
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
    await server.stop();
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
