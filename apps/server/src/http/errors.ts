import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound } from '../lib/errors';

/**
 * Turns the first problem of a request that failed its contract into the answer the seeds' forms
 * read: a 400 whose message is the field's own sentence, with `errors.<field>.type`. A malformed
 * path id names nothing that could exist, so it is a 404.
 */
function validationError(error: FastifyError): HttpError {
  const issue = error.validation?.[0];
  const message = issue?.message ?? 'The request is not valid.';
  if (error.validationContext === 'params') return notFound(message);
  const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return badRequest(message, field ? { [field]: { type: message } } : undefined);
}

/**
 * PostgreSQL's data exceptions (class 22: a value out of range, an impossible date, bytes it cannot
 * store) come from the caller's input that slipped past its contract: a 400, not a 500.
 */
function dataException(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

export const DATABASE_UNAVAILABLE = 'The database is not answering right now. Please try again in a moment.';

/**
 * The database went away under the request: PostgreSQL ended the connection (class 57P: shut
 * down, restarting, the connection terminated by an administrator), the connection failed (class
 * 08), or the socket closed. Nothing of the request was committed; the pool opens new connections,
 * so the next request works as soon as the database is back.
 */
function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^57P0[1-3]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /^Connection terminated|^Client has encountered a connection error/.test(message)) return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

/** One shape for every error answer (core ErrorBody); 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known =
      error instanceof HttpError ? error : hasZodFastifySchemaValidationErrors(error) ? validationError(error) : null;
    if (known) return reply.code(known.status).send(known.body());
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE });
    }
    if (dataException(error)) return reply.code(400).send({ error: 'A value in the request cannot be stored: it is out of range or not a real date.' });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again in a moment.' });
    }
    const message =
      status === 413
        ? 'That request is too large.'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Please send JSON (Content-Type: application/json).'
          : error.message;
    return reply.code(status).send({ error: message });
  });
}
