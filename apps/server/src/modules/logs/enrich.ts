import type { LogLunar, LogWeather, Waterflow } from '@tightlines/core/logs';
import { computeSolunarDay } from '@tightlines/core/solunar/engine';
import { localDateOf } from '@tightlines/core/solunar/time';
import type { WeatherCurrent } from '@tightlines/core/weather';
import type { PlacesProvider } from '../../providers/places/places';
import type { WaterflowProvider } from '../../providers/waterflow/waterflow';
import type { ProviderLog, WeatherProvider } from '../../providers/weather/weather';
import type { NewLog } from './repo';

export type OutsideData = 'weather' | 'waterflow';

/** The retry schedule for outside data: a minute, then doubling up to a day apart; 14 tries span about four days. */
export const MAX_ENRICH_ATTEMPTS = 14;
export function nextAttemptAt(attempts: number, now: Date): Date {
  const minutes = Math.min(24 * 60, 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + minutes * 60_000);
}

export function logLunar(lat: number, lng: number, at: Date, timeZone: string): LogLunar {
  const day = computeSolunarDay({ lat, lng, date: localDateOf(at, timeZone), timeZone });
  return {
    moonPhase: day.moon.phase,
    moonIllum: day.moon.illumination,
    illum: `${day.moon.illumination}%`,
    moonRise: day.moon.rise,
    moonSet: day.moon.set,
    moonAbove: day.moon.above,
    moonBelow: day.moon.below,
    sunRise: day.sun.rise,
    sunSet: day.sun.set,
  };
}

export function logWeather(w: WeatherCurrent): LogWeather {
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
  places: PlacesProvider;
  weather: WeatherProvider;
  waterflow: WaterflowProvider | null;
  log: ProviderLog;
};

/**
 * Fills a log with what the world knew at its time and place. Lunar data, the state and the time
 * zone are computed here and never fail; weather and waterflow come from outside services and are
 * reported as pending when those cannot answer, so the log is saved anyway.
 */
export class LogEnricher {
  constructor(private readonly deps: Deps) {}

  offline(lat: number, lng: number, at: Date) {
    const place = this.deps.places.reverse(lat, lng);
    const lunar = logLunar(lat, lng, at, place.timeZone);
    return { timeZone: place.timeZone, state: place.state, lunar, moonPhase: lunar.moonPhase };
  }

  wanted(): OutsideData[] {
    return this.deps.waterflow ? ['weather', 'waterflow'] : ['weather'];
  }

  async outside(
    point: { lat: number; lng: number; occurredAt: Date; timeZone: string },
    wanted: readonly string[],
  ): Promise<{ values: Partial<NewLog>; pending: OutsideData[] }> {
    const values: Partial<NewLog> = {};
    const pending: OutsideData[] = [];
    const place = { lat: point.lat, lng: point.lng, timeZone: point.timeZone };
    await Promise.all([
      wanted.includes('weather') &&
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
            values.waterflow = reading.waterflow satisfies Waterflow;
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
