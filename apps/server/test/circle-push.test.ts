import { ALREADY_SUBSCRIBED } from '@tightlines/core/api/circle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { startFakePushService, type FakePushService } from '@tightlines/testkit/push';

let weather: FakeOpenMeteo;
let pushService: FakePushService;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  pushService = await startFakePushService();
  // The fake push service listens on plain http on loopback; production endpoints must be https.
  t = await createTestApp({ ...weather.env, PUSH_ALLOW_HTTP: 'on' });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
  await weather.close();
});

const GULL = { lat: 46.41, lng: -94.35, lake: 'Gull Lake' };

async function createLog(owner: Member, privacy: string, tags: string[] = []) {
  const res = await t.request({
    method: 'POST',
    url: '/api/logs/create',
    token: owner.token,
    payload: { type: 'Catch', date: new Date(Date.now() - 3600_000).toISOString(), privacy, tags, fish: { species: 'Walleye' }, location: GULL },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json()._id as string;
}

const subscribe = (who: Member, subscription: object) =>
  t.request({ method: 'POST', url: '/api/notifications/subscribe/inner-circle', token: who.token, payload: subscription });

async function friends() {
  const owner = await registerUser(t);
  await givePremium(t, owner);
  const friend = await registerUser(t);
  const added = await t.request({ method: 'POST', url: '/api/user/add/inner-circle', token: owner.token, payload: { user: friend.username } });
  expect(added.statusCode).toBe(201);
  return { owner, friend };
}

describe('the push service worker', () => {
  it('is served at /api/notification-worker.js with the scope of the whole site; unknown /api paths stay 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/notification-worker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain("addEventListener('notificationclick'");
    expect((await t.request({ method: 'GET', url: '/api/notification-worker-2.js' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/notifications/public-key' })).json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });
});

describe('notifications of new logs', () => {
  it('delivers an encrypted notification to a friend allowed to see the new log: who and what, never where', async () => {
    const { owner, friend } = await friends();
    const browser = pushService.newBrowser();
    expect((await subscribe(friend, browser)).json()).toEqual({ message: 'subscribed' });
    expect((await subscribe(friend, browser)).json()).toEqual({ message: ALREADY_SUBSCRIBED });

    const id = await createLog(owner, 'protected');
    const push = await pushService.waitFor(browser.endpoint);
    expect(push.headers.authorization).toMatch(/^vapid t=/);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const message = JSON.parse(push.payload);
    expect(message).toEqual({ title: `${owner.username} logged a Catch`, body: 'Walleye on Gull Lake', url: `/log/${id}` });
    expect(push.payload).not.toContain(String(GULL.lat));
  });

  it('tells nobody of a private log, a log the friend’s filters hide, or anyone outside the circle', async () => {
    const { owner, friend } = await friends();
    const stranger = await registerUser(t);
    const friendBrowser = pushService.newBrowser();
    const strangerBrowser = pushService.newBrowser();
    await subscribe(friend, friendBrowser);
    await subscribe(stranger, strangerBrowser);
    await createLog(owner, 'private');
    await createLog(owner, 'protected', ['secret']);
    await t.services.circleNotifier.settled();
    const reached = (endpoint: string) => pushService.delivered.filter((d) => endpoint.endsWith(d.path));
    expect(reached(friendBrowser.endpoint)).toEqual([]);
    await createLog(owner, 'public');
    await t.services.circleNotifier.settled();
    expect(reached(friendBrowser.endpoint)).toHaveLength(1);
    expect(reached(strangerBrowser.endpoint)).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410), and the create never waits for it', async () => {
    const { owner, friend } = await friends();
    const browser = pushService.newBrowser();
    await subscribe(friend, browser);
    pushService.status = 410;
    try {
      expect(await createLog(owner, 'protected')).toMatch(/^[0-9a-f-]{36}$/);
      await t.services.circleNotifier.settled();
    } finally {
      pushService.status = 201;
    }
    // Gone: subscribing again is new, not a repeat.
    expect((await subscribe(friend, browser)).json()).toEqual({ message: 'subscribed' });
  });

  it('refuses malformed, oversize and (outside tests) plain-http subscriptions', async () => {
    const member = await registerUser(t);
    const good = pushService.newBrowser();
    for (const bad of [
      {},
      { endpoint: 'not a url', keys: good.keys },
      { endpoint: `${good.endpoint}/${'x'.repeat(2100)}`, keys: good.keys },
      { endpoint: good.endpoint, keys: { p256dh: 'short', auth: good.keys.auth } },
      { endpoint: 'ftp://127.0.0.1/push', keys: good.keys },
    ]) {
      expect((await subscribe(member, bad)).statusCode).toBe(400);
    }
    expect((await t.request({ method: 'POST', url: '/api/notifications/subscribe/inner-circle', payload: good })).statusCode).toBe(401);
    const strict = await createTestApp(weather.env);
    try {
      const someone = await registerUser(strict);
      const res = await strict.request({ method: 'POST', url: '/api/notifications/subscribe/inner-circle', token: someone.token, payload: good });
      expect([res.statusCode, res.json().error]).toEqual([400, 'The push endpoint must be an https URL.']);
    } finally {
      await strict.close();
    }
  });
});
