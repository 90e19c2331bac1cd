import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../modules/accounts/service';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the bearer token once per API request. A call without a valid token is a visitor's:
 * public routes serve it, and routes that need a user refuse it through `requireSession`.
 */
export function registerAuth(app: FastifyInstance, authenticate: (token: string) => Promise<SessionUser | null>) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token) request.session = await authenticate(token);
  });
}

export function requireSession(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session;
}
