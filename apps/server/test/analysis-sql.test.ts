import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharts, stackedUpperLimit, type ChartRow } from '@tightlines/core/charts';
import { queryRows } from '@tightlines/server/src/db/client';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { insertSampleLogs, sampleLogs, type SampleLog } from '@tightlines/testkit/seed';

// The charts are counted in SQL (grouped by bucket); buildCharts over single logs is their
// definition. These logs sit on every bucket edge, leave fields empty, and fall in another local
// month or year than their UTC instant, so any difference between the two shows.
let t: TestApp;
let user: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  t = await createTestApp({ FEATURE_FLAGS: 'FREEFORALL' });
  user = await registerUser(t);
  const base = sampleLogs({ userId: user._id, count: 300, seed: 11, season: 2024, now: new Date('2025-11-20T00:00:00Z') });
  const template = base[0]!;
  const edge = (over: Partial<SampleLog>): SampleLog => ({ ...template, ...over });
  const weather = (w: Record<string, unknown>) => ({ ...template.weather!, ...w });
  const lunar = (moonIllum: number, moonPhase = template.lunar!.moonPhase) => ({ ...template.lunar!, moonIllum, moonPhase });
  const edges: SampleLog[] = [
    // On both sides of the fish length buckets' edge at 30 inches.
    edge({ type: 'Catch', fishLength: 29.99, lakeName: 'Edge Lake' }),
    edge({ type: 'Catch', fishLength: 30, lakeName: 'Edge Lake' }),
    // Nothing to count but the type and the month.
    edge({ type: 'Bite', weather: null, lunar: null, moonPhase: null, lakeName: null, fishSpecies: null, fishLength: null, lureCategory: null, lureColorPrimary: null, tags: [] }),
    edge({ type: 'Catch', weather: weather({ airTemp: -0.5, windDirection: 340.5, summary: '' }), lunar: lunar(100), tags: ['Dawn', 'dawn'] }),
    edge({ type: 'Lost', weather: weather({ airTemp: 100, windDirection: 15.5 }), lunar: lunar(9.99), tags: ['Night bite'] }),
    edge({ type: 'Catch', weather: weather({ airTemp: 99.9, windDirection: 360 }), lunar: lunar(0) }),
    edge({ type: 'Follow', weather: weather({ airTemp: 0, windDirection: -10, summary: null }), lunar: lunar(90, 'Not a phase') }),
    // 03:30 UTC on 1 August 2024 is still 31 July in Chicago: July in the month chart.
    edge({ type: 'Catch', occurredAt: new Date('2024-08-01T03:30:00Z'), timeZone: 'America/Chicago' }),
    // Noon UTC on New Year's Eve is already 1 January 2025 in Auckland.
    edge({ type: 'Hunch', occurredAt: new Date('2024-12-31T12:00:00Z'), timeZone: 'Pacific/Auckland', lakeName: 'Far Lake' }),
    // 08:00 UTC on New Year's Day 2025 is still New Year's Eve 2024 in Honolulu.
    edge({ type: 'Hunch', occurredAt: new Date('2025-01-01T08:00:00Z'), timeZone: 'Pacific/Honolulu', lakeName: 'Far West Lake' }),
  ];
  await insertSampleLogs(t.database, user._id, [...base, ...edges]);
}, 300_000);
afterAll(async () => {
  await t.close();
});

/** What the charts count of the logs the filter route matches, read a log at a time. */
async function chartRowsOf(query: string): Promise<ChartRow[]> {
  const page = await t.request({ method: 'GET', url: `/api/user/logs/filter?limit=500${query ? `&${query}` : ''}`, token: user.token });
  const ids = (page.json().docs as { _id: string }[]).map((d) => d._id);
  expect(ids.length).toBe(page.json().total);
  if (ids.length === 0) return [];
  return queryRows<ChartRow>(
    t.database.db,
    sql`select type, to_char(occurred_at at time zone time_zone, 'YYYY-MM-DD"T"HH24:MI') as "occurredAt", lake_name as lake,
          fish_species as species, fish_length as "fishLength", lure_category as "lureCategory",
          lure_color_primary as "lureColor", tags, moon_phase as "moonPhase",
          (lunar->>'moonIllum')::real as "moonIllum", (weather->>'windDirection')::real as "windDirection",
          (weather->>'airTemp')::real as "airTemp", weather->>'summary' as summary
        from logs where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
}

describe('GET /api/user/logs/charts counted in SQL', () => {
  it.each([
    ['no filter', ''],
    ['year = 2025 (local year)', 'filterType=year&filterValue=2025'],
    ['type = Catch', 'filterType=type&filterValue=Catch'],
    ['tag = dawn', 'filterType=tag&filterValue=dawn'],
    ['a date range', 'filterType=dateStart,dateEnd&filterValue=2024-06-01,2024-07-31'],
  ])('answers what counting each log gives: %s', async (_label, query) => {
    const res = await t.request({ method: 'GET', url: `/api/user/logs/charts${query ? `?${query}` : ''}`, token: user.token });
    expect(res.statusCode).toBe(200);
    const expected = buildCharts(await chartRowsOf(query));
    const { Lake, Month, Species, Tag } = expected.stacked;
    expect(res.json()).toEqual({
      ...expected,
      stackedLimits: { Lake: stackedUpperLimit(Lake), Month: stackedUpperLimit(Month), Species: stackedUpperLimit(Species), Tag: stackedUpperLimit(Tag) },
    });
  });

  it('buckets the edges as an angler reads them', async () => {
    const charts = (await t.request({ method: 'GET', url: '/api/user/logs/charts?filterType=year&filterValue=2025', token: user.token })).json();
    // Only the Auckland log is in 2025 locally; it counts for January.
    expect(charts.stacked.Month).toEqual({ labels: ['Jan'], datasets: [{ label: 'Hunch', data: [1] }] });
    expect(charts.stacked.Lake.labels).toEqual(['Far Lake']);
    const july = (await t.request({ method: 'GET', url: '/api/user/logs/charts?filterType=dateStart,dateEnd&filterValue=2024-07-31,2024-07-31', token: user.token })).json();
    expect(july.stacked.Month.labels).toEqual(['Jul']);
    const all = (await t.request({ method: 'GET', url: '/api/user/logs/charts', token: user.token })).json();
    const count = (chart: { labels: string[]; datasets: { data: number[] }[] }, label: string) =>
      chart.datasets.reduce((sum, d) => sum + (d.data[chart.labels.indexOf(label)] ?? 0), 0);
    expect(count(all.bar['Air Temp'], 'Below 0 F')).toBe(1);
    expect(count(all.bar['Air Temp'], '100 F or more')).toBe(1);
    expect(count(all.doughnut['Lunar Illumination'], '90-100%')).toBeGreaterThanOrEqual(2);
    expect(all.doughnut['Lunar Phase'].labels).not.toContain('Not a phase');
    // A tag written two ways on one log counts under each spelling, as the log lists them.
    expect(count(all.stacked.Tag, 'Dawn')).toBe(1);
    expect(count(all.stacked.Tag, 'dawn')).toBeGreaterThanOrEqual(1);
  });

  it('answers empty charts for an angler without logs', async () => {
    const empty = await registerUser(t);
    const charts = (await t.request({ method: 'GET', url: '/api/user/logs/charts', token: empty.token })).json();
    expect(charts).toEqual({ ...buildCharts([]), stackedLimits: { Lake: 10, Month: 10, Species: 10, Tag: 10 } });
    expect(charts.stacked.Lake).toEqual({ labels: [], datasets: [] });
  });
});

describe('GET /api/user/logs/filter by index ranges', () => {
  const total = async (query: string) => (await t.request({ method: 'GET', url: `/api/user/logs/filter?${query}`, token: user.token })).json().total;

  it('reads years and dates in each log’s own time zone', async () => {
    expect(await total('filterType=year&filterValue=2025')).toBe(1);
    const in2024 = await total('filterType=year&filterValue=2024');
    expect(await total('')).toBe(in2024 + 1);
    expect(await total('filterType=dateStart,dateEnd&filterValue=2024-07-31,2024-07-31')).toBeGreaterThanOrEqual(1);
    expect(await total('filterType=dateStart,dateEnd&filterValue=2025-01-01,2025-01-01')).toBe(1);
    expect(await total('filterType=dateStart&filterValue=2025-01-01')).toBe(1);
  });

  it('counts a year combined with other filters in each log’s own time zone', async () => {
    // One log a page, so the total is counted rather than read off the page.
    const counted = (year: number, lake: string) => total(`limit=1&filterType=year,location.lake,type&filterValue=${year},${encodeURIComponent(lake)},Hunch`);
    expect(await counted(2025, 'Far Lake')).toBe(1);
    expect(await counted(2024, 'Far Lake')).toBe(0);
    expect(await counted(2024, 'Far West Lake')).toBe(1);
    expect(await counted(2025, 'Far West Lake')).toBe(0);
  });

  it('puts a length in the bucket of its whole inches', async () => {
    const lengths = async (bucket: string) => {
      const res = await t.request({ method: 'GET', url: `/api/user/logs/filter?limit=500&filterType=location.lake,fishLength&filterValue=Edge%20Lake,${bucket}`, token: user.token });
      return (res.json().docs as { fish: { length: number } }[]).map((d) => d.fish.length);
    };
    expect(await lengths('20-29')).toEqual([29.99]);
    expect(await lengths('30-39')).toEqual([30]);
  });

  it('pages a filter with totals that match its pages', async () => {
    const query = 'filterType=type&filterValue=Catch';
    const all = (await t.request({ method: 'GET', url: `/api/user/logs/filter?limit=500&${query}`, token: user.token })).json();
    const pages = [];
    for (let page = 1; ; page += 1) {
      const res = (await t.request({ method: 'GET', url: `/api/user/logs/filter?limit=40&page=${page}&${query}`, token: user.token })).json();
      expect(res).toMatchObject({ total: all.total, page, limit: 40 });
      if (res.docs.length === 0) break;
      pages.push(...res.docs.map((d: { _id: string }) => d._id));
    }
    expect(pages).toEqual(all.docs.map((d: { _id: string }) => d._id));
  });
});
