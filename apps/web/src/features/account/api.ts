import type { UserView } from '@tightlines/core/accounts';
import { api, ApiError, inflight } from '../../lib/api';
import { session } from '../../lib/session';

export const tagKeys = { mine: ['user', 'tags'] as const };

export const updateUser = (changes: { username?: string; newsletter?: boolean }) =>
  api<UserView>('POST', '/api/user/update', { body: changes });
export const updateEmail = (email: string) => api<UserView>('POST', '/api/user/update-email', { body: { email } });
export const requestPasswordReset = (email: string) =>
  api<{ success: true }>('POST', '/api/user/forgot-password', { body: { email } });

export function setProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ image: string; user: UserView }>('POST', '/api/user/set-profile-image', { form });
}

export const fetchTags = () => api<string[]>('GET', '/api/user/tags');
export const addTag = (tag: string) => api<string[]>('POST', '/api/user/add-tag', { body: { tag } });
export const removeTag = (tag: string) => api<string[]>('POST', '/api/user/remove-tag', { body: { tag } });

/** The export is a file, not JSON: fetched with the bearer token and handed to the browser to save. */
export async function downloadLogsCsv(): Promise<void> {
  const token = session.token();
  inflight.set(inflight.get() + 1);
  try {
    const response = await fetch('/api/user/export-logs', { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      throw new ApiError(response.status, body?.error ?? `The export failed (${response.status}). Please try again.`);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'myfishinglogs.csv';
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file to the browser; the URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } finally {
    inflight.set(inflight.get() - 1);
  }
}

export type ImportFailure = { status: number; error: string; rows: { row: number; message: string }[] };

/**
 * Uploads with XMLHttpRequest because fetch reports no upload progress. Resolves with the number
 * imported; rejects with an ImportFailure carrying the server's message and any bad rows.
 */
export function importLogsCsv(file: File, onProgress: (fraction: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/util/import/csv/user-logs');
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let body: { imported?: number; error?: string; rows?: ImportFailure['rows'] } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { error: xhr.responseText || `The import failed (${xhr.status}).` };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.imported ?? 0);
      else reject({ status: xhr.status, error: body.error ?? `The import failed (${xhr.status}).`, rows: body.rows ?? [] } satisfies ImportFailure);
    };
    xhr.onerror = () =>
      reject({ status: 0, error: 'We could not reach Tightlines. Check your connection and try again.', rows: [] } satisfies ImportFailure);
    const form = new FormData();
    form.append('userLogs', file);
    xhr.send(form);
  });
}

export type PhotoDrafts = { created: Array<{ _id: string; date: string }>; skipped: Array<{ file: string; reason: string }> };

/** Geotagged photos become draft logs at the places and times they were taken. */
export function draftsFromPhotos(files: File[]): Promise<PhotoDrafts> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  return api<PhotoDrafts>('POST', '/api/logs/from-photos', { form });
}
