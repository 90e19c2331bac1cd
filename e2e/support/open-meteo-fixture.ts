// A stand-in for Open-Meteo on loopback, so end-to-end specs see known weather without the
// internet: the server under test gets OPEN_METEO_URL / OPEN_METEO_ARCHIVE_URL pointing here.
// It answers the documented JSON shape (the same approach as apps/server/test/support/
// open-meteo-fixture.ts), echoing only the variables asked for, with values derived from the
// day and hour. Like the real service, times are local to the requested zone, written with the
// zone's offset at request time.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OpenMeteoStub = {
  /** Base URL without a trailing slash; the archive API lives under /archive. */
  url: string;
  archiveUrl: string;
  /** Paths and queries received, oldest first. */
  requests: string[];
  /** When set, every request is answered with this status and Open-Meteo's error body. */
  failWith: number | null;
  close(): Promise<void>;
};

/** What "now" looks like at any place, so specs can assert on it. */
export const CURRENT = {
  temperature_2m: 71.3,
  relative_humidity_2m: 64,
  dew_point_2m: 58.1,
  weather_code: 2,
  cloud_cover: 45,
  pressure_msl: 1012.4,
  wind_speed_10m: 8.7,
  wind_direction_10m: 200,
} as const;

export async function startOpenMeteoStub(): Promise<OpenMeteoStub> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    requests.push(`${url.pathname}${url.search}`);
    const known = url.pathname === '/v1/forecast' || url.pathname === '/archive/v1/archive';
    const status = stub.failWith ?? (known ? 200 : 404);
    const body =
      status === 200
        ? answer(url.searchParams, new Date())
        : { error: true, reason: known ? 'Service overloaded' : `No such path ${url.pathname}` };
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const stub: OpenMeteoStub = {
    url,
    archiveUrl: `${url}/archive`,
    requests,
    failWith: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return stub;
}

function answer(q: URLSearchParams, now: Date): unknown {
  const timeZone = q.get('timezone') ?? 'GMT';
  const local = localParts(now, timeZone);
  const days = requestedDays(q, local.date);
  const list = (name: string) => (q.get(name) ?? '').split(',').filter(Boolean);

  const body: Record<string, unknown> = {
    latitude: Number(q.get('latitude')),
    longitude: Number(q.get('longitude')),
    generationtime_ms: 0.2,
    utc_offset_seconds: local.offsetSeconds,
    timezone: timeZone,
    elevation: 370,
  };
  const hourlyVars = list('hourly');
  if (hourlyVars.length > 0) {
    const hours = days.flatMap((date) => Array.from({ length: 24 }, (_, h) => ({ date, h })));
    body.hourly = {
      time: hours.map(({ date, h }) => `${date}T${String(h).padStart(2, '0')}:00`),
      ...Object.fromEntries(hourlyVars.map((v) => [v, hours.map(({ date, h }) => hourValue(v, date, h))])),
    };
  }
  const dailyVars = list('daily');
  if (dailyVars.length > 0) {
    body.daily = { time: days, ...Object.fromEntries(dailyVars.map((v) => [v, days.map((date) => dayValue(v, date))])) };
  }
  const currentVars = list('current');
  if (currentVars.length > 0) {
    body.current = {
      time: `${local.date}T${local.time}`,
      interval: 900,
      ...Object.fromEntries(currentVars.map((v) => [v, CURRENT[v as keyof typeof CURRENT] ?? null])),
    };
  }
  return body;
}

function localParts(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.timeZoneName ?? '');
  const offsetSeconds = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 3600 + Number(offset[3]) * 60) : 0;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, offsetSeconds };
}

function requestedDays(q: URLSearchParams, today: string): string[] {
  const start = q.get('start_date');
  const end = q.get('end_date');
  if (start && end) return Array.from({ length: (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1 }, (_, i) => shift(start, i));
  const past = Number(q.get('past_days') ?? 0);
  const count = past + Number(q.get('forecast_days') ?? 7);
  return Array.from({ length: count }, (_, i) => shift(today, i - past));
}

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const dayOfMonth = (date: string) => Number(date.slice(8, 10));

function hourValue(variable: string, date: string, h: number): number | null {
  switch (variable) {
    case 'temperature_2m':
      return 50 + h;
    case 'relative_humidity_2m':
      return 90 - h * 2;
    case 'dew_point_2m':
      return 48.5;
    case 'weather_code':
      return h < 6 ? 45 : h < 12 ? 2 : h < 18 ? 61 : 0;
    case 'cloud_cover':
      return 40;
    case 'pressure_msl':
      return 1005 + dayOfMonth(date) / 2 + Math.sin(h / 4) * 3;
    case 'wind_speed_10m':
      return 5 + (h % 12);
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
      return [0, 2, 3, 61, 63, 71, 95][dayOfMonth(date) % 7] ?? 2;
    case 'temperature_2m_max':
      return 70 + (dayOfMonth(date) % 10);
    case 'temperature_2m_min':
      return 50 + (dayOfMonth(date) % 10);
    case 'wind_speed_10m_max':
      return 14.5;
    case 'wind_direction_10m_dominant':
      return 190;
    default:
      return null;
  }
}
