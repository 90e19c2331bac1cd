import { z } from 'zod';
import { UUID, type Access, type Method, type RawResponse } from './request';

export { fillPath, isRaw, isUuid, queryString, raw, type Access, type Method, type RawResponse } from './request';

/**
 * One contract per endpoint: its method and path as the seeds write them, who may call it, and the
 * zod schemas of its params, query, body and answer. The server registers its routes from these
 * (input validated at the edge, answers serialized through `response`, undeclared fields dropped)
 * and the web app calls them through one typed `call(contract, input)`.
 */
export type Contract = {
  method: Method;
  /** Fastify-style path: `/api/log/edit/:id`. */
  path: string;
  access: Access;
  /** One line for docs/api.md. */
  summary: string;
  /** Success status; 200 unless said. */
  status?: 200 | 201;
  params?: z.ZodType;
  query?: z.ZodType;
  /** `'multipart'`: a form-data upload read by the handler itself. */
  body?: z.ZodType | 'multipart';
  response: z.ZodType | RawResponse;
  /**
   * Also accepts the voice assistant's token (seed 000 §7, the calls the assistant speaks). Every
   * other route refuses it: 403 on member routes, a visitor on public ones.
   */
  assistant?: true;
};

/** Keeps the literal types of a contract so both sides infer its exact input and answer. */
export function contract<const C extends Contract>(c: C): C {
  return c;
}

/**
 * A JSON body that may be absent: a POST without a body is checked as `{}`, so a missing field gets
 * the field's own message rather than "expected object".
 */
export function jsonBody<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>, z.input<T>> {
  // Typed as the schema itself so callers' bodies are checked against its input, not `unknown`.
  return z.preprocess((value) => value ?? {}, schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}

/**
 * A path id. A malformed id names nothing that could exist, so the server answers it with 404 and
 * this message, the same as an id that exists but is not the caller's to see.
 */
export const idParam = (notFoundMessage: string) =>
  z.object({ id: z.string().regex(UUID, notFoundMessage) });

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** What a handler receives, already parsed. */
export type ParamsOf<C extends Contract> = C['params'] extends z.ZodType ? Out<C['params']> : Record<string, never>;
export type QueryOf<C extends Contract> = C['query'] extends z.ZodType ? Out<C['query']> : Record<string, never>;
export type BodyOf<C extends Contract> = C['body'] extends z.ZodType ? Out<C['body']> : undefined;

/** What a handler returns (before serialization) and what a caller receives (after it). */
export type ReplyOf<C extends Contract> = C['response'] extends z.ZodType ? In<C['response']> : unknown;
export type AnswerOf<C extends Contract> = C['response'] extends z.ZodType ? Out<C['response']> : Blob;

/** What a caller passes: only the parts the contract declares. */
export type CallInput<C extends Contract> = (C['params'] extends z.ZodType ? { params: In<C['params']> } : unknown) &
  (C['query'] extends z.ZodType ? { query: In<C['query']> } : unknown) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : C['body'] extends 'multipart' ? { form: FormData } : unknown);

