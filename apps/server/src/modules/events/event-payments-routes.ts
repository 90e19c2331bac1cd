import { randomUUID } from 'node:crypto';
import * as api from '@tightlines/core/api/event-payments';
import type { FastifyRequest } from 'fastify';
import { route, type RouteEntry } from '../../http/routes';
import { badRequest } from '../../lib/errors';
import type { EventPaymentsService } from './event-payments';

/** The client's key for one submission, so a retried request pays once (billing's header). */
export function requestKey(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string') return randomUUID();
  if (!/^[A-Za-z0-9_:-]{8,100}$/.test(header)) throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, "-", "_" or ":".');
  return header;
}

export function eventPaymentsRoutes(payments: EventPaymentsService): RouteEntry[] {
  return [
    route(api.ppToken, ({ query }) => payments.ppToken(query.mode)),
    route(api.ppOrder, ({ principal, body, request }) => payments.ppOrder(principal, body, requestKey(request))),
    route(api.ppCapture, ({ body }) => payments.ppCapture(body.orderId)),
    route(api.ppPay, ({ principal, body }) => payments.ppPay(principal, body)),
    route(api.eventCharge, ({ principal, params, body, request }) => payments.eventCharge(principal, params.id, body, requestKey(request))),
    route(api.userByToken, ({ query }) => payments.userByToken(query.t)),
    route(api.muskieForm, ({ principal, params }) => payments.formView(principal, params.id)),
    route(api.muskieDefault, () => payments.defaultEvent()),
    route(api.saveFormSettings, ({ principal, params, body }) => payments.saveSettings(principal, params.id, body)),
  ];
}
