import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer, type LoopbackServer } from '@tightlines/testkit/loopback';
import { isPublicAddress } from '../../src/providers/geolocation/geolocation';
import { IpApiGeolocation } from '../../src/providers/geolocation/ip-api';

const log = { warn: () => undefined, error: () => undefined };
let fake: LoopbackServer;

beforeAll(async () => {
  // ip-api.com's documented JSON answers: a placed address, and a reserved one it refuses.
  fake = await startLoopbackServer((request, res) => {
    const ip = decodeURIComponent(new URL(request.url, 'http://x').pathname.split('/').at(-1) ?? '');
    if (ip === '8.8.8.8') sendJson(res, { status: 'success', lat: 46.358, lon: -94.2, city: 'Brainerd', region: 'MN' });
    else if (ip === '9.9.9.9') sendJson(res, { error: 'overloaded' }, 503);
    else sendJson(res, { status: 'fail', message: 'reserved range' });
  });
});
afterAll(() => fake.close());

describe('the ip-api.com adapter', () => {
  it('places a public address, knows nothing of a refused one, and throws when the service fails', async () => {
    const geo = new IpApiGeolocation({ baseUrl: fake.url, log });
    expect(await geo.locate('8.8.8.8')).toEqual({ lat: 46.358, lng: -94.2, label: 'Brainerd, MN' });
    expect(await geo.locate('1.1.1.1')).toBeNull();
    await expect(geo.locate('9.9.9.9')).rejects.toThrow(/503/);
  });

  it('never asks about loopback or private addresses, which would place the server', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.4', '172.20.0.1', '::ffff:127.0.0.1', 'fd00::1']) {
      expect(isPublicAddress(ip)).toBe(false);
    }
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860::8888')).toBe(true);
  });
});
