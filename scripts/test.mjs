#!/usr/bin/env node
// `npm test`: the one command that says whether the tree is good, locally and in CI (.ci/run).
//
// Runs, in order, streaming each step's output and stopping at the first failure:
//   lint -> migrations in sync with the schema -> core unit tests -> web unit tests -> server
//   integration tests on PGlite -> the same suite on PostgreSQL (only when TEST_DATABASE_URL is
//   set) -> web build -> Chromium present -> end-to-end tests in the browser.
// Prints how long each step took and, last, a line `N passed, N failed` counting test cases over
// every vitest run (read from vitest's JSON reporter).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-test-'));

const totals = { passed: 0, failed: 0 };
const timings = [];
let current = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    console.error(`\n${signal}: stopping.`);
    finish(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs a command with inherited stdio (or captured, when `capture` is set); resolves with its exit code. */
function run(command, args, { cwd = root, env = process.env, capture = false, timeoutMs } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    current = child;
    let output = '';
    if (capture) {
      const keep = (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
    }
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, timeoutMs)
      : undefined;
    child.on('error', (error) => {
      output += String(error);
      console.error(`Could not start ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: code ?? (signal ? 1 : 0), output, timedOut });
    });
  });
}

/** A vitest run whose counts go into the summary. */
async function vitest(name, cwd, env = process.env) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const { code } = await run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd, env },
  );
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests ?? 0;
    failed = json.numFailedTests ?? 0;
    // A file that fails before any test runs (syntax error, failing beforeAll) has no failed test
    // case; count it once so a broken run never reads "0 failed".
    for (const file of json.testResults ?? []) {
      const anyFailed = (file.assertionResults ?? []).some((t) => t.status === 'failed');
      if (file.status === 'failed' && !anyFailed) failed += 1;
    }
  }
  // Same for a run that failed outside any test (no report, unhandled error after the tests).
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  return code;
}

/**
 * Fails when apps/server/src/db/schema.ts and the committed migrations disagree: drizzle-kit's own
 * consistency check, a journal/file cross-check, then `drizzle-kit generate` into a scratch copy of
 * the migrations, which must report no schema changes and write nothing.
 */
async function migrationsInSync() {
  const serverDir = path.join(root, 'apps/server');
  const migrations = path.join(serverDir, 'src/db/migrations');

  const check = await run(bin('drizzle-kit'), ['check'], { cwd: serverDir, capture: true });
  if (check.code !== 0) return fail('drizzle-kit check failed.');

  // The journal, the SQL files and the snapshots must name the same migrations, in order.
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const problems = [];
  const tags = journal.entries.map((entry) => entry.tag);
  const sqlFiles = fs.readdirSync(migrations).filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, -4));
  for (const file of sqlFiles) if (!tags.includes(file)) problems.push(`${file}.sql is not in meta/_journal.json`);
  journal.entries.forEach((entry, i) => {
    if (!sqlFiles.includes(entry.tag)) problems.push(`journal entry ${entry.tag} has no ${entry.tag}.sql`);
    const snapshot = `${String(entry.idx).padStart(4, '0')}_snapshot.json`;
    if (!fs.existsSync(path.join(migrations, 'meta', snapshot))) problems.push(`journal entry ${entry.tag} has no meta/${snapshot}`);
    if (entry.idx !== i) problems.push(`journal entry ${entry.tag} has idx ${entry.idx}, expected ${i}`);
    const previous = journal.entries[i - 1];
    if (previous && entry.when <= previous.when) {
      problems.push(`journal entry ${entry.tag} is not later than ${previous.tag} (the migrator would skip it)`);
    }
  });
  if (problems.length) return fail(`The committed migrations are inconsistent:\n  ${problems.join('\n  ')}`);

  // Generate into a scratch copy, with the project's own config but another output folder.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-migrations-'));
  try {
    const out = path.join(scratch, 'migrations');
    fs.cpSync(migrations, out, { recursive: true });
    const config = path.join(scratch, 'drizzle.config.ts');
    fs.writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(serverDir, 'drizzle.config.ts'))};\n` +
        // drizzle-kit resolves `out` against the working directory.
        `export default { ...base, out: ${JSON.stringify(path.relative(serverDir, out))} };\n`,
    );
    // Not a TTY: if drizzle-kit needs to ask about a rename it errors out instead of waiting.
    const generate = await run(bin('drizzle-kit'), ['generate', '--config', config], {
      cwd: serverDir,
      capture: true,
      timeoutMs: 120_000,
    });
    const changed = diffTrees(migrations, out);
    if (changed.length) {
      const sql = changed.filter((f) => f.endsWith('.sql') && fs.existsSync(path.join(out, f)));
      for (const file of sql) console.log(`\n--- ${file} (what the schema still needs) ---\n${fs.readFileSync(path.join(out, file), 'utf8')}`);
      return fail(
        `schema.ts and the committed migrations disagree (generate would write: ${changed.join(', ')}).\n` +
          'Run `npm run db:generate`, review the SQL and commit it.',
      );
    }
    if (generate.timedOut) return fail('drizzle-kit generate did not finish in 2 minutes.');
    if (generate.code !== 0 || !/No schema changes/.test(generate.output)) {
      return fail(
        'drizzle-kit generate did not confirm "No schema changes" (see its output above; an interactive ' +
          'rename question means the schema changed: run `npm run db:generate` in a terminal).',
      );
    }
    console.log('Migrations match schema.ts.');
    return 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Relative paths of files that are new or different in `b` compared with `a`, or missing from `b`. */
function diffTrees(a, b) {
  const list = (dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  const before = list(a);
  const after = list(b);
  const changed = after.filter(
    (f) => !before.includes(f) || !fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))),
  );
  return [...changed, ...before.filter((f) => !after.includes(f))];
}

function fail(message) {
  console.error(`\n${message}`);
  return 1;
}

function withoutTestDatabase() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

const steps = [
  { name: 'lint', run: () => run('npm', ['run', 'lint']).then((r) => r.code) },
  { name: 'migrations in sync', run: migrationsInSync },
  { name: 'core unit tests', run: () => vitest('core', path.join(root, 'packages/core')) },
  { name: 'web unit tests', run: () => vitest('web', path.join(root, 'apps/web')) },
  {
    name: 'server integration tests (PGlite)',
    run: () => vitest('server-pglite', path.join(root, 'apps/server'), withoutTestDatabase()),
  },
  {
    name: 'server integration tests (PostgreSQL)',
    skip: () => (process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set'),
    run: () => vitest('server-postgres', path.join(root, 'apps/server')),
  },
  { name: 'web build', run: () => run('npm', ['run', 'build']).then((r) => r.code) },
  { name: 'web bundle size', run: () => run(process.execPath, [path.join(root, 'scripts/check-bundle-size.mjs')]).then((r) => r.code) },
  { name: 'chromium', run: () => run(process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')]).then((r) => r.code) },
  { name: 'end-to-end tests', run: () => vitest('e2e', path.join(root, 'e2e'), withoutTestDatabase()) },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const started = Date.now();

function finish(code) {
  console.log('\nTimings:');
  for (const t of timings) console.log(`  ${t.status.padEnd(7)} ${t.name.padEnd(40)} ${t.time}`);
  console.log(`  total   ${''.padEnd(40)} ${seconds(Date.now() - started)}`);
  fs.rmSync(reportDir, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

for (const [i, step] of steps.entries()) {
  const label = `[${i + 1}/${steps.length}] ${step.name}`;
  const skipped = step.skip?.();
  if (skipped) {
    console.log(`\n=== ${label}: skipped (${skipped})`);
    timings.push({ name: step.name, status: 'skipped', time: '-' });
    continue;
  }
  console.log(`\n=== ${label}`);
  const t0 = Date.now();
  const code = await step.run();
  const time = seconds(Date.now() - t0);
  if (code !== 0) {
    console.error(`\n=== ${label}: FAILED (exit ${code}) after ${time}`);
    timings.push({ name: step.name, status: 'FAILED', time });
    finish(typeof code === 'number' && code > 0 ? code : 1);
  }
  console.log(`=== ${label}: ok in ${time}`);
  timings.push({ name: step.name, status: 'ok', time });
}
finish(0);
