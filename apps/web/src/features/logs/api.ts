import type { PublicUserView } from '@tightlines/core/accounts';
import type { LogType, LogView, Privacy, Waterflow } from '@tightlines/core/logs';
import { api } from '../../lib/api';

/** What the forms send: the server's LogInput before its parsing (numbers may still be empty). */
export type LogPayload = {
  type: LogType;
  date: string;
  notes: string | null;
  photo: string | null;
  clusterCount: number | null;
  tags: string[];
  privacy: Privacy;
  fish: { species: string | null; length: number | null; girth: number | null; weight: number | null };
  lure: { category: string | null; colorPrimary: string | null; colorSecondary: string | null; length: number | null; note: string | null };
  lake: {
    waterTemp: number | null;
    waterVisibility: number | null;
    lakeStructure: string | null;
    lakeDepth: number | null;
    lureDepth: number | null;
  };
  location: { lat: number; lng: number; lake: string | null; state: string | null; zone: string | null; lakeStructure: string | null };
};

export type LakeMatch = { name: string; lat: number; lng: number };
export type NearbyLake = { name: string; location: { lat: number; lng: number }; area: number | null };
export type ReversePlace = { state: string | null; stateName: string | null; timeZone?: string };
export type WaterflowLookup = {
  station: string;
  siteCode: string;
  agency: string;
  location: { lat: number; lng: number };
  waterflow: Waterflow;
};

/** Every query of a user's logs starts with 'logs', so one invalidation refreshes them all. */
export const logKeys = {
  all: ['logs'] as const,
  edit: (id: string) => ['logs', 'edit', id] as const,
  view: (id: string) => ['logs', 'view', id] as const,
  visitor: (username: string) => ['logs', 'visitor', username.toLowerCase()] as const,
  lureCategories: ['lure-categories'] as const,
};

export const createLog = (log: LogPayload) => api<LogView>('POST', '/api/logs/create', { body: log });
export const updateLog = (id: string, log: LogPayload) =>
  api<LogView>('POST', `/api/log/update/${encodeURIComponent(id)}`, { body: log });
export const deleteLog = (id: string) => api<{ success: true }>('GET', `/api/log/delete/${encodeURIComponent(id)}`);
export const fetchEditableLog = (id: string) => api<LogView>('GET', `/api/log/edit/${encodeURIComponent(id)}`);
export const fetchLog = (id: string) => api<LogView>('GET', `/api/log/view/${encodeURIComponent(id)}`);
export const fetchVisitorLogs = (username: string) =>
  api<{ user: PublicUserView; docs: LogView[] }>('GET', `/api/visitor/logs/${encodeURIComponent(username)}`);

export const fetchLureCategories = () => api<{ name: string }[]>('GET', '/api/list/lure-categories');
export const findLakes = (query: string, signal?: AbortSignal) =>
  api<LakeMatch[]>('POST', '/api/user/find-lakes', { body: { query }, signal });
export const findTags = (query: string, signal?: AbortSignal) =>
  api<string[]>('POST', '/api/user/find-tag', { body: { query }, signal });
export const findNearbyLake = (lat: number, lng: number) =>
  api<NearbyLake | null>('POST', '/api/util/find-lake', { body: { lat, lng } });
export const reverseGeocode = (lat: number, lng: number) =>
  api<ReversePlace>('POST', '/api/util/geolocate/reverse', { body: { lat, lng } });
export const lookupWaterflow = (id: string | undefined, point: { lat: number; lng: number; date: string }) =>
  api<WaterflowLookup>('POST', `/api/log/get-waterflow/${id ? encodeURIComponent(id) : 'new'}`, { body: point });

export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ image: string }>('POST', '/api/user/upload-image', { form });
}

export const addLogTag = (id: string, tag: string) => api<string[]>('POST', '/api/user/add-tag-log', { body: { tag, id } });
export const removeLogTag = (id: string, tag: string) =>
  api<string[]>('POST', '/api/user/remove-tag-log', { body: { tag, id } });
