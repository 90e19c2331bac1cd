import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

/**
 * Transitional: routes not yet registered from contracts read the caller here. Contract routes
 * receive the principal from the member subtree instead.
 */
export function requireSession(request: FastifyRequest) {
  const principal = request.principal;
  if (!principal) throw unauthorized();
  return { user: { id: principal.userId, username: principal.username }, sessionId: principal.sessionId, principal };
}
