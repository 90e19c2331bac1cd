// Faults under the server: PostgreSQL ending every connection while requests run (the server
// answers 503 with a message and recovers by itself, nothing half-written), `kill -9` during a
// large import (after a restart on the same data, nothing of the import is visible and a log
// accepted before it is still there) and during log creates (each log is there whole or not at
// all, and every one answered 201 is there).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_CSV_HEADER_LINE, logCsvLine } from '@tightlines/core/log-csv';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { logIn, signUp, startServerProcess } from '@tightlines/testkit/process';
import { generateLogs, sampleLogView } from '../src/demo/generator';
import { DATABASE_UNAVAILABLE } from '../src/http/errors';

const PLACE = { lat: 46.41, lng: -94.35 };
const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('PostgreSQL ends every connection while requests run', () => {
  let t: TestApp;
  let member: Member;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    t = await createTestApp();
    member = await registerUser(t);
    await givePremium(t, member);
    const rows = (await t.database.db.execute('select current_database() as name')) as unknown as { rows: Array<{ name: string }> };
    dbName = rows.rows[0]!.name;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** What an administrator's `pg_terminate_backend` (or a restart) does to the app's connections. */
  const terminateAll = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);

  it('answers 503 with a message, never 500, keeps every accepted log, and recovers without a restart', async () => {
    const statuses: number[] = [];
    let created = 0;
    let unavailable = 0;
    // A round of requests with the connections ended in the middle of it, until one request was cut off.
    for (let round = 0; round < 15 && unavailable === 0; round += 1) {
      const requests = Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', notes: `round ${round}`, location: PLACE } })
          : t.request({ method: 'GET', url: '/api/user/logs?limit=5', token: member.token }),
      );
      await new Promise((resolve) => setImmediate(resolve));
      await terminateAll();
      for (const res of await Promise.all(requests)) {
        statuses.push(res.statusCode);
        if (res.statusCode === 201) created += 1;
        if (res.statusCode === 503) {
          unavailable += 1;
          expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE });
          expect(res.headers['retry-after']).toBe('5');
        }
      }
    }
    expect(unavailable, 'no request was cut off by the terminated connections').toBeGreaterThan(0);
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);

    // Recovered by itself: the same app answers again, and every log it accepted is there, no more.
    const after = await t.request({ method: 'GET', url: '/api/user/logs?limit=1', token: member.token });
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(created);
    const another = await t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', location: PLACE } });
    expect(another.statusCode).toBe(201);
  }, 180_000);
});

describe('kill -9 during a large import', () => {
  // Large enough that the kill lands inside the import's transaction: past it, the server still
  // samples the planner's statistics before it answers, and a kill then finds the rows committed.
  const ROWS = 40_000;
  let dataDir: string;
  let csvFile: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-fault-'));
    csvFile = path.join(dataDir, 'logs.csv');
    const logs = generateLogs({ userId: '00000000-0000-0000-0000-000000000000', count: ROWS, seed: 3, season: 2025, now: new Date('2025-11-20T00:00:00Z') });
    fs.writeFileSync(csvFile, LOG_CSV_HEADER_LINE + logs.map((log) => logCsvLine(sampleLogView(log))).join(''));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('leaves nothing half-imported and loses no log accepted before it', async () => {
    const server = await startServerProcess({ dataDir, env: { FEATURE_FLAGS: 'FREEFORALL' } });
    const name = `fault${process.pid}`;
    let answered: string | null = null;
    try {
      const { token } = await signUp(server.baseUrl, name);
      const accepted = await fetch(`${server.baseUrl}/api/logs/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'Catch', notes: 'accepted before the crash', location: PLACE }),
      });
      expect(accepted.status).toBe(201);

      const form = new FormData();
      form.append('userLogs', new Blob([fs.readFileSync(csvFile)], { type: 'text/csv' }), 'logs.csv');
      const importing = fetch(`${server.baseUrl}/api/util/import/csv/user-logs`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
        .then(async (res) => (answered = `${res.status} ${await res.text()}`))
        .catch(() => null);
      // Killed while the server is parsing and saving: half a second of its CPU shows it is at work on the import.
      const start = (await server.stats()).cpuMs;
      while ((await server.stats()).cpuMs - start < 500 && answered === null) await new Promise((resolve) => setTimeout(resolve, 50));
      await server.kill();
      await importing;
    } finally {
      await server.kill();
    }
    expect(answered, 'the import finished before the kill; make the file larger').toBeNull();

    const again = await startServerProcess({ dataDir, env: { FEATURE_FLAGS: 'FREEFORALL' } });
    try {
      const { token } = await logIn(again.baseUrl, `${name}@example.com`, 'correct horse 42');
      const res = await fetch(`${again.baseUrl}/api/user/logs?limit=5`, { headers: { authorization: `Bearer ${token}` } });
      const page = (await res.json()) as { total: number; docs: Array<{ notes: string | null }> };
      expect(page.total).toBe(1);
      expect(page.docs[0]!.notes).toBe('accepted before the crash');
    } finally {
      await again.stop();
    }
  }, 400_000);
});

describe('kill -9 while logs are being created', () => {
  const WRITERS = 6;
  const KILL_AFTER = 24;
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-fault-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Each log writes three tables in its transaction: the log, its tag in the angler's tag list and
  // (public) its lake name in the shared lakes. Each log has its own tag, lake name and place, 5 km
  // or more from the others, so every part of it can be looked for on its own.
  const logNumber = (i: number) => ({
    type: 'Catch',
    privacy: 'public',
    notes: `crash ${i}`,
    tags: [`crash-${i}`],
    location: { lat: 44 + (i % 20) * 0.05, lng: -94 + Math.floor(i / 20) * 0.1, lake: `Crash Lake ${i}` },
  });

  it('leaves each log whole or absent, and every log answered 201 there', async () => {
    const server = await startServerProcess({ dataDir, env: { FEATURE_FLAGS: 'FREEFORALL' } });
    const name = `crash${process.pid}`;
    const sent: number[] = [];
    const accepted: number[] = [];
    let next = 0;
    let killing = false;
    try {
      const { token } = await signUp(server.baseUrl, name);
      const writer = async () => {
        while (!killing) {
          const i = next++;
          sent.push(i);
          const res = await fetch(`${server.baseUrl}/api/logs/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(logNumber(i)),
          }).catch(() => null);
          if (res?.status === 201) accepted.push(i);
          else if (res) throw new Error(`log ${i}: ${res.status} ${await res.text()}`);
          if (accepted.length >= KILL_AFTER && !killing) {
            killing = true;
            await server.kill();
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
    } finally {
      await server.kill();
    }
    const cutOff = sent.filter((i) => !accepted.includes(i));
    expect(cutOff.length, 'no create was in flight at the kill').toBeGreaterThan(0);

    const again = await startServerProcess({ dataDir, env: { FEATURE_FLAGS: 'FREEFORALL' } });
    try {
      const { token } = await logIn(again.baseUrl, `${name}@example.com`, 'correct horse 42');
      const get = async <T>(url: string, init: RequestInit = {}) =>
        (await (await fetch(`${again.baseUrl}${url}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } })).json()) as T;
      const logs = await get<{ docs: Array<{ notes: string | null; tags: string[] }> }>('/api/user/logs?limit=500');
      const tagList = await get<string[]>(`/api/user/visitor-tags/${name}`);
      const whole: number[] = [];
      for (const i of sent) {
        const log = logs.docs.find((l) => l.notes === `crash ${i}`);
        const { lat, lng } = logNumber(i).location;
        const lake = await get<{ name: string } | null>('/api/util/find-lake', { method: 'POST', body: JSON.stringify({ lat, lng }) });
        const parts = [Boolean(log), tagList.includes(`crash-${i}`), lake?.name === `Crash Lake ${i}`];
        expect([i, parts], 'a log half-written').toEqual([i, parts.map(() => parts[0])]);
        if (log) {
          expect(log.tags).toEqual([`crash-${i}`]);
          whole.push(i);
        }
      }
      expect(accepted.filter((i) => !whole.includes(i)), 'a log answered 201 is lost').toEqual([]);
      expect(logs.docs.length).toBe(whole.length);
    } finally {
      await again.stop();
    }
  }, 400_000);
});
