import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tightlines/testkit/database';
import { openDatabase } from '../src/db/client';
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
