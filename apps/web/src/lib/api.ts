import { fillPath, queryString, type AnswerOf, type CallInput, type Contract } from '@tightlines/core/api/contract';
import type { ErrorBody } from '@tightlines/core/http';
import { session } from './session';
import { createStore } from './store';

/** How many requests are in flight: the global loading indicator watches it. */
export const inflight = createStore(0);
/** Raised when the server no longer accepts our token, so the app can forget the user. */
export const sessionExpired = new EventTarget();

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }

  /** The message of one field, as the seeds' forms show it (errors.<field>.type). */
  field(name: string): string | undefined {
    return this.errors?.[name]?.type;
  }
}

type Options = { body?: unknown; form?: FormData; signal?: AbortSignal };

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  inflight.set(inflight.get() + 1);
  try {
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body, signal: options.signal ?? null });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'We could not reach Tightlines. Check your connection and try again.');
    }
    const text = await response.text();
    const data: unknown = text ? safeJson(text) : null;
    if (!response.ok) {
      if (response.status === 401 && token) {
        session.clear();
        sessionExpired.dispatchEvent(new Event('expired'));
      }
      const err = (data ?? {}) as Partial<ErrorBody>;
      throw new ApiError(response.status, err.error ?? `The request failed (${response.status}). Please try again.`, err.errors);
    }
    return data as T;
  } finally {
    inflight.set(inflight.get() - 1);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls one endpoint through its contract: the path, method and input shape come from
 * packages/core/src/api, and the answer is typed by the contract's response schema.
 */
export function call<C extends Contract>(
  contract: C,
  ...[input, options]: keyof CallInput<C> extends never
    ? [input?: Record<string, never>, options?: { signal?: AbortSignal }]
    : [input: CallInput<C>, options?: { signal?: AbortSignal }]
): Promise<AnswerOf<C>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData };
  const search = queryString(given.query);
  const path = fillPath(contract.path, given.params) + (search ? `?${search}` : '');
  return api<AnswerOf<C>>(contract.method, path, {
    ...(given.form ? { form: given.form } : given.body !== undefined ? { body: given.body } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
}
