import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { joinCircle, newAccount, registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';

// The data page's answers are kept per member (AnswerCache). From the side of a member and of
// whoever else might read them: a change shows in the very next read, whatever made it; nobody
// gets another member's answer; and a circle member's view of a friend's logs is never the
// friend's own kept answer.

type Page = { total: number; docs: Array<{ _id: string; notes: string | null; username: string }> };
type Stats = { mostRecentCatch: { _id: string } | null; innerCircle: Array<{ username: string }> };

const DATA_PAGE = ['/api/user/logs/filter', '/api/user/logs/markers', '/api/user/logs/charts', '/api/user/stats', '/api/user/logs/lakes', '/api/user/logs/states'];
const where = { type: 'Catch', location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake' } };

/** Writes behind the app's back with the database's triggers off, so nothing announces the change: only a kept answer can still show the old data. */
async function silently(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('data page answers on one node', () => {
  let weather: FakeOpenMeteo;
  let t: TestApp;
  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    t = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
  });
  afterAll(async () => {
    await t?.close();
    await weather?.close();
  });

  const get = async <T>(token: string, url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const create = async (token: string, payload: Record<string, unknown> = where) => {
    const res = await t.request({ method: 'POST', url: '/api/logs/create', token, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string };
  };

  it('keeps an answer, and shows every change at once: create, edit, delete, and a change no request made', async () => {
    const angler = await registerUser(t, newAccount('kept'));
    const first = await create(angler.token, { ...where, notes: 'first' });
    const page = () => get<Page>(angler.token, '/api/user/logs/filter?page=1&limit=50');
    for (const url of DATA_PAGE) await get(angler.token, url);
    expect((await page()).docs.map((d) => d.notes)).toEqual(['first']);

    // Proof that answers are kept: a change nobody announces does not show.
    await silently(t, sql`update logs set notes = 'unannounced' where id = ${first._id}`);
    expect((await page()).docs.map((d) => d.notes)).toEqual(['first']);

    const second = await create(angler.token, { ...where, date: '2025-06-01T06:00:00', notes: 'second' });
    expect((await page()).total).toBe(2);
    expect((await get<unknown[]>(angler.token, '/api/user/logs/markers')).length).toBe(2);
    expect((await get<Stats>(angler.token, '/api/user/stats')).mostRecentCatch?._id).toBe(first._id);

    const edited = await t.request({ method: 'POST', url: `/api/log/update/${second._id}`, token: angler.token, payload: { notes: 'second, edited' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page()).docs.map((d) => d.notes)).toContain('second, edited');

    expect((await t.request({ method: 'GET', url: `/api/log/delete/${second._id}`, token: angler.token })).statusCode).toBe(200);
    expect((await page()).total).toBe(1);
    expect((await get<unknown[]>(angler.token, '/api/user/logs/markers')).length).toBe(1);

    // The background weather and lake pass, an import, or an operator's SQL: the database announces it.
    await t.database.db.execute(sql`update logs set lake_name = 'Pelican Lake' where id = ${first._id}`);
    expect(await get<string[]>(angler.token, '/api/user/logs/lakes')).toEqual(['Pelican Lake']);
    await t.database.db.execute(sql`delete from logs where user_id = ${angler._id}`);
    expect((await page()).total).toBe(0);
    expect((await get<Stats>(angler.token, '/api/user/stats')).mostRecentCatch).toBeNull();
  });

  it('never answers one member with another member’s kept answer for the same request', async () => {
    const alice = await registerUser(t, newAccount('alice'));
    const bob = await registerUser(t, newAccount('bob'));
    await create(alice.token, { ...where, notes: 'alice only' });
    for (const url of DATA_PAGE) await get(alice.token, url);
    const bobs = await get<Page>(bob.token, '/api/user/logs/filter?page=1&limit=50');
    expect(bobs.total).toBe(0);
    expect(await get<unknown[]>(bob.token, '/api/user/logs/markers')).toEqual([]);
    expect(await get<string[]>(bob.token, '/api/user/logs/lakes')).toEqual([]);
  });

  it('shows Inner Circle changes in Your Stats, and a friend’s new log in the circle feed, at once', async () => {
    const owner = await registerUser(t, newAccount('owner'));
    const friend = await registerUser(t, newAccount('friend'));
    await create(friend.token, { ...where, privacy: 'public', notes: 'friend before' });
    for (const url of DATA_PAGE) await get(friend.token, url);
    expect((await get<Stats>(owner.token, '/api/user/stats')).innerCircle).toEqual([]);

    await joinCircle(t, owner, friend);
    expect((await get<Stats>(owner.token, '/api/user/stats')).innerCircle.map((m) => m.username)).toEqual([friend.username]);
    await joinCircle(t, friend, owner);
    const feed = async () => (await get<{ logs: Page['docs'] }>(owner.token, '/api/user/inner-circle-logs?page=1&limit=50')).logs;
    expect((await feed()).map((d) => d.notes)).toEqual(['friend before']);

    // The friend's own answers are kept; the owner's view of them must not be one of them.
    await create(friend.token, { ...where, privacy: 'public', date: '2025-06-01T06:00:00', notes: 'friend after' });
    expect((await feed()).map((d) => d.notes).sort()).toEqual(['friend after', 'friend before']);

    const renamed = `${friend.username}r`;
    const update = await t.request({ method: 'POST', url: '/api/user/update', token: friend.token, payload: { username: renamed } });
    expect(update.statusCode, update.body).toBe(200);
    expect((await get<Stats>(owner.token, '/api/user/stats')).innerCircle.map((m) => m.username)).toEqual([renamed]);
  });

  it('shows a new log in the allowance and a rename in the brief user at once', async () => {
    const angler = await registerUser(t, newAccount('allowance'));
    const used = async () => (await get<{ used: number }>(angler.token, '/api/logs/can-create')).used;
    expect(await used()).toBe(0);
    expect((await get<{ username: string }>(angler.token, '/api/user/simple')).username).toBe(angler.username);
    await create(angler.token);
    expect(await used()).toBe(1);
    const renamed = `${angler.username}r`;
    const update = await t.request({ method: 'POST', url: '/api/user/update', token: angler.token, payload: { username: renamed } });
    expect(update.statusCode, update.body).toBe(200);
    expect((await get<{ username: string }>(angler.token, '/api/user/simple')).username).toBe(renamed);
    await t.database.db.execute(sql`update users set profile_picture = '/uploads/profile/x.jpg' where id = ${angler._id}`);
    expect((await get<{ profilePicture: string | null }>(angler.token, '/api/user/simple')).profilePicture).toBe('/uploads/profile/x.jpg');
  });

  it('answers charts and the map only while the member is premium', async () => {
    const paying = await createTestApp({ ...weather.env });
    try {
      const angler = await registerUser(paying, newAccount('lapsed'));
      expect((await paying.request({ method: 'GET', url: '/api/user/logs/charts', token: angler.token })).statusCode).toBe(403);
      await paying.database.db.execute(sql`insert into subscriptions (user_id, plan, status) values (${angler._id}, 'Monthly', 'active')`);
      expect((await paying.request({ method: 'GET', url: '/api/user/logs/charts', token: angler.token })).statusCode).toBe(200);
      await paying.database.db.execute(sql`update subscriptions set status = 'canceled' where user_id = ${angler._id}`);
      expect((await paying.request({ method: 'GET', url: '/api/user/logs/charts', token: angler.token })).statusCode).toBe(403);
    } finally {
      await paying.close();
    }
  });
});

const postgres = process.env.TEST_DATABASE_URL;

// Node A is the app in this process, node B a real server process; one PostgreSQL database.
describe.skipIf(!postgres)('data page answers across two nodes (PostgreSQL; skipped: TEST_DATABASE_URL is not set)', () => {
  let weather: FakeOpenMeteo;
  let nodeA: TestApp;
  let nodeB: RunningServer;

  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    const env = { ...weather.env, FEATURE_FLAGS: 'FREEFORALL' };
    nodeA = await createTestApp(env);
    nodeB = await startServerProcess({ env: { DATABASE_URL: nodeA.databaseUrl!, ...env } });
  }, 180_000);
  afterAll(async () => {
    await nodeB?.stop();
    await nodeA?.close();
    await weather?.close();
  });

  const pageOnB = async (token: string) => {
    const res = await fetch(`${nodeB.baseUrl}/api/user/logs/filter?page=1&limit=50`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };

  /**
   * Node B's answer once the database's announcement has reached it. Node A's write commits before
   * it answers, and PostgreSQL hands the notification to B's listening connection then; B may still
   * read the next HTTP request a moment before that message, so a few quick retries (well under a
   * second in all) let it land. An announcement that never arrives keeps the old answer and fails.
   */
  const totalOnB = async (token: string, want: number) => {
    let total = (await pageOnB(token)).total;
    for (let attempt = 0; attempt < 20 && total !== want; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      total = (await pageOnB(token)).total;
    }
    return total;
  };

  it('shows a write made on node A in node B’s next reads, and B keeps answers only per member', async () => {
    const account = newAccount('twonode');
    const angler = await registerUser(nodeA, account);
    const { token } = await logIn(nodeB.baseUrl, account.email, account.password);
    const created = await nodeA.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: where });
    expect(created.statusCode, created.body).toBe(201);
    expect((await pageOnB(token)).total).toBe(1);

    // Node B keeps the answer: an unannounced change does not show there.
    await silently(nodeA, sql`update logs set notes = 'unannounced' where user_id = ${angler._id}`);
    expect((await pageOnB(token)).docs[0]?.notes).not.toBe('unannounced');

    const second = await nodeA.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { ...where, date: '2025-06-01T06:00:00' } });
    expect(second.statusCode, second.body).toBe(201);
    expect(await totalOnB(token, 2)).toBe(2);

    const other = await registerUser(nodeA, newAccount('twonodeother'));
    const { token: otherOnB } = await logIn(nodeB.baseUrl, other.email, other.password);
    expect((await pageOnB(otherOnB)).total).toBe(0);

    await nodeA.database.db.execute(sql`delete from logs where user_id = ${angler._id}`);
    expect(await totalOnB(token, 0)).toBe(0);
  });
});
