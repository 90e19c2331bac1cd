import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  forecastDaySchema,
  historicDaySchema,
  hourlyEntrySchema,
  weatherCurrentSchema,
} from '@tightlines/core/weather';
import { OpenMeteoWeather } from '../../src/providers/weather/open-meteo';
import { WeatherUnavailableError } from '../../src/providers/weather/weather';
import type { ProviderLog } from '../../src/providers/weather/weather';
import { sendJson, startLoopbackServer } from '@tightlines/testkit/loopback';
import { openMeteoBody } from '@tightlines/testkit/open-meteo';
import type { LoopbackHandler, LoopbackServer } from '@tightlines/testkit/loopback';

// 12:30 CDT on a June Monday in Minneapolis.
const NOW = new Date('2026-06-15T17:30:00Z');
const MINNEAPOLIS = { lat: 44.9835, lng: -93.2683, timeZone: 'America/Chicago' };

let server: LoopbackServer;
let respond: LoopbackHandler;
let now: Date;
let warnings: Array<{ obj: Record<string, unknown>; msg: string }>;
const log: ProviderLog = {
  warn: (obj, msg) => warnings.push({ obj, msg }),
  error: (obj, msg) => warnings.push({ obj, msg }),
};

function provider(options: { timeoutMs?: number; cacheTtlMs?: number } = {}): OpenMeteoWeather {
  return new OpenMeteoWeather({
    forecastUrl: server.url,
    archiveUrl: `${server.url}/archive-host`,
    log,
    now: () => now,
    ...options,
  });
}

function lastQuery(): { path: string; params: Record<string, string> } {
  const last = server.requests.at(-1);
  if (!last) throw new Error('no request reached the loopback server');
  const url = new URL(last.url, server.url);
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

beforeAll(async () => {
  server = await startLoopbackServer((request, res, req) => respond(request, res, req));
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  respond = (request, res) => sendJson(res, openMeteoBody(request, NOW, '2026-06-15T12:30'));
  now = NOW;
  warnings = [];
});

describe('current', () => {
  it('maps current conditions, today\u2019s range and the hour\u2019s precipitation', async () => {
    const current = await provider().current(MINNEAPOLIS);
    expect(current).toEqual({
      airTemp: 71.3,
      temperatureHigh: 85,
      temperatureLow: 65,
      windDirection: 200,
      windSpeed: 8.7,
      barometer: 1012.4,
      summary: 'Partly cloudy',
      icon: 'partly-cloudy-day',
      time: '2026-06-15T12:30:00-05:00',
      humidity: 0.64,
      dewpoint: 58.1,
      cloudCover: 0.45,
      precipType: null,
      precipHourly: 0.04,
    });
    expect(weatherCurrentSchema.parse(current)).toEqual(current);
  });

  it('asks the forecast API for documented variables in US units and the place\u2019s zone', async () => {
    await provider().current(MINNEAPOLIS);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe('GET');
    expect(lastQuery()).toEqual({
      path: '/v1/forecast',
      params: {
        latitude: '44.98',
        longitude: '-93.27',
        current:
          'temperature_2m,relative_humidity_2m,dew_point_2m,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m',
        hourly: 'precipitation',
        daily: 'temperature_2m_max,temperature_2m_min',
        forecast_days: '1',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        precipitation_unit: 'inch',
        timeformat: 'iso8601',
        timezone: 'America/Chicago',
      },
    });
  });

  it('writes the time with the zone\u2019s own offset', async () => {
    const denver = await provider().current({ lat: 39.74, lng: -104.99, timeZone: 'America/Denver' });
    expect(denver.time).toBe('2026-06-15T12:30:00-06:00');
    const utc = await provider().current({ lat: 51.5, lng: -0.12, timeZone: 'UTC' });
    expect(utc.time).toBe('2026-06-15T12:30:00Z');
  });

  it('rejects places no service could answer for, without a request', async () => {
    await expect(provider().current({ ...MINNEAPOLIS, lat: 95 })).rejects.toThrow(RangeError);
    await expect(provider().current({ ...MINNEAPOLIS, timeZone: 'Mars/Olympus' })).rejects.toThrow(/Unknown time zone/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('caching', () => {
  it('serves a repeat call from memory', async () => {
    const weather = provider();
    const first = await weather.current(MINNEAPOLIS);
    // Within ~1 km: the same rounded point.
    const second = await weather.current({ ...MINNEAPOLIS, lat: 44.9812, lng: -93.2721 });
    expect(second).toEqual(first);
    expect(server.requests).toHaveLength(1);
  });

  it('shares one request between concurrent identical calls', async () => {
    const weather = provider();
    await Promise.all([weather.daily(MINNEAPOLIS), weather.daily(MINNEAPOLIS), weather.daily(MINNEAPOLIS)]);
    expect(server.requests).toHaveLength(1);
  });

  it('asks again for a different place, different parameters, a new hour or after the TTL', async () => {
    const weather = provider({ cacheTtlMs: 10 * 60_000 });
    await weather.daily(MINNEAPOLIS);
    await weather.daily({ lat: 46.35, lng: -94.2, timeZone: 'America/Chicago' });
    await weather.daily(MINNEAPOLIS, 3);
    expect(server.requests).toHaveLength(3);

    now = new Date(NOW.getTime() + 11 * 60_000);
    await weather.daily(MINNEAPOLIS);
    expect(server.requests).toHaveLength(4);

    // 12:59 → 13:01: still inside the TTL, but a new hour.
    now = new Date('2026-06-15T17:59:00Z');
    const hourly = provider({ cacheTtlMs: 60 * 60_000 });
    await hourly.current(MINNEAPOLIS);
    now = new Date('2026-06-15T18:01:00Z');
    await hourly.current(MINNEAPOLIS);
    expect(server.requests).toHaveLength(6);
  });

  it('keeps at most 500 entries, dropping the least recently used', async () => {
    // 500 requests at once to one loopback server: on a loaded machine some take longer than the
    // provider's usual timeout, and a timed-out call would (rightly) not be cached.
    const weather = provider({ timeoutMs: 120_000 });
    const spot = (i: number) => ({ lat: 40 + i / 100, lng: -90, timeZone: 'America/Chicago' });
    await weather.daily(spot(0));
    // Concurrent calls still enter the cache in call order.
    await Promise.all(Array.from({ length: 500 }, (_, i) => weather.daily(spot(i + 1))));
    expect(server.requests).toHaveLength(501);
    await weather.daily(spot(500));
    expect(server.requests).toHaveLength(501);
    await weather.daily(spot(0));
    expect(server.requests).toHaveLength(502);
  });

  it('does not cache failures', async () => {
    respond = (_request, res) => sendJson(res, { error: true, reason: 'Service overloaded' }, 503);
    const weather = provider();
    await expect(weather.current(MINNEAPOLIS)).rejects.toThrow(WeatherUnavailableError);
    respond = (request, res) => sendJson(res, openMeteoBody(request, NOW, '2026-06-15T12:30'));
    await expect(weather.current(MINNEAPOLIS)).resolves.toMatchObject({ airTemp: 71.3 });
    expect(server.requests).toHaveLength(2);
  });
});

describe('daily', () => {
  it('maps a week of days, averaging hourly sea-level pressure for the barometer', async () => {
    const days = await provider().daily(MINNEAPOLIS);
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.date)).toEqual([
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
      '2026-06-21',
    ]);
    expect(days[0]).toEqual({
      date: '2026-06-15',
      summary: 'Rain',
      icon: 'rain',
      airTempHigh: 85,
      airTempLow: 65,
      windDirection: 190,
      windSpeed: 14.5,
      barometer: 1015,
    });
    expect(days[6]?.barometer).toBe(1021);
    for (const day of days) forecastDaySchema.parse(day);
    expect(lastQuery()).toEqual({
      path: '/v1/forecast',
      params: expect.objectContaining({
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,wind_direction_10m_dominant',
        hourly: 'pressure_msl',
        forecast_days: '7',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        timezone: 'America/Chicago',
      }),
    });
  });

  it('takes a day count from 1 to 16', async () => {
    expect(await provider().daily(MINNEAPOLIS, 16)).toHaveLength(16);
    expect(lastQuery().params.forecast_days).toBe('16');
    await expect(provider().daily(MINNEAPOLIS, 0)).rejects.toThrow(RangeError);
    await expect(provider().daily(MINNEAPOLIS, 17)).rejects.toThrow(RangeError);
    await expect(provider().daily(MINNEAPOLIS, 2.5)).rejects.toThrow(RangeError);
  });
});

describe('hourly', () => {
  it('returns the 24 local hours of today with -05:00 offsets in a Chicago summer', async () => {
    const hours = await provider().hourly(MINNEAPOLIS, '2026-06-15');
    expect(hours).toHaveLength(24);
    expect(hours[0]?.date).toBe('2026-06-15T00:00:00-05:00');
    expect(hours[23]?.date).toBe('2026-06-15T23:00:00-05:00');
    expect(hours[14]).toEqual({
      date: '2026-06-15T14:00:00-05:00',
      icon: 'rain',
      summary: 'Light rain',
      airTemp: 74,
      windDirection: 225,
      windSpeed: 12,
      dewpoint: 50.5,
      barometer: 1015.5,
      humidity: 0.65,
    });
    expect(hours[3]).toMatchObject({ icon: 'fog', summary: 'Fog' });
    for (const hour of hours) hourlyEntrySchema.parse(hour);
    expect(lastQuery()).toEqual({
      path: '/v1/forecast',
      params: expect.objectContaining({
        hourly:
          'temperature_2m,relative_humidity_2m,dew_point_2m,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m,precipitation',
        daily: 'temperature_2m_max,temperature_2m_min',
        past_days: '1',
        forecast_days: '2',
        timezone: 'America/Chicago',
      }),
    });
  });

  it('uses the forecast API\u2019s past days for the last few days and forecast days ahead', async () => {
    await provider().hourly(MINNEAPOLIS, '2026-06-10');
    expect(lastQuery()).toMatchObject({ path: '/v1/forecast', params: { past_days: '6', forecast_days: '1' } });
    const ahead = await provider().hourly(MINNEAPOLIS, '2026-06-20');
    expect(ahead).toHaveLength(24);
    expect(lastQuery()).toMatchObject({ path: '/v1/forecast', params: { past_days: '0', forecast_days: '7' } });
  });

  it('uses the archive for older dates', async () => {
    const hours = await provider().hourly(MINNEAPOLIS, '2026-05-01');
    expect(hours).toHaveLength(24);
    expect(hours[0]?.date).toBe('2026-05-01T00:00:00-05:00');
    expect(lastQuery()).toEqual({
      path: '/archive-host/v1/archive',
      params: expect.objectContaining({
        start_date: '2026-04-30',
        end_date: '2026-05-02',
        hourly:
          'temperature_2m,relative_humidity_2m,dew_point_2m,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m,precipitation',
        temperature_unit: 'fahrenheit',
        timezone: 'America/Chicago',
      }),
    });
    expect(lastQuery().params).not.toHaveProperty('past_days');
  });

  it('places winter hours correctly although Open-Meteo labels them with the summer offset', async () => {
    const hours = await provider().hourly(MINNEAPOLIS, '2026-01-10');
    expect(hours).toHaveLength(24);
    // Local midnight CST is 06:00Z, which Open-Meteo (offset -05:00 in June) labels 01:00.
    expect(hours[0]).toMatchObject({ date: '2026-01-10T00:00:00-06:00', airTemp: 61 });
    expect(hours[23]).toMatchObject({ date: '2026-01-10T23:00:00-06:00', airTemp: 60 });
  });

  it('has 23 hours on the spring-forward day', async () => {
    const hours = await provider().hourly(MINNEAPOLIS, '2026-03-08');
    expect(hours).toHaveLength(23);
    expect(hours.map((h) => h.date.slice(11, 13))).not.toContain('02');
    expect(hours[1]?.date).toBe('2026-03-08T01:00:00-06:00');
    expect(hours[2]?.date).toBe('2026-03-08T03:00:00-05:00');
  });

  it('refuses dates out of reach without asking', async () => {
    await expect(provider().hourly(MINNEAPOLIS, '2026-07-01')).rejects.toThrow(/16 days ahead/);
    await expect(provider().hourly(MINNEAPOLIS, '1939-12-31')).rejects.toThrow(/before 1940/);
    await expect(provider().hourly(MINNEAPOLIS, '2026-02-30')).rejects.toThrow(RangeError);
    await expect(provider().hourly(MINNEAPOLIS, 'June 1')).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('at', () => {
  it('picks the local hour holding a recent instant from the forecast API', async () => {
    const reading = await provider().at(MINNEAPOLIS, new Date('2026-06-14T09:20:00-05:00'));
    expect(reading).toEqual({
      airTemp: 69,
      temperatureHigh: 84,
      temperatureLow: 64,
      windDirection: 225,
      windSpeed: 9.5,
      barometer: 1013.5,
      summary: 'Partly cloudy',
      icon: 'partly-cloudy-day',
      time: '2026-06-14T09:00:00-05:00',
      humidity: 0.65,
      dewpoint: 50.5,
      cloudCover: 0.4,
      precipType: null,
      precipHourly: 0,
    });
    weatherCurrentSchema.parse(reading);
    expect(lastQuery()).toMatchObject({ path: '/v1/forecast', params: { past_days: '2', forecast_days: '1' } });
  });

  it('uses the archive for an instant more than five days back', async () => {
    const reading = await provider().at(MINNEAPOLIS, new Date('2026-03-01T15:45:00-06:00'));
    expect(lastQuery()).toMatchObject({
      path: '/archive-host/v1/archive',
      params: { start_date: '2026-02-28', end_date: '2026-03-02' },
    });
    // 15:00 CST is 21:00Z, labelled 16:00 by Open-Meteo at June's -05:00.
    expect(reading).toMatchObject({
      time: '2026-03-01T15:00:00-06:00',
      airTemp: 76,
      icon: 'rain',
      precipType: 'rain',
      precipHourly: 0.04,
      temperatureHigh: 71,
      temperatureLow: 51,
    });
  });

  it('describes now as well as the past', async () => {
    const reading = await provider().at(MINNEAPOLIS, NOW);
    expect(reading.time).toBe('2026-06-15T12:00:00-05:00');
  });

  it('rejects an invalid date', async () => {
    await expect(provider().at(MINNEAPOLIS, new Date('nope'))).rejects.toThrow(RangeError);
  });
});

describe('historic', () => {
  it('reads days from the archive', async () => {
    const days = await provider().historic(MINNEAPOLIS, '2025-07-01', '2025-07-03');
    expect(days).toEqual([
      {
        date: '2025-07-01',
        icon: 'rain',
        summary: 'Rain',
        temperatureHigh: 71,
        temperatureLow: 51,
        windSpeed: 14.5,
        windBearing: 190,
        pressure: 1001,
      },
      expect.objectContaining({ date: '2025-07-02', pressure: 1002 }),
      expect.objectContaining({ date: '2025-07-03', pressure: 1003 }),
    ]);
    for (const day of days) historicDaySchema.parse(day);
    expect(lastQuery()).toEqual({
      path: '/archive-host/v1/archive',
      params: expect.objectContaining({
        start_date: '2025-07-01',
        end_date: '2025-07-03',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,wind_direction_10m_dominant',
        hourly: 'pressure_msl',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        timezone: 'America/Chicago',
      }),
    });
  });

  it('validates the range', async () => {
    await expect(provider().historic(MINNEAPOLIS, '2025-07-03', '2025-07-01')).rejects.toThrow(/after end date/);
    await expect(provider().historic(MINNEAPOLIS, '2026-06-01', '2026-06-16')).rejects.toThrow(/future/);
    await expect(provider().historic(MINNEAPOLIS, '2024-01-01', '2025-06-01')).rejects.toThrow(/366 days/);
    await expect(provider().historic(MINNEAPOLIS, '2025-7-1', '2025-07-03')).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('failures', () => {
  it('reports a server error', async () => {
    respond = (_request, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('upstream exploded');
    };
    const failure = provider().current(MINNEAPOLIS);
    await expect(failure).rejects.toThrow(WeatherUnavailableError);
    await expect(failure).rejects.toThrow('Weather service answered 500');
    expect(warnings).toEqual([
      {
        obj: expect.objectContaining({
          url: expect.stringContaining(`${server.url}/v1/forecast?latitude=44.98`),
          reason: 'Weather service answered 500',
          detail: 'upstream exploded',
        }),
        msg: 'weather request failed',
      },
    ]);
  });

  it('logs Open-Meteo\u2019s own reason for a rejected request', async () => {
    respond = (_request, res) =>
      sendJson(res, { error: true, reason: 'Cannot initialize WeatherVariable from invalid String value' }, 400);
    await expect(provider().daily(MINNEAPOLIS)).rejects.toThrow('Weather service answered 400');
    expect(warnings[0]?.obj.detail).toContain('Cannot initialize WeatherVariable');
  });

  it('reports malformed JSON', async () => {
    respond = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"latitude": 44.98, "hourly": {"time": [');
    };
    await expect(provider().hourly(MINNEAPOLIS, '2026-06-15')).rejects.toThrow('Weather service sent malformed data');
    expect(warnings[0]?.obj.reason).toBe('Weather service sent malformed data');
  });

  it('reports JSON that is not the documented shape', async () => {
    respond = (_request, res) => sendJson(res, { latitude: 44.98, longitude: -93.27, utc_offset_seconds: -18000 });
    await expect(provider().current(MINNEAPOLIS)).rejects.toThrow('Weather service sent an unexpected answer');
    expect(String(warnings[0]?.obj.detail)).toContain('current');
  });

  it('gives up on a server that never answers', async () => {
    respond = () => undefined;
    const started = Date.now();
    await expect(provider({ timeoutMs: 150 }).current(MINNEAPOLIS)).rejects.toThrow('Weather service timed out');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings[0]?.obj).toMatchObject({ reason: 'Weather service timed out' });
  });

  it('gives up on a body that stops halfway', async () => {
    respond = (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"latitude": 44.98,');
    };
    await expect(provider({ timeoutMs: 150 }).current(MINNEAPOLIS)).rejects.toThrow('Weather service timed out');
  });

  it('reports an unreachable service', async () => {
    const gone = await startLoopbackServer(() => undefined);
    await gone.close();
    const weather = new OpenMeteoWeather({ forecastUrl: gone.url, log, now: () => now });
    await expect(weather.current(MINNEAPOLIS)).rejects.toThrow('Weather service unreachable');
    expect(String(warnings[0]?.obj.detail)).toMatch(/ECONNREFUSED|fetch failed/);
  });
});
