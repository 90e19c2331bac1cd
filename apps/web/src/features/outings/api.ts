import type { LogLunar, LogView, LogWeather } from '@tightlines/core/logs';
import type { HourCount } from '@tightlines/core/outings';
import { api } from '../../lib/api';

export type SolunarMark = { type: 'Major' | 'Minor'; time: string };

/** GET /api/user/outing/{id}. Times are ISO on the clock of the outing's place. */
export type OutingView = {
  _id: string;
  date: string;
  timeZone: string;
  outing: { startDate: string; endDate: string; active: boolean; logs: LogView[] };
  lunar: SolunarMark[];
  lat: number;
  lng: number;
  location: LogView['location'];
  weather: LogWeather | null;
  lunarDay: LogLunar | null;
  pending: string[];
  stats: { totalLogs: number; totalCatches: number; mostProductiveHour: HourCount | null };
};

export type Backdate = { startDate: string; startTime: string; endDate?: string; endTime?: string };

/** Under 'logs' so that a change to any log (one joining the outing) refreshes the outing too. */
export const outingKey = (id: string) => ['logs', 'outing', id] as const;

export const fetchOuting = (id: string) => api<OutingView>('GET', `/api/user/outing/${encodeURIComponent(id)}`);
export const createOuting = (location: { lat: number; lng: number }, backdate?: Backdate) =>
  api<OutingView>('POST', '/api/user/create-outing', { body: { ...backdate, location } });
export const editOuting = (id: string, span: { startDate: string; endDate: string | null }) =>
  api<OutingView>('POST', `/api/user/edit-outing/${encodeURIComponent(id)}`, { body: span });
export const deleteOuting = (id: string) => api<{ success: true }>('DELETE', `/api/user/delete-outing/${encodeURIComponent(id)}`);
