import { fromMarkerBytes, fromMarkerColumns, mapMarker, markerColumns, toMarkerColumns } from '@tightlines/core/map-markers';
import { LOG_TYPES } from '@tightlines/core/logs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OUTING_LOCATION_REQUIRED } from '@tightlines/core/outings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

let weather: FakeOpenMeteo;
let t: TestApp;
let user: Awaited<ReturnType<typeof registerUser>>;

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
  user = await registerUser(t);
  const logs = [
    { type: 'Catch', date: '2024-06-01T06:00:00', fish: { species: 'Walleye', length: 31.6 }, lure: { category: 'Jig', colorPrimary: 'Chartreuse' }, lake: { waterTemp: 62 }, tags: ['dawn'], location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake' } },
    { type: 'Catch', date: '2025-07-04T20:00:00', fish: { species: 'Musky', length: 48 }, lure: { category: 'Bucktail', colorPrimary: 'Black' }, lake: { waterTemp: 74 }, location: { lat: 46.23, lng: -93.65, lake: 'Mille Lacs' } },
    { type: 'Bite', date: '2025-07-05T07:00:00', lure: { category: 'Jig', colorSecondary: 'chartreuse' }, tags: ['Dawn'], location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake' } },
    { type: 'Lost', date: '2025-08-10T12:00:00', fish: { species: 'Northern Pike', length: 9 }, location: { lat: 44.92, lng: -93.58, lake: 'Lake Minnetonka' } },
  ];
  for (const log of logs) {
    const res = await t.request({ method: 'POST', url: '/api/logs/create', token: user.token, payload: log });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

/** The map's binary answer for `token`, decoded, after checking it says what it is. */
async function markerBytes(token: string, query = '') {
  const res = await t.request({ method: 'GET', url: `/api/user/logs/markers/binary${query}`, token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/octet-stream');
  return fromMarkerBytes(new Uint8Array(res.rawPayload));
}

async function filter(types: string[], values: string[]) {
  const query = new URLSearchParams({ filterType: types.join(','), filterValue: values.join(',') });
  return t.request({ method: 'GET', url: `/api/user/logs/filter?${query}`, token: user.token });
}

describe('GET /api/user/logs/filter', () => {
  it.each([
    [[], [], 4],
    [['location.lake'], ['gull lake'], 2],
    [['location.state'], ['MN'], 4],
    [['year'], ['2025'], 3],
    [['type'], ['Catch'], 2],
    [['tag'], ['dawn'], 2],
    [['lureCategory'], ['Jig'], 2],
    [['lureColor'], ['Chartreuse'], 2],
    [['waterTemp'], ['60-64'], 1],
    [['fishLength'], ['30-39'], 1],
    [['fishLength'], ['9 and under'], 1],
    [['dateStart', 'dateEnd'], ['2025-07-04', '2025-07-05'], 2],
    [['dateStart'], ['2025-07-05'], 2],
    [['year', 'location.lake'], ['2025', 'Gull Lake'], 1],
    [['year', 'location.lake', 'type'], ['2024', 'gull lake', 'Catch'], 1],
    [['year', 'type'], ['2023', 'Catch'], 0],
    [['username'], ['someone_else'], 0],
  ])('%j = %j matches %i logs', async (types, values, expected) => {
    const res = await filter(types, values);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(expected);
    expect(res.json().docs).toHaveLength(expected);
  });

  it('matches the username filter for the angler themself and the moon phase computed for each log', async () => {
    expect((await filter(['username'], [user.username])).json().total).toBe(4);
    const phase = (await filter([], [])).json().docs[0].lunar.moonPhase;
    expect((await filter(['moonPhase'], [phase])).json().total).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad filters with a clear message', async () => {
    for (const [types, values, message] of [
      [['dateEnd'], ['2025-01-01'], /end date needs a start date/],
      [['color'], ['red'], /Unknown filter "color"/],
      [['type', 'year'], ['Catch'], /same number/],
      [['waterTemp'], ['hot'], /waterTemp filter takes one of/],
    ] as const) {
      const res = await filter([...types], [...values]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  it("never returns another angler's logs", async () => {
    const other = await registerUser(t);
    await t.request({ method: 'POST', url: '/api/logs/create', token: other.token, payload: { type: 'Catch', privacy: 'public', location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake' } } });
    expect((await filter(['location.lake'], ['Gull Lake'])).json().total).toBe(2);
  });
});

describe('lists, charts, markers and stats', () => {
  it('lists the states and lakes of the angler’s logs', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/logs/states/', token: user.token })).json()).toEqual(['MN']);
    expect((await t.request({ method: 'GET', url: '/api/user/logs/lakes', token: user.token })).json()).toEqual(['Gull Lake', 'Lake Minnetonka', 'Mille Lacs']);
  });

  it('buckets the filtered logs for the charts', async () => {
    const charts = (await t.request({ method: 'GET', url: '/api/user/logs/charts', token: user.token })).json();
    expect(charts.bar['Lure Type']).toEqual({ labels: ['Jig', 'Bucktail'], datasets: [{ label: 'Logs', data: [2, 1] }] });
    expect(charts.stacked.Lake.labels).toEqual(['Gull Lake', 'Lake Minnetonka', 'Mille Lacs']);
    expect(charts.stacked.Lake.datasets.map((d: { label: string }) => d.label)).toEqual(['Bite', 'Catch', 'Lost']);
    expect(charts.stackedLimits.Lake).toBe(10);
    expect(charts.doughnut['Lunar Phase'].datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    const filtered = (await t.request({ method: 'GET', url: '/api/user/logs/charts?filterType=type&filterValue=Catch', token: user.token })).json();
    expect(filtered.bar['Lure Type'].labels).toEqual(['Bucktail', 'Jig']);
  });

  it('answers compact markers', async () => {
    const markers = (await t.request({ method: 'GET', url: '/api/user/logs/markers', token: user.token })).json();
    expect(markers).toHaveLength(4);
    expect(markers[0]).toEqual({ _id: expect.any(String), lat: 44.92, lng: -93.58, type: 'Lost', date: '2025-08-10T12:00', lake: 'Lake Minnetonka', gauge: null });
  });

  it('packs the same markers into columns when asked, and refuses a format it does not know', async () => {
    const get = (query: string, token = user.token) => t.request({ method: 'GET', url: `/api/user/logs/markers?${query}`, token });
    const objects = (await get('')).json();
    const columns = (await get('format=columns')).json();
    expect(columns).toMatchObject({ format: 'columns', lakes: ['Lake Minnetonka', 'Gull Lake', 'Mille Lacs'], lake: [0, 1, 2, 1], gauges: [] });
    expect(fromMarkerColumns(columns)).toEqual(objects);
    const catches = (await get('format=columns&filterType=type&filterValue=Catch')).json();
    expect(fromMarkerColumns(catches).map((m) => m.type)).toEqual(['Catch', 'Catch']);
    const bad = await get('format=protobuf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/format takes columns/);
  });

  it("never packs another member's logs, private or public, into one's columns", async () => {
    const other = await registerUser(t);
    for (const privacy of ['private', 'public'] as const) {
      const res = await t.request({ method: 'POST', url: '/api/logs/create', token: other.token, payload: { type: 'Catch', privacy, location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake' } } });
      expect(res.statusCode).toBe(201);
    }
    const mine = (await t.request({ method: 'GET', url: '/api/user/logs/markers?format=columns', token: user.token })).json();
    expect(mine.id).toHaveLength(4);
    const theirs = (await t.request({ method: 'GET', url: '/api/user/logs/markers?format=columns', token: other.token })).json();
    expect(theirs.id).toHaveLength(2);
    expect(theirs.id.filter((id: string) => mine.id.includes(id))).toEqual([]);
    expect((await markerBytes(other.token)).map((m) => m._id)).toEqual(theirs.id);
    const stranger = await registerUser(t);
    expect((await t.request({ method: 'GET', url: '/api/user/logs/markers?format=columns', token: stranger.token })).json()).toMatchObject({ id: [], lat: [], lakes: [], gauges: [] });
    expect(await markerBytes(stranger.token)).toEqual([]);
  });

  it('writes the map the same whichever format is asked, whatever the lake and station names, under every filter', async () => {
    const angler = await registerUser(t);
    const lakes = ['Lac "Seul"', 'Back\\slash Lake', 'Line\nbreak\tLake', 'Lac Île-à-la-Crosse 🎣', '\u0001 Lake'];
    for (const [i, lake] of [...lakes, null].entries()) {
      const location = { lat: 45.5 + i / 7, lng: -(93 + i / 3), ...(lake === null ? {} : { lake }) };
      const res = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: i % 2 ? 'Catch' : 'Bite', date: `2024-0${i + 1}-03T05:07:00`, location } });
      expect(res.statusCode).toBe(201);
    }
    await t.database.db.execute(
      sql`update logs set waterflow = '{"location": {"lat": 44.94433, "lng": -93.08744}}'::jsonb, gauge_station = ${'ST. "PAUL" \\ MN'} where user_id = ${angler._id} and lake_name = ${lakes[1]}`,
    );
    const get = async (query: string) => (await t.request({ method: 'GET', url: `/api/user/logs/markers?${query}`, token: angler.token })).body;
    const schema = z.array(mapMarker);
    for (const filters of ['', 'filterType=type&filterValue=Catch', 'filterType=year&filterValue=2024', 'filterType=location.lake&filterValue=Gull Lake']) {
      const objects = await get(filters);
      // Byte for byte what serializing the checked answer gives, and the columns what packing it gives.
      expect(objects).toBe(JSON.stringify(z.encode(schema, JSON.parse(objects))));
      expect(await get(`${filters}&format=columns`)).toBe(JSON.stringify(toMarkerColumns(JSON.parse(objects))));
      expect(await markerBytes(angler.token, `?${filters}`)).toEqual(JSON.parse(objects));
    }
    const all = z.array(mapMarker).parse(JSON.parse(await get('')));
    expect(all.map((m) => m.lake)).toEqual([null, ...lakes.slice().reverse()]);
    expect(all.map((m) => m.date)).toEqual(['2024-06-03T05:07', '2024-05-03T05:07', '2024-04-03T05:07', '2024-03-03T05:07', '2024-02-03T05:07', '2024-01-03T05:07']);
    expect(all.filter((m) => m.gauge)).toEqual([expect.objectContaining({ lake: lakes[1], gauge: { lat: 44.94433, lng: -93.08744, station: 'ST. "PAUL" \\ MN' } })]);
    expect(markerColumns.parse(JSON.parse(await get('format=columns'))).gauges).toEqual([{ at: 4, lat: 44.94433, lng: -93.08744, station: 'ST. "PAUL" \\ MN' }]);
    expect(await get('filterType=location.lake&filterValue=Gull Lake')).toBe('[]');
  });

  it('moves a log on the map when an edit changes its place, time, type or lake, in both formats', async () => {
    const angler = await registerUser(t);
    const created = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: 'Catch', date: '2024-03-03T05:07:00', location: { lat: 46.1, lng: -94.2, lake: 'Gull Lake' } } });
    const id = created.json()._id as string;
    const edit = { type: 'Lost', date: '2023-11-30T23:59:00', location: { lat: 47.25, lng: -93.5, lake: 'Lac "Seul"' } };
    expect((await t.request({ method: 'POST', url: `/api/log/update/${id}`, token: angler.token, payload: edit })).statusCode).toBe(200);
    const get = async (query: string) => (await t.request({ method: 'GET', url: `/api/user/logs/markers${query}`, token: angler.token })).body;
    const objects = await get('');
    expect(JSON.parse(objects)).toEqual([{ _id: id, lat: 47.25, lng: -93.5, type: 'Lost', date: '2023-11-30T23:59', lake: 'Lac "Seul"', gauge: null }]);
    expect(await get('?format=columns')).toBe(JSON.stringify(toMarkerColumns(JSON.parse(objects))));
    expect(await get('?filterType=year&filterValue=2023')).toBe(objects);
    expect(await markerBytes(angler.token)).toEqual(JSON.parse(objects));
  });

  it('packs every log type, a gauge without a station and a time before 1970 into the binary answer as the JSON has them', async () => {
    const angler = await registerUser(t);
    for (const [i, type] of LOG_TYPES.entries()) {
      const payload = { type: 'Catch', date: `2024-0${i + 1}-15T1${i}:3${i}:59`, location: { lat: 45 + i / 9, lng: -93 - i / 11, lake: `Lake ${'ü'.repeat(i)}` } };
      const res = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload });
      expect(res.statusCode).toBe(201);
      await t.database.db.execute(sql`update logs set type = ${type} where id = ${res.json()._id as string}`);
    }
    await t.database.db.execute(sql`update logs set waterflow = '{"location": {"lat": -0.5, "lng": 179.25}}'::jsonb, gauge_station = null where user_id = ${angler._id} and type = 'Bite'`);
    await t.database.db.execute(sql`update logs set occurred_at = '1969-12-31T23:59:00Z', time_zone = 'UTC' where user_id = ${angler._id} and type = 'Draft'`);
    const objects = z.array(mapMarker).parse((await t.request({ method: 'GET', url: '/api/user/logs/markers', token: angler.token })).json());
    expect(new Set(objects.map((m) => m.type))).toEqual(new Set(LOG_TYPES));
    expect(objects.find((m) => m.type === 'Bite')?.gauge).toEqual({ lat: -0.5, lng: 179.25, station: null });
    expect(objects.at(-1)).toMatchObject({ type: 'Draft', date: '1969-12-31T23:59' });
    expect(await markerBytes(angler.token)).toEqual(objects);
  });

  it('answers Your Stats in the seed shape', async () => {
    const stats = (await t.request({ method: 'GET', url: '/api/user/stats', token: user.token })).json();
    expect(stats).toMatchObject({
      largestFish: { length: 48, species: 'Musky' },
      favoriteLure: { lureName: 'Bucktail' },
      mostRecentCatch: { fish: { length: 48, species: 'Musky' } },
      innerCircle: [],
    });
    expect(stats.charts.fishSize.labels).toEqual(['30-34', '47-49']);
  });
});

describe('outings', () => {
  it('starts an outing, gathers the logs made during it, and ends it', async () => {
    const angler = await registerUser(t);
    const noPlace = await t.request({ method: 'POST', url: '/api/user/create-outing', token: angler.token, payload: {} });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().error).toBe(OUTING_LOCATION_REQUIRED);

    const started = await t.request({ method: 'POST', url: '/api/user/create-outing', token: angler.token, payload: { location: { lat: 46.41, lng: -94.35 } } });
    expect(started.statusCode).toBe(201);
    const id = started.json()._id;
    expect(started.json().outing.active).toBe(true);
    const again = await t.request({ method: 'POST', url: '/api/user/create-outing', token: angler.token, payload: { location: { lat: 46.41, lng: -94.35 } } });
    expect(again.statusCode).toBe(409);

    for (const type of ['Catch', 'Bite', 'Catch']) {
      await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type, location: { lat: 46.41, lng: -94.35 } } });
    }
    const view = (await t.request({ method: 'GET', url: `/api/user/outing/${id}`, token: angler.token })).json();
    expect(view.stats).toMatchObject({ totalLogs: 3, totalCatches: 2, mostProductiveHour: { count: 3 } });
    expect(view.outing.logs.map((l: { type: string }) => l.type)).toEqual(['Catch', 'Bite', 'Catch']);
    for (const band of view.solunarPeaks) expect(['Major', 'Minor']).toContain(band.type);

    const ended = await t.request({
      method: 'POST',
      url: `/api/user/edit-outing/${id}`,
      token: angler.token,
      payload: { startDate: view.outing.startDate, endDate: new Date().toISOString() },
    });
    expect(ended.json().outing?.active, ended.body).toBe(false);
    const list = (await t.request({ method: 'GET', url: '/api/user/logs', token: angler.token })).json();
    expect(list.docs.filter((l: { type: string }) => l.type === 'Outing')).toHaveLength(1);

    const stranger = await registerUser(t);
    expect((await t.request({ method: 'GET', url: `/api/user/outing/${id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/user/delete-outing/${id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/user/delete-outing/${id}`, token: angler.token })).statusCode).toBe(200);
    const after = (await t.request({ method: 'GET', url: '/api/user/logs', token: angler.token })).json();
    expect(after.total).toBe(3);
    expect(after.docs.every((l: { outingId: string | null }) => l.outingId === null)).toBe(true);
  });

  it('backdates an outing and takes in the logs of its span', async () => {
    const angler = await registerUser(t);
    await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: 'Catch', date: '2025-06-01T07:30:00', location: { lat: 46.41, lng: -94.35 } } });
    const bad = await t.request({
      method: 'POST',
      url: '/api/user/create-outing',
      token: angler.token,
      payload: { startDate: '2025-06-01', startTime: '09:00', endDate: '2025-06-01', endTime: '06:00', location: { lat: 46.41, lng: -94.35 } },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/create-outing',
      token: angler.token,
      payload: { startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-01', endTime: '11:00', location: { lat: 46.41, lng: -94.35 } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().outing).toMatchObject({ startDate: '2025-06-01T06:00:00-05:00', endDate: '2025-06-01T11:00:00-05:00', active: false });
    expect(res.json().stats.totalLogs).toBe(1);
    expect(ago(0)).toBeTruthy();
  });
});
