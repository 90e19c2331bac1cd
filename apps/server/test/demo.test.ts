import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { CREATION_TYPES, type LogView } from '@tightlines/core/logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeason, generateLogs } from '../src/demo/generator';
import { DEMO_LOG_COUNT, DEMO_SEED, seedDemoData } from '../src/demo/seed';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { accountCount, givePremium } from '@tightlines/testkit/fixtures';

const LAKES = ['Gull Lake', 'Lake Mille Lacs', 'Leech Lake', 'Lake Minnetonka', 'Rainy Lake'];
const SPECIES = ['Walleye', 'Northern Pike', 'Musky', 'Largemouth Bass', 'Smallmouth Bass', 'Crappie', 'Bluegill', 'Yellow Perch'];
/** Seeding as if the server first started on this day. */
const NOW = new Date('2025-11-20T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in as the demo angler, as a visitor trying the app does. */
async function demoToken(): Promise<string> {
  const login = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().token;
}

/** The demo angler with a subscription, so the answers carry the premium lunar details to check. */
async function demoPremium(): Promise<void> {
  const login = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
  await givePremium(t, { _id: login.json()._id });
}

/** The demo angler's sample logs (not the outing), oldest first, as their log list shows them. */
async function demoLogs(): Promise<LogView[]> {
  const list = await t.request({ method: 'GET', url: '/api/user/logs?limit=500', token: await demoToken() });
  const docs = (list.json() as { docs: LogView[] }).docs.filter((l) => l.type !== 'Outing');
  return docs.sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a._id.localeCompare(b._id));
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});

describe('demo data', () => {
  it('gives the demo angler a season of sample logs on the first start', async () => {
    await seedDemoData(t.database.db, t.app.log, { now: NOW });
    await demoPremium();
    expect(await demoLogs()).toHaveLength(DEMO_LOG_COUNT);

    const token = await demoToken();
    const list = await t.request({ method: 'GET', url: '/api/user/logs?limit=500', token });
    const { docs: all, total } = list.json() as { docs: LogView[]; total: number };
    // the sample logs and one outing made of some of them
    expect(total).toBe(DEMO_LOG_COUNT + 1);
    const outing = all.find((l) => l.type === 'Outing')!;
    const view = await t.request({ method: 'GET', url: `/api/user/outing/${outing._id}`, token });
    expect(view.json().stats.totalLogs).toBeGreaterThanOrEqual(2);
    const docs = all.filter((l) => l.type !== 'Outing');

    // May to October 2025, in the past, on the five lakes, in Minnesota, with weather and lunar data.
    for (const log of docs) {
      expect(log.date >= '2025-05-01' && log.date < '2025-11-01').toBe(true);
      expect(LAKES).toContain(log.location.lake);
      expect(log).toMatchObject({ timeZone: 'America/Chicago', location: { state: 'MN' }, pending: [] });
      expect(log.weather?.summary).toEqual(expect.any(String));
      expect(log.lunar?.moonPhase).toEqual(expect.any(String));
      if (log.type === 'Draft') expect(log.fish.species).toBeNull();
    }
    expect(new Set(docs.map((l) => l.location.lake))).toEqual(new Set(LAKES));
    expect(new Set(docs.map((l) => l.privacy))).toEqual(new Set(['public', 'protected', 'private']));
    const types = countBy(docs, (l) => l.type);
    for (const type of CREATION_TYPES) expect(types[type] ?? 0).toBeGreaterThan(0);
    expect(types.Draft).toBeGreaterThanOrEqual(2);
    expect(new Set(docs.flatMap((l) => (l.fish.species ? [l.fish.species] : [])))).toEqual(new Set(SPECIES));

    // Realistic sizes: no 40-inch bluegill, no 10-inch musky.
    for (const log of docs.filter((l) => l.type === 'Catch')) {
      const length = log.fish.length ?? 0;
      if (log.fish.species === 'Bluegill') expect(length).toBeLessThanOrEqual(11);
      if (log.fish.species === 'Musky') expect(length).toBeGreaterThanOrEqual(30);
    }
    // Water warms into summer and cools into autumn.
    const meanWater = (month: string) => {
      const temps = docs.filter((l) => l.date.slice(5, 7) === month && l.lake.waterTemp !== null).map((l) => l.lake.waterTemp ?? 0);
      return temps.reduce((a, b) => a + b, 0) / temps.length;
    };
    expect(meanWater('07')).toBeGreaterThan(meanWater('05'));
    expect(meanWater('07')).toBeGreaterThan(meanWater('10'));

    // The tags used are on the demo angler's tag list.
    const tags = (await t.request({ method: 'GET', url: '/api/user/tags', token })).json();
    expect(tags).toEqual([...new Set(docs.flatMap((l) => l.tags))].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('does not use up the demo angler\'s free logs for the month', async () => {
    const logs = await demoLogs();
    expect(logs.every((l) => Date.parse(l.createdAt) === Date.parse(l.date))).toBe(true);
    const mid = demoSeason(new Date('2026-07-10T12:00:00Z'));
    expect(mid.start.toISOString()).toBe('2026-05-01T05:00:00.000Z');
    expect(mid.end.toISOString()).toBe('2026-07-01T00:00:00.000Z');
    // Before June the latest whole season is last year's.
    expect(demoSeason(new Date('2026-05-20T12:00:00Z'))).toEqual({
      start: new Date('2025-05-01T05:00:00.000Z'),
      end: new Date('2025-11-01T05:00:00.000Z'),
    });
  });

  it('changes nothing on a second start', async () => {
    const before = await demoLogs();
    const accounts = await accountCount(t);
    await seedDemoData(t.database.db, t.app.log, { now: new Date() });
    const after = await demoLogs();
    expect(after).toEqual(before);
    expect(await accountCount(t)).toBe(accounts);
  });

  it('is deterministic: the same seed and season give the same logs', async () => {
    const options = { userId: '00000000-0000-0000-0000-000000000000', count: DEMO_LOG_COUNT, seed: DEMO_SEED, season: demoSeason(NOW), now: NOW };
    const first = generateLogs(options);
    expect(generateLogs(options)).toEqual(first);
    const seeded = await demoLogs();
    expect(countBy(seeded, (l) => l.type)).toEqual(countBy(first, (l) => l.type));
    expect(countBy(seeded, (l) => l.location.lake ?? '')).toEqual(countBy(first, (l) => l.lakeName ?? ''));
    // The same fish at the same moments (logs of the same minute in either order).
    const catches = (pairs: Array<[number, string | null]>) => pairs.sort((a, b) => a[0] - b[0] || String(a[1]).localeCompare(String(b[1])));
    expect(catches(seeded.map((l) => [Date.parse(l.date), l.fish.species]))).toEqual(
      catches(first.map((l) => [l.occurredAt.getTime(), l.fishSpecies ?? null])),
    );
    expect(generateLogs({ ...options, seed: DEMO_SEED + 1 })).not.toEqual(first);
  });

  it('makes as many logs as asked for several anglers, for benchmarks', () => {
    const many = [1, 2, 3].map((seed) => generateLogs({ userId: `00000000-0000-0000-0000-00000000000${seed}`, count: 400, seed, season: 2025, now: NOW }));
    for (const logs of many) {
      expect(logs).toHaveLength(400);
      expect(logs.every((l, i) => i === 0 || (logs[i - 1]?.occurredAt.getTime() ?? 0) <= l.occurredAt.getTime())).toBe(true);
      expect(logs.every((l) => l.occurredAt.getTime() < NOW.getTime())).toBe(true);
    }
    expect(() => generateLogs({ userId: 'x', count: 1, seed: 1, season: 2030, now: NOW })).toThrow(RangeError);
  });

  it('gives the demo angler a finished tournament, a running league and an upcoming series, once', async () => {
    await seedDemoData(t.database.db, t.app.log);
    await seedDemoData(t.database.db, t.app.log);
    const list = (await t.request({ method: 'GET', url: '/api/fc/events' })).json() as Array<{ _id: string; name: string; type: string }>;
    const demo = list.filter((e) => e.name.endsWith('(sample)'));
    expect(demo.map((e) => e.type).sort()).toEqual(['League', 'Series', 'Tournament']);
    const classic = (await t.request({ method: 'GET', url: `/api/fc/event/${demo.find((e) => e.type === 'Tournament')!._id}` })).json();
    expect(classic.entries.length).toBeGreaterThan(3);
    expect(classic.entries[0].email).toBeUndefined();
    const mine = (await t.request({ method: 'GET', url: '/api/fc/my-events', token: await demoToken() })).json();
    expect(mine.owned).toHaveLength(3);
    expect(mine.registered).toHaveLength(2);
  });
});
