import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { z } from 'zod';
import { describeWeatherCode } from '@tightlines/core/weather';
import { isTimeZone } from '@tightlines/core/time';
import type { ForecastDay, HistoricDay, HourlyEntry, WeatherCurrent } from '@tightlines/core/weather';
import { assertCoordinates } from '../places/places';
import type { ProviderLog, WeatherPlace, WeatherProvider } from './weather';
import { WeatherUnavailableError } from './weather';

export interface OpenMeteoOptions {
  forecastUrl?: string;
  archiveUrl?: string;
  timeoutMs?: number;
  log: ProviderLog;
  cacheTtlMs?: number;
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const CACHE_MAX_ENTRIES = 500;
/** The archive (ERA5 reanalysis) trails real time by about five days. */
const ARCHIVE_AFTER_DAYS = 5;
const FORECAST_MAX_DAYS = 16;
const ARCHIVE_FIRST_DATE = '1940-01-01';
const HISTORIC_MAX_DAYS = 366;

const UNITS = {
  temperature_unit: 'fahrenheit',
  wind_speed_unit: 'mph',
  precipitation_unit: 'inch',
  timeformat: 'iso8601',
} as const;

const CURRENT_VARS = [
  'temperature_2m',
  'relative_humidity_2m',
  'dew_point_2m',
  'weather_code',
  'cloud_cover',
  'pressure_msl',
  'wind_speed_10m',
  'wind_direction_10m',
] as const;
const HOURLY_VARS = [...CURRENT_VARS, 'precipitation'] as const;
const HIGH_LOW_VARS = ['temperature_2m_max', 'temperature_2m_min'] as const;
// Mean sea-level pressure is not a documented daily variable on every
// endpoint, so the day's barometer is averaged from hourly pressure_msl.
const DAY_VARS = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'wind_speed_10m_max',
  'wind_direction_10m_dominant',
] as const;
const DAY_HOURLY_VARS = ['pressure_msl'] as const;

const reading = z.number().nullable();
const series = z.array(reading);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

function columnsOf<K extends string, V extends z.ZodType>(names: readonly K[], column: V): Record<K, V> {
  return Object.fromEntries(names.map((name) => [name, column])) as Record<K, V>;
}

function seriesOf<K extends string>(time: z.ZodString, names: readonly K[]) {
  return z.object({ time: z.array(time), ...columnsOf(names, series) });
}

const currentResponse = z.object({
  utc_offset_seconds: z.number(),
  current: z.object({ time: localDateTime, ...columnsOf(CURRENT_VARS, reading) }),
  hourly: seriesOf(localDateTime, ['precipitation'] as const),
  daily: seriesOf(localDate, HIGH_LOW_VARS),
});
const dayWindowResponse = z.object({
  utc_offset_seconds: z.number(),
  hourly: seriesOf(localDateTime, HOURLY_VARS),
  daily: seriesOf(localDate, HIGH_LOW_VARS),
});
const daysResponse = z.object({
  utc_offset_seconds: z.number(),
  hourly: seriesOf(localDateTime, DAY_HOURLY_VARS),
  daily: seriesOf(localDate, DAY_VARS),
});
type DayWindow = z.infer<typeof dayWindowResponse>;
type Days = z.infer<typeof daysResponse>;

interface CacheEntry {
  expiresAt: number;
  value: Promise<unknown>;
}

/** Open-Meteo forecast and archive APIs; no key needed. */
export class OpenMeteoWeather implements WeatherProvider {
  private readonly forecastUrl: string;
  private readonly archiveUrl: string;
  private readonly timeoutMs: number;
  private readonly cacheTtlMs: number;
  private readonly log: ProviderLog;
  private readonly now: () => Date;
  private readonly cache = new Map<string, CacheEntry>();

  constructor(options: OpenMeteoOptions) {
    this.forecastUrl = options.forecastUrl ?? 'https://api.open-meteo.com';
    this.archiveUrl = options.archiveUrl ?? 'https://archive-api.open-meteo.com';
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.cacheTtlMs = options.cacheTtlMs ?? HOUR_MS;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
  }

  async current(place: WeatherPlace): Promise<WeatherCurrent> {
    checkPlace(place);
    const body = await this.get(this.forecastUrl, '/v1/forecast', place, currentResponse, {
      current: CURRENT_VARS.join(','),
      hourly: 'precipitation',
      daily: HIGH_LOW_VARS.join(','),
      forecast_days: '1',
    });
    const { current, hourly, daily } = body;
    const hourIndex = hourly.time.indexOf(`${current.time.slice(0, 13)}:00`);
    const described = describeWeatherCode(current.weather_code);
    return {
      airTemp: current.temperature_2m,
      temperatureHigh: daily.temperature_2m_max[0] ?? null,
      temperatureLow: daily.temperature_2m_min[0] ?? null,
      windDirection: current.wind_direction_10m,
      windSpeed: current.wind_speed_10m,
      barometer: current.pressure_msl,
      summary: described.summary,
      icon: described.icon,
      time: isoInZone(instantOf(current.time, body.utc_offset_seconds), place.timeZone),
      humidity: fraction(current.relative_humidity_2m),
      dewpoint: current.dew_point_2m,
      cloudCover: fraction(current.cloud_cover),
      precipType: described.precipType,
      precipHourly: hourly.precipitation[hourIndex] ?? null,
    };
  }

  async daily(place: WeatherPlace, days = 7): Promise<ForecastDay[]> {
    checkPlace(place);
    if (!Number.isInteger(days) || days < 1 || days > FORECAST_MAX_DAYS) {
      throw new RangeError(`Forecast days must be a whole number from 1 to ${FORECAST_MAX_DAYS}, got ${days}`);
    }
    const body = await this.get(this.forecastUrl, '/v1/forecast', place, daysResponse, {
      daily: DAY_VARS.join(','),
      hourly: DAY_HOURLY_VARS.join(','),
      forecast_days: String(days),
    });
    return dayRows(body).map((day) => ({
      date: day.date,
      summary: day.summary,
      icon: day.icon,
      airTempHigh: day.high,
      airTempLow: day.low,
      windDirection: day.windDirection,
      windSpeed: day.windSpeed,
      barometer: day.pressure,
    }));
  }

  async historic(place: WeatherPlace, start: string, end: string): Promise<HistoricDay[]> {
    checkPlace(place);
    checkDate(start);
    checkDate(end);
    const span = daysBetween(start, end);
    if (span < 0) throw new RangeError(`Start date ${start} is after end date ${end}`);
    if (span >= HISTORIC_MAX_DAYS) throw new RangeError(`At most ${HISTORIC_MAX_DAYS} days can be asked for at once`);
    if (start < ARCHIVE_FIRST_DATE) throw new WeatherUnavailableError('No weather records before 1940');
    if (end > this.today(place.timeZone)) throw new RangeError(`End date ${end} is in the future`);
    const body = await this.get(this.archiveUrl, '/v1/archive', place, daysResponse, {
      daily: DAY_VARS.join(','),
      hourly: DAY_HOURLY_VARS.join(','),
      start_date: start,
      end_date: end,
    });
    return dayRows(body).map((day) => ({
      date: day.date,
      icon: day.icon,
      summary: day.summary,
      temperatureHigh: day.high,
      temperatureLow: day.low,
      windSpeed: day.windSpeed,
      windBearing: day.windDirection,
      pressure: day.pressure,
    }));
  }

  async hourly(place: WeatherPlace, date: string): Promise<HourlyEntry[]> {
    checkPlace(place);
    checkDate(date);
    const window = await this.dayWindow(place, date);
    return hourRows(window, place.timeZone)
      .filter((row) => row.localDate === date)
      .map((row) => ({
        date: row.iso,
        icon: row.icon,
        summary: row.summary,
        airTemp: row.airTemp,
        windDirection: row.windDirection,
        windSpeed: row.windSpeed,
        dewpoint: row.dewpoint,
        barometer: row.barometer,
        humidity: row.humidity,
      }));
  }

  async at(place: WeatherPlace, instant: Date): Promise<WeatherCurrent> {
    checkPlace(place);
    const ms = instant.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('Instant is not a valid date');
    const date = localDateOf(ms, place.timeZone);
    const window = await this.dayWindow(place, date);
    // Only the hour asked about is described: a log saved on a cached day costs one row, not 72.
    const index = window.hourly.time.findIndex((time) => {
      const start = instantOf(time, window.utc_offset_seconds);
      return start <= ms && ms < start + HOUR_MS;
    });
    if (index < 0) throw new WeatherUnavailableError('No weather recorded for that hour');
    const row = hourRow(window, index, place.timeZone);
    const dayIndex = window.daily.time.indexOf(date);
    return {
      airTemp: row.airTemp,
      temperatureHigh: window.daily.temperature_2m_max[dayIndex] ?? null,
      temperatureLow: window.daily.temperature_2m_min[dayIndex] ?? null,
      windDirection: row.windDirection,
      windSpeed: row.windSpeed,
      barometer: row.barometer,
      summary: row.summary,
      icon: row.icon,
      time: row.iso,
      humidity: row.humidity,
      dewpoint: row.dewpoint,
      cloudCover: row.cloudCover,
      precipType: row.precipType,
      precipHourly: row.precipitation,
    };
  }

  /**
   * Hourly rows for `date` and a day either side: the padding covers local
   * hours that Open-Meteo's fixed offset pushes onto a neighbouring day.
   */
  private dayWindow(place: WeatherPlace, date: string): Promise<DayWindow> {
    if (date < ARCHIVE_FIRST_DATE) throw new WeatherUnavailableError('No weather records before 1940');
    const age = daysBetween(date, this.today(place.timeZone));
    const variables = { hourly: HOURLY_VARS.join(','), daily: HIGH_LOW_VARS.join(',') };
    if (age > ARCHIVE_AFTER_DAYS) {
      return this.get(this.archiveUrl, '/v1/archive', place, dayWindowResponse, {
        ...variables,
        start_date: shiftDate(date, -1),
        end_date: shiftDate(date, 1),
      });
    }
    if (-age >= FORECAST_MAX_DAYS) {
      throw new WeatherUnavailableError(`Forecasts reach only ${FORECAST_MAX_DAYS} days ahead`);
    }
    return this.get(this.forecastUrl, '/v1/forecast', place, dayWindowResponse, {
      ...variables,
      past_days: String(Math.max(0, age + 1)),
      forecast_days: String(Math.min(FORECAST_MAX_DAYS, Math.max(1, 2 - age))),
    });
  }

  private today(timeZone: string): string {
    return localDateOf(this.now().getTime(), timeZone);
  }

  private get<T>(
    base: string,
    path: string,
    place: WeatherPlace,
    schema: z.ZodType<T>,
    params: Record<string, string>,
  ): Promise<T> {
    // Appended rather than resolved, so a base behind a path prefix (a proxy) keeps it.
    const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
    // Two decimals (~1 km) is finer than the models' grids and lets nearby
    // spots on one lake share cache entries.
    url.searchParams.set('latitude', place.lat.toFixed(2));
    url.searchParams.set('longitude', place.lng.toFixed(2));
    for (const [key, value] of Object.entries({ ...params, ...UNITS, timezone: place.timeZone })) {
      url.searchParams.set(key, value);
    }
    const nowMs = this.now().getTime();
    // The hour is part of the key so "current" never outlives the hour it describes.
    const key = `${Math.floor(nowMs / HOUR_MS)} ${url.href}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > nowMs) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.value as Promise<T>;
    }
    const value = this.fetchParsed(url, schema);
    const entry: CacheEntry = { expiresAt: nowMs + this.cacheTtlMs, value };
    this.cache.delete(key);
    this.cache.set(key, entry);
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= CACHE_MAX_ENTRIES) break;
      this.cache.delete(oldest);
    }
    // Failures are not cached, so the next caller tries the service again.
    value.catch(() => {
      if (this.cache.get(key) === entry) this.cache.delete(key);
    });
    return value;
  }

  private async fetchParsed<T>(url: URL, schema: z.ZodType<T>): Promise<T> {
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw this.unavailable(url, `Weather service answered ${response.status}`, detail.slice(0, 500));
      }
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw this.unavailable(url, 'Weather service sent malformed data', text.slice(0, 200));
      }
    } catch (error) {
      if (error instanceof WeatherUnavailableError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw this.unavailable(url, 'Weather service timed out', `no answer within ${this.timeoutMs} ms`);
      }
      throw this.unavailable(url, 'Weather service unreachable', describeError(error));
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw this.unavailable(url, 'Weather service sent an unexpected answer', z.prettifyError(parsed.error));
    }
    return parsed.data;
  }

  private unavailable(url: URL, reason: string, detail: string): WeatherUnavailableError {
    this.log.warn({ url: url.href, reason, detail }, 'weather request failed');
    return new WeatherUnavailableError(reason);
  }
}

interface DayRow {
  date: string;
  summary: string;
  icon: ForecastDay['icon'];
  high: number | null;
  low: number | null;
  windDirection: number | null;
  windSpeed: number | null;
  pressure: number | null;
}

function dayRows(body: Days): DayRow[] {
  // Grouped by Open-Meteo's own date strings so each mean covers the same
  // hours as the daily aggregates beside it.
  const pressures = new Map<string, number[]>();
  body.hourly.time.forEach((time, i) => {
    const value = body.hourly.pressure_msl[i];
    if (value == null) return;
    const date = time.slice(0, 10);
    const list = pressures.get(date);
    if (list) list.push(value);
    else pressures.set(date, [value]);
  });
  const { daily } = body;
  return daily.time.map((date, i) => {
    const described = describeWeatherCode(daily.weather_code[i]);
    const dayPressures = pressures.get(date);
    return {
      date,
      summary: described.summary,
      icon: described.icon,
      high: daily.temperature_2m_max[i] ?? null,
      low: daily.temperature_2m_min[i] ?? null,
      windDirection: daily.wind_direction_10m_dominant[i] ?? null,
      windSpeed: daily.wind_speed_10m_max[i] ?? null,
      pressure: dayPressures ? round1(dayPressures.reduce((sum, p) => sum + p, 0) / dayPressures.length) : null,
    };
  });
}

interface HourRow {
  start: number;
  iso: string;
  localDate: string;
  summary: string;
  icon: HourlyEntry['icon'];
  precipType: WeatherCurrent['precipType'];
  airTemp: number | null;
  windDirection: number | null;
  windSpeed: number | null;
  dewpoint: number | null;
  barometer: number | null;
  humidity: number | null;
  cloudCover: number | null;
  precipitation: number | null;
}

function hourRows(window: DayWindow, timeZone: string): HourRow[] {
  return window.hourly.time.map((_time, i) => hourRow(window, i, timeZone));
}

function hourRow(window: DayWindow, i: number, timeZone: string): HourRow {
  const { hourly } = window;
  const start = instantOf(hourly.time[i] ?? '', window.utc_offset_seconds);
  const described = describeWeatherCode(hourly.weather_code[i]);
  return {
    start,
    iso: isoInZone(start, timeZone),
    localDate: localDateOf(start, timeZone),
    summary: described.summary,
    icon: described.icon,
    precipType: described.precipType,
    airTemp: hourly.temperature_2m[i] ?? null,
    windDirection: hourly.wind_direction_10m[i] ?? null,
    windSpeed: hourly.wind_speed_10m[i] ?? null,
    dewpoint: hourly.dew_point_2m[i] ?? null,
    barometer: hourly.pressure_msl[i] ?? null,
    humidity: fraction(hourly.relative_humidity_2m[i]),
    cloudCover: fraction(hourly.cloud_cover[i]),
    precipitation: hourly.precipitation[i] ?? null,
  };
}

function checkPlace(place: WeatherPlace): void {
  assertCoordinates(place.lat, place.lng);
  if (!isTimeZone(place.timeZone)) throw new RangeError(`Unknown time zone "${place.timeZone}"`);
}

function checkDate(date: string): void {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(dateMs(date)) && shiftDate(date, 0) === date;
  if (!valid) {
    throw new RangeError(`Dates must be real calendar days as YYYY-MM-DD, got "${date}"`);
  }
}

/**
 * Epoch ms of an Open-Meteo 'YYYY-MM-DDTHH:mm'. Open-Meteo writes every time
 * in a response with the one UTC offset the zone has at request time, even
 * across a DST change, so reading them as wall-clock time would put winter
 * hours asked for in summer an hour off.
 */
function instantOf(local: string, utcOffsetSeconds: number): number {
  return Date.parse(`${local}:00Z`) - utcOffsetSeconds * 1000;
}

function isoInZone(ms: number, timeZone: string): string {
  return formatISO(new TZDate(ms, timeZone));
}

function localDateOf(ms: number, timeZone: string): string {
  return formatISO(new TZDate(ms, timeZone), { representation: 'date' });
}

function dateMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function shiftDate(date: string, days: number): string {
  return new Date(dateMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`; positive when `to` is later. */
function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
}

function fraction(percent: number | null | undefined): number | null {
  if (percent == null) return null;
  return Math.min(1, Math.max(0, Math.round(percent) / 100));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici puts the socket-level reason (ECONNREFUSED, ENOTFOUND) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
