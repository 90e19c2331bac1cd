import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

/**
 * A per-client limit for forms that mail people (contact, applications, newsletter sign-up), so
 * nobody can turn them into a mail cannon. Runs before validation, so malformed floods count too.
 */
export function perClientLimit(app: FastifyInstance, name: string, max: number, windowSeconds: number) {
  const limit = app.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: (r) => `${name}:${r.ip}` });
  return async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
      throw new HttpError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    }
  };
}
