import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';
import { usePreparedStatements } from './pglite-statements';

export type Schema = typeof schema;
/** The one database type the repos see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Hears `NOTIFY` on a channel, from every connection to this database. `onListening(false)` says
   * messages may be missed from now on (the connection was lost), `onListening(true)` that they
   * are heard again. Answers the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onListening: (listening: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Resolves once every notification committed before the call has reached this process's
   * listeners, so that what they keep is no older than the database was at the call.
   */
  heard(): Promise<void>;
};

const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one is handed to other queries between them), opened
 * again after a second whenever it is lost, for as long as the caller listens.
 */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
  listeners: Set<() => Promise<void>>,
) {
  let client: pg.Client | null = null;
  /** `client` once it listens. */
  let live: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const current = new pg.Client({ connectionString: url });
    client = current;
    const lost = () => {
      if (client !== current) return;
      client = null;
      live = null;
      onListening(false);
      current.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
    };
    current.on('error', lost);
    current.on('end', lost);
    current.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (client === current && !stopped) {
        live = current;
        onListening(true);
      }
    } catch {
      lost();
    }
  };
  // PostgreSQL hands a listening connection the notifications queued before a query ahead of that
  // query's answer: a round trip on it that starts after a commit returns after its notifications.
  // One at a time on the connection; whoever asks while one is under way (it may have started
  // before their commit) waits for the next.
  let inFlight: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const heard = (): Promise<void> => {
    // Not listening: the listener trusts nothing it kept, so there is nothing to wait for.
    if (!live) return Promise.resolve();
    if (!inFlight) {
      inFlight = live.query('select 1').then(
        () => {
          inFlight = null;
        },
        () => {
          inFlight = null;
        },
      );
      return inFlight;
    }
    next ??= inFlight.then(() => {
      next = null;
      return heard();
    });
    return next;
  };
  listeners.add(heard);
  await connect();
  return async () => {
    listeners.delete(heard);
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    live = null;
    onListening(false);
    await current?.end().catch(() => {});
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions =
  | { url: string }
  /**
   * dataDir undefined keeps the database in memory (tests); `copyOf` then starts it from a dump
   * (PGlite's dumpDataDir) instead of an empty cluster, which tests use to migrate only once.
   */
  | { dataDir: string | undefined; copyOf?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // node-postgres reports an idle connection that dies (the server restarted, or ended it) as an
    // 'error' on the pool, which then drops it and opens another for the next query. Unheard, that
    // event would be an uncaught exception and stop the whole process.
    pool.on('error', (error) => console.warn(`database: an idle connection closed (${error.message}); the pool opens another.`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    const url = options.url;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, onMessage, onListening) => listenPg(url, channel, onMessage, onListening, listeners),
      heard: async () => {
        await Promise.all([...listeners].map((heard) => heard()));
      },
    };
  }

  let release: (() => void) | undefined;
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirectoryLock(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite(options.copyOf ? { loadDataDir: options.copyOf } : {});
  }
  try {
    await client.waitReady;
    const instance = drizzlePglite(client, { schema });
    await migratePglite(instance, { migrationsFolder });
    await refreshStaleStatistics(instance as unknown as Db);
    usePreparedStatements(client);
    return {
      db: instance as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release?.();
      },
      // PGlite is this process alone, and hands a notification to its listeners before the query that sent it resolves.
      listen: async (channel, onMessage, onListening) => {
        const unlisten = await client.listen(channel, onMessage);
        onListening(true);
        return async () => {
          onListening(false);
          await unlisten();
        };
      },
      heard: async () => {},
    };
  } catch (error) {
    release?.();
    throw error;
  }
}

/**
 * The columns of `logs` the planner needs statistics on: what the pages filter, order and join by
 * (time_zone too: with occurred_at it is what the local year's statistics, logs_local_year_stats of
 * migration 0020_circle_facets, are built from; ANALYZE of listed columns skips index expressions).
 * ANALYZE of every column also reads the large JSON ones (weather, lunar): 6.8 s instead of 1.1 s
 * for 20,000 logs on PGlite on a busy machine.
 */
const LOGS_PLANNED_COLUMNS =
  'user_id, occurred_at, time_zone, id, privacy, type, state, lake_name, tags_lower, moon_phase, lure_category, fish_length, water_temp, created_at, outing_id';

/** The planner's statistics of the logs table, sampled again (at most 30,000 rows are read). */
export async function analyzeLogs(db: Db): Promise<void> {
  await db.execute(sql.raw(`analyze logs (${LOGS_PLANNED_COLUMNS})`));
}

/**
 * PGlite runs no autovacuum, so without this the planner never has statistics and plans every
 * table as if it were small: the Inner Circle feed of 100,000 logs took seconds (a bitmap scan and
 * a sort per friend) where the analyzed plan reads an index range. At start-up, only the tables never
 * analyzed or grown by a fifth since are sampled again, so a restart of a large database stays quick.
 */
async function refreshStaleStatistics(db: Db): Promise<void> {
  const stale = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()
          and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)`,
  );
  if (stale.length === 0) return;
  // One statement: on PGlite each ANALYZE is a transaction of its own, about a second apiece on disk.
  const tables = stale.map(({ name }) => (name === 'logs' ? `logs (${LOGS_PLANNED_COLUMNS})` : `"${name.replaceAll('"', '""')}"`));
  await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}

/** Raw SQL for the paths the query builder makes slow or awkward; both drivers answer with `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
