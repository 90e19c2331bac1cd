import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './support/app';

describe('premium and feature flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is premium only with an active or trialing Monthly or Yearly plan', async () => {
    const user = await registerUser(t);
    const check = async () => (await t.request({ method: 'GET', url: '/api/user/has-subscription', token: user.token })).json();
    expect(await check()).toMatchObject({ status: 'none', premium: false });

    await t.database.db.execute(sql`insert into subscriptions (user_id, plan, status) values (${user._id}, 'Monthly', 'canceled')`);
    expect((await check()).premium).toBe(false);
    await t.database.db.execute(sql`insert into subscriptions (user_id, plan, status, provider_id) values (${user._id}, 'Yearly', 'trialing', 'sub_123')`);
    expect(await check()).toMatchObject({ status: 'active', premium: true });
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(full.json()).toMatchObject({ premiumMember: true, stripe: { subscriptionId: 'sub_123' } });
  });

  it('serves the configured flags', async () => {
    const res = await t.request({ method: 'GET', url: '/api/util/featureflags' });
    expect(res.json()).toEqual([]);
  });
});

describe('FREEFORALL', () => {
  it('makes every member premium without a subscription', async () => {
    const t = await createTestApp({ FEATURE_FLAGS: 'freeforall, OTHER' });
    try {
      expect((await t.request({ method: 'GET', url: '/api/util/featureflags' })).json()).toEqual(['FREEFORALL', 'OTHER']);
      const user = await registerUser(t);
      const res = await t.request({ method: 'GET', url: '/api/user/has-subscription', token: user.token });
      expect(res.json()).toMatchObject({ status: 'free-for-all', premium: true, activeSubscription: false });
    } finally {
      await t.close();
    }
  });
});
