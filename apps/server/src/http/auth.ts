import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../access/principal';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. Set once per /api request. */
    principal: Principal | null;
  }
}

/**
 * The credentials of a request. Two forms: `Bearer <token>`, and the seed's, which carries the
 * stored token plus the active e-mail: `<token> <email>` (a comma, colon or semicolon may stand
 * for the space, and `Bearer ` may lead).
 */
export function credentials(request: FastifyRequest): { token: string; email: string | null } | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]+)(?:\s*[\s,:;]\s*([^\s,:;]+@[^\s,:;]+))?\s*$/i.exec(header.trim());
  if (!match?.[1]) return null;
  return { token: match[1], email: match[2] ?? null };
}

/**
 * Resolves the caller once per API request. A call without a valid token is a visitor's: public
 * routes serve it, and the member subtree's guard refuses it.
 */
export function registerAuth(app: FastifyInstance, resolve: (token: string) => Promise<Principal | null>) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const given = credentials(request);
    if (!given) return;
    const principal = await resolve(given.token);
    // A token sent with someone else's address is not that someone's session: refuse it outright.
    if (principal && given.email !== null && given.email.toLowerCase() !== principal.email.toLowerCase()) {
      throw unauthorized('This sign-in does not belong to that e-mail address. Please log in again.');
    }
    request.principal = principal;
  });
  // An answer for a signed-in member is theirs alone: no browser or proxy cache may keep it.
  app.addHook('onSend', async (request, reply) => {
    if (request.principal || request.headers.authorization) reply.header('cache-control', 'no-store');
  });
}

/** The one guard of the member subtree. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.principal) throw unauthorized();
}
