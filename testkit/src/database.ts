import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@tightlines/server/src/db/client';

/**
 * Where prepareTemplateDatabase left the migrated database for this run: a PGlite dump file, or a
 * PostgreSQL database to copy. Set in the environment, so vitest's workers (forked after the
 * global set-up) inherit it.
 */
const PGLITE_TEMPLATE_ENV = 'TIGHTLINES_TEST_PGLITE_TEMPLATE';
const POSTGRES_TEMPLATE_ENV = 'TIGHTLINES_TEST_POSTGRES_TEMPLATE';

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL database's URL, for a second process to share it; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
};

/**
 * Migrates one database for a whole test run (vitest's globalSetup), which openTestDatabase then
 * copies for each app: migrating from empty is most of an app's start, seconds each on PGlite. On
 * PGlite a dump in a temporary file, on PostgreSQL a database used as CREATE DATABASE's template.
 * Returns the clean-up.
 */
export async function prepareTemplateDatabase(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: undefined });
    const client = (database.db as unknown as { $client: PGliteDump }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-template-'));
    const file = path.join(dir, 'pglite.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = uniqueName('tightlines_template');
  await onServer(url, `CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase({ url: withDatabase(url, name) });
    await database.close();
  } catch (error) {
    await dropDatabase(url, name);
    throw error;
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await dropDatabase(url, name);
  };
}

type PGliteDump = { dumpDataDir(compression: 'none'): Promise<Blob> };

/**
 * A fresh, migrated database for one app: in-memory PGlite, or, when TEST_DATABASE_URL is set, a
 * new database created on that PostgreSQL server (the role needs CREATEDB) and dropped by `drop()`.
 * Both start as a copy of prepareTemplateDatabase's when the run has one (the migrator then finds
 * nothing to do), else from empty.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const copyOf = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: undefined, copyOf });
    return { database, url: null, drop: () => database.close() };
  }
  const name = uniqueName('tightlines_test');
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  try {
    const database = await openDatabase({ url: withDatabase(url, name) });
    return {
      database,
      url: withDatabase(url, name),
      drop: async () => {
        await database.close();
        await dropDatabase(url, name);
      },
    };
  } catch (error) {
    await dropDatabase(url, name);
    throw error;
  }
}

/**
 * Drops the database once the pool's connections have gone. Ending a pool resolves while its
 * connections are still saying goodbye, and a forced drop would kill them mid-way (an error in the
 * test that closed them), so the drop waits for them first and forces only as a last resort.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await onServer(url, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006 object_in_use: a connection to it has not closed yet.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
