// Rate limits shared by every app process through Redis (REDIS_URL): two app instances on one
// Redis allow one client the limit once between them, not once each. Runs against TEST_REDIS_URL
// (default redis://127.0.0.1:6379) and is skipped, saying so, only when no Redis answers there.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 5;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
if (!available) console.warn(`No Redis answers at ${REDIS_URL}: the shared rate-limit test is skipped.`);

/** One app process; with a `prefix`, on the shared Redis under that key prefix. */
function node(prefix?: string): Promise<TestApp> {
  return createTestApp({ AUTH_RATE_LIMIT: String(LIMIT), ...(prefix ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) });
}

const newPrefix = () => `tightlines-test:${randomUUID()}:`;

const lookup = (t: TestApp) => t.request({ method: 'POST', url: '/api/user/exists', payload: { email: 'someone@example.com' } });

describe.skipIf(!available)('rate limits across app processes', () => {
  const shared = newPrefix();
  const other = newPrefix();
  let apps: TestApp[] = [];
  // Two nodes on one Redis, a third app under another prefix, and two nodes without Redis.
  let a: TestApp, b: TestApp, elsewhere: TestApp, alone1: TestApp, alone2: TestApp;
  beforeAll(async () => {
    apps = await Promise.all([node(shared), node(shared), node(other), node(), node()]);
    [a, b, elsewhere, alone1, alone2] = apps as [TestApp, TestApp, TestApp, TestApp, TestApp];
  }, 240_000);
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    // Leave nothing of this test in the shared Redis.
    const redis = new Redis(REDIS_URL);
    for (const prefix of [shared, other]) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('with REDIS_URL, one client gets the limit once across two nodes', async () => {
    const statuses: number[] = [];
    // Alternate between the nodes, as a load balancer would.
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await lookup(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const refused = await lookup(a);
    expect([refused.statusCode, typeof refused.json().error]).toEqual([429, 'string']);
    // The count is in Redis under this app's prefix.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${shared}rate-limit:*`);
    redis.disconnect();
    expect(keys.length).toBeGreaterThan(0);
    // Another prefix is another count: apps (or tests) sharing one Redis do not meet.
    expect((await lookup(elsewhere)).statusCode).toBe(200);
  });

  it('without it, each process counts alone (what the shared store fixes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await lookup(i % 2 === 0 ? alone1 : alone2)).statusCode);
    expect(statuses).toEqual(Array(LIMIT + 2).fill(200));
  });
});
