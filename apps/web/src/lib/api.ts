import { fillPath, isRaw, queryString } from '@tightlines/core/api/request';
import type { AnswerOf, CallInput, Contract } from '@tightlines/core/api/contract';
import type { ErrorBody } from '@tightlines/core/http';
import { session } from './session';
import { createStore } from './store';

/** How many requests are in flight: the global loading indicator watches it. */
export const inflight = createStore(0);
/** Raised when the server no longer accepts our token, so the app can forget the user. */
export const sessionExpired = new EventTarget();
/**
 * The seed's global error event: a failed answer that no caller shows ('error' events carrying an
 * ApiError). The app's one alert dialog listens; see raiseApiError for who raises it.
 */
export const apiErrors = new EventTarget();

const UNREACHABLE = 'We could not reach Tightlines. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorBody['errors'],
    /** The whole error answer, for the few that carry more than a sentence (the CSV import's bad rows). */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The message of one field, as the seeds' forms show it (errors.<field>.type). */
  field(name: string): string | undefined {
    return this.errors?.[name]?.type;
  }
}

export class ApiErrorEvent extends Event {
  constructor(readonly error: ApiError) {
    super('error');
  }

  /** The seed's status text: 'Bad Request' for a 400, 'Error' for every other failure. */
  get title(): string {
    return this.error.status === 400 ? 'Bad Request' : 'Error';
  }
}

/**
 * Raises the global error event for a failure nobody shows inline. A 401 is left out: it already
 * signs the member out (sessionExpired), and the page they land on says so.
 */
export function raiseApiError(error: unknown): void {
  if (!(error instanceof ApiError) || error.status === 401) return;
  apiErrors.dispatchEvent(new ApiErrorEvent(error));
}

// Every query and mutation of the app fails with an ApiError (a lost connection included), so
// `query.error` and `mutation.error` are typed as one.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

type Request = {
  method: Contract['method'];
  path: string;
  body?: BodyInit;
  json: boolean;
  signal?: AbortSignal | undefined;
  onUploadProgress?: ((fraction: number) => void) | undefined;
  idempotencyKey?: string | undefined;
};
type Answer = { status: number; ok: boolean; text: () => Promise<string>; blob: () => Promise<Blob> };

export type CallOptions = {
  signal?: AbortSignal;
  /** Reports how much of an upload has been sent, from 0 to 1 (fetch cannot, so this goes through XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
  /** One key per submission, the same on a retry: the server moves money once per key. */
  idempotencyKey?: string;
};

/**
 * Calls one endpoint through its contract: the path, method and input shape come from
 * packages/core/src/api, and the answer is typed by the contract's response schema. Answers that
 * are not JSON (a CSV export, an iCalendar file) arrive as a Blob.
 */
export function call<C extends Contract>(
  contract: C,
  ...[input, options]: keyof CallInput<C> extends never
    ? [input?: Record<string, never>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions]
): Promise<AnswerOf<C>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData };
  const search = queryString(given.query);
  const json = !given.form && given.body !== undefined;
  return send(
    {
      method: contract.method,
      path: fillPath(contract.path, given.params) + (search ? `?${search}` : ''),
      json,
      ...(given.form ? { body: given.form } : json ? { body: JSON.stringify(given.body) } : {}),
      signal: options?.signal,
      onUploadProgress: options?.onUploadProgress,
      idempotencyKey: options?.idempotencyKey,
    },
    isRaw(contract.response),
  ) as Promise<AnswerOf<C>>;
}

/** Adds the bearer token, counts the request for the loading indicator and turns failures into ApiErrors. */
async function send(request: Request, raw: boolean): Promise<unknown> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.json) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  inflight.set(inflight.get() + 1);
  try {
    let answer: Answer;
    try {
      answer = request.onUploadProgress ? await withProgress(request, headers) : await fetch(request.path, { method: request.method, headers, body: request.body ?? null, signal: request.signal ?? null });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, UNREACHABLE);
    }
    if (answer.ok) {
      if (raw) return await answer.blob();
      const text = await answer.text();
      return text ? safeJson(text) : null;
    }
    if (answer.status === 401 && token) {
      session.clear();
      sessionExpired.dispatchEvent(new Event('expired'));
    }
    const text = await answer.text();
    const body = text ? safeJson(text) : null;
    const err = (body && typeof body === 'object' ? body : {}) as Partial<ErrorBody>;
    throw new ApiError(answer.status, err.error ?? `The request failed (${answer.status}). Please try again.`, err.errors, body);
  } finally {
    inflight.set(inflight.get() - 1);
  }
}

function withProgress(request: Request, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'blob';
    const report = request.onUploadProgress!;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) report(e.loaded / e.total);
    };
    xhr.upload.onload = () => report(1);
    xhr.onload = () => {
      const blob = xhr.response as Blob;
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, text: () => blob.text(), blob: () => Promise.resolve(blob) });
    };
    xhr.onerror = () => reject(new TypeError(UNREACHABLE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // call() only sends FormData this way (uploads); fetch handles every other body.
    xhr.send((request.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
