import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import type { Mailer, MailMessage } from '../../src/providers/mail/mailer';

/** Keeps what the app mails, so a test can read a reset code the way a user reads the inbox. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: undefined });
    return { database, drop: () => database.close() };
  }
  const name = `tightlines_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = App & {
  config: Config;
  database: Database;
  mailer: RecordingMailer;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: { configuredMailer?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'off', AUTH_RATE_LIMIT: '1000', ENRICH_INTERVAL_SECONDS: '3600', ...env });
  const { database, drop } = await openTestDatabase();
  const mailer = new RecordingMailer();
  const built = await buildApp({ config, database, logger: false, ...(options.configuredMailer ? {} : { mailer }) });
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    mailer,
    request: ({ token, headers, ...options }) =>
      built.app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    close: async () => {
      await built.app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function newAccount(prefix = 'angler') {
  counter += 1;
  const id = `${prefix}${process.pid}x${counter}`;
  return { username: id, email: `${id}@example.com`, password: 'correct horse 42', passwordConfirm: 'correct horse 42' };
}

export async function registerUser(t: TestApp, account = newAccount()) {
  const res = await t.request({ method: 'POST', url: '/api/user/register', payload: account });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as { _id: string; token: string; username: string; email: string };
  return { ...account, ...user };
}
