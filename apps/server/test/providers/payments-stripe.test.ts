import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '@tightlines/testkit/stripe';
import { PaymentError, WebhookSignatureError } from '../../src/providers/payments/payments';
import { StripePaymentProcessor } from '../../src/providers/payments/stripe';

let stripe: FakeStripe;
let processor: StripePaymentProcessor;
const now = new Date();

beforeAll(async () => {
  stripe = await startFakeStripe();
  processor = new StripePaymentProcessor({
    secretKey: 'sk_test_fake',
    webhookSecret: stripe.webhookSecret,
    publishableKey: 'pk_test_fake',
    apiUrl: stripe.url,
    prices: { Monthly: 'Monthly', Yearly2020: 'Yearly2020' },
  });
});
afterAll(() => stripe.close());

const bodyOf = (method: string, path: string) => stripe.requests.filter((r) => r.method === method && r.url.startsWith(path));

describe('StripePaymentProcessor against a loopback Stripe', () => {
  it('reads the plans from the configured prices', async () => {
    expect(await processor.plans()).toEqual([
      { id: 'Monthly', name: 'Monthly', amount: 499, interval: 'month', nickname: 'Monthly', trial_period_days: null },
      { id: 'Yearly2020', name: 'Yearly', amount: 3000, interval: 'year', nickname: 'Yearly', trial_period_days: null },
    ]);
  });

  it('finds an active promotion code and nothing for an unknown one', async () => {
    expect(await processor.findCoupon('HALFOFF')).toEqual({ code: 'HALFOFF', percentOff: 50, ref: { promotionCode: 'promo_HALFOFF' } });
    expect(await processor.findCoupon('NOPE')).toBeNull();
  });

  it('creates a customer, turns a card token into a saved card, and subscribes with the idempotency key it was given', async () => {
    const customer = await processor.createCustomer({ email: 'a@example.com', username: 'angler', userId: 'u1' }, 'customer:u1');
    const card = await processor.addCard(customer, 'tok_visa', 'card:req-1');
    expect(card).toEqual({ id: expect.stringMatching(/^pm_/), brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 });

    const before = stripe.created.subscriptions;
    const input = { customerId: customer, cardId: card.id, plan: 'Monthly' as const, coupon: null, idempotencyKey: 'subscribe:req-2', now };
    const sub = await processor.createSubscription(input);
    const again = await processor.createSubscription(input);
    expect(again.id).toBe(sub.id);
    expect(stripe.created.subscriptions - before).toBe(1);
    expect(sub).toMatchObject({ customerId: customer, plan: 'Monthly', status: 'active', cancelAtPeriodEnd: false });
    expect(sub.currentPeriodEnd.getTime()).toBeGreaterThan(now.getTime());
    const sent = bodyOf('POST', '/v1/subscriptions').at(-1);
    expect(new URLSearchParams(sent?.body).get('payment_behavior')).toBe('error_if_incomplete');

    const yearly = await processor.changeSubscription({ current: sub, plan: 'Yearly2020', cardId: card.id, idempotencyKey: 'change:req-3', now });
    expect(yearly).toMatchObject({ id: sub.id, plan: 'Yearly2020' });
    const cancelled = await processor.cancelSubscription(yearly, 'end:req-4');
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await processor.renew({ current: cancelled, cardId: null, amount: 0, idempotencyKey: 'renew', now })).toMatchObject({ id: sub.id, cancelAtPeriodEnd: true });
  });

  it('answers a declined card as a PaymentError with Stripe’s message, and no subscription exists', async () => {
    const customer = await processor.createCustomer({ email: 'b@example.com', username: 'b', userId: 'u2' }, 'customer:u2');
    await expect(processor.addCard(customer, 'tok_chargeDeclined', 'card:req-5')).rejects.toMatchObject({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    const failing = await processor.addCard(customer, 'tok_chargeCustomerFail', 'card:req-6');
    const before = stripe.created.subscriptions;
    await expect(
      processor.createSubscription({ customerId: customer, cardId: failing.id, plan: 'Monthly', coupon: null, idempotencyKey: 'subscribe:req-7', now }),
    ).rejects.toBeInstanceOf(PaymentError);
    expect(stripe.created.subscriptions).toBe(before);
    await expect(processor.addCard(customer, 'tok_unknown', 'card:req-8')).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('charges once per idempotency key, from a saved card or a one-time token, and refunds', async () => {
    const before = stripe.created.paymentIntents;
    const input = { amount: 2500, description: 'Event entry', idempotencyKey: 'event:e1:u1', source: { token: 'tok_visa' } };
    const first = await processor.charge(input);
    const again = await processor.charge(input);
    expect(again.id).toBe(first.id);
    expect(stripe.created.paymentIntents - before).toBe(1);
    expect(first).toEqual({ id: expect.stringMatching(/^pi_/), amount: 2500, status: 'succeeded' });
    const sent = new URLSearchParams(bodyOf('POST', '/v1/payment_intents').at(-1)?.body);
    expect(sent.get('payment_method_data[card][token]')).toBe('tok_visa');
    expect(sent.get('amount')).toBe('2500');
    await expect(processor.charge({ ...input, idempotencyKey: 'event:e1:u2', source: { token: 'tok_chargeDeclinedInsufficientFunds' } })).rejects.toMatchObject({
      kind: 'declined',
      message: 'Your card has insufficient funds.',
    });
    await processor.refund(first.id, `refund:${first.id}`);
    expect(new URLSearchParams(bodyOf('POST', '/v1/refunds').at(-1)?.body).get('payment_intent')).toBe(first.id);
  });

  it('reads signed webhooks, and refuses a bad signature', () => {
    const { body, signature } = stripe.signedEvent('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_x' } },
      lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 } }] },
    }, { id: 'evt_paid', created: 1_800_000_005 });
    expect(processor.parseWebhook(body, signature)).toEqual({
      id: 'evt_paid',
      type: 'invoice.paid',
      createdAt: new Date(1_800_000_005_000),
      change: { subscriptionId: 'sub_x', status: 'active', currentPeriodEnd: new Date(1_802_592_000_000) },
    });
    const forged = stripe.signedEvent('invoice.paid', {}, { secret: 'whsec_forged' });
    expect(() => processor.parseWebhook(forged.body, forged.signature)).toThrow(WebhookSignatureError);
  });

  it('says "unavailable" when Stripe cannot be reached', async () => {
    const offline = new StripePaymentProcessor({
      secretKey: 'sk_test_fake',
      webhookSecret: 'x',
      publishableKey: null,
      apiUrl: 'http://127.0.0.1:9',
      prices: { Monthly: 'Monthly', Yearly2020: 'Yearly2020' },
    });
    await expect(offline.findCoupon('X')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
