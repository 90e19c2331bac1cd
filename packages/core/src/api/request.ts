/**
 * The parts of a contract that a caller needs to send a request: its method, how its path and query
 * are written, whether its answer is JSON. Kept apart from ./contract and free of zod, so the web
 * app's first screen can call the API without loading the schemas (contract.ts re-exports these).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `public`: anyone; a signed-in caller is still known to the handler (the forecast does more for members).
 * - `member`: a signed-in member; the server refuses anyone else with 401 before the handler runs.
 */
export type Access = 'public' | 'member';

/** Answers that are not JSON: a file download or a script. The handler sends them itself. */
export type RawResponse = { kind: 'raw'; contentType: string };

export const raw = (contentType: string): RawResponse => ({ kind: 'raw', contentType });

export function isRaw(response: unknown): response is RawResponse {
  return (response as RawResponse).kind === 'raw';
}

/** A well-formed UUID: the shape of every id in a path. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** `/api/log/edit/:id` with `{id: 'x'}` -> `/api/log/edit/x`. An optional `:name?` left empty is dropped. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_whole, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`The path ${path} needs :${name}.`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}

/** A query object as a URL query string (no leading `?`); empty values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}
