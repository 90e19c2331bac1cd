// The app in process, for the server's integration tests: buildApp (the composition root main.ts
// uses) on a fresh database, driven through `app.inject`, with the mailer recording what it sends
// and a clock the test can move. Nothing listens on a port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '@tightlines/server/src/app';
import { loadConfig, type Config } from '@tightlines/server/src/config';
import type { Database } from '@tightlines/server/src/db/client';
import { loggerOptions } from '@tightlines/server/src/http/log-redact';
import type { Mailer, MailMessage } from '@tightlines/server/src/providers/mail/mailer';
import { openTestDatabase } from './database';
import { HARNESS_SETTINGS } from './settings';

/** Keeps what the app mails, so a test reads a reset code the way a user reads the inbox. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

/** The app's clock: the real time plus however far the test moved it. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export type TestApp = App & {
  config: Config;
  database: Database;
  /** The PostgreSQL database's URL when TEST_DATABASE_URL is set (a second node may share it), else null. */
  databaseUrl: string | null;
  mailer: RecordingMailer;
  clock: TestClock;
  /** An HTTP request through `app.inject`; `token` becomes the Bearer authorization. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Use the mailer the configuration picks (SMTP_URL, else the outbox table) instead of recording mail. */
  configuredMailer?: boolean;
  /** Turns the server's own logger on (level info), writing its lines here. */
  logStream?: { write(line: string): void };
};

/**
 * Boots the app in this process on a fresh database (openTestDatabase): HARNESS_SETTINGS, then
 * `env` on top, NODE_ENV=test, uploads in a temporary DATA_DIR. `close()` stops the app, drops
 * the database and removes the directory.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-test-'));
  const config = loadConfig({ ...HARNESS_SETTINGS, NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const mailer = new RecordingMailer();
  const clock = new TestClock();
  const built = await buildApp({
    config,
    database,
    logger: options.logStream ? loggerOptions('info', options.logStream) : false,
    now: clock.now,
    ...(options.configuredMailer ? {} : { mailer }),
  });
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    databaseUrl,
    mailer,
    clock,
    // A test's own SQL stands in for a job or an operator, whose change reaches a server's kept
    // answers when the database's announcement does (a moment later on PostgreSQL): each request
    // waits for that, so that it reads after the test's writes. Changes made through the app are
    // heard before their answer leaves (app.ts), with or without this.
    request: async ({ token, headers, ...rest }) => {
      await database.heard();
      return built.app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    close: async () => {
      await built.app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
