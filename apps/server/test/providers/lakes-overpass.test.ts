import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointInOutline, ringAreaM2, ringOrientation } from '../../src/providers/lakes/geometry';
import { LakeSourceUnavailableError } from '../../src/providers/lakes/lakes';
import type { Ring, SourceLake } from '../../src/providers/lakes/lakes';
import { OverpassLakes } from '../../src/providers/lakes/overpass';
import type { ProviderLog } from '../../src/providers/weather/weather';
import { sendJson, startLoopbackServer } from '@tightlines/testkit/loopback';
import type { LoopbackHandler, LoopbackServer } from '@tightlines/testkit/loopback';

const HERE = { lat: 45.005, lng: -93.27 };

type Node = { lat: number; lon: number };

/** A box's corners as Overpass lists a way's nodes, clockwise from the south-west: closed. */
function boxNodes(west: number, south: number, east: number, north: number): Node[] {
  return [
    { lat: south, lon: west },
    { lat: north, lon: west },
    { lat: north, lon: east },
    { lat: south, lon: east },
    { lat: south, lon: west },
  ];
}

function bounds(nodes: Node[]) {
  const lats = nodes.map((n) => n.lat);
  const lons = nodes.map((n) => n.lon);
  return { minlat: Math.min(...lats), minlon: Math.min(...lons), maxlat: Math.max(...lats), maxlon: Math.max(...lons) };
}

function way(id: number, tags: Record<string, string> | undefined, geometry: Node[]) {
  return { type: 'way', id, bounds: bounds(geometry), nodes: geometry.map((_, i) => id * 100 + i), geometry, tags };
}

function member(ref: number, role: string, geometry: Node[]) {
  return { type: 'way', ref, role, geometry };
}

// 0.01° x 0.01° at 45°N: 0.874 km², 216 acres.
const SQUARE_LAKE = way(
  1001,
  { natural: 'water', water: 'lake', name: 'Square Lake' },
  boxNodes(-93.3, 45.0, -93.29, 45.01),
);

// 0.02° x 0.02°, its shore in two ways that meet end to end (the second drawn the other way),
// around a 0.01° x 0.01° island.
const ISLAND_LAKE = {
  type: 'relation',
  id: 2001,
  bounds: { minlat: 45.0, minlon: -93.25, maxlat: 45.02, maxlon: -93.23 },
  members: [
    member(3001, 'outer', [
      { lat: 45.0, lon: -93.25 },
      { lat: 45.0, lon: -93.23 },
      { lat: 45.02, lon: -93.23 },
    ]),
    member(3002, 'outer', [
      { lat: 45.0, lon: -93.25 },
      { lat: 45.02, lon: -93.25 },
      { lat: 45.02, lon: -93.23 },
    ]),
    member(3003, 'inner', boxNodes(-93.245, 45.005, -93.235, 45.015)),
    { type: 'node', ref: 4001, role: 'label', lat: 45.002, lon: -93.248 },
  ],
  tags: { type: 'multipolygon', natural: 'water', water: 'lake', name: 'Island Lake' },
};

const TWIN_PONDS = {
  type: 'relation',
  id: 2002,
  members: [
    member(3004, 'outer', boxNodes(-93.2, 45.0, -93.19, 45.01)),
    member(3005, 'outer', boxNodes(-93.18, 45.0, -93.17, 45.01)),
  ],
  tags: { type: 'multipolygon', natural: 'water', name: 'Twin Ponds' },
};

const SKIPPED = [
  way(1002, { natural: 'water' }, boxNodes(-93.31, 45.0, -93.305, 45.005)),
  way(1003, { natural: 'water', name: '  ' }, boxNodes(-93.32, 45.0, -93.315, 45.005)),
  way(1004, { natural: 'water', name: 'Unclosed Slough' }, boxNodes(-93.33, 45.0, -93.325, 45.005).slice(0, 4)),
  {
    type: 'relation',
    id: 2003,
    members: [member(3006, 'outer', boxNodes(-93.34, 45.0, -93.335, 45.005).slice(0, 3))],
    tags: { type: 'multipolygon', natural: 'water', name: 'Broken Lake' },
  },
  { type: 'node', id: 5001, lat: 45.0, lon: -93.3, tags: { natural: 'water', name: 'Mapped As A Point' } },
];

function overpass(elements: unknown[], extra: Record<string, unknown> = {}) {
  return {
    version: 0.6,
    generator: 'Overpass API 0.7.62.4 2390de5a',
    osm3s: {
      timestamp_osm_base: '2026-06-15T17:29:00Z',
      copyright: 'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
    },
    elements,
    ...extra,
  };
}

let server: LoopbackServer;
let respond: LoopbackHandler;
let warnings: Array<{ obj: Record<string, unknown>; msg: string }>;
const log: ProviderLog = {
  warn: (obj, msg) => warnings.push({ obj, msg }),
  error: (obj, msg) => warnings.push({ obj, msg }),
};

function provider(options: { timeoutMs?: number } = {}): OverpassLakes {
  return new OverpassLakes({ baseUrl: `${server.url}/api/interpreter`, log, ...options });
}

function sentQuery(): string {
  const last = server.requests.at(-1);
  if (!last) throw new Error('no request reached the loopback server');
  return new URLSearchParams(last.body).get('data') ?? '';
}

function byName(lakes: SourceLake[], name: string): SourceLake {
  const lake = lakes.find((l) => l.name === name);
  if (!lake) throw new Error(`${name} missing from ${lakes.map((l) => l.name).join(', ')}`);
  return lake;
}

function acres(ring: Ring): number {
  return ringAreaM2(ring) / 4046.8564224;
}

beforeAll(async () => {
  server = await startLoopbackServer((request, res, req) => respond(request, res, req));
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  respond = (_request, res) => sendJson(res, overpass([SQUARE_LAKE, ISLAND_LAKE, TWIN_PONDS, ...SKIPPED]));
  warnings = [];
});

describe('the query', () => {
  it('POSTs an Overpass QL form for named water around the point and containing it', async () => {
    await provider().lakesNear(HERE, 1500.4);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/interpreter');
    expect(request?.body).toMatch(/^data=/);
    const ql = sentQuery();
    expect(ql).toMatch(/^\[out:json\]\[timeout:15\];/);
    expect(ql).toContain('way["natural"="water"]["name"](around:1500,45.005000,-93.270000);');
    expect(ql).toContain(
      'relation["natural"="water"]["name"]["type"="multipolygon"](around:1500,45.005000,-93.270000);',
    );
    expect(ql).toContain('is_in(45.005000,-93.270000)->.containing;');
    expect(ql).toContain('way(pivot.containing)["natural"="water"]["name"];');
    expect(ql).toMatch(/out geom;$/);
  });

  it('gives Overpass the same time limit the client keeps', async () => {
    await provider({ timeoutMs: 4200 }).lakesNear(HERE, 500);
    expect(sentQuery()).toMatch(/^\[out:json\]\[timeout:5\];/);
  });

  it('rejects arguments no service could answer, without a request', async () => {
    await expect(provider().lakesNear({ lat: 45, lng: 200 }, 500)).rejects.toThrow(RangeError);
    await expect(provider().lakesNear(HERE, 0)).rejects.toThrow(RangeError);
    await expect(provider().lakesNear(HERE, -5)).rejects.toThrow(RangeError);
    await expect(provider().lakesNear(HERE, Number.NaN)).rejects.toThrow(RangeError);
    await expect(provider().lakesNear(HERE, 60_000)).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('parsing lakes', () => {
  it('keeps named, closed water and skips the rest', async () => {
    const lakes = await provider().lakesNear(HERE, 1500);
    expect(lakes.map((l) => l.name).sort()).toEqual(['Island Lake', 'Square Lake', 'Twin Ponds']);
  });

  it('turns a closed way into a counter-clockwise Polygon with its area and centre', async () => {
    const lake = byName(await provider().lakesNear(HERE, 1500), 'Square Lake');
    expect(lake).toMatchObject({ osmId: 'way/1001', outline: { type: 'Polygon' } });
    expect(lake.lat).toBeCloseTo(45.005, 6);
    expect(lake.lng).toBeCloseTo(-93.295, 6);
    // 0.874 km² is 216 acres.
    expect(lake.areaAcres).toBeGreaterThan(216 * 0.98);
    expect(lake.areaAcres).toBeLessThan(216 * 1.02);
    const [ring] = lake.outline.coordinates as Ring[];
    expect(ring?.[0]).toEqual([-93.3, 45.0]);
    expect(ring?.at(-1)).toEqual([-93.3, 45.0]);
    expect(ringOrientation(ring ?? [])).toBeGreaterThan(0);
  });

  it('joins a relation\u2019s outer ways into one ring and makes the island a hole', async () => {
    const lake = byName(await provider().lakesNear(HERE, 1500), 'Island Lake');
    expect(lake.osmId).toBe('relation/2001');
    expect(lake.outline.type).toBe('Polygon');
    const [outer, island, ...rest] = lake.outline.coordinates as Ring[];
    expect(rest).toEqual([]);
    expect(outer).toHaveLength(5);
    expect(new Set(outer?.map(([lng, lat]) => `${lng},${lat}`))).toEqual(
      new Set(['-93.25,45', '-93.23,45', '-93.23,45.02', '-93.25,45.02']),
    );
    expect(ringOrientation(outer ?? [])).toBeGreaterThan(0);
    expect(ringOrientation(island ?? [])).toBeLessThan(0);

    const expected = acres(outer ?? []) - acres(island ?? []);
    expect(expected).toBeGreaterThan(640);
    expect(lake.areaAcres).toBeCloseTo(expected, 0);

    expect(pointInOutline({ lat: 45.002, lng: -93.248 }, lake.outline)).toBe(true);
    expect(pointInOutline({ lat: 45.01, lng: -93.24 }, lake.outline)).toBe(false);
    expect(pointInOutline({ lat: 45.03, lng: -93.24 }, lake.outline)).toBe(false);
    // The centre of the shore is on the island; the pin moves onto the water.
    expect(pointInOutline(lake, lake.outline)).toBe(true);
  });

  it('makes a MultiPolygon of a relation with several outer rings', async () => {
    const lake = byName(await provider().lakesNear(HERE, 1500), 'Twin Ponds');
    expect(lake.outline.type).toBe('MultiPolygon');
    expect(lake.outline.coordinates).toHaveLength(2);
    const pond: Ring = boxNodes(-93.2, 45.0, -93.19, 45.01).map((n) => [n.lon, n.lat]);
    expect(lake.areaAcres).toBeCloseTo(2 * acres(pond), 0);
    expect(pointInOutline({ lat: 45.005, lng: -93.175 }, lake.outline)).toBe(true);
    expect(pointInOutline({ lat: 45.005, lng: -93.185 }, lake.outline)).toBe(false);
  });

  it('returns nothing when there is no water nearby', async () => {
    respond = (_request, res) => sendJson(res, overpass([]));
    expect(await provider().lakesNear(HERE, 1500)).toEqual([]);
  });
});

describe('failures', () => {
  it('reports a server error', async () => {
    respond = (_request, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('upstream exploded');
    };
    const failure = provider().lakesNear(HERE, 1500);
    await expect(failure).rejects.toThrow(LakeSourceUnavailableError);
    await expect(failure).rejects.toThrow('Lake map service answered 500');
    expect(warnings).toEqual([
      {
        obj: expect.objectContaining({
          url: `${server.url}/api/interpreter`,
          query: expect.stringContaining('around:1500'),
          reason: 'Lake map service answered 500',
          detail: 'upstream exploded',
        }),
        msg: 'lake lookup failed',
      },
    ]);
  });

  it('reports rate limiting', async () => {
    respond = (_request, res) => {
      res.writeHead(429, { 'content-type': 'text/html' });
      res.end('<p>Too Many Requests</p>');
    };
    await expect(provider().lakesNear(HERE, 1500)).rejects.toThrow('Lake map service answered 429');
  });

  it('reports a query Overpass gave up on, although it answered 200', async () => {
    respond = (_request, res) =>
      sendJson(
        res,
        overpass([SQUARE_LAKE], { remark: 'runtime error: Query timed out in "query" at line 4 after 16 seconds.' }),
      );
    await expect(provider().lakesNear(HERE, 1500)).rejects.toThrow('Lake map service could not finish the search');
    expect(String(warnings[0]?.obj.detail)).toContain('Query timed out');
  });

  it('reports malformed JSON and JSON of another shape', async () => {
    respond = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"elements": [');
    };
    await expect(provider().lakesNear(HERE, 1500)).rejects.toThrow('Lake map service sent malformed data');
    respond = (_request, res) => sendJson(res, { version: 0.6 });
    await expect(provider().lakesNear(HERE, 1500)).rejects.toThrow('Lake map service sent an unexpected answer');
  });

  it('gives up on a server that never answers', async () => {
    respond = () => undefined;
    const started = Date.now();
    await expect(provider({ timeoutMs: 150 }).lakesNear(HERE, 1500)).rejects.toThrow('Lake map service timed out');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings[0]?.obj).toMatchObject({ reason: 'Lake map service timed out' });
  });

  it('reports an unreachable service', async () => {
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const lakes = new OverpassLakes({ baseUrl: gone.url, log });
    await expect(lakes.lakesNear(HERE, 1500)).rejects.toThrow('Lake map service unreachable');
    expect(String(warnings[0]?.obj.detail)).toMatch(/ECONNREFUSED|fetch failed/);
  });
});
