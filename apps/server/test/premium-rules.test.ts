import { PREMIUM_LOCKS } from '@tightlines/core/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, giveSubscription, registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

/** Seed 001 section 6: one premium rule, and what it unlocks is left out of other callers' answers. */
let weather: FakeOpenMeteo;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp(weather.env);
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

const GULL_LAKE = { lat: 46.41, lng: -94.35 };

async function hasPremium(token: string): Promise<boolean> {
  return (await t.request({ method: 'GET', url: '/api/user/has-subscription', token })).json().premium;
}

describe('the plan rule', () => {
  it('matches the plan id Yearly2020, not the plan name Yearly', async () => {
    const named = await registerUser(t);
    await giveSubscription(t, named, { plan: 'Yearly', status: 'active' });
    expect(await hasPremium(named.token)).toBe(false);
    const yearly = await registerUser(t);
    await giveSubscription(t, yearly, { plan: 'Yearly2020', status: 'active' });
    expect(await hasPremium(yearly.token)).toBe(true);
  });
});

describe('lunar details and ratings', () => {
  it('are left out of every answer a free member or a visitor gets, and kept for premium members', async () => {
    const free = await registerUser(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/logs/create',
      token: free.token,
      payload: { type: 'Catch', privacy: 'public', location: GULL_LAKE },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    const answers = [
      created.json(),
      (await t.request({ method: 'GET', url: `/api/log/edit/${id}`, token: free.token })).json(),
      (await t.request({ method: 'GET', url: `/api/log/view/${id}` })).json(),
      ...(await t.request({ method: 'GET', url: '/api/user/logs', token: free.token })).json().docs,
      ...(await t.request({ method: 'GET', url: '/api/user/logs/filter?filterType=type&filterValue=Catch', token: free.token })).json().docs,
      ...(await t.request({ method: 'GET', url: `/api/visitor/logs/${free.username}` })).json().docs,
      (await t.request({ method: 'POST', url: `/api/log/update/${id}`, token: free.token, payload: { notes: 'edited' } })).json().log,
    ];
    for (const log of answers) {
      expect(log).toMatchObject({ _id: id, lunar: null, lunarLocked: true });
      // No moon or sun time anywhere in the answer: the rating is drawn from them.
      expect(JSON.stringify(log)).not.toMatch(/moonPhase|moonRise|sunRise/);
    }

    await givePremium(t, free);
    const unlocked = (await t.request({ method: 'GET', url: `/api/log/edit/${id}`, token: free.token })).json();
    expect(unlocked.lunarLocked).toBe(false);
    expect(unlocked.lunar).toMatchObject({ moonPhase: expect.any(String), sunRise: expect.any(String) });
    // A premium visitor reads the public log's lunar details too.
    const premiumVisitor = await registerUser(t);
    await givePremium(t, premiumVisitor);
    const seen = (await t.request({ method: 'GET', url: `/api/log/view/${id}`, token: premiumVisitor.token })).json();
    expect(seen.lunar).toMatchObject({ moonPhase: expect.any(String) });
  });
});

describe('the data page’s map and charts', () => {
  it('are refused to a free member with a text naming what is locked, and served to premium members', async () => {
    const free = await registerUser(t);
    const map = await t.request({ method: 'GET', url: '/api/user/logs/markers', token: free.token });
    expect(map.statusCode).toBe(403);
    expect(map.json().error).toBe(PREMIUM_LOCKS.map);
    const charts = await t.request({ method: 'GET', url: '/api/user/logs/charts', token: free.token });
    expect(charts.statusCode).toBe(403);
    expect(charts.json().error).toBe(PREMIUM_LOCKS.charts);

    await givePremium(t, free, 'Yearly2020');
    expect((await t.request({ method: 'GET', url: '/api/user/logs/markers', token: free.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/logs/charts', token: free.token })).statusCode).toBe(200);
  });
});
