import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { newAccount, registerUser } from '@tightlines/testkit/fixtures';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';

// Sessions resolved once are kept in memory (SESSION_CACHE_SECONDS; the harness turns the cache
// off for every other test). These tests turn it on and check, from the side of someone holding a
// token that was revoked, that it stops working at once: on this node, and through Redis on another.

const CACHED = { SESSION_CACHE_SECONDS: '60' };

/** Ends the session behind the app's back, so only a cached copy could still let the token in. */
async function dropSessionRowsOf(t: TestApp, userId: string) {
  await t.database.db.execute(sql`delete from sessions where user_id = ${userId}`);
}

describe('session cache on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...CACHED, SESSION_IDLE_DAYS: '1' });
  });
  afterAll(() => t?.close());

  const full = (token: string) => t.request({ method: 'GET', url: '/api/user/full', token });
  const login = async (account: { email: string; password: string }) => {
    const res = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password: account.password } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  };

  it('answers a signed-in request from memory once the session is resolved', async () => {
    const angler = await registerUser(t, newAccount('cached'));
    expect((await full(angler.token)).statusCode).toBe(200);
    await dropSessionRowsOf(t, angler._id);
    // Only the cache still knows this session: proof the next request did not read the database.
    expect((await full(angler.token)).statusCode).toBe(200);
  });

  it('refuses a token at once after logout, ending it by id, logging out everywhere and a new password', async () => {
    const account = newAccount('revoked');
    const angler = await registerUser(t, account);
    const [second, third, fourth] = [await login(account), await login(account), await login(account)];
    for (const token of [angler.token, second, third, fourth]) expect((await full(token)).statusCode).toBe(200);

    expect((await t.request({ method: 'POST', url: '/api/user/logout', token: angler.token })).statusCode).toBe(200);
    expect((await full(angler.token)).statusCode).toBe(401);

    const listed = (await t.request({ method: 'GET', url: '/api/user/sessions', token: fourth })).json() as Array<{ _id: string; current: boolean }>;
    const others = listed.filter((s) => !s.current);
    for (const s of others) expect((await t.request({ method: 'DELETE', url: `/api/user/sessions/${s._id}`, token: fourth })).statusCode).toBe(200);
    expect((await full(second)).statusCode).toBe(401);
    expect((await full(third)).statusCode).toBe(401);
    expect((await full(fourth)).statusCode).toBe(200);

    const fifth = await login(account);
    expect((await full(fifth)).statusCode).toBe(200);
    const changed = await t.request({
      method: 'POST',
      url: '/api/user/change-password',
      token: fourth,
      payload: { currentPassword: account.password, password: 'a brand new secret 7', passwordConfirm: 'a brand new secret 7' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await full(fifth)).statusCode).toBe(401);
    expect((await full(fourth)).statusCode).toBe(200);

    expect((await t.request({ method: 'POST', url: '/api/user/logout-everywhere', token: fourth })).statusCode).toBe(200);
    expect((await full(fourth)).statusCode).toBe(401);
  });

  it('still ends a cached session that has gone unused for the idle time', async () => {
    const angler = await registerUser(t, newAccount('idle'));
    expect((await full(angler.token)).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    try {
      expect((await full(angler.token)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });
});

const postgres = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Node A is the app in this process, node B a real server process; one PostgreSQL database, one Redis.
describe.skipIf(!postgres)('session cache across two nodes (PostgreSQL + Redis; skipped: TEST_DATABASE_URL is not set)', () => {
  let nodeA: TestApp;
  let nodeB: RunningServer;
  let baseA = '';

  beforeAll(async () => {
    // A prefix of this run's own, so another run on the same Redis never hears these revocations.
    const env = { ...CACHED, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${process.pid}-${Date.now().toString(36)}:` };
    nodeA = await createTestApp(env);
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    const address = nodeA.app.server.address();
    baseA = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    nodeB = await startServerProcess({ env: { DATABASE_URL: nodeA.databaseUrl!, ...env } });
  }, 180_000);
  afterAll(async () => {
    await nodeB?.stop();
    await nodeA?.close();
  });

  const status = async (base: string, path: string, token: string, method = 'GET', body?: unknown) =>
    (
      await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).status;

  /**
   * Node B's answer once the revocation has reached it. Node A publishes before it answers, and
   * Redis hands the message to B's connection then; B may still read the next HTTP request from its
   * socket a moment before that message, so a few quick retries (well under a second in all) let the
   * delivery land. A revocation that never arrives stays 200 and fails the test.
   */
  const statusOnB = async (token: string) => {
    let answer = await status(nodeB.baseUrl, '/api/user/full', token);
    for (let attempt = 0; attempt < 20 && answer === 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await status(nodeB.baseUrl, '/api/user/full', token);
    }
    return answer;
  };

  it('honours a logout, logging out everywhere and a new password made on node A on node B at once', async () => {
    const account = newAccount('twonode');
    await registerUser(nodeA, account);
    const signIn = async () => (await logIn(nodeB.baseUrl, account.email, account.password)).token;

    // Node B subscribes to revocations as it starts and trusts its cache only once subscribed:
    // wait until a session whose row is gone still passes there (B answers from memory).
    const probeUser = await registerUser(nodeA, newAccount('probe'));
    let cached = false;
    for (let attempt = 0; attempt < 60 && !cached; attempt += 1) {
      const probe = await logIn(nodeB.baseUrl, probeUser.email, probeUser.password);
      expect(await status(nodeB.baseUrl, '/api/user/full', probe.token)).toBe(200);
      await dropSessionRowsOf(nodeA, probeUser._id);
      cached = (await status(nodeB.baseUrl, '/api/user/full', probe.token)) === 200;
      if (!cached) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(cached).toBe(true);

    const first = await signIn();
    expect(await status(nodeB.baseUrl, '/api/user/full', first)).toBe(200);
    expect(await status(baseA, '/api/user/logout', first, 'POST')).toBe(200);
    expect(await statusOnB(first)).toBe(401);

    const [second, third] = [await signIn(), await signIn()];
    for (const token of [second, third]) expect(await status(nodeB.baseUrl, '/api/user/full', token)).toBe(200);
    const changed = await status(baseA, '/api/user/change-password', third, 'POST', {
      currentPassword: account.password,
      password: 'a brand new secret 7',
      passwordConfirm: 'a brand new secret 7',
    });
    expect(changed).toBe(200);
    expect(await statusOnB(second)).toBe(401);
    expect(await status(nodeB.baseUrl, '/api/user/full', third)).toBe(200);

    expect(await status(baseA, '/api/user/logout-everywhere', third, 'POST')).toBe(200);
    expect(await statusOnB(third)).toBe(401);
  });
});
