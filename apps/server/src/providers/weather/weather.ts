import type { ForecastDay, HistoricDay, HourlyEntry, WeatherCurrent } from '@tightlines/core/weather';

/** Where to ask about; a places `Place` fits. */
export interface WeatherPlace {
  lat: number;
  lng: number;
  /** IANA zone; day boundaries and the offsets in returned times follow it. */
  timeZone: string;
}

/** Shaped like pino's logger so the app's logger can be passed straight in. */
export interface ProviderLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/**
 * Every method throws `WeatherUnavailableError` when the upstream service
 * cannot answer, and `RangeError` for arguments no service could answer
 * (bad coordinates, unknown zone, malformed dates).
 */
export interface WeatherProvider {
  /** Conditions now, with today's high and low. */
  current(place: WeatherPlace): Promise<WeatherCurrent>;
  /** Today and the days after it; `days` counts today. */
  daily(place: WeatherPlace, days?: number): Promise<ForecastDay[]>;
  /** The local hours of `date` ('YYYY-MM-DD'), past or future: 24 rows, 23 or 25 on DST changes. */
  hourly(place: WeatherPlace, date: string): Promise<HourlyEntry[]>;
  /** Recorded days from `start` to `end` inclusive ('YYYY-MM-DD'). */
  historic(place: WeatherPlace, start: string, end: string): Promise<HistoricDay[]>;
  /** Conditions during the local hour holding `instant`, for backdated logs. */
  at(place: WeatherPlace, instant: Date): Promise<WeatherCurrent>;
}

/** The weather service could not answer; the message says why, fit to show a user. */
export class WeatherUnavailableError extends Error {
  override readonly name = 'WeatherUnavailableError';
}
