import { LOG_NOT_SHARED } from '@tightlines/core/api/logs';
import { CIRCLE_MAX_FILTER_ITEMS, CIRCLE_MESSAGES } from '@tightlines/core/circle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { giveSubscription, givePremium, joinCircle, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

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

const GULL = { lat: 46.41, lng: -94.35, lake: 'Gull Lake' };
const MILLE = { lat: 46.23, lng: -93.65, lake: 'Mille Lacs' };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

type Req = { method?: 'GET' | 'POST'; url: string; who?: Member; payload?: object };
const req = ({ method = 'GET', url, who, payload }: Req) =>
  t.request({ method, url, ...(who ? { token: who.token } : {}), ...(payload ? { payload } : {}) });

async function premiumUser() {
  const user = await registerUser(t);
  await givePremium(t, user);
  return user;
}

async function log(owner: Member, body: { privacy: string; location?: object; tags?: string[]; hours?: number; type?: string }) {
  const res = await req({
    method: 'POST',
    url: '/api/logs/create',
    who: owner,
    payload: { type: body.type ?? 'Catch', date: hoursAgo(body.hours ?? 3), privacy: body.privacy, tags: body.tags ?? [], location: body.location ?? GULL },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json()._id as string;
}

const add = (owner: Member, user: string) => req({ method: 'POST', url: '/api/user/add/inner-circle', who: owner, payload: { user } });
const edit = (owner: Member, username: string, filters: object[]) =>
  req({ method: 'POST', url: '/api/user/edit/inner-circle', who: owner, payload: { username, filters } });
const feedIds = async (who: Member, query = '') => {
  const res = await req({ url: `/api/user/inner-circle-logs${query}`, who });
  expect(res.statusCode).toBe(200);
  return (res.json().logs as Array<{ _id: string }>).map((l) => l._id).sort();
};

/**
 * Every read path by which a viewer could reach an owner's log: the log view, the visitor list and
 * tags, the Inner Circle feed, its markers and its charts. Answers the ids the viewer reached.
 */
async function reachable(viewer: Member, owner: Member, ids: string[]) {
  const seen: Record<string, string[]> = {};
  const view: string[] = [];
  for (const id of ids) if ((await req({ url: `/api/log/view/${id}`, who: viewer })).statusCode === 200) view.push(id);
  seen.view = view.sort();
  seen.visitor = ((await req({ url: `/api/visitor/logs/${owner.username}`, who: viewer })).json().docs as Array<{ _id: string }>)
    .map((l) => l._id)
    .sort();
  seen.feed = await feedIds(viewer, `?filterType=username&filterValue=${owner.username}`);
  const markers = await req({ url: `/api/user/inner-circle-logs/markers?filterType=username&filterValue=${owner.username}`, who: viewer });
  seen.markers = (markers.json() as Array<{ _id: string }>).map((m) => m._id).sort();
  const charts = await req({ url: `/api/user/inner-circle-logs/charts?filterType=username&filterValue=${owner.username}`, who: viewer });
  seen.chartLakes = [...(charts.json().stacked.Lake.labels as string[])].sort();
  return seen;
}

describe('adding to the Inner Circle', () => {
  it('lets a premium member add by username; B follows A, sees A’s address, A does not learn B’s', async () => {
    const a = await premiumUser();
    const b = await registerUser(t);
    const res = await add(a, b.username.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({ _id: b._id, username: b.username, email: null, followsYou: true, youFollow: false, totalLogs: 0 }),
    ]);
    const circles = await req({ url: '/api/user/allowed-circles', who: b });
    expect(circles.json()).toEqual([{ _id: a._id, username: a.username, email: a.email, totalLogs: 0, followsYou: false, youFollow: true }]);
    // The relation runs one way: B's own circle is empty, A is not in it.
    expect((await req({ url: '/api/user/inner-circle', who: b })).json()).toEqual([]);
  });

  it('shows the address to the owner who typed it, and to both once each added the other', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    expect((await add(a, b.email.toUpperCase())).json()[0].email).toBe(b.email);
    const c = await premiumUser();
    await add(a, c.username);
    expect((await req({ url: '/api/user/inner-circle', who: a })).json().find((u: { _id: string }) => u._id === c._id).email).toBeNull();
    await add(c, a.username);
    const mine = (await req({ url: '/api/user/inner-circle', who: a })).json();
    expect(mine.find((u: { _id: string }) => u._id === c._id)).toMatchObject({ email: c.email, followsYou: true, youFollow: true });
  });

  it('refuses a repeat with the seed’s message, and yourself, strangers and free members clearly', async () => {
    const a = await premiumUser();
    const b = await registerUser(t);
    expect((await add(a, b.username)).statusCode).toBe(201);
    const again = await add(a, b.email);
    expect([again.statusCode, again.json().error]).toEqual([409, CIRCLE_MESSAGES.alreadyAdded]);
    const self = await add(a, a.username);
    expect([self.statusCode, self.json().error]).toEqual([400, CIRCLE_MESSAGES.addYourself]);
    const nobody = await add(a, 'nobody-by-that-name@example.com');
    expect([nobody.statusCode, nobody.json().error]).toEqual([404, CIRCLE_MESSAGES.unknownUser]);
    const free = await add(b, a.username);
    expect([free.statusCode, free.json().error]).toEqual([403, CIRCLE_MESSAGES.needsPremium]);
    expect((await req({ url: '/api/user/allowed-circles', who: a })).json()).toEqual([]);
    const blank = await req({ method: 'POST', url: '/api/user/add/inner-circle', who: a, payload: { user: 'x'.repeat(300) } });
    expect(blank.statusCode).toBe(400);
    expect((await req({ method: 'POST', url: '/api/user/add/inner-circle', payload: { user: b.username } })).statusCode).toBe(401);
  });

  it('holds one relation under simultaneous adds', async () => {
    const a = await premiumUser();
    const b = await registerUser(t);
    const codes = (await Promise.all(Array.from({ length: 5 }, () => add(a, b.username)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect((await req({ url: '/api/user/inner-circle', who: a })).json()).toHaveLength(1);
  });
});

describe('what a friend sees', () => {
  it('shows public and protected logs, never private ones, to members only, on every read path', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    const stranger = await premiumUser();
    const pub = await log(a, { privacy: 'public', hours: 5 });
    const prot = await log(a, { privacy: 'protected', location: MILLE, hours: 4 });
    const priv = await log(a, { privacy: 'private', hours: 3 });
    await add(a, b.username);
    expect(await reachable(b, a, [pub, prot, priv])).toEqual({
      view: [pub, prot].sort(),
      visitor: [pub, prot].sort(),
      feed: [pub, prot].sort(),
      markers: [pub, prot].sort(),
      chartLakes: ['Gull Lake', 'Mille Lacs'],
    });
    expect(await reachable(stranger, a, [pub, prot, priv])).toEqual({ view: [pub], visitor: [pub], feed: [], markers: [], chartLakes: [] });
    // The member's own list counts what B may see.
    expect((await req({ url: '/api/user/inner-circle', who: a })).json()[0].totalLogs).toBe(2);
    expect((await req({ url: '/api/user/allowed-circles', who: b })).json()[0].totalLogs).toBe(2);
  });

  it('hides a lake turned off (logs there later too) and any log with a tag not turned on, on every read path', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    await add(a, b.username);
    const gull = await log(a, { privacy: 'protected', hours: 6 });
    const mille = await log(a, { privacy: 'protected', location: MILLE, hours: 5 });
    const secret = await log(a, { privacy: 'protected', location: MILLE, tags: ['secret spot'], hours: 4 });
    const dawn = await log(a, { privacy: 'public', location: MILLE, tags: ['Dawn'], hours: 3 });
    const all = [gull, mille, secret, dawn];

    // Tags default to hidden: the tagged protected log is out; the tagged public one stays public but leaves the circle's views.
    let seen = await reachable(b, a, all);
    expect(seen.view).toEqual([gull, mille, dawn].sort());
    expect(seen.feed).toEqual([gull, mille].sort());
    expect(seen.markers).toEqual(seen.feed);

    const checklists = (await req({ url: '/api/user/inner-circle', who: a })).json()[0].filters;
    expect(checklists).toEqual([
      { type: 'lakes', allowed: [{ name: 'Gull Lake', value: true }, { name: 'Mille Lacs', value: true }] },
      { type: 'tags', allowed: [{ name: 'Dawn', value: false }, { name: 'secret spot', value: false }] },
    ]);

    const saved = await edit(a, b.username, [
      { type: 'lakes', allowed: [{ name: 'Gull Lake', value: false }, { name: 'Mille Lacs', value: true }] },
      { type: 'tags', allowed: [{ name: 'Dawn', value: true }, { name: 'secret spot', value: false }] },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(CIRCLE_MESSAGES.accessSaved);
    expect(saved.json().user.filters[1].allowed).toEqual([{ name: 'Dawn', value: true }, { name: 'secret spot', value: false }]);

    seen = await reachable(b, a, all);
    expect(seen).toEqual({
      view: [mille, dawn].sort(),
      visitor: [mille, dawn].sort(),
      feed: [mille, dawn].sort(),
      markers: [mille, dawn].sort(),
      chartLakes: ['Mille Lacs'],
    });
    expect((await req({ url: `/api/user/visitor-tags/${a.username}`, who: b })).json()).toEqual(['Dawn']);
    // A new lake is allowed unless turned off.
    const newLake = await log(a, { privacy: 'protected', location: { ...GULL, lake: 'Round Lake' }, hours: 2 });
    expect(await feedIds(b)).toEqual([mille, dawn, newLake].sort());
  });

  it('pages and counts the feed like the data page and filters it by username, type and tag', async () => {
    const a = await premiumUser();
    const c = await premiumUser();
    const b = await premiumUser();
    await add(a, b.username);
    await add(c, b.username);
    for (let i = 0; i < 3; i += 1) await log(a, { privacy: 'protected', hours: 10 + i });
    await log(a, { privacy: 'private', hours: 9 });
    await log(c, { privacy: 'public', type: 'Bite', hours: 8 });
    const page = await req({ url: '/api/user/inner-circle-logs?limit=2&page=2', who: b });
    expect(page.json()).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page.json().logs).toHaveLength(2);
    const first = (await req({ url: '/api/user/inner-circle-logs?limit=1', who: b })).json().logs[0];
    expect(first).toMatchObject({ username: c.username, type: 'Bite' });
    expect((await feedIds(b, `?filterType=username&filterValue=${c.username.toUpperCase()}`)).length).toBe(1);
    expect((await feedIds(b, '?filterType=type&filterValue=Catch')).length).toBe(3);
    const bad = await req({ url: '/api/user/inner-circle-logs?limit=100000', who: b });
    expect(bad.statusCode).toBe(400);
  });

  it('pages by cursor through the same logs as by page, and takes no cursor it may not see', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    const stranger = await registerUser(t);
    await add(a, b.username);
    await log(a, { privacy: 'protected', hours: 20 });
    await log(a, { privacy: 'public', hours: 21, type: 'Bite' });
    await log(a, { privacy: 'protected', hours: 22 });
    const secret = await log(a, { privacy: 'private', hours: 1 });
    const strangers = await log(stranger, { privacy: 'public', hours: 2 });
    const ids = async (query: string) => {
      const res = await req({ url: `/api/user/inner-circle-logs${query}`, who: b });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { logs: Array<{ _id: string }>; total: number; page: number };
    };
    const byPage = (await ids('?limit=10')).logs.map((l) => l._id);
    expect(byPage).toHaveLength(3);
    const byCursor: string[] = [];
    let after = '';
    for (let page = 1; page <= 3; page += 1) {
      const answer = await ids(`?limit=1&page=${page}${after ? `&after=${after}` : ''}`);
      expect(answer).toMatchObject({ total: 3, page });
      byCursor.push(...answer.logs.map((l) => l._id));
      after = answer.logs.at(-1)?._id ?? '';
    }
    expect(byCursor).toEqual(byPage);
    expect((await ids(`?after=${byPage[0]}&filterType=type&filterValue=Catch`)).logs.map((l) => l._id)).toEqual([byPage[2]]);
    // A friend's private log, or a public one of someone whose circle the member is not in: neither may say where the feed resumes.
    for (const hidden of [secret, strangers, '00000000-0000-4000-8000-000000000000']) {
      const res = await req({ url: `/api/user/inner-circle-logs?after=${hidden}`, who: b });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(LOG_NOT_SHARED);
    }
    expect((await req({ url: '/api/user/inner-circle-logs?after=nope', who: b })).statusCode).toBe(400);
  });
});

describe('managing the circle', () => {
  it('refuses to save access for someone not in the caller’s circle, with the seed’s words', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    const intruder = await premiumUser();
    await add(a, b.username);
    const filters = [{ type: 'tags', allowed: [] }];
    for (const [who, username] of [
      [intruder, b.username],
      [b, a.username],
      [a, intruder.username],
      [a, 'nobody_here'],
    ] as const) {
      const res = await edit(who, username, filters);
      expect([res.statusCode, res.json().error]).toEqual([403, CIRCLE_MESSAGES.noPermission]);
    }
    const wrongId = await req({ method: 'POST', url: '/api/user/edit/inner-circle', who: a, payload: { username: b.username, _id: intruder._id, filters } });
    expect(wrongId.statusCode).toBe(403);
  });

  it('does not let a tag the owner does not have be turned on ahead of time', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    await add(a, b.username);
    await edit(a, b.username, [{ type: 'tags', allowed: [{ name: 'future-secret', value: true }] }]);
    const later = await log(a, { privacy: 'protected', tags: ['future-secret'] });
    expect(await feedIds(b)).not.toContain(later);
  });

  it('refuses unbounded checklists', async () => {
    const a = await premiumUser();
    const many = Array.from({ length: CIRCLE_MAX_FILTER_ITEMS + 1 }, (_, i) => ({ name: `lake ${i}`, value: false }));
    const res = await edit(a, 'anyone', [{ type: 'lakes', allowed: many }]);
    expect(res.statusCode).toBe(400);
  });

  it('cuts access on the next request when the owner removes a friend or the friend leaves', async () => {
    const a = await premiumUser();
    const b = await premiumUser();
    const prot = await log(a, { privacy: 'protected' });
    await add(a, b.username);
    expect((await req({ url: `/api/log/view/${prot}`, who: b })).statusCode).toBe(200);
    const removed = await req({ method: 'POST', url: '/api/user/remove/inner-circle', who: a, payload: { username: b.username } });
    expect([removed.statusCode, removed.json()]).toEqual([200, []]);
    expect((await req({ url: `/api/log/view/${prot}`, who: b })).statusCode).toBe(404);
    expect(await feedIds(b)).toEqual([]);
    // Re-added, then B leaves.
    expect((await add(a, b.username)).statusCode).toBe(201);
    expect(await feedIds(b)).toEqual([prot]);
    const left = await req({ method: 'POST', url: '/api/user/leave/allowed-circle', who: b, payload: { username: a.username } });
    expect([left.statusCode, left.json()]).toEqual([200, []]);
    expect(await feedIds(b)).toEqual([]);
    expect((await req({ url: '/api/user/inner-circle', who: a })).json()).toEqual([]);
  });

  it('keeps relations and filters when premium lapses: the page is locked for the owner, friends still see', async () => {
    const a = await registerUser(t);
    await giveSubscription(t, a, { plan: 'Monthly', status: 'canceled' });
    const b = await premiumUser();
    await joinCircle(t, a, b);
    const prot = await log(a, { privacy: 'protected' });
    expect(await feedIds(b)).toEqual([prot]);
    const locked = await req({ url: '/api/user/inner-circle-logs', who: a });
    expect([locked.statusCode, locked.json().error]).toEqual([403, CIRCLE_MESSAGES.needsPremium]);
    expect((await edit(a, b.username, [])).statusCode).toBe(403);
    // The list and removing stay open: nobody pays to stop sharing.
    expect((await req({ url: '/api/user/inner-circle', who: a })).json()).toHaveLength(1);
    await req({ method: 'POST', url: '/api/user/remove/inner-circle', who: a, payload: { username: b.username } });
    expect(await feedIds(b)).toEqual([]);
  });

  it('counts the circle on the dashboard from the same relation', async () => {
    const a = await premiumUser();
    const b = await registerUser(t);
    await add(a, b.username);
    const stats = await req({ url: '/api/user/stats', who: a });
    expect(stats.json().innerCircle).toEqual([{ _id: b._id, username: b.username }]);
  });
});
