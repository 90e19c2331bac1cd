import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_REFUSED = 'Text may not contain NUL characters.';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL in text, and answers a query holding one with an error: refused
 * here with a message instead, for every route's body, query and path, before any use case runs.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00') || hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
      throw badRequest(NUL_REFUSED);
    }
  });
}
