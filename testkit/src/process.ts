// A real Tightlines process for the end-to-end specs and the benches: apps/server/src/main.ts as
// `npm start` runs it (through tsx, NODE_ENV=production), on a free port and a fresh DATA_DIR
// (PGlite), with HARNESS_SETTINGS and the caller's settings, and a real SMTP server on loopback
// that keeps its mail. No server setting is inherited from this process's environment. probe.ts
// is preloaded to answer stats() and to stop the server if the harness goes away.
// The web app is whatever `npm run build` left in apps/web/dist.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTING_NAMES } from '@tightlines/server/src/config';
import type { Database } from '@tightlines/server/src/db/client';
import { startMailServer, type Mailbox } from './mail';
import type { ProbeReply, ProbeRequest, ServerStats } from './probe';
import { HARNESS_SETTINGS } from './settings';

export type { ServerStats } from './probe';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const probe = new URL('./probe.ts', import.meta.url).href;
// tsx compiling the server plus PGlite's migrations take over 90 s on a 2-core machine that other
// test runs keep at a load of 20; a server that never comes up still fails, only later.
const HEALTH_TIMEOUT_MS = 180_000;
/** Set by prepareTemplateDataDir: a migrated PGlite directory that fresh DATA_DIRs start as a copy of. */
const TEMPLATE_ENV = 'TIGHTLINES_TEST_PGLITE_DATA_DIR';
const STOP_TIMEOUT_MS = 10_000;

export type ServerProcessOptions<T> = {
  /** Settings on top of the harness's (PORT, HOST, DATA_DIR, PUBLIC_URL and SMTP_URL are the harness's unless given). */
  env?: Record<string, string>;
  /**
   * Fills the data directory's database before the server starts (it migrates it first), then
   * closes it: benches seed large tables this way. What it returns is `prepared`.
   */
  prepare?: (database: Database) => Promise<T>;
  /**
   * Runs on this data directory instead of a fresh one, and leaves it in place when the server
   * stops (the caller removes it): a second server can start on what a killed one left.
   */
  dataDir?: string;
  /** Copies the server's output to this process's stderr as it comes (output() keeps it either way). */
  echo?: boolean;
};

export type RunningServer<T = undefined> = {
  /** e.g. http://127.0.0.1:40123, no trailing slash. */
  baseUrl: string;
  pid: number;
  /** What the server sent through SMTP. */
  mail: Mailbox;
  dataDir: string;
  prepared: T;
  /** What the server printed so far (stdout and stderr, the last 100 kB or more). */
  output(): string;
  /** The server process's CPU time and memory; `resetPeak` starts new peaks after this answer. */
  stats(options?: { resetPeak?: boolean }): Promise<ServerStats>;
  /** SIGTERM (the server's clean stop), SIGKILL after 10 s; then the mail server and DATA_DIR go. */
  stop(): Promise<void>;
  /** `kill -9` now: no clean stop of any kind; then the mail server (and a DATA_DIR of its own) go. */
  kill(): Promise<void>;
};

/**
 * Migrates one PGlite data directory for a whole run (a vitest globalSetup), which every server
 * started afterwards on a fresh DATA_DIR copies: PGlite's initdb and the migrations are most of a
 * start, over a minute each on a loaded 2-core machine. Returns the clean-up.
 */
export async function prepareTemplateDataDir(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-template-'));
  try {
    await prepareData(dir, async () => undefined);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env[TEMPLATE_ENV] = path.join(dir, 'pglite');
  return async () => {
    delete process.env[TEMPLATE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

export async function startServerProcess<T = undefined>(options: ServerProcessOptions<T> = {}): Promise<RunningServer<T>> {
  const dataDir = options.dataDir ?? freshDataDir();
  const smtp = await startMailServer();
  const cleanUp = async () => {
    await smtp.close();
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let prepared: T;
  let port: number;
  try {
    prepared = options.prepare ? await prepareData(dataDir, options.prepare) : (undefined as T);
    port = await freePort();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTING_NAMES) delete childEnv[name];
  Object.assign(childEnv, {
    ...HARNESS_SETTINGS,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', '--import', probe, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`));
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await terminate(child, exited);
    await cleanUp();
  };

  const kill = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await cleanUp();
  };

  try {
    await waitForHealth(baseUrl, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  let nextId = 0;
  const stats = ({ resetPeak = false } = {}) =>
    new Promise<ServerStats>((resolve, reject) => {
      const id = (nextId += 1);
      const onMessage = (message: ProbeReply) => {
        if (message?.type !== 'stats' || message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.stats);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats', id, resetPeak } satisfies ProbeRequest, (error) => {
        if (!error) return;
        child.off('message', onMessage);
        reject(error);
      });
    });

  return { baseUrl, pid: child.pid ?? -1, mail: smtp.mailbox, dataDir, prepared, output: () => output, stats, stop, kill };
}

/** Signs up through POST /api/user/register, as the sign-up form does. */
export async function signUp(baseUrl: string, name: string, password = 'correct horse 42'): Promise<{ _id: string; token: string }> {
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password, passwordConfirm: password }),
  });
  if (res.status !== 200) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { _id: string; token: string };
}

/** Logs in through POST /api/user/login. */
export async function logIn(baseUrl: string, email: string, password: string): Promise<{ _id: string; token: string }> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { _id: string; token: string };
}

/** A new temporary DATA_DIR, holding a copy of the run's migrated database if it has one (the caller removes it). */
export function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-server-'));
  const template = process.env[TEMPLATE_ENV];
  if (template) fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** Opens the database the server will use (DATA_DIR's PGlite, migrated), runs `fill`, closes it. */
async function prepareData<T>(dataDir: string, fill: (database: Database) => Promise<T>): Promise<T> {
  // Loaded only here, so a spec that never prepares data never loads the database driver.
  const { openDatabase } = await import('@tightlines/server/src/db/client');
  const database = await openDatabase({ dataDir });
  try {
    return await fill(database);
  } finally {
    await database.close();
  }
}

async function waitForHealth(baseUrl: string, exited: Promise<string>, output: () => string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exitReason: string | undefined;
  void exited.then((reason) => (exitReason = reason));
  while (Date.now() < deadline) {
    if (exitReason) throw new Error(`The server stopped before it was ready (${exitReason}). Its output:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /api/health within ${HEALTH_TIMEOUT_MS / 1000} s. Its output:\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS))),
  ]);
  // A pending timer would hold the caller's process open for the rest of the 10 s after a clean stop.
  clearTimeout(timer);
  if (killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probeServer = net.createServer();
    probeServer.once('error', reject);
    probeServer.listen(0, '127.0.0.1', () => {
      const { port } = probeServer.address() as net.AddressInfo;
      probeServer.close(() => resolve(port));
    });
  });
}
