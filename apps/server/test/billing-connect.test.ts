// Stripe Connect for organisers (GET api/billing/connect-stripe): the onboarding address, the
// account kept once per member, onboarding read back, and entry fees paid out to the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { addTestCard, registerUser } from '@tightlines/testkit/fixtures';
import { startFakeStripe, type FakeStripe } from '@tightlines/testkit/stripe';

type Member = { token: string; _id: string };
const get = (t: TestApp, url: string, user: Member | null) => t.request({ method: 'GET', url, ...(user && { token: user.token }) });
const post = (t: TestApp, url: string, user: Member | null, payload: object) =>
  t.request({ method: 'POST', url, payload, ...(user && { token: user.token }) });

describe('connect-stripe with the test processor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tightlines.example' });
  });
  afterAll(() => t.close());

  it('answers a local onboarding page, the same account on every call, and completes only the member’s own', async () => {
    expect((await get(t, '/api/billing/connect-stripe', null)).statusCode).toBe(401);
    const organiser = await registerUser(t);
    // Concurrent first calls race to store the account: every one answers the same one.
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(t, '/api/billing/connect-stripe', organiser)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const url = new URL(answers[0]!.json().url);
    expect(url.origin + url.pathname).toBe('https://tightlines.example/connect-stripe/test-onboarding');
    const account = url.searchParams.get('account')!;
    expect(account).toMatch(/^acct_test_/);
    for (const other of answers) expect(new URL(other.json().url).searchParams.get('account')).toBe(account);
    expect((await get(t, '/api/billing/connect-stripe/status', organiser)).json()).toEqual({
      accountId: account,
      onboarded: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    expect(await t.services.billing.payoutAccount(organiser._id)).toBeNull();

    // Another member cannot finish (or learn anything about) this organiser's onboarding.
    const stranger = await registerUser(t);
    await get(t, '/api/billing/connect-stripe', stranger);
    const stolen = await post(t, '/api/billing/connect-stripe/test-complete', stranger, { account });
    expect(stolen.statusCode).toBe(404);
    expect((await get(t, '/api/billing/connect-stripe/status', organiser)).json().onboarded).toBe(false);

    const done = await post(t, '/api/billing/connect-stripe/test-complete', organiser, { account });
    expect(done.json()).toEqual({ accountId: account, onboarded: true, chargesEnabled: true, payoutsEnabled: true });
    expect((await get(t, '/api/billing/connect-stripe/status', organiser)).json().payoutsEnabled).toBe(true);
    expect(await t.services.billing.payoutAccount(organiser._id)).toBe(account);
  });

  it('a charge paid out to the organiser goes through once per key', async () => {
    const organiser = await registerUser(t);
    const { url } = (await get(t, '/api/billing/connect-stripe', organiser)).json();
    const account = new URL(url).searchParams.get('account')!;
    await post(t, '/api/billing/connect-stripe/test-complete', organiser, { account });
    const entrant = await registerUser(t);
    const card = await addTestCard(t, entrant);
    const payTo = (await t.services.billing.payoutAccount(organiser._id))!;
    const charge = () =>
      t.services.billing.chargeOnce({
        userId: entrant._id,
        kind: 'event-entry',
        description: 'Entry fee',
        amount: 2500,
        source: { customerId: 'cus_test', cardId: card },
        idempotencyKey: `entry:${entrant._id}`,
        payTo,
      });
    const [a, b] = [await charge(), await charge()];
    expect(a).toEqual(b);
    await expect(
      t.services.billing.chargeOnce({
        userId: entrant._id,
        kind: 'event-entry',
        description: 'Entry fee',
        amount: 2500,
        source: { customerId: 'cus_test', cardId: card },
        idempotencyKey: `entry:bad:${entrant._id}`,
        payTo: 'acct_someone_else',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('connect-stripe on Stripe (a loopback Stripe)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ ...stripe.env, PUBLIC_URL: 'https://tightlines.example' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('creates one Express account, answers Stripe’s account link, and reads onboarding back', async () => {
    const organiser = await registerUser(t);
    const first = await get(t, '/api/billing/connect-stripe', organiser);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    await get(t, '/api/billing/connect-stripe', organiser);

    const created = stripe.requests.filter((r) => r.method === 'POST' && r.url === '/v1/accounts');
    expect(created).toHaveLength(1);
    const params = new URLSearchParams(created[0]!.body);
    expect(params.get('type')).toBe('express');
    expect(params.get('email')).toBe(organiser.email);
    expect(params.get('capabilities[transfers][requested]')).toBe('true');
    const links = stripe.requests.filter((r) => r.method === 'POST' && r.url === '/v1/account_links');
    expect(links).toHaveLength(2);
    const link = new URLSearchParams(links[0]!.body);
    expect(link.get('type')).toBe('account_onboarding');
    expect(link.get('return_url')).toBe('https://tightlines.example/connect-stripe?done=1');
    expect(link.get('refresh_url')).toBe('https://tightlines.example/connect-stripe?refresh=1');

    // Stripe's hosted page is where onboarding completes; test mode's shortcut is not there.
    const accountId = link.get('account')!;
    expect((await post(t, '/api/billing/connect-stripe/test-complete', organiser, { account: accountId })).statusCode).toBe(404);
    expect((await get(t, '/api/billing/connect-stripe/status', organiser)).json()).toMatchObject({ accountId, onboarded: false });

    const account = stripe.accounts.get(accountId)!;
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    expect((await get(t, '/api/billing/connect-stripe/status', organiser)).json()).toEqual({
      accountId,
      onboarded: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    // Once payouts are enabled the stored answer is used and Stripe is not asked again.
    const reads = () => stripe.requests.filter((r) => r.method === 'GET' && r.url === `/v1/accounts/${accountId}`).length;
    const before = reads();
    await get(t, '/api/billing/connect-stripe/status', organiser);
    expect(reads()).toBe(before);
  });

  it('pays an entry fee out to the organiser’s account as a destination charge', async () => {
    const organiser = await registerUser(t);
    await get(t, '/api/billing/connect-stripe', organiser);
    const accountId = [...stripe.accounts.values()].find((a) => a.email === organiser.email)!.id;
    expect(await t.services.billing.payoutAccount(organiser._id)).toBeNull();
    Object.assign(stripe.accounts.get(accountId)!, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    await get(t, '/api/billing/connect-stripe/status', organiser);
    const payTo = await t.services.billing.payoutAccount(organiser._id);
    expect(payTo).toBe(accountId);

    await t.services.billing.chargeOnce({
      userId: null,
      kind: 'event-entry',
      description: 'Entry fee',
      amount: 4000,
      source: { token: 'tok_visa' },
      idempotencyKey: `entry:${accountId}`,
      payTo: payTo!,
    });
    const intent = stripe.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents').at(-1);
    expect(new URLSearchParams(intent?.body).get('transfer_data[destination]')).toBe(accountId);
  });
});
