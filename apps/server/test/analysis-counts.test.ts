import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_CSV_HEADER_LINE, logCsvLine } from '@tightlines/core/log-csv';
import { queryRows } from '../src/db/client';
import { generateLogs, sampleLogView } from '../src/demo/generator';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { moveClock, registerUser, runEnrichmentNow, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

/**
 * The tallies the triggers of migrations 0024_log_tallies and 0027_log_tallies_year keep (the data page's
 * charts unfiltered or under a year, the dashboard's counts, the totals under one filter or one and a
 * year) against the logs counted afresh, after every kind of write an angler or the server makes.
 */
let weather: FakeOpenMeteo;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

const GULL = { lat: 46.41, lng: -94.35, lake: 'Gull Lake' };
const MILLE = { lat: 46.23, lng: -93.65, lake: 'Mille Lacs', state: 'MN' };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const thisYear = new Date().getUTCFullYear();

async function req(who: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await t.request({ method, url, token: who.token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function create(who: Member, body: object): Promise<string> {
  return (await req(who, 'POST', '/api/logs/create', { type: 'Catch', date: hoursAgo(3), privacy: 'private', location: GULL, ...body }))._id as string;
}

/** One filter of every type the data page offers, with a value the logs below hit. */
const FILTERS: Array<[string, string]> = [
  ['type', 'Catch'],
  ['type', 'Bite'],
  ['year', String(thisYear)],
  ['year', '2024'],
  ['location.lake', 'gull lake'],
  ['location.state', 'mn'],
  ['moonPhase', 'Full Moon'],
  ['tag', 'DAWN'],
  ['tag', 'night bite'],
  ['lureCategory', 'jig'],
  ['lureColor', 'chartreuse'],
  ['waterTemp', '60-64'],
  ['waterTemp', '45-49'],
  ['waterTemp', '34 and under'],
  ['waterTemp', '80 and above'],
  ['fishLength', '20-29'],
  ['fishLength', '30-39'],
  ['fishLength', '9 and under'],
];

/**
 * What the angler is shown against a fresh count: each filter's total on a one-log page (summed from
 * the tallies once more than a log matches) against the matches listed on one page (counted as read),
 * the unfiltered charts (from the tallies) against the same charts counted over the logs (a date range
 * from long ago matches every log but is counted by a pass over them), and the tallies themselves
 * against a recount; the filter bar's states and lakes against the logs' own.
 */
async function expectTallied(who: Member) {
  const single = FILTERS.map(([type, value]) => `&filterType=${type}&filterValue=${encodeURIComponent(value)}`);
  const withYear = FILTERS.flatMap(([type, value]) =>
    ['2024', String(thisYear)].map((year) => `&filterType=year,${type}&filterValue=${year},${encodeURIComponent(value)}`),
  );
  for (const query of [''].concat(single, withYear)) {
    const counted = await req(who, 'GET', `/api/user/logs/filter?limit=500${query}`);
    const summed = await req(who, 'GET', `/api/user/logs/filter?limit=1${query}`);
    expect(summed.total, query || 'no filter').toBe(counted.docs.length);
  }
  for (const [route, column] of [['states', sql`state`], ['lakes', sql`lake_name`]] as const) {
    const listed = await queryRows<{ v: string }>(
      t.database.db,
      sql`select distinct ${column} as v from logs where user_id = ${who._id} and ${column} is not null order by 1`,
    );
    expect(await req(who, 'GET', `/api/user/logs/${route}`), route).toEqual(listed.map((r) => r.v));
  }
  const charts = await req(who, 'GET', '/api/user/logs/charts');
  expect(charts).toEqual(await req(who, 'GET', '/api/user/logs/charts?filterType=dateStart&filterValue=1900-01-01'));
  // Charts under a year, a type or both come from the tallies too; a date range from long ago counts them over the logs.
  for (const [types, values] of [['year', '2024'], ['year', String(thisYear)], ['year', '1999'], ['type', 'Catch'], ['type', 'Bite'], ['year,type', '2024,Bite']]) {
    const kept = await req(who, 'GET', `/api/user/logs/charts?filterType=${types}&filterValue=${values}`);
    expect(kept, values).toEqual(await req(who, 'GET', `/api/user/logs/charts?filterType=${types},dateStart&filterValue=${values},1900-01-01`));
  }
  // log_tally_facets (migration 0024) lists a log's facets row by row: the triggers' grouping sets must count the same.
  const facets = sql`log_tally_facets(l.type, l.occurred_at, l.time_zone, l.lake_name, l.state, l.moon_phase, l.tags, l.tags_lower,
    l.lunar, l.weather, l.lure_category, l.lure_color_primary, l.lure_color_secondary, l.fish_species, l.fish_length, l.water_temp)`;
  const kept = await queryRows(
    t.database.db,
    sql`select facet, type, value, year, n from log_tallies where user_id = ${who._id} and n <> 0 order by 1, 2, 3, 4`,
  );
  const recounted = await queryRows(
    t.database.db,
    sql`select f.facet, l.type, f.value, extract(year from l.occurred_at at time zone l.time_zone)::int as year, count(*)::int as n
        from logs l cross join lateral ${facets} f
        where l.user_id = ${who._id} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  expect(kept).toEqual(recounted);
}

describe('the data page’s tallies', () => {
  it('equal a fresh count after every kind of write', async () => {
    const angler = await registerUser(t);
    const other = await registerUser(t);
    await create(other, { tags: ['Dawn'] });

    const first = await create(angler, {
      tags: ['Dawn', 'Night bite'],
      fish: { species: 'Walleye', length: '24.5' },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse', colorSecondary: 'chartreuse' },
      lake: { waterTemp: 64.5 },
    });
    const second = await create(angler, { type: 'Bite', date: '2024-06-15T12:00:00Z', location: MILLE, lure: { category: 'Spoon', colorSecondary: 'Chartreuse' }, lake: { waterTemp: 50 } });
    await create(angler, { fish: { species: 'Muskie', length: '44' }, tags: ['dawn'], lake: { waterTemp: 69.99 } });
    await expectTallied(angler);

    // Edits that move a log from one bucket to another in every facet.
    await req(angler, 'POST', `/api/log/update/${first}`, {
      type: 'Bite',
      date: '2024-01-02T12:00:00Z',
      location: MILLE,
      tags: ['Night bite'],
      fish: { species: 'Pike', length: '31' },
      lure: { category: 'Spoon', colorPrimary: 'White' },
      lake: { waterTemp: 49.9 },
    });
    await expectTallied(angler);
    await req(angler, 'POST', `/api/log/update/${second}`, { notes: 'Nothing a tally sees' });
    await expectTallied(angler);

    await req(angler, 'DELETE', `/api/log/${second}`);
    await expectTallied(angler);

    // A tag taken off the list comes off every log.
    await req(angler, 'POST', '/api/user/remove-tag', { tag: 'night bite' });
    await expectTallied(angler);

    // Imported in one statement.
    const season = { start: new Date('2024-06-01T05:00:00Z'), end: new Date('2024-06-08T05:00:00Z') };
    const csv = LOG_CSV_HEADER_LINE + generateLogs({ userId: angler._id, count: 200, seed: 5, season }).map((l) => logCsvLine(sampleLogView(l))).join('');
    const { payload, headers } = multipart(csv);
    const imported = await t.request({ method: 'POST', url: '/api/util/import/csv/user-logs', token: angler.token, payload, headers });
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    await expectTallied(angler);

    // Weather that could not be fetched on save, filled in later by the background pass.
    weather.failWith = 500;
    try {
      await create(angler, { date: hoursAgo(30), tags: ['Dawn'] });
    } finally {
      weather.failWith = null;
    }
    const before = await req(angler, 'GET', '/api/user/logs/charts');
    moveClock(t, 2 * 60_000);
    expect(await runEnrichmentNow(t)).toBeGreaterThanOrEqual(1);
    const after = await req(angler, 'GET', '/api/user/logs/charts');
    expect(after).not.toEqual(before);
    await expectTallied(angler);

    // Another angler's tallies are their own, and go with their account.
    await expectTallied(other);
    expect((await req(other, 'GET', '/api/user/logs/filter?limit=1&filterType=tag&filterValue=dawn')).total).toBe(1);
  }, 300_000);

  it('answers the dashboard’s counts from the tallies, equal to the logs counted', async () => {
    const angler = await registerUser(t);
    await create(angler, { fish: { species: 'Muskie', length: '44.9' }, lure: { category: 'Bucktail' } });
    await create(angler, { fish: { species: 'Muskie', length: '30' }, lure: { category: 'Bucktail' } });
    await create(angler, { type: 'Follow', fish: { species: 'Muskie' }, lure: { category: 'Jerkbait' } });
    const stats = await req(angler, 'GET', '/api/user/stats');
    expect(stats.favoriteLure).toEqual({ lureName: 'Bucktail', count: 2 });
    expect(stats.charts.type.labels).toContain('Follow');
    expect(stats.charts.species).toEqual({ labels: ['Muskie'], datasets: [{ label: 'Logs', data: [3] }] });
    const sizes = stats.charts.fishSize as { labels: string[]; datasets: { label: string; data: number[] }[] };
    expect(sizes.datasets.flatMap((d) => d.data).reduce((a, b) => a + b, 0)).toBe(2);
    await expectTallied(angler);
  }, 120_000);

  it('keep every write of one angler made at the same time (no write lost to a deadlock)', async () => {
    const angler = await registerUser(t);
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(angler, { tags: [`t${i % 3}`], fish: { species: i % 2 ? 'Walleye' : 'Muskie', length: String(20 + i) } })),
    );
    const gone = await Promise.all(made.slice(0, 8).map((id) => t.request({ method: 'DELETE', url: `/api/log/${id}`, token: angler.token })));
    expect(gone.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect((await req(angler, 'GET', '/api/user/logs/filter?limit=50')).total).toBe(4);
    await expectTallied(angler);
  }, 120_000);
});

function multipart(csv: string) {
  const boundary = `----tightlines${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="userLogs"; filename="logs.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    'utf8',
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
