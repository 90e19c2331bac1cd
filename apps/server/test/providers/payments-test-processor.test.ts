import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentError, WebhookSignatureError } from '../../src/providers/payments/payments';
import { TEST_CARDS, TEST_WEBHOOK_SECRET, TestPaymentProcessor } from '../../src/providers/payments/test-processor';

const now = new Date('2027-03-10T12:00:00Z');
const entry = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: '123' });

function signed(body: string, secret = TEST_WEBHOOK_SECRET) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

describe('TestPaymentProcessor', () => {
  const processor = new TestPaymentProcessor({ FREE100: 100, HALF: 50 });

  it('tokenises a test card and saves it with brand, last4 and expiry, never the number', async () => {
    const token = processor.tokenize(entry('4242 4242 4242 4242'), now);
    expect(token).not.toContain('424242424242');
    const card = await processor.addCard('cus_test_1', token, 'add-1');
    expect(card).toEqual({ id: expect.stringMatching(/^card_test_4242_/), brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect((await processor.addCard('cus_test_1', token, 'add-1')).id).toBe(card.id);
  });

  it('refuses mistyped numbers, past expiry dates and bad security codes', () => {
    expect(() => processor.tokenize(entry('4242424242424241'), now)).toThrow('Your card number is incorrect.');
    expect(() => processor.tokenize({ ...entry(TEST_CARDS.succeeds), exp_year: 2027, exp_month: 2 }, now)).toThrow('Your card has expired.');
    expect(() => processor.tokenize({ ...entry(TEST_CARDS.succeeds), exp_month: 13 }, now)).toThrow(PaymentError);
    expect(() => processor.tokenize({ ...entry(TEST_CARDS.succeeds), cvc: '1' }, now)).toThrow(PaymentError);
  });

  it("declines Stripe's declined and insufficient-funds numbers with Stripe's sentences", async () => {
    await expect(processor.addCard('c', processor.tokenize(entry(TEST_CARDS.declined), now), 'k')).rejects.toMatchObject({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    await expect(
      processor.charge({ amount: 500, description: 'x', idempotencyKey: 'k2', source: { token: processor.tokenize(entry(TEST_CARDS.insufficientFunds), now) } }),
    ).rejects.toMatchObject({ kind: 'declined', message: 'Your card has insufficient funds.' });
  });

  it('charges once per idempotency key: the same key answers the same charge id', async () => {
    const token = processor.tokenize(entry(TEST_CARDS.succeeds), now);
    const first = await processor.charge({ amount: 2500, description: 'Entry', idempotencyKey: 'event-1:user-1', source: { token } });
    const again = await processor.charge({ amount: 2500, description: 'Entry', idempotencyKey: 'event-1:user-1', source: { token } });
    const other = await processor.charge({ amount: 2500, description: 'Entry', idempotencyKey: 'event-1:user-2', source: { token } });
    expect(first).toEqual({ id: expect.stringMatching(/^ch_test_/), amount: 2500, status: 'succeeded' });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    await expect(processor.charge({ amount: 1.5, description: 'x', idempotencyKey: 'k', source: { token } })).rejects.toThrow(PaymentError);
    await expect(processor.charge({ amount: 100, description: 'x', idempotencyKey: 'k', source: { token: 'tok_made_up' } })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('knows the TEST_COUPONS codes in any case and nothing else', async () => {
    expect(await processor.findCoupon('free100')).toMatchObject({ code: 'FREE100', percentOff: 100 });
    expect(await processor.findCoupon('NOPE')).toBeNull();
  });

  it('subscribes for one period in UTC, refuses a declined card, and a 100 % coupon needs no good card', async () => {
    const good = await processor.addCard('cus', processor.tokenize(entry(TEST_CARDS.succeeds), now), 'a');
    const sub = await processor.createSubscription({ customerId: 'cus', cardId: good.id, plan: 'Monthly', coupon: null, idempotencyKey: 's1', now });
    expect(sub).toMatchObject({ plan: 'Monthly', status: 'active', cancelAtPeriodEnd: false });
    expect(sub.currentPeriodEnd.toISOString()).toBe('2027-04-10T12:00:00.000Z');

    const later = await processor.addCard('cus', processor.tokenize(entry(TEST_CARDS.declinesLater), now), 'b');
    await expect(
      processor.createSubscription({ customerId: 'cus', cardId: later.id, plan: 'Yearly2020', coupon: null, idempotencyKey: 's2', now }),
    ).rejects.toMatchObject({ kind: 'declined' });
    const free = await processor.findCoupon('FREE100');
    const freeSub = await processor.createSubscription({ customerId: 'cus', cardId: later.id, plan: 'Yearly2020', coupon: free, idempotencyKey: 's3', now });
    expect(freeSub.currentPeriodEnd.toISOString()).toBe('2028-03-10T12:00:00.000Z');
  });

  it('renews by the clock: a paid period moves on, a refused card goes past due and then ends, a cancelled one ends', async () => {
    const good = await processor.addCard('cus', processor.tokenize(entry(TEST_CARDS.succeeds), now), 'a');
    const bad = await processor.addCard('cus', processor.tokenize(entry(TEST_CARDS.declinesLater), now), 'b');
    const sub = await processor.createSubscription({ customerId: 'cus', cardId: good.id, plan: 'Monthly', coupon: null, idempotencyKey: 's', now });
    const at = new Date(sub.currentPeriodEnd.getTime() + 1000);

    const renewed = await processor.renew({ current: sub, cardId: good.id, amount: 499, idempotencyKey: 'r', now: at });
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed.currentPeriodEnd.toISOString()).toBe('2027-05-10T12:00:00.000Z');

    expect(await processor.renew({ current: sub, cardId: bad.id, amount: 499, idempotencyKey: 'r', now: at })).toMatchObject({ status: 'past_due' });
    const weeksLater = new Date(sub.currentPeriodEnd.getTime() + 15 * 86_400_000);
    expect(await processor.renew({ current: sub, cardId: bad.id, amount: 499, idempotencyKey: 'r', now: weeksLater })).toMatchObject({ status: 'canceled' });

    const cancelled = await processor.cancelSubscription(sub);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(await processor.renew({ current: cancelled, cardId: good.id, amount: 499, idempotencyKey: 'r', now: at })).toMatchObject({ status: 'canceled' });
    expect(await processor.renew({ current: sub, cardId: good.id, amount: 499, idempotencyKey: 'r', now })).toBe(sub);
  });

  it('reads Stripe-signed webhooks and refuses a forged or missing signature', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'customer.subscription.deleted',
      created: 1_800_000_000,
      data: { object: { id: 'sub_test_1', customer: 'cus', status: 'canceled', cancel_at_period_end: false, items: { data: [{ price: { id: 'Monthly' }, current_period_end: 1_800_000_100 }] } } },
    });
    expect(processor.parseWebhook(body, signed(body))).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.deleted',
      createdAt: new Date(1_800_000_000_000),
      change: { subscriptionId: 'sub_test_1', status: 'canceled', plan: 'Monthly', currentPeriodEnd: new Date(1_800_000_100_000), cancelAtPeriodEnd: false },
    });
    expect(() => processor.parseWebhook(body, signed(body, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(body.replace('canceled', 'active'), signed(body))).toThrow(WebhookSignatureError);
    expect(() => processor.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});
