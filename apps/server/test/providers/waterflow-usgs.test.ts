import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { distanceKm } from '../../src/providers/lakes/geometry';
import type { ProviderLog } from '../../src/providers/weather/weather';
import { UsgsWaterflow } from '../../src/providers/waterflow/usgs';
import { WaterflowUnavailableError } from '../../src/providers/waterflow/waterflow';
import { sendJson, startLoopbackServer } from '@tightlines/testkit/loopback';
import type { LoopbackHandler, LoopbackServer } from '@tightlines/testkit/loopback';

const NOW = new Date('2026-06-15T17:30:00Z');
// Downtown St. Paul, a kilometre from the Mississippi gauge at Robert Street.
const ST_PAUL = { lat: 44.95, lng: -93.1 };
const DAY_MS = 86_400_000;

const SITE_LISTING = [
  '#',
  '#',
  '# US Geological Survey',
  '# retrieved: 2026-06-15 13:30:00 -04:00\t(vaas01)',
  '#',
  '# The Site File stores location and general information about groundwater,',
  '# surface water, and meteorological sites',
  '# for sites in USA.',
  '#',
  '# File-format description:  https://help.waterdata.usgs.gov/faq/about-tab-delimited-output',
  '# Automated-retrieval info: https://waterservices.usgs.gov/docs/site-service/',
  '#',
  '# The following selected fields are included in this output:',
  '#',
  '#  agency_cd       -- Agency',
  '#  site_no         -- Site identification number',
  '#  station_nm      -- Site name',
  '#  site_tp_cd      -- Site type',
  '#  dec_lat_va      -- Decimal latitude',
  '#  dec_long_va     -- Decimal longitude',
  '#  coord_acy_cd    -- Latitude-longitude accuracy',
  '#  dec_coord_datum_cd -- Decimal Latitude-longitude datum',
  '#  alt_va          -- Altitude of Gage/land surface',
  '#  alt_acy_va      -- Altitude accuracy',
  '#  alt_datum_cd    -- Altitude datum',
  '#  huc_cd          -- Hydrologic unit code',
  '#',
  'agency_cd\tsite_no\tstation_nm\tsite_tp_cd\tdec_lat_va\tdec_long_va\tcoord_acy_cd\tdec_coord_datum_cd\talt_va\talt_acy_va\talt_datum_cd\thuc_cd',
  '5s\t15s\t50s\t7s\t16s\t16s\t1s\t10s\t8s\t3s\t10s\t16s',
  'USGS\t05288500\tMISSISSIPPI RIVER AT BROOKLYN PARK, MN\tST\t45.12691\t-93.29656\tS\tNAD83\t810.\t1\tNGVD29\t07010206',
  'USGS\t05330920\tMINNESOTA RIVER AT FORT SNELLING STATE PARK, MN\tST\t44.87080\t-93.19270\tS\tNAD83\t690.\t1\tNGVD29\t07020012',
  'USGS\t05331000\tMISSISSIPPI RIVER AT ST. PAUL, MN\tST\t44.94433\t-93.08744\tS\tNAD83\t683.77\t.01\tNAVD88\t07010206',
  'USGS\t05331050\tUNLOCATED TEST SITE\tST\t\t\t\t\t\t\t\t',
  '',
].join('\n');

type Reading = [dateTime: string, value: string];

/** WaterML-JSON as the IV and DV services write it, one series per parameter. */
function waterMl(series: { discharge?: Reading[]; gage?: Reading[] }) {
  const variables = [
    { code: '00060', name: 'Streamflow, ft&#179;/s', unit: 'ft3/s', readings: series.discharge },
    { code: '00065', name: 'Gage height, ft', unit: 'ft', readings: series.gage },
  ];
  return {
    name: 'ns1:timeSeriesResponseType',
    declaredType: 'org.cuahsi.waterml.TimeSeriesResponseType',
    value: {
      queryInfo: { queryURL: 'http://waterservices.usgs.gov/nwis/iv/' },
      timeSeries: variables
        .filter((v) => v.readings)
        .map((v) => ({
          sourceInfo: {
            siteName: 'MISSISSIPPI RIVER AT ST. PAUL, MN',
            siteCode: [{ value: '05331000', network: 'NWIS', agencyCode: 'USGS' }],
            geoLocation: { geogLocation: { srs: 'EPSG:4326', latitude: 44.94433, longitude: -93.08744 } },
          },
          variable: {
            variableCode: [{ value: v.code, network: 'NWIS', vocabulary: 'NWIS:UnitValues', variableID: 45807197 }],
            variableName: v.name,
            unit: { unitCode: v.unit },
            noDataValue: -999999.0,
          },
          values: [
            {
              value: (v.readings ?? []).map(([dateTime, value]) => ({ value, qualifiers: ['P'], dateTime })),
              qualifier: [{ qualifierCode: 'P', qualifierDescription: 'Provisional data subject to revision.' }],
              method: [{ methodDescription: '', methodID: 69928 }],
            },
          ],
          name: `USGS:05331000:${v.code}:00000`,
        })),
    },
    nil: false,
  };
}

const RECENT = waterMl({
  discharge: [
    ['2026-06-14T09:00:00.000-05:00', '12300'],
    ['2026-06-14T09:15:00.000-05:00', '12400'],
    ['2026-06-14T09:30:00.000-05:00', '12500'],
  ],
  gage: [
    // Ice or a faulty sensor: USGS sends the series' no-data value.
    ['2026-06-14T09:15:00.000-05:00', '-999999'],
    ['2026-06-14T09:30:00.000-05:00', '6.52'],
    ['2026-06-14T11:00:00.000-05:00', '6.60'],
  ],
});
const DAILY = waterMl({
  discharge: [['2025-07-03T00:00:00.000', '15800']],
  gage: [['2025-07-03T00:00:00.000', '8.01']],
});

let server: LoopbackServer;
let respond: LoopbackHandler;
let warnings: Array<{ obj: Record<string, unknown>; msg: string }>;
const log: ProviderLog = {
  warn: (obj, msg) => warnings.push({ obj, msg }),
  error: (obj, msg) => warnings.push({ obj, msg }),
};

function provider(options: { timeoutMs?: number; searchRadiusKm?: number } = {}): UsgsWaterflow {
  return new UsgsWaterflow({ baseUrl: `${server.url}/usgs`, log, now: () => NOW, ...options });
}

function usgs(handlers: { site?: LoopbackHandler; iv?: LoopbackHandler; dv?: LoopbackHandler }): LoopbackHandler {
  return (request, res, req) => {
    const path = new URL(request.url, server.url).pathname;
    const handler = new Map([
      ['/usgs/nwis/site/', handlers.site],
      ['/usgs/nwis/iv/', handlers.iv],
      ['/usgs/nwis/dv/', handlers.dv],
    ]).get(path);
    if (!handler) {
      res.writeHead(418, { 'content-type': 'text/plain' });
      res.end(`unexpected ${path}`);
      return;
    }
    return handler(request, res, req);
  };
}

/** The usual site listing, with these answers for readings. */
function gaugeWith(readings: { iv?: LoopbackHandler; dv?: LoopbackHandler }): LoopbackHandler {
  return usgs({ site: sendText(SITE_LISTING), ...readings });
}

function json(body: unknown): LoopbackHandler {
  return (_request, res) => sendJson(res, body);
}

function sendText(text: string, status = 200): LoopbackHandler {
  return (_request, res) => {
    res.writeHead(status, { 'content-type': 'text/plain;charset=UTF-8' });
    res.end(text);
  };
}

function queries(): Array<{ path: string; params: Record<string, string> }> {
  return server.requests.map((request) => {
    const url = new URL(request.url, server.url);
    return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
  });
}

beforeAll(async () => {
  server = await startLoopbackServer((request, res, req) => respond(request, res, req));
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  respond = gaugeWith({ iv: json(RECENT), dv: json(DAILY) });
  warnings = [];
});

describe('finding the gauge', () => {
  it('picks the nearest listed site, not the first', async () => {
    const reading = await provider().nearest(ST_PAUL, new Date('2026-06-14T14:20:00Z'));
    expect(reading).toMatchObject({
      station: 'MISSISSIPPI RIVER AT ST. PAUL, MN',
      siteCode: '05331000',
      agency: 'USGS',
      location: { lat: 44.94433, lng: -93.08744 },
    });
    expect(reading?.distanceKm).toBeCloseTo(1.17, 1);
  });

  it('asks the site service for active stream gauges with flow or stage in a west,south,east,north box', async () => {
    await provider().nearest(ST_PAUL, new Date('2026-06-14T14:20:00Z'));
    const [site] = queries();
    expect(site).toEqual({
      path: '/usgs/nwis/site/',
      params: {
        format: 'rdb',
        bBox: expect.stringMatching(/^-?\d+\.\d{6},-?\d+\.\d{6},-?\d+\.\d{6},-?\d+\.\d{6}$/),
        siteType: 'ST',
        siteStatus: 'active',
        hasDataTypeCd: 'iv',
        parameterCd: '00060,00065',
      },
    });
    const [west = 0, south = 0, east = 0, north = 0] = (site?.params.bBox ?? '').split(',').map(Number);
    expect(west).toBeLessThan(ST_PAUL.lng);
    expect(east).toBeGreaterThan(ST_PAUL.lng);
    expect(south).toBeLessThan(ST_PAUL.lat);
    expect(north).toBeGreaterThan(ST_PAUL.lat);
    // The box just covers the 25 km search circle and stays far inside USGS's 25 square-degree limit.
    expect(distanceKm({ lat: south, lng: ST_PAUL.lng }, { lat: north, lng: ST_PAUL.lng })).toBeCloseTo(50, 0);
    expect(distanceKm({ lat: ST_PAUL.lat, lng: west }, { lat: ST_PAUL.lat, lng: east })).toBeCloseTo(50, 0);
    expect((north - south) * (east - west)).toBeLessThan(25);
  });

  it('returns null without asking for readings when no site is within the radius', async () => {
    expect(await provider({ searchRadiusKm: 0.5 }).nearest(ST_PAUL, NOW)).toBeNull();
    expect(queries().map((q) => q.path)).toEqual(['/usgs/nwis/site/']);
  });

  it('returns null when USGS finds no sites (it answers 404)', async () => {
    respond = usgs({ site: sendText('No sites found matching all criteria', 404) });
    expect(await provider().nearest({ lat: 47.5, lng: -87.5 }, NOW)).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('returns null for a listing with only the header rows', async () => {
    const headerOnly = SITE_LISTING.split('\n').filter((line) => !line.startsWith('USGS')).join('\n');
    respond = usgs({ site: sendText(headerOnly) });
    expect(await provider().nearest(ST_PAUL, NOW)).toBeNull();
  });

  it('rejects arguments no service could answer, without a request', async () => {
    await expect(provider().nearest({ lat: 91, lng: 0 }, NOW)).rejects.toThrow(RangeError);
    await expect(provider().nearest(ST_PAUL, new Date('nope'))).rejects.toThrow(RangeError);
    expect(() => new UsgsWaterflow({ log, searchRadiusKm: 0 })).toThrow(RangeError);
    expect(() => new UsgsWaterflow({ log, searchRadiusKm: 500 })).toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('recent readings', () => {
  it('takes the instantaneous values closest to the instant, skipping no-data values', async () => {
    // 09:20 CDT.
    const reading = await provider().nearest(ST_PAUL, new Date('2026-06-14T14:20:00Z'));
    expect(reading?.waterflow).toEqual({
      rate: 12400,
      gageHeight: 6.52,
      unit: 'ft3/s',
      measuredAt: '2026-06-14T09:15:00-05:00',
    });
  });

  it('asks the IV service for discharge and gage height over three hours either side', async () => {
    await provider().nearest(ST_PAUL, new Date('2026-06-14T14:20:00Z'));
    expect(queries()[1]).toEqual({
      path: '/usgs/nwis/iv/',
      params: {
        format: 'json',
        sites: '05331000',
        parameterCd: '00060,00065',
        startDT: '2026-06-14T11:20Z',
        endDT: '2026-06-14T17:20Z',
      },
    });
  });

  it('uses instantaneous values up to 120 days back', async () => {
    await provider().nearest(ST_PAUL, new Date(NOW.getTime() - 119 * DAY_MS));
    expect(queries()[1]?.path).toBe('/usgs/nwis/iv/');
  });

  it('turns a parameter recorded only as no-data into null', async () => {
    const iced = waterMl({
      discharge: [['2026-06-14T09:15:00.000-05:00', '12400']],
      gage: [
        ['2026-06-14T09:15:00.000-05:00', '-999999'],
        ['2026-06-14T09:30:00.000-05:00', '-999999'],
      ],
    });
    respond = gaugeWith({ iv: json(iced) });
    const reading = await provider().nearest(ST_PAUL, new Date('2026-06-14T14:20:00Z'));
    expect(reading?.waterflow).toEqual({
      rate: 12400,
      gageHeight: null,
      unit: 'ft3/s',
      measuredAt: '2026-06-14T09:15:00-05:00',
    });
  });

  it('still reports the gauge, with nulls, when it recorded nothing then', async () => {
    const empty = { station: 'MISSISSIPPI RIVER AT ST. PAUL, MN', siteCode: '05331000' };
    const nulls = { rate: null, gageHeight: null, unit: 'ft3/s', measuredAt: null };
    respond = gaugeWith({ iv: json(waterMl({})) });
    expect(await provider().nearest(ST_PAUL, NOW)).toMatchObject({ ...empty, waterflow: nulls });
    respond = gaugeWith({ iv: json(waterMl({ discharge: [], gage: [] })) });
    expect(await provider().nearest(ST_PAUL, NOW)).toMatchObject({ ...empty, waterflow: nulls });
    respond = gaugeWith({ iv: sendText('No sites/data found using the selection criteria specified', 404) });
    expect(await provider().nearest(ST_PAUL, NOW)).toMatchObject({ ...empty, waterflow: nulls });
    expect(warnings).toEqual([]);
  });
});

describe('older readings', () => {
  it('uses the daily mean for the gauge\u2019s local day', async () => {
    // 22:30 CDT on July 3rd.
    const reading = await provider().nearest(ST_PAUL, new Date('2025-07-04T03:30:00Z'));
    expect(reading?.waterflow).toEqual({ rate: 15800, gageHeight: 8.01, unit: 'ft3/s', measuredAt: '2025-07-03' });
    expect(queries().map((q) => q.path)).toEqual(['/usgs/nwis/site/', '/usgs/nwis/dv/']);
    expect(queries()[1]?.params).toEqual({
      format: 'json',
      sites: '05331000',
      parameterCd: '00060,00065',
      statCd: '00003',
      startDT: '2025-07-03',
      endDT: '2025-07-03',
    });
  });

  it('switches to daily values past 120 days', async () => {
    await provider().nearest(ST_PAUL, new Date(NOW.getTime() - 121 * DAY_MS));
    expect(queries()[1]?.path).toBe('/usgs/nwis/dv/');
  });

  it('reports nulls for a day with no daily value', async () => {
    respond = gaugeWith({ dv: json(waterMl({ discharge: [['2025-07-02T00:00:00.000', '9000']] })) });
    const reading = await provider().nearest(ST_PAUL, new Date('2025-07-04T03:30:00Z'));
    expect(reading?.waterflow).toEqual({ rate: null, gageHeight: null, unit: 'ft3/s', measuredAt: null });
  });
});

describe('failures', () => {
  it('reports a server error from the site service', async () => {
    respond = usgs({ site: sendText('upstream exploded', 500) });
    const failure = provider().nearest(ST_PAUL, NOW);
    await expect(failure).rejects.toThrow(WaterflowUnavailableError);
    await expect(failure).rejects.toThrow('Stream gauge service answered 500');
    expect(warnings).toEqual([
      {
        obj: expect.objectContaining({
          url: expect.stringContaining(`${server.url}/usgs/nwis/site/?format=rdb&bBox=`),
          reason: 'Stream gauge service answered 500',
          detail: 'upstream exploded',
        }),
        msg: 'stream gauge request failed',
      },
    ]);
  });

  it('reports a server error from the readings', async () => {
    respond = gaugeWith({ iv: sendText('Service Unavailable', 503) });
    await expect(provider().nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service answered 503');
  });

  it('reports a site listing that is not RDB', async () => {
    respond = usgs({ site: sendText('<html><body>Down for maintenance</body></html>') });
    await expect(provider().nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service sent malformed data');
  });

  it('reports malformed JSON and JSON of another shape', async () => {
    respond = gaugeWith({ iv: sendText('{"value": {"timeSeries": [') });
    await expect(provider().nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service sent malformed data');
    respond = gaugeWith({ dv: json({ value: { timeSeries: 'none' } }) });
    await expect(provider().nearest(ST_PAUL, new Date('2025-01-01T12:00:00Z'))).rejects.toThrow(
      'Stream gauge service sent an unexpected answer',
    );
  });

  it('gives up on a site service that never answers', async () => {
    respond = () => undefined;
    const started = Date.now();
    await expect(provider({ timeoutMs: 150 }).nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service timed out');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings[0]?.obj).toMatchObject({ reason: 'Stream gauge service timed out' });
  });

  it('gives up on readings that stop halfway', async () => {
    respond = gaugeWith({
      iv: (_request, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"value": {"timeSeries": [');
      },
    });
    await expect(provider({ timeoutMs: 150 }).nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service timed out');
  });

  it('reports an unreachable service', async () => {
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const waterflow = new UsgsWaterflow({ baseUrl: gone.url, log, now: () => NOW });
    await expect(waterflow.nearest(ST_PAUL, NOW)).rejects.toThrow('Stream gauge service unreachable');
    expect(String(warnings[0]?.obj.detail)).toMatch(/ECONNREFUSED|fetch failed/);
  });
});
