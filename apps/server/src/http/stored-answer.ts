import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredAnswer } from '../lib/stored-answer';

/** What a handler returns once it has sent a stored answer itself (see `route`). */
export class SentAnswer {
  readonly kind = 'sent';
}

/** Whether If-None-Match names this ETag (a list, weak tags and `*` included). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Sends the kept bytes as the JSON answer, or 304 with no body when the client already holds them. */
export function sendStored(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): SentAnswer {
  reply.header('etag', answer.etag);
  if (holds(request.headers['if-none-match'], answer.etag)) reply.code(304).send();
  else reply.type('application/json; charset=utf-8').send(answer.body);
  return new SentAnswer();
}
