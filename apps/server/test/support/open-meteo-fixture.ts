import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { RecordedRequest } from './loopback-http';

/**
 * Answers like Open-Meteo (documented JSON shape), echoing back only the
 * variables asked for, with values derived from the day and hour so tests can
 * predict them. Like the real service, every time string uses the zone's UTC
 * offset at request time, even for dates on the other side of a DST change.
 */
export function openMeteo(request: RecordedRequest, now: Date, currentTime?: string): unknown {
  const url = new URL(request.url, 'http://loopback');
  const q = url.searchParams;
  const timeZone = q.get('timezone') ?? 'GMT';
  const offsetSeconds = -new TZDate(now.getTime(), timeZone).getTimezoneOffset() * 60;
  const days = requestedDays(q, timeZone, now);
  const list = (name: string) => (q.get(name) ?? '').split(',').filter(Boolean);

  const body: Record<string, unknown> = {
    latitude: Number(q.get('latitude')) + 0.004,
    longitude: Number(q.get('longitude')) - 0.003,
    generationtime_ms: 0.2,
    utc_offset_seconds: offsetSeconds,
    timezone: timeZone,
    timezone_abbreviation: 'CDT',
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
      ...Object.fromEntries(currentVars.map((v) => [v, CURRENT[v]])),
    };
  }
  return body;
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

const CURRENT: Record<string, number> = {
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

