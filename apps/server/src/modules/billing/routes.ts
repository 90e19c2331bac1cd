import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import * as api from '@tightlines/core/api/billing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { PaymentError } from '../../providers/payments/payments';
import type { CardEntry } from '../../providers/payments/test-processor';
import type { BillingService } from './service';

/**
 * The client's key for one submission (the web sends one per form submit, the same on a retry),
 * so a double click or a retried request charges once. Without one, each request is its own.
 */
function requestKey(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string') return randomUUID();
  if (!/^[A-Za-z0-9_:-]{8,100}$/.test(header)) throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, "-", "_" or ":".');
  return header;
}

/** Webhook bodies are verified byte for byte, so the route keeps the bytes before JSON parsing. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const keepRawBody = {
  preParsing: async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const body = Buffer.concat(chunks);
    rawBodies.set(request, body);
    return Readable.from([body]);
  },
};

export function billingRoutes(
  app: FastifyInstance,
  billing: BillingService,
  config: Config,
  /** The test processor's tokeniser; null with Stripe, where the browser tokenises through Elements. */
  tokenizeTestCard: ((entry: CardEntry) => string) | null,
): RouteEntry[] {
  // 100 % codes exist, so guessing codes is slowed like guessing passwords.
  const couponLimit = app.createRateLimit({
    max: config.authRateLimit.max,
    timeWindow: config.authRateLimit.windowSeconds * 1000,
    keyGenerator: (r) => `coupon:${r.ip}`,
  });
  const limited = {
    preValidation: async (request: FastifyRequest) => {
      const result = await couponLimit(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new HttpError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
      }
    },
  };
  const payer = (p: { userId: string; email: string; username: string }) => ({ userId: p.userId, email: p.email, username: p.username });

  return [
    route(api.plans, async () => ({ data: await billing.plans(), ...billing.cardTaking() })),
    route(
      api.getCoupon,
      async ({ body }) => {
        const coupon = await billing.coupon(body.coupon);
        return { percent_off: coupon.percentOff, code: coupon.code, statusCode: 200 as const };
      },
      limited,
    ),
    route(api.cards, async ({ principal, body }) => {
      const member = await billing.payerOf(principal, body.t);
      return { data: await billing.cards(member.userId) };
    }),
    route(api.addCard, ({ principal, body, request }) => billing.addCard(payer(principal), body.token, requestKey(request))),
    route(api.deleteCard, ({ principal, body }) => billing.deleteCard(principal, body.cardId)),
    route(api.charge, async ({ principal, body, request }) => {
      const member = await billing.payerOf(principal, body.t);
      return { result: await billing.chargeCard(member, body, requestKey(request)) };
    }),
    route(api.subscription, ({ principal, params }) => billing.subscription(principal, params.id)),
    route(api.subscribeUpdate, ({ principal, body, request }) =>
      billing.subscribeOrUpdate(payer(principal), body.subscription, requestKey(request)),
    ),
    route(api.subscribeEnd, ({ principal, body }) => billing.end(principal, body.subscription)),
    route(api.billingOverview, ({ principal }) => billing.overview(principal)),
    route(api.testToken, async ({ body }) => {
      if (!tokenizeTestCard) throw notFound('Not found.');
      try {
        return { token: tokenizeTestCard(body) };
      } catch (error) {
        if (error instanceof PaymentError) throw badRequest(error.message, { card: { type: error.message } });
        throw error;
      }
    }),
    route(api.connectStripe, ({ principal }) => billing.connectStripe(payer(principal))),
    route(api.connectStatus, ({ principal }) => billing.connectStatus(principal)),
    route(api.connectTestComplete, ({ principal, body }) => billing.completeTestOnboarding(principal, body.account)),
    route(
      api.webhook,
      ({ request }) => billing.webhook(rawBodies.get(request) ?? '', request.headers['stripe-signature'] as string | undefined),
      keepRawBody,
    ),
  ];
}
