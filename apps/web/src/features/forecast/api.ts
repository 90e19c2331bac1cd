import type { UserView } from '@tightlines/core/accounts';
import type { LunarView, MonthlyLunarDay } from '@tightlines/core/forecast';
import type { ForecastDay, HistoricDay, HourlyEntry, WeatherCurrent } from '@tightlines/core/weather';
import { api } from '../../lib/api';

export type ForecastLocation = {
  name: string;
  city: string;
  state: string;
  zip?: string;
  lat: number;
  lng: number;
  timeZone: string;
};

export type ForecastResponse = {
  location: ForecastLocation;
  weatherCurrent: WeatherCurrent | null;
  weatherForecast: ForecastDay[];
  weatherError: string | null;
  lunar: LunarView[];
  locked: { extended: boolean; historic: boolean };
};

export const forecastKeys = {
  search: (term: string, viewer: string) => ['forecast', term.toLowerCase(), viewer] as const,
  hourly: (term: string, date: string) => ['forecast', 'hourly', term.toLowerCase(), date] as const,
  historic: (term: string) => ['forecast', 'historic', term.toLowerCase()] as const,
  month: (location: string, timeZone: string, year: number, month: number) =>
    ['lunar', 'monthly', location, timeZone, year, month] as const,
};

export const fetchForecast = (term: string, signal?: AbortSignal) =>
  api<ForecastResponse>('GET', `/api/weather/forecast/${encodeURIComponent(term)}`, { signal });

export const fetchHourly = (search: string, date: string) =>
  api<HourlyEntry[]>('POST', '/api/weather/forecast/hourly', { body: { search, date } });

export const fetchHistoric = (search: string) =>
  api<HistoricDay[]>('POST', '/api/weather/historic/forecast/', { body: { search } });

export const removeSearchTerm = (term: string) =>
  api<UserView>('POST', '/api/weather/remove-search-term', { body: { term } });

export function fetchMonth(location: string, timeZone: string, year: number, month: number) {
  const query = new URLSearchParams({ location, tz: timeZone, month: String(month), year: String(year) });
  return api<MonthlyLunarDay[]>('POST', `/api/lunar/aeris/monthly?${query.toString()}`);
}

export const fetchCalendar = (location: { name: string; lat: number; lng: number }) =>
  api<string>('POST', '/api/calendar/ical', { body: { location, alertType: 'Lunar Event' } });
