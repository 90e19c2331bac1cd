import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { sendJson, startLoopbackServer, type LoopbackServer } from '@tightlines/testkit/loopback';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { NOWHERE } from '@tightlines/testkit/settings';
import { LAKE_LOOKUP_UNAVAILABLE } from '../src/modules/lakes/service';

// A gauge on the Mississippi at St. Paul, answered in USGS's RDB and WaterML-JSON formats.
const SITES = [
  '# US Geological Survey',
  'agency_cd\tsite_no\tstation_nm\tsite_tp_cd\tdec_lat_va\tdec_long_va',
  '5s\t15s\t50s\t7s\t16s\t16s',
  'USGS\t05331000\tMISSISSIPPI RIVER AT ST. PAUL, MN\tST\t44.94433\t-93.08744',
  '',
].join('\n');

function waterMl(at: Date) {
  const series = (code: string, unit: string, value: string) => ({
    sourceInfo: {
      siteName: 'MISSISSIPPI RIVER AT ST. PAUL, MN',
      siteCode: [{ value: '05331000', agencyCode: 'USGS' }],
      geoLocation: { geogLocation: { latitude: 44.94433, longitude: -93.08744 } },
    },
    variable: { variableCode: [{ value: code }], unit: { unitCode: unit }, noDataValue: -999999 },
    values: [{ value: [{ value, qualifiers: ['P'], dateTime: at.toISOString() }] }],
  });
  return { value: { timeSeries: [series('00060', 'ft3/s', '12400'), series('00065', 'ft', '7.21')] } };
}

// A square lake of about 216 acres around (45.005, -93.27), as Overpass answers `out geom`.
const LAKE = {
  elements: [
    {
      type: 'way',
      id: 42,
      tags: { natural: 'water', name: 'Test Lake' },
      geometry: [
        { lat: 45.0, lon: -93.275 },
        { lat: 45.0, lon: -93.265 },
        { lat: 45.01, lon: -93.265 },
        { lat: 45.01, lon: -93.275 },
        { lat: 45.0, lon: -93.275 },
      ],
    },
  ],
};

let outside: LoopbackServer;
let weather: FakeOpenMeteo;
let t: TestApp;
let plain: TestApp;
let down: TestApp;

beforeAll(async () => {
  outside = await startLoopbackServer((request, res) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path.startsWith('/usgs/nwis/site')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(SITES);
    } else if (path.startsWith('/usgs/nwis/')) sendJson(res, waterMl(new Date(Date.now() - 15 * 60_000)));
    else if (path.startsWith('/overpass')) sendJson(res, LAKE);
    else sendJson(res, { error: `no such path ${path}` }, 404);
  });
  weather = await startFakeOpenMeteo();
  const base = { ...weather.env, FEATURE_FLAGS: 'FREEFORALL' };
  t = await createTestApp({ ...base, USGS_URL: `${outside.url}/usgs`, OVERPASS_URL: `${outside.url}/overpass` });
  plain = await createTestApp(base);
  down = await createTestApp({ ...base, USGS_URL: NOWHERE, OVERPASS_URL: NOWHERE });
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await down.close();
  await outside.close();
  await weather.close();
});

describe('waterflow of the nearest gauge', () => {
  it('is filled in on create and answered by get-waterflow', async () => {
    const user = await registerUser(t);
    const res = await t.request({ method: 'POST', url: '/api/logs/create', token: user.token, payload: { type: 'Catch', location: { lat: 44.95, lng: -93.1 } } });
    expect(res.statusCode).toBe(201);
    expect(res.json().lake).toMatchObject({ station: 'MISSISSIPPI RIVER AT ST. PAUL, MN', siteCode: '05331000', agency: 'USGS', waterflow: { rate: 12400, gageHeight: 7.21 } });
    const lookup = await t.request({ method: 'POST', url: '/api/log/get-waterflow/new', token: user.token, payload: { lat: 44.95, lng: -93.1 } });
    expect(lookup.json()).toMatchObject({ siteCode: '05331000', waterflow: { rate: 12400 } });
    // The gauge's place is kept: the log's lake.location, and a river-gauge marker on the map.
    const gauge = { lat: 44.94433, lng: -93.08744 };
    expect(res.json().lake.location).toEqual(gauge);
    const markers = await t.request({ method: 'GET', url: '/api/user/logs/markers', token: user.token });
    expect(markers.json()[0].gauge).toEqual({ ...gauge, station: 'MISSISSIPPI RIVER AT ST. PAUL, MN' });
  });

  it('says plainly when lookups are off', async () => {
    const user = await registerUser(plain);
    const res = await plain.request({ method: 'POST', url: '/api/log/get-waterflow/new', token: user.token, payload: { lat: 44.95, lng: -93.1 } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('Waterflow lookups are not configured on this server.');
    const log = await plain.request({ method: 'POST', url: '/api/logs/create', token: user.token, payload: { type: 'Catch', location: { lat: 44.95, lng: -93.1 } } });
    expect(log.json().lake.waterflow).toBeNull();
    expect(log.json().pending).toEqual([]);
  });
});

describe('lakes from OpenStreetMap', () => {
  it('finds the lake whose outline holds the point and keeps it for next time', async () => {
    const first = await t.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 45.005, lng: -93.27 } });
    expect(first.json()).toMatchObject({ name: 'Test Lake', area: expect.any(Number), outline: { type: expect.stringMatching(/Polygon/) } });
    expect(first.json().area).toBeGreaterThan(200);
    const calls = outside.requests.filter((r) => r.url.startsWith('/overpass')).length;
    const again = await t.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 45.006, lng: -93.271 } });
    expect(again.json().name).toBe('Test Lake');
    expect(outside.requests.filter((r) => r.url.startsWith('/overpass')).length).toBe(calls);
  });
});

describe('a lake or waterflow service that is down', () => {
  it('says "lookup unavailable" rather than "nothing here"', async () => {
    const user = await registerUser(down);
    const flow = await down.request({ method: 'POST', url: '/api/log/get-waterflow/new', token: user.token, payload: { lat: 44.95, lng: -93.1 } });
    expect(flow.statusCode).toBe(503);
    expect(flow.json().error).toMatch(/^Waterflow lookup unavailable/);
    const lake = await down.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 45.005, lng: -93.27 } });
    expect(lake.statusCode).toBe(503);
    expect(lake.json().error).toBe(LAKE_LOOKUP_UNAVAILABLE);
    // A log is still saved, its waterflow left to the background pass.
    const log = await down.request({ method: 'POST', url: '/api/logs/create', token: user.token, payload: { type: 'Catch', location: { lat: 44.95, lng: -93.1 } } });
    expect(log.statusCode).toBe(201);
  });
});
