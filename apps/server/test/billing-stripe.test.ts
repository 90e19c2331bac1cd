import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tightlines/core/messages';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { startFakeStripe, type FakeStripe } from '@tightlines/testkit/stripe';

let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripe.env);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Member = { token: string };
const post = (url: string, user: Member | null, payload: object) => t.request({ method: 'POST', url, payload, ...(user && { token: user.token }) });
const status = async (user: Member) => (await t.request({ method: 'GET', url: '/api/user/has-subscription', token: user.token })).json();

function deliver(type: string, object: object, options: { id: string; created: number; secret?: string }) {
  const { body, signature } = stripe.signedEvent(type, object, options);
  return t.request({ method: 'POST', url: '/api/billing/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

describe('billing on Stripe (a loopback Stripe)', () => {
  it('has no test tokeniser, and subscribes through Stripe with the card token from Elements', async () => {
    expect((await post('/api/billing/test/token', null, { number: '4242424242424242', exp_month: 1, exp_year: 2040, cvc: '123' })).statusCode).toBe(404);
    const user = await registerUser(t);
    const card = (await post('/api/billing/add-card', user, { token: 'tok_visa' })).json();
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242' });
    const res = await post('/api/billing/subscribe/update', user, { subscription: { plan: 'Monthly', card: card.id, coupon: 'HALFOFF' } });
    expect(res.json()).toMatchObject({ id: expect.stringMatching(/^cus_/), subscriptionId: expect.stringMatching(/^sub_/), plan: 'Monthly', status: 'active' });
    expect(await status(user)).toMatchObject({ premium: true });
    const sent = stripe.requests.filter((r) => r.method === 'POST' && r.url === '/v1/subscriptions').at(-1);
    expect(new URLSearchParams(sent?.body).get('discounts[0][promotion_code]')).toBe('promo_HALFOFF');
  });

  it('a declined card at Stripe leaves nothing here', async () => {
    const user = await registerUser(t);
    const declined = await post('/api/billing/add-card', user, { token: 'tok_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe(messages.cardError);
    const card = (await post('/api/billing/add-card', user, { token: 'tok_chargeCustomerFail' })).json();
    const res = await post('/api/billing/subscribe/update', user, { subscription: { plan: 'Monthly', card: card.id } });
    expect(res.statusCode).toBe(402);
    expect(await status(user)).toMatchObject({ status: 'none', premium: false });
  });

  it('applies a replayed customer.subscription.deleted once and refuses a bad signature with 400', async () => {
    const user = await registerUser(t);
    const card = (await post('/api/billing/add-card', user, { token: 'tok_visa' })).json();
    const { subscriptionId } = (await post('/api/billing/subscribe/update', user, { subscription: { plan: 'Yearly2020', card: card.id } })).json();
    const sub = stripe.subscriptions.get(subscriptionId);
    const created = Math.floor(t.clock.now().getTime() / 1000) + 5;

    const forged = await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' }, { id: 'evt_forged', created, secret: 'whsec_nope' });
    expect(forged.statusCode).toBe(400);
    expect((await status(user)).premium).toBe(true);

    const first = await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' }, { id: 'evt_del', created });
    const replay = await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' }, { id: 'evt_del', created });
    expect([first.json(), replay.json()]).toEqual([{ received: true, duplicate: false }, { received: true, duplicate: true }]);
    expect((await status(user)).premium).toBe(false);
  });

  it('a replayed invoice.paid moves the period on once and keeps one receipt', async () => {
    const user = await registerUser(t);
    const card = (await post('/api/billing/add-card', user, { token: 'tok_visa' })).json();
    const { subscriptionId, current_period_end: end } = (await post('/api/billing/subscribe/update', user, { subscription: { plan: 'Monthly', card: card.id } })).json();
    const invoice = {
      id: 'in_renewal',
      object: 'invoice',
      status: 'paid',
      amount_paid: 499,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { start: end, end: end + 30 * 86_400 } }] },
    };
    const created = Math.floor(t.clock.now().getTime() / 1000) + 5;
    await deliver('invoice.paid', invoice, { id: 'evt_paid', created });
    await deliver('invoice.paid', invoice, { id: 'evt_paid', created });
    const view = (await t.request({ method: 'GET', url: '/api/billing/overview', token: user.token })).json();
    expect(view.stripe.current_period_end).toBe(end + 30 * 86_400);
    expect(view.receipts.filter((r: { id: string }) => r.id === 'in_renewal')).toHaveLength(1);
  });
});
