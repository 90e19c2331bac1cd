import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../access/principal';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. Set once per /api request. */
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the caller once per API request. A call without a valid token is a visitor's: public
 * routes serve it, and the member subtree's guard refuses it.
 */
export function registerAuth(app: FastifyInstance, resolve: (token: string) => Promise<Principal | null>) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token) request.principal = await resolve(token);
  });
}

/** The one guard of the member subtree. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.principal) throw unauthorized();
}
