// The one stand-in for Open-Meteo, shared by the server tests, the end-to-end specs and the
// benches: a real HTTP server on loopback that answers the documented JSON of the forecast API
// (current, hourly, daily, past_days/forecast_days) and of the historical archive API
// (start_date/end_date), echoing only the variables asked for, with values derived from the day
// and hour so tests can predict them. Like the real service, every time string is local to the
// requested zone and written with the zone's UTC offset at request time, even for dates on the
// other side of a DST change.
import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { sendJson, startLoopbackServer, type RecordedRequest } from './loopback';

/** The forecast API's path, under OPEN_METEO_URL. */
export const FORECAST_PATH = '/v1/forecast';
/** Where the fake serves the archive API: OPEN_METEO_ARCHIVE_URL is `<url>/archive`. */
export const ARCHIVE_PREFIX = '/archive';
const ARCHIVE_PATH = `${ARCHIVE_PREFIX}/v1/archive`;

export type FakeOpenMeteo = {
  /** Base URL without a trailing slash, for OPEN_METEO_URL. */
  url: string;
  /** For OPEN_METEO_ARCHIVE_URL. */
  archiveUrl: string;
  /** Both settings, to spread into a boot's env. */
  env: { OPEN_METEO_URL: string; OPEN_METEO_ARCHIVE_URL: string };
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** When set, every request is answered with this status and Open-Meteo's error body: the service is down. */
  failWith: number | null;
  close(): Promise<void>;
};

/** What "now" looks like at any place (the `current` block), so tests and specs can assert on it. */
export const CURRENT: Readonly<Record<string, number>> = {
  temperature_2m: 71.3,
  relative_humidity_2m: 64,
  dew_point_2m: 58.1,
  weather_code: 2,
  cloud_cover: 45,
  pressure_msl: 1012.4,
  wind_speed_10m: 8.7,
  wind_direction_10m: 200,
  precipitation: 0.01,
};

/**
 * Starts the fake on 127.0.0.1 and a free port. `now` is the service's clock (the real one unless
 * a test needs another). Unknown paths get a 404 with Open-Meteo's error body.
 */
export async function startFakeOpenMeteo(options: { now?: () => Date } = {}): Promise<FakeOpenMeteo> {
  const now = options.now ?? (() => new Date());
  const server = await startLoopbackServer((request, res) => {
    const path = new URL(request.url, 'http://loopback').pathname;
    const known = path === FORECAST_PATH || path === ARCHIVE_PATH;
    if (fake.failWith !== null) return sendJson(res, { error: true, reason: 'Service unavailable' }, fake.failWith);
    if (!known) return sendJson(res, { error: true, reason: `No such path ${path}` }, 404);
    sendJson(res, openMeteoBody(request, now()));
  });
  const archiveUrl = `${server.url}${ARCHIVE_PREFIX}`;
  const fake: FakeOpenMeteo = {
    url: server.url,
    archiveUrl,
    env: { OPEN_METEO_URL: server.url, OPEN_METEO_ARCHIVE_URL: archiveUrl },
    requests: server.requests,
    failWith: null,
    close: () => server.close(),
  };
  return fake;
}

/**
 * The body Open-Meteo answers to one forecast or archive request at `now`, whatever the path: for
 * tests that serve it from a loopback handler of their own (to hang, fail or count requests).
 * `currentTime` overrides the `current.time` string.
 */
export function openMeteoBody(request: Pick<RecordedRequest, 'url'>, now: Date, currentTime?: string): unknown {
  const q = new URL(request.url, 'http://loopback').searchParams;
  const timeZone = q.get('timezone') ?? 'GMT';
  const offsetSeconds = -new TZDate(now.getTime(), timeZone).getTimezoneOffset() * 60;
  const days = requestedDays(q, timeZone, now);
  const list = (name: string) => (q.get(name) ?? '').split(',').filter(Boolean);

  const body: Record<string, unknown> = {
    // The service snaps to its grid, so the point it answers for is near, not equal to, the one asked.
    latitude: Number(q.get('latitude')) + 0.004,
    longitude: Number(q.get('longitude')) - 0.003,
    generationtime_ms: 0.2,
    utc_offset_seconds: offsetSeconds,
    timezone: timeZone,
    timezone_abbreviation: abbreviation(now, timeZone),
    elevation: 256,
  };
  const hourlyVars = list('hourly');
  if (hourlyVars.length > 0) {
    const hours = days.flatMap((date) => Array.from({ length: 24 }, (_, h) => ({ date, h })));
    body.hourly_units = Object.fromEntries([['time', 'iso8601'], ...hourlyVars.map((v) => [v, unitOf(v)])]);
    body.hourly = {
      time: hours.map(({ date, h }) => `${date}T${String(h).padStart(2, '0')}:00`),
      ...Object.fromEntries(hourlyVars.map((v) => [v, hours.map(({ date, h }) => hourValue(v, date, h))])),
    };
  }
  const dailyVars = list('daily');
  if (dailyVars.length > 0) {
    body.daily_units = Object.fromEntries([['time', 'iso8601'], ...dailyVars.map((v) => [v, unitOf(v)])]);
    body.daily = {
      time: days,
      ...Object.fromEntries(dailyVars.map((v) => [v, days.map((date) => dayValue(v, date))])),
    };
  }
  const currentVars = list('current');
  if (currentVars.length > 0) {
    body.current_units = Object.fromEntries([['time', 'iso8601'], ['interval', 'seconds'], ...currentVars.map((v) => [v, unitOf(v)])]);
    body.current = {
      time: currentTime ?? formatISO(new TZDate(now.getTime(), timeZone)).slice(0, 16),
      interval: 900,
      ...Object.fromEntries(currentVars.map((v) => [v, CURRENT[v] ?? null])),
    };
  }
  return body;
}

function abbreviation(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(now);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
}

function requestedDays(q: URLSearchParams, timeZone: string, now: Date): string[] {
  const start = q.get('start_date');
  const end = q.get('end_date');
  const first = start ?? shift(formatISO(new TZDate(now.getTime(), timeZone), { representation: 'date' }), -Number(q.get('past_days') ?? 0));
  const count = start && end ? (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1 : Number(q.get('past_days') ?? 0) + Number(q.get('forecast_days') ?? 7);
  return Array.from({ length: count }, (_, i) => shift(first, i));
}

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function unitOf(variable: string): string {
  if (variable.startsWith('temperature') || variable.startsWith('dew_point')) return '°F';
  if (variable.startsWith('wind_speed')) return 'mp/h';
  if (variable.startsWith('wind_direction')) return '°';
  if (variable.startsWith('pressure')) return 'hPa';
  if (variable === 'precipitation') return 'inch';
  if (variable === 'weather_code') return 'wmo code';
  return '%';
}

const dayOfMonth = (date: string) => Number(date.slice(8, 10));

function hourValue(variable: string, date: string, h: number): number | null {
  switch (variable) {
    case 'temperature_2m':
      return 60 + h;
    case 'relative_humidity_2m':
      return 65;
    case 'dew_point_2m':
      return 50.5;
    case 'weather_code':
      return h < 6 ? 45 : h < 12 ? 2 : h < 18 ? 61 : 0;
    case 'cloud_cover':
      return 40;
    case 'pressure_msl':
      // Alternating ±0.5 so the day's mean is exactly 1000 + day of month.
      return 1000 + dayOfMonth(date) + (h % 2 === 0 ? 0.5 : -0.5);
    case 'wind_speed_10m':
      return 5 + h / 2;
    case 'wind_direction_10m':
      return 225;
    case 'precipitation':
      return h >= 12 && h < 18 ? 0.04 : 0;
    default:
      return null;
  }
}

function dayValue(variable: string, date: string): number | null {
  switch (variable) {
    case 'weather_code':
      return 63;
    case 'temperature_2m_max':
      return 70 + dayOfMonth(date);
    case 'temperature_2m_min':
      return 50 + dayOfMonth(date);
    case 'wind_speed_10m_max':
      return 14.5;
    case 'wind_direction_10m_dominant':
      return 190;
    default:
      return null;
  }
}
