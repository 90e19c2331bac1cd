import { messages } from '@tightlines/core/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, joinCircle, logCount, moveClock, registerUser, runEnrichmentNow } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

let weather: FakeOpenMeteo;
let t: TestApp;
let premium: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp(weather.env);
  premium = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await t.close();
  await premium.close();
  await weather.close();
});

const GULL_LAKE = { lat: 46.41, lng: -94.35 };

function catchLog(overrides: Record<string, unknown> = {}) {
  return {
    type: 'Catch',
    date: new Date(Date.now() - 2 * 3600_000).toISOString(),
    privacy: 'public',
    notes: 'Slow roll along the weed edge',
    tags: ['weedline'],
    fish: { species: 'Walleye', length: '24.5', weight: 4.2 },
    lure: { category: 'Jig', colorPrimary: 'Chartreuse', notes: 'tipped with a minnow' },
    lake: { waterTemp: 64, lakeDepth: 18 },
    location: { ...GULL_LAKE, lake: 'Gull Lake' },
    ...overrides,
  };
}

async function create(app: TestApp, token: string, payload: object) {
  return app.request({ method: 'POST', url: '/api/logs/create', token, payload });
}

describe('creating logs', () => {
  it('fills weather, lunar data, the state and the time zone from the place and time', async () => {
    const user = await registerUser(t);
    // Lunar details are premium: a free member's answers leave them out (premium-rules.test.ts).
    await givePremium(t, user);
    const res = await create(t, user.token, catchLog());
    expect(res.statusCode).toBe(201);
    const log = res.json();
    expect(log).toMatchObject({
      type: 'Catch',
      username: user.username,
      timeZone: 'America/Chicago',
      privacy: 'public',
      tags: ['weedline'],
      fish: { species: 'Walleye', length: 24.5, weight: 4.2 },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse', note: 'tipped with a minnow' },
      location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake', state: 'MN' },
      pending: [],
    });
    expect(log.date).toMatch(/-0[56]:00$/);
    expect(log.weather).toMatchObject({ airTemp: expect.any(Number), barometer: expect.any(Number), icon: expect.any(String) });
    expect(log.lunar).toMatchObject({ moonPhase: expect.any(String), illum: expect.stringMatching(/^\d+%$/) });
    expect(await t.request({ method: 'GET', url: '/api/user/tags', token: user.token }).then((r) => r.json())).toEqual(['weedline']);
  });

  it('creates an instant draft from a place alone', async () => {
    const user = await registerUser(t);
    const res = await create(t, user.token, { type: 'Draft', location: GULL_LAKE });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'Draft', privacy: 'private', location: { state: 'MN' } });
  });

  it('interprets a time without an offset as the local time at the place', async () => {
    const user = await registerUser(t);
    const res = await create(t, user.token, catchLog({ date: '2026-06-01T06:30:00' }));
    expect(res.json().date).toBe('2026-06-01T06:30:00-05:00');
    expect(res.json().time).toBe('06:30');
  });

  it('saves the log without weather when the service is down, then fills it in later', async () => {
    const user = await registerUser(t);
    await givePremium(t, user);
    weather.failWith = 503;
    let id: string;
    try {
      const res = await create(t, user.token, catchLog({ date: new Date(Date.now() - 26 * 3600_000).toISOString() }));
      expect(res.statusCode).toBe(201);
      expect(res.json().weather).toBeNull();
      expect(res.json().pending).toEqual(['weather']);
      expect(res.json().lunar).not.toBeNull();
      id = res.json()._id;
    } finally {
      weather.failWith = null;
    }
    // Not retried before its first retry time, a minute after the save.
    expect(await runEnrichmentNow(t)).toBe(0);
    moveClock(t, 2 * 60_000);
    expect(await runEnrichmentNow(t)).toBeGreaterThanOrEqual(1);
    const after = await t.request({ method: 'GET', url: `/api/log/edit/${id}`, token: user.token });
    expect(after.json().pending).toEqual([]);
    expect(after.json().weather.airTemp).toEqual(expect.any(Number));
  });

  it.each([
    [{ location: undefined }, /location/],
    [{ location: { lat: 91, lng: 0 } }, /Latitude/],
    [{ type: 'Nibble' }, /type must be one of/],
    [{ privacy: 'friends' }, /Privacy must be/],
    [{ fish: { length: 'long' } }, /Fish length/],
    [{ date: 'yesterday' }, /date must be/],
    [{ date: new Date(Date.now() + 86_400_000).toISOString() }, /future/],
  ])('refuses %j with a clear 400 and stores nothing', async (override, message) => {
    const user = await registerUser(t);
    const res = await create(t, user.token, catchLog(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await logCount(t, user)).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.request({ method: 'POST', url: '/api/logs/create', payload: catchLog() });
    expect(res.statusCode).toBe(401);
  });
});

describe('the free allowance', () => {
  it('allows 5 logs a month and refuses the 6th with the seed message', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 5; i += 1) expect((await create(t, user.token, { type: 'Draft', location: GULL_LAKE })).statusCode).toBe(201);
    const check = await t.request({ method: 'GET', url: '/api/logs/can-create', token: user.token });
    expect(check.json()).toEqual({ allowed: false, used: 5, limit: 5, premium: false });
    const sixth = await create(t, user.token, { type: 'Draft', location: GULL_LAKE });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error).toBe(messages.allowanceExceeded);
  });

  it('holds under simultaneous creates', async () => {
    const user = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => create(t, user.token, { type: 'Draft', location: GULL_LAKE })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(3);
  });

  it('is lifted by FREEFORALL', async () => {
    const user = await registerUser(premium);
    for (let i = 0; i < 6; i += 1) expect((await create(premium, user.token, { type: 'Draft', location: GULL_LAKE })).statusCode).toBe(201);
    const check = await premium.request({ method: 'GET', url: '/api/logs/can-create', token: user.token });
    expect(check.json()).toMatchObject({ allowed: true, limit: null, premium: true });
  });
});

describe('editing, listing and deleting', () => {
  it('lets the owner edit and nobody else', async () => {
    const owner = await registerUser(premium);
    const stranger = await registerUser(premium);
    const log = (await create(premium, owner.token, catchLog())).json();
    const edit = { ...catchLog(), date: log.date, fish: { species: 'Walleye', length: 26 } };
    const updated = await premium.request({ method: 'POST', url: `/api/log/update/${log._id}`, token: owner.token, payload: edit });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().log.fish.length).toBe(26);
    expect(updated.json().log.weather).toEqual(log.weather);
    for (const [method, url, payload] of [
      ['GET', `/api/log/edit/${log._id}`, undefined],
      ['POST', `/api/log/update/${log._id}`, edit],
      ['GET', `/api/log/delete/${log._id}`, undefined],
      ['DELETE', `/api/log/${log._id}`, undefined],
    ] as const) {
      const res = await premium.request({ method, url, token: stranger.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
    }
    const still = await premium.request({ method: 'GET', url: `/api/log/edit/${log._id}`, token: owner.token });
    expect(still.json().fish.length).toBe(26);
  });

  it('lists newest first in pages', async () => {
    const user = await registerUser(premium);
    for (const hoursAgo of [5, 1, 3]) {
      await create(premium, user.token, catchLog({ date: new Date(Date.now() - hoursAgo * 3600_000).toISOString() }));
    }
    const page1 = await premium.request({ method: 'GET', url: '/api/user/logs?limit=2', token: user.token });
    expect(page1.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
    const dates = page1.json().docs.map((d: { date: string }) => Date.parse(d.date));
    expect(dates[0]).toBeGreaterThan(dates[1]);
    const page2 = await premium.request({ method: 'GET', url: '/api/user/logs?limit=2&page=2', token: user.token });
    expect(page2.json().docs).toHaveLength(1);
  });

  it('deletes the selected logs together, or none when one is not yours', async () => {
    const user = await registerUser(premium);
    const other = await registerUser(premium);
    const mine = await Promise.all([1, 2, 3].map(() => create(premium, user.token, catchLog()).then((r) => r.json()._id)));
    const theirs = (await create(premium, other.token, catchLog())).json()._id;
    const mixed = await premium.request({ method: 'POST', url: '/api/user/delete-logs', token: user.token, payload: { logs: [mine[0], theirs] } });
    expect(mixed.statusCode).toBe(404);
    const count = async () => (await premium.request({ method: 'GET', url: '/api/user/logs', token: user.token })).json().total;
    expect(await count()).toBe(3);
    const ok = await premium.request({ method: 'POST', url: '/api/user/delete-logs', token: user.token, payload: { logs: [{ _id: mine[0] }, mine[1]] } });
    expect(ok.json()).toMatchObject({ deleted: 2, total: 1 });
    const one = await premium.request({ method: 'GET', url: `/api/log/delete/${mine[2]}`, token: user.token });
    expect(one.json()).toMatchObject({ success: true });
    expect(await count()).toBe(0);
  });
});

describe('privacy', () => {
  it('shows public logs to all, protected ones to the owner’s Inner Circle, private ones to the owner', async () => {
    const owner = await registerUser(premium);
    const friend = await registerUser(premium);
    const stranger = await registerUser(premium);
    await joinCircle(premium, owner, friend);
    const ids: Record<string, string> = {};
    for (const privacy of ['public', 'protected', 'private']) {
      ids[privacy] = (await create(premium, owner.token, catchLog({ privacy, tags: [privacy] }))).json()._id;
    }
    // Tags are hidden from a friend until the owner allows them (circle.test.ts holds the filter cases).
    const allow = { username: friend.username, filters: [{ type: 'tags', allowed: [{ name: 'protected', value: true }] }] };
    expect((await premium.request({ method: 'POST', url: '/api/user/edit/inner-circle', token: owner.token, payload: allow })).statusCode).toBe(200);
    const viewers = { owner: owner.token, friend: friend.token, stranger: stranger.token, visitor: undefined };
    const expected: Record<string, string[]> = {
      owner: ['public', 'protected', 'private'],
      friend: ['public', 'protected'],
      stranger: ['public'],
      visitor: ['public'],
    };
    for (const [who, token] of Object.entries(viewers)) {
      for (const privacy of ['public', 'protected', 'private']) {
        const res = await premium.request({ method: 'GET', url: `/api/log/view/${ids[privacy]}`, ...(token ? { token } : {}) });
        expect([who, privacy, res.statusCode]).toEqual([who, privacy, expected[who]!.includes(privacy) ? 200 : 404]);
      }
      const list = await premium.request({ method: 'GET', url: `/api/visitor/logs/${owner.username}`, ...(token ? { token } : {}) });
      expect(list.json().docs.map((d: { privacy: string }) => d.privacy).sort()).toEqual([...expected[who]!].sort());
      const tags = await premium.request({ method: 'GET', url: `/api/user/visitor-tags/${owner.username}`, ...(token ? { token } : {}) });
      expect(tags.json().sort()).toEqual([...expected[who]!].sort());
    }
    const missing = await premium.request({ method: 'GET', url: '/api/visitor/logs/nobody_at_all' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('tags, lakes and lure categories', () => {
  it('adds, attaches, autocompletes and removes tags everywhere', async () => {
    const user = await registerUser(premium);
    const log = (await create(premium, user.token, catchLog({ tags: [] }))).json();
    const add = (url: string, payload: object) => premium.request({ method: 'POST', url, token: user.token, payload });
    expect((await add('/api/user/add-tag', { tag: 'Dawn bite' })).json()).toEqual(['Dawn bite']);
    expect((await add('/api/user/add-tag', { tag: 'dawn bite' })).json()).toEqual(['Dawn bite']);
    expect((await add('/api/user/add-tag-log', { tag: 'Dawn bite', id: log._id })).json()).toEqual(['Dawn bite']);
    expect((await add('/api/user/add-tag-log', { tag: 'Rain', id: log._id })).json()).toEqual(['Dawn bite', 'Rain']);
    expect((await add('/api/user/find-tag', { query: 'da' })).json()).toEqual(['Dawn bite']);
    expect((await add('/api/user/remove-tag-log', { tag: 'rain', id: log._id })).json()).toEqual(['Dawn bite']);
    expect((await add('/api/user/remove-tag', { tag: 'DAWN BITE' })).json()).toEqual(['Rain']);
    const after = await premium.request({ method: 'GET', url: `/api/log/edit/${log._id}`, token: user.token });
    expect(after.json().tags).toEqual([]);
    expect((await add('/api/user/add-tag', { tag: '' })).statusCode).toBe(400);
  });

  it('lists the default lure categories plus the angler’s own', async () => {
    const user = await registerUser(premium);
    await create(premium, user.token, catchLog({ lure: { category: 'Spoon' } }));
    const res = await premium.request({ method: 'GET', url: '/api/list/lure-categories', token: user.token });
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toContain('Crankbait');
    expect(names).toContain('Spoon');
    expect(names).toHaveLength(11);
  });

  it('finds lakes by name and by point', async () => {
    const user = await registerUser(premium);
    await create(premium, user.token, catchLog({ location: { lat: 46.23, lng: -93.65, lake: 'Mille Lacs' } }));
    const names = await premium.request({ method: 'POST', url: '/api/user/find-lakes', token: user.token, payload: { query: 'mil' } });
    expect(names.json()).toEqual([{ name: 'Mille Lacs', lat: 46.23, lng: -93.65 }]);
    const near = await premium.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 46.235, lng: -93.655 } });
    expect(near.json()).toMatchObject({ name: 'Mille Lacs' });
    const far = await premium.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 40, lng: -100 } });
    expect(far.json()).toBeNull();
    const drafted = await create(premium, user.token, { type: 'Draft', location: { lat: 46.231, lng: -93.651 } });
    expect(drafted.json().location.lake).toBe('Mille Lacs');
  });
});

describe('photos', () => {
  it('stores a resized photo without its GPS metadata', async () => {
    const user = await registerUser(t);
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#246' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' } })
      .toBuffer();
    const boundary = 'xx';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fish.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/upload-image',
      token: user.token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    const served = await t.request({ method: 'GET', url: res.json().image });
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
    expect(meta.exif).toBeUndefined();
  });
});
