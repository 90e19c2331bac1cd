import type { LunarView } from '@tightlines/core/forecast';
import type { ChartData } from '@tightlines/core/charts';
import type { WeatherCurrent } from '@tightlines/core/weather';
import { api } from '../../lib/api';

export type Point = { lat: number; lng: number };

export type CurrentWeatherAnswer = {
  weather: WeatherCurrent | null;
  reason: string | null;
  display: { windLabel: string; barometerInches: number | null } | null;
};

// About 1 km: a phone's fix wanders more than that between visits and the weather does not, so
// nearby fixes share one cached answer.
const near = ({ lat, lng }: Point): Point => ({ lat: Math.round(lat * 100) / 100, lng: Math.round(lng * 100) / 100 });

export const dashboardKeys = {
  weather: (point: Point) => ['dashboard', 'weather', near(point)] as const,
  lunar: (point: Point) => ['dashboard', 'lunar', near(point)] as const,
  stats: ['logs', 'stats'] as const,
};

export const fetchCurrentWeather = (point: Point) =>
  api<CurrentWeatherAnswer>('POST', '/api/weather/current/', { body: near(point) });

export const fetchCurrentLunar = (point: Point) => api<LunarView>('POST', '/api/lunar/aeris/current', { body: near(point) });

export type StatsAnswer = {
  largestFish: { length: number; species: string | null; _id: string } | null;
  favoriteLure: { lureName: string; count: number } | null;
  mostRecentCatch: { _id: string; date: string; fish: { length: number | null; species: string | null } } | null;
  innerCircle: Array<{ _id: string; username: string }>;
  charts: {
    species: ChartData;
    type: ChartData;
    lures: ChartData;
    fishSize: ChartData;
    fishSizeLimit: number;
  };
};

export const fetchStats = () => api<StatsAnswer>('GET', '/api/user/stats');
