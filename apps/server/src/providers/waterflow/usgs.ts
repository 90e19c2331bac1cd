import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { z } from 'zod';
import { EARTH_RADIUS_M, distanceKm } from '@tightlines/core/geo';
import { assertCoordinates, timeZoneAt } from '../places/places';
import type { ProviderLog } from '../weather/weather';
import type { WaterflowProvider, WaterflowReading } from './waterflow';
import { WaterflowUnavailableError } from './waterflow';

export interface UsgsWaterflowOptions {
  baseUrl?: string;
  timeoutMs?: number;
  log: ProviderLog;
  /** Gauges farther than this from the point are not worth reporting. */
  searchRadiusKm?: number;
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DISCHARGE = '00060';
const GAGE_HEIGHT = '00065';
const PARAMETER_CODES = `${DISCHARGE},${GAGE_HEIGHT}`;
/** Daily mean, the statistic a day's discharge is usually quoted as. */
const DAILY_MEAN = '00003';
/** waterservices.usgs.gov keeps instantaneous values this long; older days have daily values only. */
const INSTANT_VALUES_MS = 120 * DAY_MS;
const INSTANT_WINDOW_MS = 3 * HOUR_MS;
/** The site service refuses boxes whose latitude span times longitude span exceeds this. */
const MAX_BOX_SQUARE_DEGREES = 25;
const KM_PER_DEGREE_LATITUDE = (EARTH_RADIUS_M / 1000) * (Math.PI / 180);
const MAX_SEARCH_RADIUS_KM = 100;
const SITE_COLUMNS = ['agency_cd', 'site_no', 'station_nm', 'dec_lat_va', 'dec_long_va'] as const;

const timeSeriesResponse = z.object({
  value: z.object({
    timeSeries: z.array(
      z.object({
        variable: z.object({
          variableCode: z.array(z.object({ value: z.string() })),
          noDataValue: z.number().nullish(),
        }),
        values: z.array(z.object({ value: z.array(z.object({ value: z.string(), dateTime: z.string() })) })),
      }),
    ),
  }),
});
type TimeSeries = z.infer<typeof timeSeriesResponse>['value']['timeSeries'];

interface Site {
  agency: string;
  siteNo: string;
  name: string;
  lat: number;
  lng: number;
  distanceKm: number;
}

interface Point {
  value: number;
  dateTime: string;
}

type Values = Omit<WaterflowReading['waterflow'], 'unit'>;

/** USGS Water Services (NWIS): stream gauges across the US; no key needed. */
export class UsgsWaterflow implements WaterflowProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly log: ProviderLog;
  private readonly searchRadiusKm: number;
  private readonly now: () => Date;

  constructor(options: UsgsWaterflowOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://waterservices.usgs.gov').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.log = options.log;
    this.searchRadiusKm = options.searchRadiusKm ?? 25;
    this.now = options.now ?? (() => new Date());
    if (!(this.searchRadiusKm > 0 && this.searchRadiusKm <= MAX_SEARCH_RADIUS_KM)) {
      throw new RangeError(`Search radius must be more than 0 and at most ${MAX_SEARCH_RADIUS_KM} km`);
    }
  }

  async nearest(point: { lat: number; lng: number }, at: Date): Promise<WaterflowReading | null> {
    assertCoordinates(point.lat, point.lng);
    const ms = at.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('Instant is not a valid date');
    const site = await this.nearestSite(point);
    if (!site) return null;
    const recent = this.now().getTime() - ms <= INSTANT_VALUES_MS;
    const values = recent ? await this.instantValues(site, ms) : await this.dailyValues(site, ms);
    return {
      station: site.name,
      siteCode: site.siteNo,
      agency: site.agency,
      location: { lat: site.lat, lng: site.lng },
      distanceKm: Math.round(site.distanceKm * 100) / 100,
      waterflow: { ...values, unit: 'ft3/s' },
    };
  }

  private async nearestSite(point: { lat: number; lng: number }): Promise<Site | null> {
    const url = this.url('/nwis/site/', {
      format: 'rdb',
      bBox: boundingBox(point, this.searchRadiusKm),
      siteType: 'ST',
      siteStatus: 'active',
      hasDataTypeCd: 'iv',
      // Leaves out gauges that only measure temperature or water quality.
      parameterCd: PARAMETER_CODES,
    });
    const text = await this.fetchText(url, 'text/plain');
    if (text === null) return null;
    const rows = parseRdb(text);
    if (!rows) throw this.unavailable(url, 'Stream gauge service sent malformed data', text.slice(0, 200));
    let nearest: Site | null = null;
    for (const [agency, siteNo, name, latText, lngText] of rows) {
      // Number('') is 0, so a blank coordinate must not reach the conversion.
      if (!siteNo || !latText || !lngText) continue;
      const lat = Number(latText);
      const lng = Number(lngText);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      const distance = distanceKm(point, { lat, lng });
      if (distance > this.searchRadiusKm || (nearest && nearest.distanceKm <= distance)) continue;
      nearest = { agency: agency || 'USGS', siteNo, name: name || siteNo, lat, lng, distanceKm: distance };
    }
    return nearest;
  }

  private async instantValues(site: Site, ms: number): Promise<Values> {
    const series = await this.timeSeries('/nwis/iv/', {
      format: 'json',
      sites: site.siteNo,
      parameterCd: PARAMETER_CODES,
      startDT: utcMinute(ms - INSTANT_WINDOW_MS),
      endDT: utcMinute(ms + INSTANT_WINDOW_MS),
    });
    const rate = closest(points(series, DISCHARGE), ms);
    const gage = closest(points(series, GAGE_HEIGHT), ms);
    const measured = rate ?? gage;
    return {
      rate: rate?.value ?? null,
      gageHeight: gage?.value ?? null,
      measuredAt: measured ? withoutFraction(measured.dateTime) : null,
    };
  }

  /**
   * The mean over the gauge's local day holding the instant: USGS days run
   * midnight to midnight at the site, whatever zone the caller is in.
   */
  private async dailyValues(site: Site, ms: number): Promise<Values> {
    const date = formatISO(new TZDate(ms, timeZoneAt(site.lat, site.lng)), { representation: 'date' });
    const series = await this.timeSeries('/nwis/dv/', {
      format: 'json',
      sites: site.siteNo,
      parameterCd: PARAMETER_CODES,
      statCd: DAILY_MEAN,
      startDT: date,
      endDT: date,
    });
    const onDate = (code: string) => points(series, code).find((p) => p.dateTime.startsWith(date))?.value ?? null;
    const rate = onDate(DISCHARGE);
    const gageHeight = onDate(GAGE_HEIGHT);
    return { rate, gageHeight, measuredAt: rate === null && gageHeight === null ? null : date };
  }

  private async timeSeries(path: string, params: Record<string, string>): Promise<TimeSeries> {
    const url = this.url(path, params);
    const text = await this.fetchText(url, 'application/json');
    if (text === null) return [];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw this.unavailable(url, 'Stream gauge service sent malformed data', text.slice(0, 200));
    }
    const parsed = timeSeriesResponse.safeParse(body);
    if (!parsed.success) {
      throw this.unavailable(url, 'Stream gauge service sent an unexpected answer', z.prettifyError(parsed.error));
    }
    return parsed.data.value.timeSeries;
  }

  /** The body, or null when USGS found nothing: it answers 404 rather than an empty result. */
  private async fetchText(url: URL, accept: string): Promise<string | null> {
    try {
      const response = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(this.timeoutMs) });
      const text = await response.text();
      if (response.status === 404) return null;
      if (!response.ok) {
        throw this.unavailable(url, `Stream gauge service answered ${response.status}`, text.slice(0, 500));
      }
      return text;
    } catch (error) {
      if (error instanceof WaterflowUnavailableError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw this.unavailable(url, 'Stream gauge service timed out', `no answer within ${this.timeoutMs} ms`);
      }
      throw this.unavailable(url, 'Stream gauge service unreachable', describeError(error));
    }
  }

  private url(path: string, params: Record<string, string>): URL {
    // Appended rather than resolved, so a base behind a path prefix (a proxy) keeps it.
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  private unavailable(url: URL, reason: string, detail: string): WaterflowUnavailableError {
    this.log.warn({ url: url.href, reason, detail }, 'stream gauge request failed');
    return new WaterflowUnavailableError(reason);
  }
}

/** 'west,south,east,north' around the point, covering the search circle. */
function boundingBox(point: { lat: number; lng: number }, radiusKm: number): string {
  const halfLat = radiusKm / KM_PER_DEGREE_LATITUDE;
  const halfLng = Math.min(
    halfLat / Math.max(Math.cos((point.lat * Math.PI) / 180), 1e-6),
    // Near the poles a circle spans many degrees of longitude; the service's
    // size limit wins there, and USGS has no gauges that far north anyway.
    MAX_BOX_SQUARE_DEGREES / (4 * halfLat),
  );
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)).toFixed(6);
  return [
    clamp(point.lng - halfLng, 180),
    clamp(point.lat - halfLat, 90),
    clamp(point.lng + halfLng, 180),
    clamp(point.lat + halfLat, 90),
  ].join(',');
}

/**
 * The `SITE_COLUMNS` cells of each row of a USGS RDB table, in that order, or
 * null when the text is no such table. RDB is tab-separated: '#' comment
 * lines, a header row, a row of column formats ('5s', '15s', ...), the data.
 */
function parseRdb(text: string): string[][] | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const [header, formats, ...data] = lines;
  if (header === undefined) return null;
  const columns = header.split('\t');
  const indexes = SITE_COLUMNS.map((name) => columns.indexOf(name));
  if (indexes.includes(-1)) return null;
  if (formats !== undefined && !/^\d+[sdn]$/.test(formats.split('\t')[0] ?? '')) return null;
  return data.map((line) => {
    const cells = line.split('\t');
    return indexes.map((index) => cells[index]?.trim() ?? '');
  });
}

/**
 * Every recorded value of one parameter, across the series and methods
 * (sensors) a gauge reports it by; the series' no-data marker (-999999, used
 * for ice, equipment faults and the like) counts as not recorded.
 */
function points(series: TimeSeries, code: string): Point[] {
  return series
    .filter((s) => s.variable.variableCode.some((c) => c.value === code))
    .flatMap((s) =>
      s.values.flatMap((block) =>
        block.value.flatMap((entry) => {
          const value = entry.value.trim() === '' ? Number.NaN : Number(entry.value);
          if (!Number.isFinite(value) || value === s.variable.noDataValue) return [];
          return [{ value, dateTime: entry.dateTime }];
        }),
      ),
    );
}

function closest(candidates: Point[], ms: number): Point | null {
  let best: Point | null = null;
  let bestGap = Infinity;
  for (const candidate of candidates) {
    const gap = Math.abs(Date.parse(candidate.dateTime) - ms);
    if (gap < bestGap) {
      best = candidate;
      bestGap = gap;
    }
  }
  return best;
}

/** USGS writes '2026-06-01T05:30:00.000-05:00'; the app's times carry no milliseconds. */
function withoutFraction(dateTime: string): string {
  return dateTime.replace(/\.\d+(?=Z|[+-]\d{2}:?\d{2}$)/, '');
}

/** An instant as the service's date-time arguments take it, in UTC to the minute. */
function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici puts the socket-level reason (ECONNREFUSED, ENOTFOUND) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
