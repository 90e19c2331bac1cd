import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tightlines/core/messages';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { addTestCard, moveClock, newAccount, registerUser, runRenewalsNow, testCardToken } from '@tightlines/testkit/fixtures';
import { TEST_WEBHOOK_SECRET } from '../src/providers/payments/test-processor';

const DECLINED = '4000000000000002';
const DECLINES_LATER = '4000000000000341';
const POINT = { lat: 46.41, lng: -94.35 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_COUPONS: 'FREE100:100,HALF:50', CASH_REGISTRATION_PASSWORD: 'cash-admin-secret' });
});
afterAll(() => t.close());

type Member = { token: string; _id: string };
/** Sessions expire, so after the clock moves a month a member signs in again. */
async function signInAgain(user: { email: string; password: string }): Promise<Member> {
  const res = await post('/api/user/login', null, { email: user.email, password: user.password });
  return res.json() as Member;
}
const post = (url: string, user: Member | null, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers, ...(user && { token: user.token }) });
const get = (url: string, user: Member) => t.request({ method: 'GET', url, token: user.token });
const status = async (user: Member) => (await get('/api/user/has-subscription', user)).json() as { status: string; premium: boolean };
const overview = async (user: Member) => (await get('/api/billing/overview', user)).json();
const subscribe = (user: Member, subscription: object, key?: string) =>
  post('/api/billing/subscribe/update', user, { subscription }, key ? { 'idempotency-key': key } : {});

describe('plans and coupons, for visitors too', () => {
  it('lists the two plans in cents and answers a known code, 404 for an unknown one', async () => {
    const plans = await t.request({ method: 'GET', url: '/api/billing/plans' });
    expect(plans.json().data).toEqual([
      { id: 'Monthly', name: 'Monthly', amount: 499, interval: 'month', nickname: 'Monthly', trial_period_days: null },
      { id: 'Yearly2020', name: 'Yearly', amount: 3000, interval: 'year', nickname: 'Yearly', trial_period_days: null },
    ]);
    expect((await post('/api/billing/get-coupon', null, { coupon: 'free100' })).json()).toEqual({ percent_off: 100, code: 'FREE100', statusCode: 200 });
    const unknown = await post('/api/billing/get-coupon', null, { coupon: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(messages.promoInvalid);
  });
});

describe('cards', () => {
  it('adds, lists (also by the user token t for the mobile checkout) and deletes; never the number', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    const list = await post('/api/billing/cards', null, { t: user.token });
    expect(list.json().data).toEqual([{ id: cardId, brand: 'Visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) }]);
    expect(list.body).not.toContain('424242424242');
    expect((await post('/api/billing/cards', null, {})).statusCode).toBe(401);
    expect((await post('/api/billing/cards', null, { t: 'not-a-token' })).statusCode).toBe(401);

    const stranger = await registerUser(t);
    expect((await post('/api/billing/delete-card', stranger, { cardId })).statusCode).toBe(404);
    expect((await post('/api/billing/delete-card', user, { cardId })).json()).toEqual({ id: cardId });
    expect((await post('/api/billing/cards', user, {})).json().data).toEqual([]);
  });

  it('refuses a bad entry and a declined card with the seed sentences', async () => {
    const user = await registerUser(t);
    const bad = await post('/api/billing/add-card', user, { token: 'tok_made_up' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(messages.cardInvalid);
    expect((await post('/api/billing/add-card', user, {})).json().error).toBe(messages.cardInvalid);
    const declined = await post('/api/billing/add-card', user, { token: await testCardToken(t, DECLINED) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: messages.cardError, errors: { card: { type: 'Your card was declined.' } } });
    const mistyped = await post('/api/billing/test/token', null, { number: '4242424242424241', exp_month: 1, exp_year: 2040, cvc: '123' });
    expect(mistyped.statusCode).toBe(400);
  });
});

describe('subscribing', () => {
  it('needs a card on record, then makes the member premium: the sixth log of the month is accepted', async () => {
    const user = await registerUser(t);
    const none = await subscribe(user, { plan: 'Monthly' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(messages.cardRequired);

    for (let i = 0; i < 5; i += 1) await post('/api/logs/create', user, { type: 'Catch', location: POINT });
    expect((await post('/api/logs/create', user, { type: 'Catch', location: POINT })).json().error).toBe(messages.allowanceExceeded);

    const cardId = await addTestCard(t, user);
    const res = await subscribe(user, { plan: 'Monthly', card: cardId });
    expect(res.statusCode).toBe(200);
    const stripe = res.json();
    expect(stripe).toMatchObject({ id: expect.stringMatching(/^cus_test_/), subscriptionId: expect.stringMatching(/^sub_test_/), plan: 'Monthly', status: 'active' });
    expect(stripe.current_period_end).toBeGreaterThan(t.clock.now().getTime() / 1000 + 27 * 86_400);
    expect(await status(user)).toMatchObject({ status: 'active', premium: true });
    expect((await post('/api/logs/create', user, { type: 'Catch', location: POINT })).statusCode).toBe(201);

    const full = (await get('/api/user/full', user)).json();
    expect(full).toMatchObject({ premiumMember: true, stripe: { id: stripe.id, subscriptionId: stripe.subscriptionId } });
    const view = await overview(user);
    expect(view.receipts).toEqual([expect.objectContaining({ amount: 499 })]);
    expect((await get(`/api/billing/subscription/${stripe.subscriptionId}`, user)).json()).toMatchObject({
      id: stripe.subscriptionId,
      plan: { id: 'Monthly', amount: 499 },
      status: 'active',
    });
  });

  it('with a 100 % code charges nothing; an unknown code is refused before anything happens', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    const wrong = await subscribe(user, { plan: 'Yearly2020', card: cardId, coupon: 'NOPE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: messages.promoInvalid, errors: { coupon: { type: messages.promoInvalid } } });
    expect((await status(user)).premium).toBe(false);

    const free = await subscribe(user, { plan: 'Yearly2020', card: cardId, coupon: 'FREE100' });
    expect(free.json()).toMatchObject({ plan: 'Yearly2020', status: 'active' });
    expect((await overview(user)).receipts).toEqual([]);
    expect((await status(user)).premium).toBe(true);
  });

  it('a declined card leaves no subscription, no receipt and the same allowance', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user, DECLINES_LATER);
    const res = await subscribe(user, { plan: 'Monthly', card: cardId });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: messages.cardError, errors: { card: { type: 'Your card was declined.' } } });
    expect(await status(user)).toMatchObject({ status: 'none', premium: false });
    const view = await overview(user);
    expect(view).toMatchObject({ subscription: null, receipts: [], stripe: { subscriptionId: null } });
    expect((await get('/api/logs/can-create', user)).json()).toMatchObject({ limit: 5, premium: false });
  });

  it('a double submit makes one subscription and one charge', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    const answers = await Promise.all([
      subscribe(user, { plan: 'Monthly', card: cardId }, 'double-submit-1'),
      subscribe(user, { plan: 'Monthly', card: cardId }, 'double-submit-1'),
    ]);
    expect(answers.map((a) => a.statusCode)).toContain(200);
    expect((await overview(user)).receipts).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().subscriptionId)).size).toBe(1);
  });

  it('switches Monthly to Yearly with a selected card, and refuses an update without one', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    await subscribe(user, { plan: 'Monthly', card: cardId });
    const noCard = await subscribe(user, { plan: 'Yearly2020' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error).toBe(messages.cardNotSelected);
    const switched = await subscribe(user, { plan: 'Yearly2020', card: cardId });
    expect(switched.json()).toMatchObject({ plan: 'Yearly2020', status: 'active' });
    expect(switched.json().current_period_end).toBeGreaterThan(t.clock.now().getTime() / 1000 + 360 * 86_400);
    expect((await status(user)).premium).toBe(true);
  });

  it('Delete keeps premium until the period ends, says the date, then premium ends', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    const { subscriptionId, current_period_end: end } = (await subscribe(user, { plan: 'Monthly', card: cardId })).json();
    expect((await post('/api/billing/delete-card', user, { cardId })).statusCode).toBe(409);

    const stranger = await registerUser(t);
    expect((await get(`/api/billing/subscription/${subscriptionId}`, stranger)).statusCode).toBe(404);
    expect((await post('/api/billing/subscribe/end', stranger, { subscription: subscriptionId })).statusCode).toBe(404);

    const ended = await post('/api/billing/subscribe/end', user, { subscription: subscriptionId });
    const date = new Date(end * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(ended.json().message).toContain(date);
    expect(ended.json().stripe).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect((await status(user)).premium).toBe(true);

    moveClock(t, (end + 60) * 1000 - t.clock.now().getTime());
    await runRenewalsNow(t);
    const later = await signInAgain(user);
    expect(await status(later)).toMatchObject({ status: 'none', premium: false });
    expect((await overview(later)).stripe).toMatchObject({ status: 'canceled' });
    expect((await overview(later)).receipts).toHaveLength(1);
  });

  it('renews by the clock, and a card that fails at renewal ends premium with the period', async () => {
    const payer = await registerUser(t);
    await subscribe(payer, { plan: 'Monthly', card: await addTestCard(t, payer) });
    // Starts on a good card, then moves renewals to one that is refused.
    const failing = await registerUser(t);
    const good = await addTestCard(t, failing);
    const bad = await addTestCard(t, failing, DECLINES_LATER);
    await subscribe(failing, { plan: 'Monthly', card: good });
    await subscribe(failing, { plan: 'Monthly', card: bad });

    const end = (await overview(payer)).stripe.current_period_end as number;
    moveClock(t, (end + 60) * 1000 - t.clock.now().getTime());
    await runRenewalsNow(t);
    const [payerLater, failingLater] = [await signInAgain(payer), await signInAgain(failing)];
    expect((await overview(payerLater)).stripe.current_period_end).toBeGreaterThan(end + 27 * 86_400);
    expect((await overview(payerLater)).receipts).toHaveLength(2);
    expect(await status(payerLater)).toMatchObject({ premium: true });
    expect((await overview(failingLater)).stripe).toMatchObject({ status: 'past_due' });
    expect((await status(failingLater)).premium).toBe(false);
    await runRenewalsNow(t);
    expect((await overview(payerLater)).receipts).toHaveLength(2);
  });
});

describe('one-off charges', () => {
  it('charge once per Idempotency-Key, only to the payer’s own card, with t for the mobile checkout', async () => {
    const user = await registerUser(t);
    const cardId = await addTestCard(t, user);
    const body = { card: cardId, description: 'Event entry', cost: 2500, t: user.token };
    const first = await post('/api/billing/charge', null, body, { 'idempotency-key': 'charge-key-0001' });
    const again = await post('/api/billing/charge', null, body, { 'idempotency-key': 'charge-key-0001' });
    expect(first.json()).toEqual({ result: { id: expect.stringMatching(/^ch_test_/), amount: 2500, status: 'succeeded' } });
    expect(again.json()).toEqual(first.json());
    expect((await overview(user)).receipts).toHaveLength(1);

    const stranger = await registerUser(t);
    const theirs = await post('/api/billing/charge', stranger, { card: cardId, description: 'x', cost: 2500 });
    expect(theirs.statusCode).toBe(400);
    expect((await post('/api/billing/charge', null, { card: cardId, description: 'x', cost: 2500 })).statusCode).toBe(401);
    expect((await post('/api/billing/charge', user, { card: cardId, description: 'x', cost: 12.5 })).statusCode).toBe(400);

    const declinedCard = await addTestCard(t, user, DECLINES_LATER);
    const declined = await post('/api/billing/charge', user, { card: declinedCard, description: 'x', cost: 2500 });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe(messages.cardError);
  });
});

describe('registration with a plan', () => {
  it('creates the account, the card and the subscription together', async () => {
    const account = newAccount();
    const res = await post('/api/user/register', null, { ...account, plan: 'Monthly', paymentToken: await testCardToken(t) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ premiumMember: true, stripe: { id: expect.any(String), subscriptionId: expect.any(String) } });
    const login = await post('/api/user/login', null, { email: account.email, password: account.password });
    expect(login.json().stripe.subscriptionId).toBe(res.json().stripe.subscriptionId);
  });

  it('a declined card creates no account', async () => {
    const account = newAccount();
    const res = await post('/api/user/register', null, { ...account, plan: 'Yearly2020', paymentToken: await testCardToken(t, DECLINES_LATER) });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe(messages.cardError);
    expect((await post('/api/user/exists', null, { email: account.email })).json()).toEqual({ exists: false });
    const wrongCode = await post('/api/user/register', null, { ...account, plan: 'Monthly', coupon: 'NOPE', paymentToken: await testCardToken(t) });
    expect(wrongCode.json().error).toBe(messages.promoInvalid);
    expect((await post('/api/user/exists', null, { email: account.email })).json()).toEqual({ exists: false });
  });

  it('the cash variant needs the admin password from the settings', async () => {
    const account = newAccount();
    const wrong = await post('/api/user/register', null, { ...account, admin: 'guess' });
    expect(wrong.statusCode).toBe(403);
    const ok = await post('/api/user/register', null, { ...account, admin: 'cash-admin-secret' });
    expect(ok.statusCode).toBe(200);
    expect(await overview(ok.json())).toMatchObject({ paysCash: true, subscription: null });

    const unset = await createTestApp();
    try {
      const refused = await unset.request({ method: 'POST', url: '/api/user/register', payload: { ...newAccount(), admin: 'anything' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('Cash registration is not available on this server.');
    } finally {
      await unset.close();
    }
  });
});

describe('webhooks', () => {
  function deliver(event: object, secret = TEST_WEBHOOK_SECRET) {
    const body = JSON.stringify(event);
    const stamp = Math.floor(Date.now() / 1000);
    const signature = `t=${stamp},v1=${createHmac('sha256', secret).update(`${stamp}.${body}`).digest('hex')}`;
    return t.request({ method: 'POST', url: '/api/billing/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  }
  const subscriptionEvent = (id: string, type: string, subscriptionId: string, status: string, created: number) => ({
    id,
    type,
    created,
    data: { object: { id: subscriptionId, customer: 'cus', status, cancel_at_period_end: false, items: { data: [{ price: { id: 'Monthly' }, current_period_end: created + 30 * 86_400 }] } } },
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const user = await registerUser(t);
    const { subscriptionId } = (await subscribe(user, { plan: 'Monthly', card: await addTestCard(t, user) })).json();
    const forged = await deliver(subscriptionEvent('evt_forged', 'customer.subscription.deleted', subscriptionId, 'canceled', 2_000_000_000), 'whsec_guess');
    expect(forged.statusCode).toBe(400);
    expect((await status(user)).premium).toBe(true);
    const unsigned = await t.request({ method: 'POST', url: '/api/billing/webhook', payload: { id: 'evt_x', type: 'invoice.paid' } });
    expect(unsigned.statusCode).toBe(400);
  });

  it('applies an event once, and an older event cannot revive a cancelled subscription', async () => {
    const user = await registerUser(t);
    const { subscriptionId } = (await subscribe(user, { plan: 'Monthly', card: await addTestCard(t, user) })).json();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const deleted = subscriptionEvent('evt_deleted_1', 'customer.subscription.deleted', subscriptionId, 'canceled', now + 10);
    expect((await deliver(deleted)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(deleted)).json()).toEqual({ received: true, duplicate: true });
    expect((await status(user)).premium).toBe(false);

    const paid = {
      id: 'evt_paid_late',
      type: 'invoice.paid',
      created: now + 5,
      data: { object: { id: 'in_late', subscription: subscriptionId, amount_paid: 499, lines: { data: [{ period: { end: now + 40 * 86_400 } }] } } },
    };
    expect((await deliver(paid)).statusCode).toBe(200);
    const revived = subscriptionEvent('evt_updated_later', 'customer.subscription.updated', subscriptionId, 'active', now + 20);
    expect((await deliver(revived)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ status: 'none', premium: false });
  });

  it('a replayed invoice.paid extends the period and keeps one receipt', async () => {
    const user = await registerUser(t);
    const { subscriptionId, current_period_end: end } = (await subscribe(user, { plan: 'Monthly', card: await addTestCard(t, user) })).json();
    const later = Math.floor(t.clock.now().getTime() / 1000) + 60;
    const paid = {
      id: 'evt_paid_replayed',
      type: 'invoice.paid',
      created: later,
      data: { object: { id: 'in_renewal_1', subscription: subscriptionId, amount_paid: 499, lines: { data: [{ period: { end: end + 31 * 86_400 } }] } } },
    };
    await deliver(paid);
    await deliver(paid);
    const view = await overview(user);
    expect(view.stripe.current_period_end).toBe(end + 31 * 86_400);
    expect(view.receipts).toHaveLength(2);
  });
});
