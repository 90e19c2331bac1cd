// Audit findings 3 (private spots leak into the shared lakes) and 9 (the allowance bypassed by
// turning an Outing into a catch), from the attacker's side.
import { messages } from '@tightlines/core/messages';
import { FREE_LOGS_PER_MONTH, OUTING_TYPE_FIXED } from '@tightlines/core/logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/logs/create', token, payload });
const findLake = (lat: number, lng: number) => t.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat, lng } });

describe('a private spot stays private', () => {
  it('never shares the lake name or position of a private or protected log, on create or update', async () => {
    const angler = await registerUser(t);
    for (const [privacy, lat] of [['private', 44.1], ['protected', 44.2]] as const) {
      const res = await log(angler.token, { type: 'Catch', privacy, location: { lat, lng: -92.1, lake: `Secret Hole ${privacy}` } });
      expect(res.statusCode).toBe(201);
      expect((await findLake(lat + 0.001, -92.1)).json()).toBeNull();
      const id = res.json()._id;
      await t.request({ method: 'POST', url: `/api/log/update/${id}`, token: angler.token, payload: { type: 'Catch', privacy, location: { lat, lng: -92.1, lake: 'Renamed Hole' } } });
      expect((await findLake(lat + 0.001, -92.1)).json()).toBeNull();
    }
    const shared = await log(angler.token, { type: 'Catch', privacy: 'public', location: { lat: 44.3, lng: -92.1, lake: 'Open Water' } });
    expect(shared.statusCode).toBe(201);
    expect((await findLake(44.301, -92.1)).json()).toMatchObject({ name: 'Open Water' });
  });

  it('does not let a member plant a name into other anglers’ logs', async () => {
    const planter = await registerUser(t);
    const victim = await registerUser(t);
    await log(planter.token, { type: 'Catch', privacy: 'public', location: { lat: 44.5, lng: -92.5, lake: 'Call 555-0100 For Bait' } });
    const theirs = await log(victim.token, { type: 'Catch', privacy: 'private', location: { lat: 44.5005, lng: -92.5 } });
    expect(theirs.json().location.lake).toBeNull();
    const mine = await log(planter.token, { type: 'Catch', privacy: 'private', location: { lat: 44.5005, lng: -92.5 } });
    expect(mine.json().location.lake).toBe('Call 555-0100 For Bait');
  });
});

describe('the free allowance', () => {
  it('cannot be bypassed by logging Outings and turning them into catches', async () => {
    const angler = await registerUser(t);
    for (let i = 0; i < FREE_LOGS_PER_MONTH; i += 1) {
      expect((await log(angler.token, { type: 'Catch', location: { lat: 45, lng: -93 } })).statusCode).toBe(201);
    }
    expect((await log(angler.token, { type: 'Catch', location: { lat: 45, lng: -93 } })).json().error).toBe(messages.allowanceExceeded);
    const outing = await log(angler.token, { type: 'Outing', location: { lat: 45, lng: -93 } });
    expect(outing.statusCode).toBe(201);
    const turned = await t.request({
      method: 'POST',
      url: `/api/log/update/${outing.json()._id}`,
      token: angler.token,
      payload: { type: 'Catch', location: { lat: 45, lng: -93 } },
    });
    expect(turned.statusCode).toBe(400);
    expect(turned.json().error).toBe(OUTING_TYPE_FIXED);

    // nor the other way: a catch turned into an Outing would free a place in the month's count
    const list = (await t.request({ method: 'GET', url: '/api/user/logs', token: angler.token })).json();
    const aCatch = list.docs.find((l: { type: string }) => l.type === 'Catch');
    const hidden = await t.request({ method: 'POST', url: `/api/log/update/${aCatch._id}`, token: angler.token, payload: { type: 'Outing', location: { lat: 45, lng: -93 } } });
    expect(hidden.statusCode).toBe(400);
  });
});
