import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendMaySee } from '../src/db/circle-visibility';
import { logs } from '../src/db/schema';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, joinCircle, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

/**
 * The counters the triggers of migrations 0014_speed (circle_members.visible_logs) and
 * 0020_circle_facets (circle_facet_counts, the totals under one filter) keep against the rule
 * the rows are read through (friendMaySee), after every kind of write; and the feed's pages, read
 * per friend from the index, against the same rule.
 */
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

type Req = { method?: 'GET' | 'POST' | 'DELETE'; url: string; who: Member; payload?: object };
async function req({ method = 'GET', url, who, payload }: Req) {
  const res = await t.request({ method, url, token: who.token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function log(owner: Member, body: { privacy: string; location?: object; tags?: string[]; hours: number }): Promise<string> {
  const answer = await req({
    method: 'POST',
    url: '/api/logs/create',
    who: owner,
    payload: { type: 'Catch', date: hoursAgo(body.hours), privacy: body.privacy, tags: body.tags ?? [], location: body.location ?? GULL },
  });
  return answer._id as string;
}

/** What the member may see of the owner's logs, counted through the rule itself. */
async function live(owner: Member, member: Member): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${logs} where ${logs.userId} = ${owner._id} and ${friendMaySee(member._id)}`,
  );
  return row!.n;
}

/** The counter, as the owner's circle list, the member's circle list and the feed's total show it. */
async function shown(owner: Member, member: Member) {
  const mine = (await req({ url: '/api/user/inner-circle', who: owner })) as Array<{ _id: string; totalLogs: number }>;
  const theirs = (await req({ url: '/api/user/allowed-circles', who: member })) as Array<{ _id: string; totalLogs: number }>;
  const feed = await req({ url: `/api/user/inner-circle-logs?filterType=username&filterValue=${owner.username}`, who: member });
  return { inOwnersList: mine.find((m) => m._id === member._id)?.totalLogs, inMembersList: theirs.find((c) => c._id === owner._id)?.totalLogs, feedTotal: feed.total };
}

/**
 * The filters whose totals come from circle_facet_counts (migration 0020_circle_facets), each with
 * the filter's own condition, so the feed's total can be checked against the rule counted with it.
 */
const FACETS = [
  { filterType: 'type', filterValue: 'Catch', where: sql`${logs.type} = 'Catch'` },
  { filterType: 'tag', filterValue: 'SECRET', where: sql`${logs.tagsLower} @> array['secret']` },
  { filterType: 'location.lake', filterValue: 'gull lake', where: sql`lower(${logs.lakeName}) = 'gull lake'` },
  { filterType: 'location.lake', filterValue: 'Mille Lacs', where: sql`lower(${logs.lakeName}) = 'mille lacs'` },
  { filterType: 'year', filterValue: String(new Date().getFullYear()), where: sql`extract(year from ${logs.occurredAt} at time zone ${logs.timeZone}) = ${new Date().getFullYear()}` },
];

/** Under each facet's filter (and the owner's username), the feed's total against the rule counted with that filter. */
async function facetTotals(owner: Member, member: Member) {
  const totals = [];
  for (const f of FACETS) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${logs} where ${logs.userId} = ${owner._id} and ${friendMaySee(member._id)} and ${f.where}`,
    );
    const query = `filterType=${f.filterType},username&filterValue=${encodeURIComponent(f.filterValue)},${owner.username}`;
    const feed = await req({ url: `/api/user/inner-circle-logs?${query}`, who: member });
    totals.push({ filter: f.filterType, value: f.filterValue, rule: row!.n, feed: feed.total as number });
  }
  return totals;
}

async function expectCounted(owner: Member, member: Member, expected: number) {
  expect(await live(owner, member)).toBe(expected);
  expect(await shown(owner, member)).toEqual({ inOwnersList: expected, inMembersList: expected, feedTotal: expected });
  for (const total of await facetTotals(owner, member)) expect(total.feed, `${total.filter} = ${total.value}`).toBe(total.rule);
}

describe('the Inner Circle counts and pages', () => {
  it('keep the shared-log counter equal to the rule after every kind of write', async () => {
    const owner = await registerUser(t);
    const member = await registerUser(t);
    await givePremium(t, owner);
    await givePremium(t, member);
    await log(owner, { privacy: 'public', hours: 5 });
    await log(owner, { privacy: 'private', hours: 6 });
    // Added after logs exist: counted at once.
    await req({ method: 'POST', url: '/api/user/add/inner-circle', who: owner, payload: { user: member.username } });
    await expectCounted(owner, member, 1);

    const tagged = await log(owner, { privacy: 'protected', tags: ['Secret'], hours: 4 });
    const atMille = await log(owner, { privacy: 'protected', location: MILLE, hours: 3 });
    await expectCounted(owner, member, 2); // tags default to hidden

    const edit = (filters: object[]) => req({ method: 'POST', url: '/api/user/edit/inner-circle', who: owner, payload: { username: member.username, filters } });
    await edit([{ type: 'tags', allowed: [{ name: 'secret', value: true }] }]);
    await expectCounted(owner, member, 3);
    await edit([
      { type: 'lakes', allowed: [{ name: 'Mille Lacs', value: false }] },
      { type: 'tags', allowed: [{ name: 'secret', value: true }] },
    ]);
    await expectCounted(owner, member, 2);

    // An update that makes a log private, and one that moves it to a lake turned off.
    await req({ method: 'POST', url: `/api/log/update/${tagged}`, who: owner, payload: { privacy: 'private' } });
    await expectCounted(owner, member, 1);
    await req({ method: 'POST', url: `/api/log/update/${atMille}`, who: owner, payload: { location: GULL } });
    await expectCounted(owner, member, 2);
    await req({ method: 'DELETE', url: `/api/log/${atMille}`, who: owner });
    await expectCounted(owner, member, 1);

    // Removed and added again: counted from scratch, not from what the old relation had.
    await req({ method: 'POST', url: '/api/user/remove/inner-circle', who: owner, payload: { username: member.username, _id: member._id } });
    await joinCircle(t, owner, member);
    await expectCounted(owner, member, 1);
  });

  it('pages the feed of several friends newest first, each page what the rule lets through', async () => {
    const member = await registerUser(t);
    await givePremium(t, member);
    const friends = [await registerUser(t), await registerUser(t), await registerUser(t)];
    const expected: string[] = [];
    for (const [i, friend] of friends.entries()) {
      await joinCircle(t, friend, member);
      for (let k = 0; k < 4; k++) {
        const hours = 1 + k * 3 + i; // interleaved in time across the friends
        const id = await log(friend, { privacy: k === 3 ? 'private' : 'public', hours });
        if (k !== 3) expected.push(`${hours}:${id}`);
      }
    }
    const newestFirst = expected.sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0])).map((e) => e.split(':')[1]);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await req({ url: `/api/user/inner-circle-logs?limit=2&page=${page}`, who: member });
      expect(answer.total).toBe(9);
      seen.push(...(answer.logs as Array<{ _id: string }>).map((l) => l._id));
    }
    expect(seen).toEqual(newestFirst);
    const filtered = await req({ url: `/api/user/inner-circle-logs?filterType=username&filterValue=${friends[1]!.username}`, who: member });
    expect(filtered.total).toBe(3);
  });
});
