import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry a secret (reset codes, confirmation tokens) or a person's address. */
const SECRET_PARAMS = ['code', 'token', 'email', 'password', 'access_token'];
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

/** Fastify's request serializer with the URL redacted; headers and bodies are never serialized. */
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

/**
 * Paths pino censors wherever a log call passes them (a plugin logging a request's headers, an
 * error carrying a body): credentials in headers, passwords and tokens in bodies.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.refreshToken',
  '*.card',
];

/** The server's logger: the level, the redacting serializer and paths, and where lines go. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): NonNullable<FastifyServerOptions['logger']> {
  return { level, serializers: logSerializers, redact: { paths: REDACT_PATHS, censor: REDACTED }, ...(stream ? { stream } : {}) };
}

/**
 * One line per request, written when the answer is sent (Fastify's own request logging, off in
 * app.ts, writes two: one on arrival, one on completion). The URL is redacted; no header or body
 * is logged, so cookies, bearer tokens and passwords never reach it.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  request.log.info(
    { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
    'request',
  );
  done();
}
