// Entry fees paid into the organiser's Stripe connected account (a destination charge on the
// platform's Stripe), and the account an event names must be one its organiser onboarded.
import { eventMessages } from '@tightlines/core/events/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeStripe, type FakeStripe } from '@tightlines/testkit/stripe';
import { paymentMessages } from '../src/modules/events/event-payments';

let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, EVENT_KEY_SECRET: 'a-test-secret-of-at-least-thirty-two-chars' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const DAY = 86_400_000;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });
const get = (url: string, user: Member) => t.request({ method: 'GET', url, token: user.token });

function tournament(changes: Record<string, unknown> = {}) {
  return {
    name: `Leech Lake Open ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 40,
    state: 'MN',
    species: ['Walleye'],
    keyType: 'None',
    dateStart: at(DAY),
    dateEnd: at(3 * DAY),
    tz: 'America/Chicago',
    hoursInDay: 8,
    lakes: [{ name: 'Leech Lake', location: { lat: 47.15, lng: -94.4 } }],
    paymentProcessor: 'Stripe',
    ...changes,
  };
}

/** The member's Connect onboarding as Stripe's hosted page finishes it; resolves with the account id. */
async function onboard(member: Member, finish = true): Promise<string> {
  expect((await get('/api/billing/connect-stripe', member)).statusCode).toBe(200);
  const account = [...stripe.accounts.values()].find((a) => a.email === member.email)!;
  if (finish) Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
  await get('/api/billing/connect-stripe/status', member);
  return account.id;
}

const intents = () => stripe.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents');
const lastIntent = () => new URLSearchParams(intents().at(-1)?.body);

describe('entry fees into the organiser’s connected account', () => {
  it('registers an entrant with a destination charge to the organiser’s account, by saved card and by card token', async () => {
    const organiser = await registerUser(t);
    const account = await onboard(organiser);
    const created = await post('/api/fc/event', organiser, { ...tournament({ paymentProcessorKey: account }), card: 'tok_visa' });
    expect(created.statusCode, created.body).toBe(201);
    // The creation fee is ours: no destination.
    expect(lastIntent().get('amount')).toBe('2500');
    expect(lastIntent().get('transfer_data[destination]')).toBeNull();
    const eventId = (created.json() as { _id: string })._id;

    const angler = await registerUser(t);
    const card = await post('/api/billing/add-card', angler, { token: 'tok_visa' });
    expect(card.statusCode, card.body).toBe(200);
    const registered = await post(`/api/fc/event/register/${eventId}`, angler, { card: (card.json() as { id: string }).id });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(lastIntent().get('amount')).toBe('4000');
    expect(lastIntent().get('transfer_data[destination]')).toBe(account);

    const other = await registerUser(t);
    const paid = await post(`/api/billing/event/charge/${eventId}`, other, { token: 'tok_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(lastIntent().get('amount')).toBe('4000');
    expect(lastIntent().get('transfer_data[destination]')).toBe(account);
  });

  it('takes no card payment while the organiser’s onboarding is unfinished', async () => {
    const organiser = await registerUser(t);
    const account = await onboard(organiser, false);
    const created = await post('/api/fc/event', organiser, { ...tournament({ paymentProcessorKey: account }), card: 'tok_visa' });
    expect(created.statusCode, created.body).toBe(201);
    const before = intents().length;
    const angler = await registerUser(t);
    const paid = await post(`/api/billing/event/charge/${(created.json() as { _id: string })._id}`, angler, { token: 'tok_visa' });
    expect(paid.statusCode).toBe(503);
    expect(paid.json().error).toBe(paymentMessages.cardsOff);
    expect(intents()).toHaveLength(before);
  });
});

describe('an organiser cannot take another organiser’s connected account', () => {
  it('refuses a draft or an event naming an account the member’s own onboarding did not open', async () => {
    const victim = await registerUser(t);
    const victimAccount = await onboard(victim);
    const attacker = await registerUser(t);
    const ownAccount = await onboard(attacker);
    const before = intents().length;

    const draft = await post('/api/fc/event-draft', attacker, { ...tournament({ paymentProcessorKey: victimAccount }), step: 1 });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toBe(eventMessages.stripeAccountNotYours);
    const event = await post('/api/fc/event', attacker, { ...tournament({ paymentProcessorKey: victimAccount }), card: 'tok_visa' });
    expect(event.statusCode).toBe(400);
    expect(event.json().error).toBe(eventMessages.stripeAccountNotYours);
    // Nothing was charged for the refused creation.
    expect(intents()).toHaveLength(before);

    // A draft saved with the attacker's own account cannot be switched to the victim's either.
    const own = await post('/api/fc/event-draft', attacker, { ...tournament({ paymentProcessorKey: ownAccount }), step: 1 });
    expect(own.statusCode, own.body).toBe(200);
    const switched = await post('/api/fc/event-draft', attacker, { ...tournament({ paymentProcessorKey: victimAccount }), _id: own.json()._id, step: 1 });
    expect(switched.statusCode).toBe(400);
  });

  it('pays nobody when the stored account is not an owner’s (a key changed behind the wizard’s back)', async () => {
    const victim = await registerUser(t);
    const victimAccount = await onboard(victim);
    const attacker = await registerUser(t);
    const created = await post('/api/fc/event', attacker, { ...tournament({ paymentProcessorKey: await onboard(attacker) }), card: 'tok_visa' });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = (created.json() as { _id: string })._id;
    await t.database.db.execute(`update events set payment_processor_key = '${victimAccount}' where id = '${eventId}'` as never);

    const before = intents().length;
    const angler = await registerUser(t);
    const paid = await post(`/api/billing/event/charge/${eventId}`, angler, { token: 'tok_visa' });
    expect(paid.statusCode).toBe(503);
    const card = await post('/api/billing/add-card', angler, { token: 'tok_visa' });
    const registered = await post(`/api/fc/event/register/${eventId}`, angler, { card: (card.json() as { id: string }).id });
    expect(registered.statusCode).toBe(503);
    expect(intents()).toHaveLength(before);
  });
});
