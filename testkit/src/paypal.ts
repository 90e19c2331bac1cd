import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startLoopbackServer, type LoopbackServer } from './loopback';

/**
 * The one fake PayPal: a loopback server answering PayPal's documented REST calls the adapter makes
 * (OAuth2 client-credentials token, identity client token, Orders v2 create / show / capture,
 * Payments v2 capture refund), with PayPal's error body ({ name, message, debug_id, details[] }) and
 * PayPal-Request-Id replays. `approve` plays the buyer approving the order in PayPal's window.
 */
export interface FakePayPal extends LoopbackServer {
  clientId: string;
  secret: string;
  orders: Map<string, FakeOrder>;
  refunds: Array<{ captureId: string; id: string }>;
  /** The buyer approves the order (PayPal's window); its status becomes APPROVED. */
  approve(orderId: string): void;
  /** Makes the next call to a path containing `fragment` answer 500 (PayPal down). */
  failNext(fragment: string): void;
}

export type FakeOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: Array<{
    amount: { currency_code: string; value: string };
    custom_id?: string;
    description?: string;
    payee?: { email_address: string };
    payments?: { captures: Array<{ id: string; status: string; amount: { currency_code: string; value: string } }> };
  }>;
};

const id = (n = 17) => randomBytes(n).toString('hex').slice(0, n).toUpperCase();

function paypalError(res: ServerResponse, status: number, name: string, issue: string, description: string) {
  sendJson(res, { name, message: description, debug_id: id(12).toLowerCase(), details: [{ issue, description }] }, status);
}

export async function startFakePayPal(): Promise<FakePayPal> {
  const clientId = `fake-client-${id(8)}`;
  const secret = `fake-secret-${id(12)}`;
  const orders = new Map<string, FakeOrder>();
  const refunds: FakePayPal['refunds'] = [];
  const tokens = new Set<string>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failing = new Set<string>();

  const server = await startLoopbackServer((request, res, req) => {
    const url = new URL(request.url, 'http://x');
    for (const fragment of failing) {
      if (url.pathname.includes(fragment)) {
        failing.delete(fragment);
        return paypalError(res, 500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');
      }
    }
    const auth = req.headers.authorization ?? '';
    if (url.pathname === '/v1/oauth2/token' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (auth !== expected || !request.body.includes('grant_type=client_credentials')) {
        return sendJson(res, { error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
      }
      const token = `A21AA${id(30)}`;
      tokens.add(token);
      return sendJson(res, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: id(10) });
    }
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return sendJson(res, { error: 'invalid_token', error_description: 'Token signature verification failed' }, 401);
    }
    const requestId = req.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${url.pathname}:${requestId}` : null;
    const replay = replayKey && replays.get(replayKey);
    if (replay) return sendJson(res, replay.body, replay.status);
    const answer = (body: unknown, status = 200) => {
      if (replayKey) replays.set(replayKey, { status, body });
      sendJson(res, body, status);
    };

    if (url.pathname === '/v1/identity/generate-token' && request.method === 'POST') {
      return answer({ client_token: `eyJ${id(40)}`, expires_in: 3600 });
    }
    if (url.pathname === '/v2/checkout/orders' && request.method === 'POST') {
      const body = JSON.parse(request.body || '{}') as { intent?: string; purchase_units?: FakeOrder['purchase_units'] };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit || !/^\d+(\.\d{2})?$/.test(unit.amount?.value ?? '')) {
        return paypalError(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
      }
      const order: FakeOrder = { id: id(), status: 'CREATED', purchase_units: [unit] };
      orders.set(order.id, order);
      return answer(withLinks(order, server.url), 201);
    }
    const orderPath = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(url.pathname);
    if (orderPath) {
      const order = orders.get(orderPath[1]!);
      if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
      if (!orderPath[2] && request.method === 'GET') return sendJson(res, withLinks(order, server.url));
      if (orderPath[2] && request.method === 'POST') {
        if (order.status === 'COMPLETED') {
          return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
        }
        if (order.status !== 'APPROVED') {
          return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        }
        order.status = 'COMPLETED';
        const unit = order.purchase_units[0]!;
        unit.payments = { captures: [{ id: id(), status: 'COMPLETED', amount: { ...unit.amount } }] };
        return answer(withLinks(order, server.url), 201);
      }
    }
    const refundPath = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(url.pathname);
    if (refundPath && request.method === 'POST') {
      const captureId = refundPath[1]!;
      const captured = [...orders.values()].some((o) => o.purchase_units[0]?.payments?.captures.some((c) => c.id === captureId));
      if (!captured) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (refunds.some((r) => r.captureId === captureId)) {
        return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
      }
      const refund = { captureId, id: id() };
      refunds.push(refund);
      return answer({ id: refund.id, status: 'COMPLETED' }, 201);
    }
    return paypalError(res, 404, 'NOT_FOUND', 'NOT_FOUND', `No fake for ${request.method} ${url.pathname}`);
  });

  return Object.assign(server, {
    clientId,
    secret,
    orders,
    refunds,
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    failNext(fragment: string) {
      failing.add(fragment);
    },
  });
}

function withLinks(order: FakeOrder, base: string) {
  return {
    ...order,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  };
}
