import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret (reset codes, confirmation tokens) or a person's address. */
const SECRET_PARAMS = ['code', 'token', 'email'];
const REDACTED = 'REDACTED';

/**
 * A URL as the request log may print it: the reset token in the path (the seed's route puts it
 * there) and secret query parameters are replaced, so a log reader cannot take over an account.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(/(\/reset-password\/)[^/]+/i, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (query.has(name)) query.set(name, REDACTED);
  return `${path}?${query.toString()}`;
}

/** Fastify's request serializer with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
