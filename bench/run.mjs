#!/usr/bin/env node
// `npm run bench`: runs every bench in bench/*.bench.ts one after another (never in parallel: the
// machine has few cores and the benches measure CPU-bound work), each under tsx, then rewrites its
// section of bench/RESULTS.md together with the machine description.
//
//   node bench/run.mjs                      all benches, RESULTS.md rewritten
//   node bench/run.mjs --only forecast      some benches (comma-separated names)
//   node bench/run.mjs --no-write           print the sections, leave RESULTS.md alone
//
// Request counts can be changed through the environment (see bench/README.md).
// Before the first bench, one PGlite data directory is migrated that every bench's fresh DATA_DIR
// copies (testkit's template), and meanwhile the sample logs several benches use (lib/sample-pool.ts)
// are written to the run's temp dir, which the benches get as BENCH_SHARED_DIR: neither is part of
// any figure.
// Only the text between a section's `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`
// markers is replaced; anything else in RESULTS.md (notes written by hand) is kept.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const resultsFile = path.join(here, 'RESULTS.md');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? null : (args[onlyAt + 1] ?? '').split(',').filter(Boolean);

const all = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const names = only ?? all;
/** The benches that read the run's shared sample logs (lib/sample-pool.ts). */
const POOL_BENCHES = ['analysis', 'analysis-pg', 'circle', 'circle-pg', 'logs-import'];
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`No bench named "${name}". There are: ${all.join(', ')}.`);
    process.exit(2);
  }
}

function machine() {
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
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: os.loadavg().map((x) => x.toFixed(2)).join(' / '),
  };
}

function runTsx(args, env) {
  return new Promise((resolve) => {
    const child = spawn(tsx, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    const stop = (signal) => child.kill(signal);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function replaceSection(text, name, body) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from !== -1 && to > from) return text.slice(0, from) + block + text.slice(to + end.length);
  return `${text.trimEnd()}\n\n${block}\n`;
}

const m = machine();
const machineLine = `${m.date}, Node ${m.node}, ${m.nproc} × ${m.cpu}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-bench-'));
const templateDir = path.join(workDir, 'template');
const runStarted = Date.now();
// The sample logs are generated beside the migration (two processes, the machine has two cores)
// when a bench that reads them runs.
const [prepared, pooled] = await Promise.all([
  runTsx([path.join(here, 'lib', 'prepare-run.ts'), templateDir], {}),
  names.some((name) => POOL_BENCHES.includes(name)) ? runTsx([path.join(here, 'lib', 'prepare-pool.ts')], { BENCH_SHARED_DIR: workDir }) : null,
]);
const shared = { BENCH_SHARED_DIR: workDir, ...(prepared === 0 ? { TIGHTLINES_TEST_PGLITE_DATA_DIR: path.join(templateDir, 'pglite') } : {}) };
if (prepared !== 0) console.error('Could not migrate the template data directory; every server migrates its own.');
if (pooled !== null && pooled !== 0) console.error('Could not write the sample logs; the first bench that reads them generates them.');
console.error(`=== template data directory${pooled === null ? '' : ' and sample logs'} ready in ${((Date.now() - runStarted) / 1000).toFixed(1)} s ===`);
const sections = [];
let failed = 0;
for (const name of names) {
  console.error(`\n=== bench: ${name} ===`);
  const jsonFile = path.join(workDir, `${name}.json`);
  const started = Date.now();
  const code = await runTsx([path.join(here, `${name}.bench.ts`), '--json', jsonFile], shared);
  if (code !== 0 || !fs.existsSync(jsonFile)) {
    console.error(`bench ${name} failed (exit code ${code}); its section is left as it was.`);
    failed += 1;
    continue;
  }
  console.error(`=== ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  sections.push({ name: report.name, body: `## ${report.title}\n\n_Measured ${machineLine}._\n\n${report.markdown}` });
}
fs.rmSync(workDir, { recursive: true, force: true });
console.error(`\n=== ${names.length} bench(es) in ${((Date.now() - runStarted) / 1000).toFixed(1)} s ===`);

const machineSection = [
  '## Machine (latest run)',
  '',
  `- Date: ${m.date}`,
  `- nproc: ${m.nproc}`,
  `- CPU: ${m.cpu}`,
  `- Memory: ${m.memory}`,
  `- Node: ${m.node}`,
  `- OS: ${m.os}`,
  `- Load average (1 / 5 / 15 min) before the run: ${m.load}`,
  `- Benches run: ${sections.map((s) => s.name).join(', ') || 'none'}`,
].join('\n');

if (write && sections.length > 0) {
  const header = [
    '# Benchmark results',
    '',
    'Latest figures from `npm run bench` (how to rerun, and what each bench does: [README.md](README.md)).',
    'The sections between `<!-- bench:NAME:start/end -->` markers are rewritten by `bench/run.mjs`; everything else here is kept.',
    '',
  ].join('\n');
  let text = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : header;
  text = replaceSection(text, 'machine', machineSection);
  for (const section of sections) text = replaceSection(text, section.name, section.body);
  fs.writeFileSync(resultsFile, text);
  console.error(`\nWrote ${path.relative(root, resultsFile)} (${sections.map((s) => s.name).join(', ')}).`);
} else {
  process.stdout.write(`\n${machineSection}\n\n${sections.map((s) => s.body).join('\n\n')}\n`);
}
process.exit(failed > 0 ? 1 : 0);
