import {
  isRaw,
  type BodyOf,
  type Contract,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from '@tightlines/core/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../access/principal';
import { forbidden } from '../lib/errors';
import { requireMember } from './auth';
import { SentAnswer } from './stored-answer';

export const ASSISTANT_REFUSED = 'The voice assistant’s link cannot do this. Sign in to Tightlines to manage your account.';

/**
 * The assistant's token reaches only the calls the assistant speaks: elsewhere a member route
 * refuses it and a public route serves it as a visitor.
 */
function assistantScope(contract: Contract) {
  return async (request: FastifyRequest) => {
    if (request.principal?.scope !== 'assistant' || contract.assistant) return;
    if (contract.access === 'member') throw forbidden(ASSISTANT_REFUSED);
    request.principal = null;
  };
}

/** What a handler receives: the parsed input and the caller (never null on member routes). */
export type RouteInput<C extends Contract> = {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  principal: C['access'] extends 'member' ? Principal : Principal | null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A JSON answer, or for raw contracts (files, scripts) the reply the handler sent itself. */
export type RouteResult<C extends Contract> = C['response'] extends z.ZodType ? ReplyOf<C> : FastifyReply;

export type RouteEntry = {
  contract: Contract;
  options: Omit<RouteOptions, 'method' | 'url' | 'handler' | 'schema'>;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
};

type Extra = Omit<RouteOptions, 'method' | 'url' | 'handler' | 'schema'>;

/**
 * Binds a handler to its contract. Modules' routes.ts files are lists of these. A handler of a
 * public JSON route may instead send a stored answer itself (`sendStored`).
 */
export function route<C extends Contract>(
  contract: C,
  handler: NoInfer<(input: RouteInput<C>) => Promise<RouteResult<C> | SentAnswer>>,
  options: Extra = {},
): RouteEntry {
  return {
    contract,
    options,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        principal: request.principal as RouteInput<C>['principal'],
        request,
        reply,
      });
      if (isRaw(contract.response) || result instanceof SentAnswer) return reply;
      if (contract.status) reply.code(contract.status);
      return result;
    },
  };
}

function schemaOf(contract: Contract): RouteOptions['schema'] {
  const schema: Record<string, unknown> = {};
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body && contract.body !== 'multipart') schema.body = contract.body;
  // One answer schema for every success code: a route may answer 200 or 201 with the same shape.
  if (!isRaw(contract.response)) schema.response = { '2xx': contract.response };
  return schema;
}

function register(app: FastifyInstance, entry: RouteEntry) {
  app.route({
    ...entry.options,
    onRequest: assistantScope(entry.contract),
    method: entry.contract.method,
    url: entry.contract.path,
    schema: schemaOf(entry.contract),
    handler: entry.handler,
  });
}

/**
 * Public routes go on the app; member routes go into one encapsulated subtree whose single
 * `onRequest` guard refuses visitors with 401 before any body is read.
 */
export async function registerRoutes(app: FastifyInstance, entries: RouteEntry[]): Promise<void> {
  const seen = new Set<string>();
  for (const { contract } of entries) {
    const key = `${contract.method} ${contract.path}`;
    if (seen.has(key)) throw new Error(`Two routes for ${key}.`);
    seen.add(key);
  }
  for (const entry of entries) if (entry.contract.access === 'public') register(app, entry);
  await app.register(async (members) => {
    members.addHook('onRequest', requireMember);
    for (const entry of entries) if (entry.contract.access === 'member') register(members, entry);
  });
}

/**
 * Answers smaller than this are sent as they are. Gzipping a JSON answer of a few kilobytes cost
 * about 7 % of a log's creation on the server to save about a kilobyte on the wire; the big
 * answers (lists, forecasts, pages) still go compressed. @fastify/compress (plugins.ts) and the
 * answer cache both use it.
 */
export const COMPRESS_FROM_BYTES = 4096;
