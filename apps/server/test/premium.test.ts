import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, giveSubscription, moveClock, registerUser } from '@tightlines/testkit/fixtures';

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

    await giveSubscription(t, user, { plan: 'Monthly', status: 'canceled' });
    expect((await check()).premium).toBe(false);
    await giveSubscription(t, user, { plan: 'Yearly2020', status: 'trialing', providerId: 'sub_123' });
    expect(await check()).toMatchObject({ status: 'active', premium: true });
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(full.json()).toMatchObject({ premiumMember: true, stripe: { subscriptionId: 'sub_123' } });
  });

  it('ends when the paid period runs out', async () => {
    const user = await registerUser(t);
    const check = async () => (await t.request({ method: 'GET', url: '/api/user/has-subscription', token: user.token })).json();
    await giveSubscription(t, user, { plan: 'Monthly', status: 'active', currentPeriodEnd: new Date(t.clock.now().getTime() + 86_400_000) });
    expect(await check()).toMatchObject({ status: 'active', premium: true });
    moveClock(t, 2 * 86_400_000);
    expect(await check()).toMatchObject({ status: 'none', premium: false });
  });

  it('lifts the free allowance of logs', async () => {
    const user = await registerUser(t);
    await givePremium(t, user);
    const check = await t.request({ method: 'GET', url: '/api/logs/can-create', token: user.token });
    expect(check.json()).toMatchObject({ allowed: true, limit: null, premium: true });
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
