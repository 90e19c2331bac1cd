import pg from 'pg';
import { openDatabase, type Database } from '@tightlines/server/src/db/client';

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL database's URL, for a second process to share it; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
};

/**
 * A fresh, migrated database for one app: in-memory PGlite, or, when TEST_DATABASE_URL is set, a
 * new database created on that PostgreSQL server (the role needs CREATEDB) and dropped by `drop()`.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: undefined });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `tightlines_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: target.toString() });
    return {
      database,
      url: target.toString(),
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

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
