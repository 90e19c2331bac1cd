import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startLoopbackServer, type LoopbackServer, type RecordedRequest } from './loopback';

/**
 * The one fake Stripe: a loopback server answering the documented v1 REST API for the calls the
 * Stripe adapter makes (prices, promotion codes, customers, payment methods, PaymentIntents,
 * refunds, subscriptions), with Stripe's test tokens and payment methods (tok_visa,
 * tok_chargeDeclined, tok_chargeDeclinedInsufficientFunds, pm_card_visa, ...), idempotency keys
 * replayed as Stripe replays them, and webhook deliveries signed with Stripe's scheme.
 */
export interface FakeStripe extends LoopbackServer {
  /** The settings that point the server at this fake. */
  env: Record<string, string>;
  webhookSecret: string;
  /** Subscriptions by id, as the fake holds them. */
  subscriptions: Map<string, FakeSubscription>;
  /** How many PaymentIntents and subscriptions were created (money movements), replays excluded. */
  created: { paymentIntents: number; subscriptions: number };
  /** A Stripe event around `object`, and its body and `Stripe-Signature` header as Stripe would send them. */
  signedEvent(type: string, object: unknown, options?: { id?: string; created?: number; secret?: string }): {
    body: string;
    signature: string;
  };
  /** Connected (Express) accounts by id; a test finishes onboarding by setting the flags. */
  accounts: Map<string, FakeAccount>;
  /** Seconds since the epoch, the fake's "now" for periods; tests may set it. */
  now: number;
}

export type FakeAccount = {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  default_payment_method: string | null;
  discounts: unknown[];
  items: { object: 'list'; data: { id: string; price: { id: string }; current_period_end: number; current_period_start: number }[] };
};

type Card = { brand: string; last4: string; exp_month: number; exp_year: number; declines: 'attach' | 'charge' | null };
const CARDS: Record<string, Card> = {
  visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, declines: null },
  mastercard: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034, declines: null },
  chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034, declines: 'attach' },
  chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2034, declines: 'attach' },
  chargeCustomerFail: { brand: 'visa', last4: '0341', exp_month: 12, exp_year: 2034, declines: 'charge' },
};
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  '0002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '9995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '0341': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
};
const PRICES: Record<string, { unit_amount: number; interval: 'month' | 'year'; nickname: string }> = {
  Monthly: { unit_amount: 499, interval: 'month', nickname: 'Monthly' },
  Yearly2020: { unit_amount: 3000, interval: 'year', nickname: 'Yearly' },
};
const PROMOTION_CODES: Record<string, number> = { FREEYEAR: 100, HALFOFF: 50 };

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>) {
  sendJson(res, { error }, status);
}

function missing(res: ServerResponse, what: string) {
  stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });
}

/** Adds one month or year in UTC, as Stripe bills. */
function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = 'whsec_fake_stripe';
  const subscriptions = new Map<string, FakeSubscription>();
  const accounts = new Map<string, FakeAccount>();
  const methods = new Map<string, Card & { id: string; customer: string | null }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const created = { paymentIntents: 0, subscriptions: 0 };
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(counter += 1)}`;

  const methodFor = (ref: string | null | undefined) => {
    if (!ref) return undefined;
    const known = methods.get(ref);
    if (known) return known;
    const card = CARDS[ref.replace(/^pm_card_/, '')];
    return card && ref.startsWith('pm_card_') ? { ...card, id: ref, customer: null } : undefined;
  };

  const subscriptionAnswer = (sub: FakeSubscription) => ({ ...sub });

  const fake: FakeStripe = {
    ...(await startLoopbackServer((request, res, req) => {
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
        return;
      }
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && request.method === 'POST' ? `${key}` : undefined;
      const earlier = replayKey ? replies.get(replayKey) : undefined;
      if (earlier) {
        res.setHeader('idempotent-replayed', 'true');
        sendJson(res, earlier.body, earlier.status);
        return;
      }
      const answer = (body: unknown, status = 200) => {
        // Stripe keeps the first answer to a key, errors included, and replays it.
        if (replayKey) replies.set(replayKey, { status, body });
        sendJson(res, body, status);
      };
      handle(request, answer, res);
    })),
    env: {},
    webhookSecret,
    subscriptions,
    accounts,
    created,
    now: Math.floor(Date.now() / 1000),
    signedEvent(type, object, options = {}) {
      const created = options.created ?? fake.now;
      const body = JSON.stringify({
        id: options.id ?? nextId('evt'),
        object: 'event',
        type,
        created,
        data: { object },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const mac = createHmac('sha256', options.secret ?? webhookSecret).update(`${timestamp}.${body}`).digest('hex');
      return { body, signature: `t=${timestamp},v1=${mac}` };
    },
  };

  function handle(request: RecordedRequest, answer: (body: unknown, status?: number) => void, res: ServerResponse) {
    const url = new URL(request.url, 'http://fake');
    const form = new URLSearchParams(request.body);
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (request.method === 'GET' && (m = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = PRICES[decodeURIComponent(m[1] ?? '')];
      if (!price) return missing(res, `price: '${m[1]}'`);
      return answer({
        id: m[1],
        object: 'price',
        unit_amount: price.unit_amount,
        nickname: price.nickname,
        currency: 'usd',
        recurring: { interval: price.interval, trial_period_days: null },
      });
    }
    if (request.method === 'GET' && path === '/v1/promotion_codes') {
      const code = url.searchParams.get('code') ?? '';
      const percent = PROMOTION_CODES[code];
      const data =
        percent === undefined
          ? []
          : [{ id: `promo_${code}`, object: 'promotion_code', code, active: true, promotion: { type: 'coupon', coupon: { id: `co_${code}`, object: 'coupon', percent_off: percent, valid: true } } }];
      return answer({ object: 'list', data, has_more: false, url: '/v1/promotion_codes' });
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      return answer({ id: nextId('cus'), object: 'customer', email: form.get('email'), name: form.get('name') });
    }
    if (request.method === 'POST' && path === '/v1/payment_methods') {
      const card = CARDS[(form.get('card[token]') ?? '').replace(/^tok_/, '')];
      if (!card) return missing(res, `token: '${form.get('card[token]')}'`);
      const method = { ...card, id: nextId('pm'), customer: null };
      methods.set(method.id, method);
      return answer(methodAnswer(method));
    }
    if (request.method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path))) {
      const method = methodFor(m[1]);
      if (!method) return missing(res, `PaymentMethod: '${m[1]}'`);
      if (m[2] === 'attach' && method.declines === 'attach') {
        return stripeError(res, 402, { type: 'card_error', ...DECLINES[method.last4] });
      }
      const stored = { ...method, customer: m[2] === 'attach' ? form.get('customer') : null };
      methods.set(stored.id, stored);
      return answer(methodAnswer(stored));
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const method = form.get('payment_method')
        ? methodFor(form.get('payment_method'))
        : (() => {
            const card = CARDS[(form.get('payment_method_data[card][token]') ?? '').replace(/^tok_/, '')];
            return card && { ...card, id: nextId('pm'), customer: null };
          })();
      if (!method) return missing(res, 'payment_method');
      const destination = form.get('transfer_data[destination]');
      if (destination !== null && !accounts.get(destination)?.charges_enabled) {
        return stripeError(res, 400, { type: 'invalid_request_error', code: 'insufficient_capabilities_for_transfer', message: `The destination account ${destination} cannot take charges yet.` });
      }
      if (method.declines) return answer({ error: { type: 'card_error', ...DECLINES[method.last4] } }, 402);
      created.paymentIntents += 1;
      return answer({
        id: nextId('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'succeeded',
        description: form.get('description'),
      });
    }
    if (request.method === 'POST' && path === '/v1/accounts') {
      const account: FakeAccount = {
        id: nextId('acct'),
        object: 'account',
        type: form.get('type') ?? 'standard',
        email: form.get('email'),
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
      };
      accounts.set(account.id, account);
      return answer(account);
    }
    if (request.method === 'GET' && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const account = accounts.get(m[1] ?? '');
      return account ? answer(account) : missing(res, `account: '${m[1]}'`);
    }
    if (request.method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(form.get('account') ?? '');
      if (!account) return missing(res, `account: '${form.get('account')}'`);
      if (form.get('type') !== 'account_onboarding' || !form.get('return_url') || !form.get('refresh_url')) {
        return stripeError(res, 400, { type: 'invalid_request_error', message: 'Missing required param.' });
      }
      return answer({ object: 'account_link', url: `https://connect.stripe.com/setup/e/${account.id}/${nextId('link')}`, expires_at: fake.now + 300 });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      return answer({ id: nextId('re'), object: 'refund', payment_intent: form.get('payment_intent'), status: 'succeeded' });
    }
    if (request.method === 'POST' && path === '/v1/subscriptions') {
      const priceId = form.get('items[0][price]') ?? '';
      const price = PRICES[priceId];
      if (!price) return missing(res, `price: '${priceId}'`);
      const method = methodFor(form.get('default_payment_method'));
      if (!method) return missing(res, 'payment_method');
      const promo = form.get('discounts[0][promotion_code]')?.replace(/^promo_/, '');
      const free = promo !== undefined && PROMOTION_CODES[promo] === 100;
      if (method.declines && !free) return answer({ error: { type: 'card_error', ...DECLINES[method.last4] } }, 402);
      created.subscriptions += 1;
      const sub: FakeSubscription = {
        id: nextId('sub'),
        object: 'subscription',
        customer: form.get('customer') ?? '',
        status: 'active',
        cancel_at_period_end: false,
        default_payment_method: method.id,
        discounts: promo ? [promo] : [],
        items: {
          object: 'list',
          data: [{ id: nextId('si'), price: { id: priceId }, current_period_start: fake.now, current_period_end: addInterval(fake.now, price.interval) }],
        },
      };
      subscriptions.set(sub.id, sub);
      return answer(subscriptionAnswer(sub));
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1] ?? '');
      if (!sub) return missing(res, `subscription: '${m[1]}'`);
      if (request.method === 'GET') return answer(subscriptionAnswer(sub));
      if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      if (form.get('default_payment_method')) sub.default_payment_method = form.get('default_payment_method');
      const priceId = form.get('items[0][price]');
      const item = sub.items.data[0];
      if (priceId && item) {
        const price = PRICES[priceId];
        if (!price) return missing(res, `price: '${priceId}'`);
        item.price = { id: priceId };
        item.current_period_start = fake.now;
        item.current_period_end = addInterval(fake.now, price.interval);
      }
      return answer(subscriptionAnswer(sub));
    }
    return missing(res, `route: ${request.method} ${path}`);
  }

  function methodAnswer(method: Card & { id: string; customer: string | null }) {
    return {
      id: method.id,
      object: 'payment_method',
      type: 'card',
      customer: method.customer,
      card: { brand: method.brand, last4: method.last4, exp_month: method.exp_month, exp_year: method.exp_year },
    };
  }

  fake.env = {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_URL: fake.url,
  };
  return fake;
}
