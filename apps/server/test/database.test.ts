import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tightlines/testkit/database';
import { openDatabase, queryRows } from '../src/db/client';
import { DbContext } from '../src/db/context';
import { DatabaseLockedError } from '../src/db/lock';

describe('embedded database directory', () => {
  it('refuses a second process while the first holds it, and takes over a stale lock', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-lock-'));
    const lockFile = path.join(dataDir, 'tightlines.lock');
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    // pid 1 always runs: a lock held by another live process
    fs.writeFileSync(lockFile, '1');
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another Tightlines process \(pid 1\)/);
    // a pid that cannot exist: a crashed owner
    fs.writeFileSync(lockFile, '99999999');
    const database = await openDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Creating and migrating a PGlite directory on disk takes far longer than an in-memory one.
  }, 120_000);
});

describe('hearing the database’s announcements', () => {
  it('has heard every notification committed before it was asked, on PGlite and on PostgreSQL', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const heard: string[] = [];
      const stop = await database.listen('heard_test', (payload) => heard.push(payload), () => {});
      // Many in one commit, so that they are still on their way when the commit returns.
      for (let round = 0; round < 3; round += 1) {
        heard.length = 0;
        await database.db.execute(sql`select pg_notify('heard_test', g::text) from generate_series(1, 3000) g`);
        await database.heard();
        expect(heard).toHaveLength(3000);
        expect(heard.at(-1)).toBe('3000');
      }
      await stop();
      // Nobody listens any more: nothing to wait for.
      await database.heard();
    } finally {
      await drop();
    }
  });
});

describe('reads inside and outside a transaction', () => {
  it('runs reads side by side on the pool and one after another inside a transaction, with the same answers', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const ctx = new DbContext(database.db);
      const running = { now: 0, most: 0 };
      const read = (n: number) => async () => {
        running.now += 1;
        running.most = Math.max(running.most, running.now);
        const rows = await queryRows<{ n: number }>(ctx.db, sql`select ${n}::int as n, pg_sleep(0.02)`);
        running.now -= 1;
        return rows[0]?.n;
      };
      expect(await ctx.reads(read(1), read(2), read(3))).toEqual([1, 2, 3]);
      expect(running.most).toBe(3);
      running.most = 0;
      expect(await ctx.transaction(() => ctx.reads(read(1), read(2), read(3)))).toEqual([1, 2, 3]);
      expect(running.most).toBe(1);
    } finally {
      await drop();
    }
  });
});
