import type { LogWeather, Waterflow } from '@tightlines/core/logs';
import type { WeatherCurrent } from '@tightlines/core/weather';
import type { WaterflowProvider } from '../../providers/waterflow/waterflow';
import type { ProviderLog, WeatherProvider } from '../../providers/weather/weather';

export type OutsideData = 'weather' | 'waterflow';

/** What outside services told about a log's time and place, named as the log's columns. */
export type OutsideValues = {
  weather?: LogWeather;
  waterflow?: Waterflow;
  gaugeStation?: string;
  gaugeSiteCode?: string;
  gaugeAgency?: string;
};

/** The retry schedule for outside data: a minute, then doubling up to a day apart; 14 tries span about four days. */
export const MAX_ENRICH_ATTEMPTS = 14;
export function nextAttemptAt(attempts: number, now: Date): Date {
  const minutes = Math.min(24 * 60, 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + minutes * 60_000);
}

function logWeather(w: WeatherCurrent): LogWeather {
  return {
    summary: w.summary,
    icon: w.icon,
    airTemp: w.airTemp,
    windDirection: w.windDirection,
    windSpeed: w.windSpeed,
    barometer: w.barometer,
    cloudCover: w.cloudCover,
    dewpoint: w.dewpoint,
    humidity: w.humidity,
    precipType: w.precipType,
    precipHourly: w.precipHourly,
  };
}

type Deps = {
  weather: WeatherProvider;
  waterflow: WaterflowProvider | null;
  log: ProviderLog;
  /**
   * Counts one weather lookup against the log owner's daily quota (modules/quotas); false when it
   * is spent. A log saved meanwhile keeps weather pending, for the background pass on a later day.
   */
  weatherAllowed: (userId: string) => Promise<boolean>;
};

/**
 * Fills a log with what outside services knew at its time and place: weather and waterflow. When
 * a service cannot answer, that part is reported pending, so the log is saved anyway and the
 * background job (job.ts) tries again later.
 */
export class LogEnricher {
  constructor(private readonly deps: Deps) {}

  /** What a new log asks for: waterflow only where a gauge service is configured. */
  wanted(): OutsideData[] {
    return this.deps.waterflow ? ['weather', 'waterflow'] : ['weather'];
  }

  async outside(
    point: { userId: string; lat: number; lng: number; occurredAt: Date; timeZone: string },
    wanted: readonly string[],
  ): Promise<{ values: OutsideValues; pending: OutsideData[] }> {
    const values: OutsideValues = {};
    const pending: OutsideData[] = [];
    const place = { lat: point.lat, lng: point.lng, timeZone: point.timeZone };
    const weather = wanted.includes('weather') && (await this.deps.weatherAllowed(point.userId));
    if (wanted.includes('weather') && !weather) pending.push('weather');
    await Promise.all([
      weather &&
        this.deps.weather.at(place, point.occurredAt).then(
          (w) => void (values.weather = logWeather(w)),
          (error: unknown) => {
            this.deps.log.warn({ err: String(error) }, 'log weather left pending');
            pending.push('weather');
          },
        ),
      wanted.includes('waterflow') &&
        this.deps.waterflow &&
        this.deps.waterflow.nearest(place, point.occurredAt).then(
          (reading) => {
            if (!reading) return;
            values.waterflow = { ...reading.waterflow, location: reading.location };
            values.gaugeStation = reading.station;
            values.gaugeSiteCode = reading.siteCode;
            values.gaugeAgency = reading.agency;
          },
          (error: unknown) => {
            this.deps.log.warn({ err: String(error) }, 'log waterflow left pending');
            pending.push('waterflow');
          },
        ),
    ]);
    return { values, pending };
  }
}
