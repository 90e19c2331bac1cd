// Per-member daily quotas on the work that grows with what a member sends (uploads, imports,
// weather lookups) and a bound on the tag list, from the attacker's side: a script that keeps
// sending gets a 429 (400 for tags) with a message saying what ran out, and changes nothing.
import { MAX_TAGS, TOO_MANY_TAGS } from '@tightlines/core/logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, logCount, moveClock, registerUser, runEnrichmentNow, sendUpload } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { userTags } from '../src/db/schema';
import { quotaMessage } from '../src/modules/quotas/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    QUOTA_UPLOADS_PER_DAY: '3',
    QUOTA_UPLOAD_MB_PER_DAY: '1',
    QUOTA_IMPORTS_PER_DAY: '2',
    QUOTA_WEATHER_PER_DAY: '3',
  });
});
afterAll(() => t.close());

const PLACE = { lat: 46.41, lng: -94.35 };
const DAY = 24 * 60 * 60 * 1000;

describe('daily upload quota', () => {
  it('counts photos across log photos, profile pictures and drafts from photos; the next day it is fresh', async () => {
    const member = await registerUser(t);
    expect((await sendUpload(t, member)).statusCode).toBe(200);
    expect((await sendUpload(t, member, undefined, '/api/user/set-profile-image')).statusCode).toBe(200);
    expect((await sendUpload(t, member)).statusCode).toBe(200);
    const refused = await sendUpload(t, member);
    expect([refused.statusCode, refused.json().error]).toEqual([429, quotaMessage('uploads', t.config.quotas)]);
    expect(refused.json().error).toBe('You have uploaded 3 photos today, the most for one day. Please try again tomorrow.');
    expect((await sendUpload(t, member, undefined, '/api/user/set-profile-image')).statusCode).toBe(429);

    // Another member has their own count.
    expect((await sendUpload(t, await registerUser(t))).statusCode).toBe(200);

    moveClock(t, DAY);
    expect((await sendUpload(t, member)).statusCode).toBe(200);
  });

  it('counts bytes as received, before decoding: junk files spend it too', async () => {
    const member = await registerUser(t);
    const junk = Buffer.alloc(700 * 1024, 7);
    expect((await sendUpload(t, member, junk)).statusCode).toBe(400);
    const refused = await sendUpload(t, member, junk);
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'You have uploaded 1 MB of photos today, the most for one day. Please try again tomorrow.']);
  });

  it('counts an owner’s uploads for an angler in the owner’s quota, not the angler’s', async () => {
    const [owner, angler] = [await registerUser(t), await registerUser(t)];
    const event = await t.request({
      method: 'POST',
      url: '/api/fc/event',
      token: owner.token,
      payload: {
        name: `Quota Cup ${Math.random().toString(36).slice(2, 7)}`, type: 'Tournament', format: 'Points', size: '12', cost: 0, public: true, state: 'MN',
        species: ['Walleye'], keyType: 'Playing Card', dateStart: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
        dateEnd: new Date(t.clock.now().getTime() + 6 * DAY).toISOString(), tz: 'America/Chicago',
        pointRules: [{ species: 'Walleye', startingValue: 15, startingPointValue: 10 }],
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    const entry = await t.request({ method: 'POST', url: `/api/fc/event/register/manual/${event.json()._id}`, token: owner.token, payload: { user: { email: angler.email, name: 'Angler' } } });
    expect(entry.statusCode, entry.body).toBe(200);

    const forAngler = () => sendUpload(t, owner, undefined, `/api/user/upload-image/${angler._id}`);
    for (let i = 0; i < 3; i += 1) expect((await forAngler()).statusCode).toBe(200);
    expect((await forAngler()).statusCode).toBe(429);
    expect((await sendUpload(t, owner)).statusCode).toBe(429);
    expect((await sendUpload(t, angler)).statusCode).toBe(200);
  });

  it('drafts from photos past the quota are skipped with its message, not created', async () => {
    const member = await registerUser(t);
    for (let i = 0; i < 3; i += 1) await sendUpload(t, member);
    const res = await sendUpload(t, member, undefined, '/api/logs/from-photos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: [], skipped: [{ file: 'a.jpg', reason: quotaMessage('uploads', t.config.quotas) }] });
    expect(await logCount(t, member)).toBe(0);
  });
});

describe('daily import quota', () => {
  it('counts every import started, refused ones too', async () => {
    const member = await registerUser(t);
    await givePremium(t, member);
    const importCsv = () =>
      t.request({
        method: 'POST',
        url: '/api/util/import/csv/user-logs',
        token: member.token,
        payload: Buffer.from('--xx\r\nContent-Disposition: form-data; name="userLogs"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nnot,a,log\r\n--xx--\r\n'),
        headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      });
    expect((await importCsv()).statusCode).toBe(400);
    expect((await importCsv()).statusCode).toBe(400);
    const refused = await importCsv();
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'You have started 2 imports today, the most for one day. Please try again tomorrow.']);
  });
});

describe('daily weather lookup quota', () => {
  it('bounds each member, and visitors by their network', async () => {
    const current = (token?: string) => t.request({ method: 'POST', url: '/api/weather/current', payload: PLACE, ...(token ? { token } : {}) });
    const member = await registerUser(t);
    for (let i = 0; i < 3; i += 1) expect((await current(member.token)).statusCode).not.toBe(429);
    const refused = await current(member.token);
    expect([refused.statusCode, refused.json().error]).toEqual([429, 'You have looked up the weather 3 times today, the most for one day. Please try again tomorrow.']);
    const forecast = await t.request({ method: 'GET', url: '/api/weather/forecast/56401', token: member.token });
    expect(forecast.statusCode).toBe(429);

    for (let i = 0; i < 3; i += 1) expect((await current()).statusCode).not.toBe(429);
    expect((await current()).statusCode).toBe(429);
    // A visitor from another network is counted apart.
    const elsewhere = await t.request({ method: 'POST', url: '/api/weather/current', payload: PLACE, remoteAddress: '2001:db8:1:2::7' });
    expect(elsewhere.statusCode).not.toBe(429);
  });
});

describe('a visitor’s forecast in the weather quota', () => {
  it('counts only the forecasts the server builds: a forecast already built is free, every new place or spelling counts', async () => {
    const openMeteo = await startFakeOpenMeteo();
    const app = await createTestApp({ ...openMeteo.env, QUOTA_WEATHER_PER_DAY: '3' });
    try {
      // Kept forecasts last until the next hour: start at the last noon (UTC) so the test's few
      // seconds stay inside one hour and one day.
      moveClock(app, -((app.clock.now().getTime() - 12 * 3_600_000 + DAY) % DAY));
      const forecast = (term: string, remoteAddress = '2001:db8:9:9::1') =>
        app.request({ method: 'GET', url: `/api/weather/forecast/${encodeURIComponent(term)}`, remoteAddress });
      // A visitor on another network builds 56401's forecast; asking for it again counts for no one.
      expect((await forecast('56401', '2001:db8:9:8::1')).statusCode).toBe(200);
      const fetched = openMeteo.requests.length;
      for (let i = 0; i < 5; i += 1) expect((await forecast('56401')).statusCode).toBe(200);
      expect(openMeteo.requests.length).toBe(fetched);

      // Varying what is asked builds a new forecast each time, and each one counts.
      for (const term of ['55401', 'Brainerd, MN', 'brainerd, mn']) expect((await forecast(term)).statusCode).toBe(200);
      const refused = await forecast('55402');
      expect([refused.statusCode, refused.json().error]).toEqual([429, 'You have looked up the weather 3 times today, the most for one day. Please try again tomorrow.']);
      expect((await forecast('56401')).statusCode).toBe(200);

      // The next hour the forecast is built again, so it counts again.
      moveClock(app, 3_600_000);
      expect((await forecast('56401')).statusCode).toBe(429);
      expect((await forecast('56401', '2001:db8:9:8::1')).statusCode).toBe(200);
    } finally {
      await app.close();
      await openMeteo.close();
    }
  }, 240_000);
});

describe('weather fetched for logs being saved', () => {
  it('counts in the same daily quota: a member saving many logs fetches no more, the logs save with weather pending', async () => {
    const openMeteo = await startFakeOpenMeteo();
    const app = await createTestApp({ ...openMeteo.env, QUOTA_WEATHER_PER_DAY: '3' });
    try {
      // Quotas count by UTC day and the test moves the clock 10 minutes within one: start at the
      // last noon (UTC), so a run just before midnight does not see a fresh day's quota.
      moveClock(app, -((app.clock.now().getTime() - 12 * 3_600_000 + DAY) % DAY));
      const member = await registerUser(app);
      await givePremium(app, member);
      const save = (i: number) =>
        app.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', location: { lat: 46 + i * 0.1, lng: -94.35 } } });
      const saved = [];
      for (let i = 0; i < 6; i += 1) saved.push(await save(i));
      expect(saved.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(saved.map((res) => res.json().weather !== null)).toEqual([true, true, true, false, false, false]);
      expect(saved.slice(3).map((res) => res.json().pending)).toEqual([['weather'], ['weather'], ['weather']]);
      const fetched = openMeteo.requests.length;

      // The lookups left for today were the logs': the weather routes are spent too, and the
      // background pass fetches nothing for these logs until the next day.
      expect((await app.request({ method: 'POST', url: '/api/weather/current', payload: PLACE, token: member.token })).statusCode).toBe(429);
      moveClock(app, 10 * 60 * 1000);
      await runEnrichmentNow(app);
      expect(openMeteo.requests.length).toBe(fetched);

      moveClock(app, DAY);
      await runEnrichmentNow(app);
      const later = await app.request({ method: 'GET', url: `/api/log/view/${saved[5]!.json()._id}`, token: member.token });
      expect([later.json().weather !== null, later.json().pending]).toEqual([true, []]);
    } finally {
      await app.close();
      await openMeteo.close();
    }
  }, 240_000);
});

describe('tag list bound', () => {
  it(`keeps at most ${MAX_TAGS} tags: a log that would pass it is refused whole, one using known tags saves`, async () => {
    const member = await registerUser(t);
    await givePremium(t, member);
    await t.database.db.insert(userTags).values(Array.from({ length: MAX_TAGS - 1 }, (_, i) => ({ userId: member._id, name: `tag${i}` })));

    const tooMany = await t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', tags: ['new-a', 'new-b'], location: PLACE } });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([400, TOO_MANY_TAGS]);
    expect(await logCount(t, member)).toBe(0);

    const add = (tag: string) => t.request({ method: 'POST', url: '/api/user/add-tag', token: member.token, payload: { tag } });
    expect((await add('last-one')).statusCode).toBe(200);
    const over = await add('one-more');
    expect([over.statusCode, over.json().error]).toEqual([400, TOO_MANY_TAGS]);
    const tags = await t.request({ method: 'GET', url: '/api/user/tags', token: member.token });
    expect(tags.json()).toHaveLength(MAX_TAGS);

    const known = await t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', tags: ['tag1', 'last-one'], location: PLACE } });
    expect(known.statusCode).toBe(201);
  });

  it('counts a tag sent twice in other cases once, and refuses a free member\'s log past the bound whole', async () => {
    const member = await registerUser(t);
    await t.database.db.insert(userTags).values(Array.from({ length: MAX_TAGS - 1 }, (_, i) => ({ userId: member._id, name: `tag${i}` })));
    const create = (tags: string[]) => t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload: { type: 'Catch', tags, location: PLACE } });

    const twice = await create(['Dusk', 'dusk', 'DUSK', 'tag3']);
    expect(twice.statusCode, twice.body).toBe(201);
    const tooMany = await create(['dawn', 'Dusk', 'noon']);
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([400, TOO_MANY_TAGS]);
    const again = await create(['dawn', 'DAWN']);
    expect([again.statusCode, again.json().error]).toEqual([400, TOO_MANY_TAGS]);
    expect(await logCount(t, member)).toBe(1);
    const tags = (await t.request({ method: 'GET', url: '/api/user/tags', token: member.token })).json() as string[];
    expect([tags.length, tags.includes('Dusk'), tags.includes('dawn')]).toEqual([MAX_TAGS, true, false]);
  });
});
