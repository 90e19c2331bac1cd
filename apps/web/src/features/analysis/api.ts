import type { Charts, ChartData } from '@tightlines/core/charts';
import type { LogView } from '@tightlines/core/logs';
import type { MapMarker } from '../../components/map/log-map';
import { api } from '../../lib/api';

export type LogPage = { docs: LogView[]; total: number; page: number; limit: number };
export type ChartsAnswer = Charts & { stackedLimits: Record<keyof Charts['stacked'], number> };
export type { ChartData };

/**
 * Every query of the angler's logs starts with 'logs', so creating, editing or deleting a log
 * anywhere refreshes the list, the charts and the map with one invalidation.
 */
export const analysisKeys = {
  all: ['logs'] as const,
  list: (query: string) => ['logs', 'filter', query] as const,
  charts: (query: string) => ['logs', 'charts', query] as const,
  markers: (query: string) => ['logs', 'markers', query] as const,
  states: ['logs', 'states'] as const,
  lakes: ['logs', 'lakes'] as const,
  tags: ['user', 'tags'] as const,
  lureCategories: ['lure-categories'] as const,
};

const withQuery = (path: string, query: string, extra: string) => `${path}?${[query, extra].filter(Boolean).join('&')}`;

export const fetchLogPage = (query: string, page: number, limit: number, signal?: AbortSignal) =>
  api<LogPage>('GET', withQuery('/api/user/logs/filter', query, `limit=${limit}&page=${page}`), { signal });
export const fetchCharts = (query: string, signal?: AbortSignal) =>
  api<ChartsAnswer>('GET', withQuery('/api/user/logs/charts', query, ''), { signal });
export const fetchMarkers = (query: string, signal?: AbortSignal) =>
  api<MapMarker[]>('GET', withQuery('/api/user/logs/markers', query, ''), { signal });

export const fetchStates = () => api<string[]>('GET', '/api/user/logs/states');
export const fetchLakes = () => api<string[]>('GET', '/api/user/logs/lakes');
export const fetchTags = () => api<string[]>('GET', '/api/user/tags');
export const fetchLureCategories = () => api<{ name: string }[]>('GET', '/api/list/lure-categories');

export const deleteLogs = (ids: string[]) =>
  api<{ deleted: number; docs: LogView[]; total: number }>('POST', '/api/user/delete-logs', { body: { logs: ids } });
