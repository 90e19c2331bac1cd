import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MUSKIE_SETTINGS, muskieMessages as mm, muskieRegistration, type MuskieRegistration } from '@tightlines/core/events/muskie';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, testCardToken, type Member } from '@tightlines/testkit/fixtures';
import { startFakePayPal, type FakePayPal } from '@tightlines/testkit/paypal';
import { paymentMessages as pm } from '../src/modules/events/event-payments';
import { EventPaymentsRepo } from '../src/modules/events/event-payments-repo';
import { HttpError } from '../src/lib/errors';

let t: TestApp;
let paypal: FakePayPal;
beforeAll(async () => {
  paypal = await startFakePayPal();
  t = await createTestApp({
    EVENT_KEY_SECRET: 'a-test-secret-of-at-least-thirty-two-chars',
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_SECRET: paypal.secret,
    PAYPAL_SANDBOX_URL: paypal.url,
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const DAY = 86_400_000;
const CARD = 'tok_test_4242_visa_12_2034';
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const post = (url: string, user: { token: string } | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });

let n = 0;
/** A created tournament (free to create: no entry cost on the event itself), paid through PayPal or a card. */
async function createEvent(owner: Member, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/api/fc/event', owner, {
    name: `Muskie Classic ${(n += 1)} ${Math.random().toString(36).slice(2, 6)}`,
    type: 'Tournament',
    format: 'Biggest Fish',
    size: '12',
    cost: 0,
    state: 'WI',
    species: ['Musky'],
    keyType: 'None',
    dateStart: inDays(20),
    dateEnd: inDays(22),
    tz: 'America/Chicago',
    lakes: [{ name: 'Chippewa Flowage', location: { lat: 45.95, lng: -91.2 } }],
    paymentProcessor: 'PayPal',
    paymentProcessorKey: 'chapter@example.com',
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

async function muskieEvent(owner: Member, parkingSpots = 3, changes: Record<string, unknown> = {}): Promise<string> {
  const id = await createEvent(owner, changes);
  const settings = {
    ...DEFAULT_MUSKIE_SETTINGS,
    parking: [
      { zone: 10, name: 'Springstead landing', spots: parkingSpots },
      { zone: 9, name: 'Herman’s Landing lot', spots: 25 },
    ],
  };
  const res = await post(`/api/fc/event/form-settings/${id}`, owner, { paypalMode: 'sandbox', muskie: settings });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

let who = 0;
/** The seed's registration payload for a new angler, complete and valid. */
function registration(changes: { type?: number; addons?: Record<string, unknown>; parking?: string; zone?: number } = {}): MuskieRegistration {
  who += 1;
  const id = `musk${process.pid}x${who}`;
  return muskieRegistration.parse({
    type: changes.type ?? 110,
    typeFriendly: 'Adult 3-Day',
    zone: changes.zone ?? 3,
    agreements: { terms: true, rules: true },
    user: {
      email: `${id}@example.com`,
      username: id,
      password: 'correct horse 42',
      name: `Angler ${who}`,
      phone: '715-555-0101',
      pickupLocation: changes.type === 100 || changes.type === 30 || changes.type === 180 ? 'Mercer visitor center' : 'Hayward chapter hall',
      gender: 'Female',
      boat: { ownershipStatus: 'Owns the boat', boatCompliance: 'My boat will arrive clean, drained and dry' },
      addons: changes.addons ?? {},
      ...(changes.parking && { parking: changes.parking }),
      address: '12 Lake Rd',
      address2: 'Hayward',
      address3: 'WI',
      address4: '54843',
    },
  });
}

const service = () => t.services.entryPayments;
/** The caller as the auth plugin resolves it from a member's token. */
const principal = (m: Member) => ({ userId: m._id, username: m.username, email: m.email, sessionId: 's', premium: false, demo: false, scope: 'web' as const });
const requestKey = () => `key-${Math.random().toString(36).slice(2)}`;

/** Creates and approves a PayPal order for the registration, as the form and PayPal's window do. */
async function approvedOrder(eventId: string, r: MuskieRegistration, value = '1.00'): Promise<string> {
  const res = await post('/api/payments/pp/order', null, {
    clientId: 'whatever-the-browser-says',
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value } }],
    eventId,
    registration: r,
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json() as { id: string };
  paypal.approve(order.id);
  return order.id;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, error: error.message };
    },
  );

async function entries(eventId: string) {
  const rows = await t.database.db.execute(
    `select e.id, e.user_id, e.parent_id, e.tournament_id, e.division, e.custom_fields from event_entries e where e.event_id = '${eventId}' order by e.created_at`,
  );
  return (rows as unknown as { rows: Array<Record<string, unknown>> }).rows ?? (rows as unknown as Array<Record<string, unknown>>);
}

async function payments(eventId: string) {
  const rows = await t.database.db.execute(`select provider, status, amount_cents from event_payments where event_id = '${eventId}'`);
  return (rows as unknown as { rows: Array<{ provider: string; status: string; amount_cents: number }> }).rows ?? [];
}

describe('the muskie form’s settings and view', () => {
  it('shows the zones, parking spots left, pickup lists and PayPal in the event’s mode; only owners change them', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner, 4);
    const view = await t.request({ method: 'GET', url: `/api/fc/event/muskie/${id}` });
    expect(view.statusCode, view.body).toBe(200);
    const form = view.json();
    expect(form.settings.zones).toHaveLength(10);
    expect(form.settings.pickupStandard).toHaveLength(5);
    expect(form.settings.pickupAlternate).toHaveLength(4);
    expect(form.parking[0]).toEqual({ zone: 10, name: 'Springstead landing', spots: 4, left: 4 });
    expect(form.payment).toEqual({ kind: 'paypal', mode: 'sandbox', clientId: paypal.clientId });
    expect(form.types.map((x: { code: number }) => x.code)).toEqual([110, 40, 200, 100, 30, 180]);
    expect((await t.request({ method: 'GET', url: '/api/fc/event/muskie' })).json()._id).toBeTruthy();

    const stranger = await registerUser(t);
    const refused = await post(`/api/fc/event/form-settings/${id}`, stranger, { paypalMode: 'live', muskie: DEFAULT_MUSKIE_SETTINGS });
    expect(refused.statusCode).toBe(404);
  });
});

describe('totals and validation on the server', () => {
  it('orders the price plus add-ons (never the browser’s value, never the raffle)', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration({ type: 200, addons: { shirt: 2, shirt2: 1, shirtSizes: ['Large', 'XL', '2XL'], hat: 1, bumpboard: 1, raffle: 4, raffleAdult: true } });
    const orderId = await approvedOrder(id, r, '0.01');
    expect(paypal.orders.get(orderId)!.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '365.00' });
    const done = await service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() });
    expect(done).toMatchObject({ message: mm.success, totalPaid: 365, raffleDueAtPickup: 80, tournamentId: '1' });
    expect(done.token).toBeTruthy();
    const [entry] = await entries(id);
    expect(entry).toMatchObject({ division: 'Adult', tournament_id: '1' });
    expect(entry!.custom_fields).toMatchObject({ totalPaid: 365, priceValue: 200, type: 'Family 3-Day', addOns: { shirt: 2, shirt2: 1, raffle: 4, hat: 1, bumpboard: 1 } });
  });

  it('answers 400 naming the first failing rule, in the seed’s order, before any payment', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const blanks: Array<[(r: MuskieRegistration) => void, string]> = [
      [(r) => (r.user!.email = ''), mm.email],
      [(r) => delete r.type, mm.type],
      [(r) => (r.user!.name = ''), mm.name],
      [(r) => (r.user!.address3 = ''), mm.state],
      [(r) => (r.user!.phone = ''), mm.phone],
      [(r) => (r.user!.address = ''), mm.street],
      [(r) => (r.user!.address2 = ''), mm.city],
      [(r) => (r.user!.address4 = ''), mm.zip],
      [(r) => (r.user!.gender = ''), mm.gender],
      [(r) => delete r.zone, mm.zone],
      [(r) => (r.user!.boat = {}), mm.ais],
      [(r) => (r.user!.boat!.boatCompliance = ''), mm.aisCompliance],
      [(r) => (r.agreements = { rules: true }), mm.terms],
      [(r) => (r.agreements = { terms: true }), mm.rules],
      [(r) => (r.user!.pickupLocation = ''), mm.pickup],
      [(r) => (r.user!.addons = { shirt: 1, shirtSizes: [''] }), mm.shirtSizeBlank],
      [(r) => (r.user!.addons = { shirt: 1 }), mm.shirtSizeMissing],
    ];
    for (const [i, [blank, message]] of blanks.entries()) {
      const r = registration();
      blank(r);
      // A later rule broken too (the shipping address's zip; the shirts share one field): the earlier one is named.
      if (i < 7) blanks[7]![0](r);
      const refused = await failure(service().registerMuskie(null, id, { ...r, payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() }));
      expect(refused, `rule ${i + 1}`).toEqual({ status: 400, error: message });
    }
    expect(await payments(id)).toEqual([]);
    expect(await entries(id)).toEqual([]);
  });

  it('refuses a taken e-mail or username before taking money', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration();
    r.user!.email = owner.email;
    expect(await failure(service().registerMuskie(null, id, { ...r, payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 409,
      error: mm.emailTaken,
    });
    expect(await payments(id)).toEqual([]);
  });
});

describe('a payment is verified before anyone is registered', () => {
  it('refuses an order used once already, and one that does not match the entry', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration();
    const orderId = await approvedOrder(id, r);
    await service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() });
    const replay = registration();
    expect(await failure(service().registerMuskie(null, id, { ...replay, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 409,
      error: pm.orderUsed,
    });

    // Ordered for a plain entry, then a bumpboard added: the order no longer pays for it.
    const cheap = registration();
    const cheapOrder = await approvedOrder(id, cheap);
    cheap.user!.addons = { bumpboard: 1 };
    expect(await failure(service().registerMuskie(null, id, { ...cheap, payment: { type: 'PP', orderId: cheapOrder } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 400,
      error: pm.orderMismatch,
    });
    expect(paypal.orders.get(cheapOrder)!.status).toBe('APPROVED');
    expect(await entries(id)).toHaveLength(1);
  });

  it('waits for the buyer’s approval, and refuses an order made for another event', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const other = await muskieEvent(owner);
    const r = registration();
    const res = await post('/api/payments/pp/order', null, { eventId: id, registration: r });
    const orderId = res.json().id as string;
    expect(await failure(service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 402,
      error: pm.orderNotApproved,
    });
    paypal.approve(orderId);
    expect(await failure(service().registerMuskie(null, other, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 400,
      error: pm.orderUnknown,
    });
    // Still usable for its own event once approved.
    const done = await service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() });
    expect(done.totalPaid).toBe(110);
  });

  it('captures through pp/capture once, then lets one registration use it', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration({ addons: { hat: 2 } });
    const orderId = await approvedOrder(id, r);
    const captured = await post('/api/payments/pp/capture', null, { orderId, clientId: 'x' });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toEqual({ id: orderId, status: 'COMPLETED', amount: 150 });
    const done = await service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() });
    expect(done.totalPaid).toBe(150);
    expect((await post('/api/payments/pp/capture', null, { orderId })).statusCode).toBe(409);
  });

  it('refunds a payment whose registration fails, and says so', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration();
    const orderId = await approvedOrder(id, r);
    // The entry cannot be written (the database refuses it) after PayPal has taken the money.
    const spy = vi.spyOn(EventPaymentsRepo.prototype, 'insertEntry').mockRejectedValueOnce(new Error('disk full'));
    const refused = await failure(service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() }));
    spy.mockRestore();
    expect(refused).toEqual({ status: 409, error: pm.refunded('Something went wrong on our side.', '$110.00') });
    const capture = paypal.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!;
    expect(paypal.refunds.map((x) => x.captureId)).toContain(capture.id);
    expect(await payments(id)).toEqual([{ provider: 'paypal', status: 'refunded', amount_cents: 11_000 }]);
    // Nothing of the registration stays: no entry and no account.
    expect(await entries(id)).toEqual([]);
    expect((await t.request({ method: 'POST', url: '/api/user/exists', payload: { email: r.user!.email } })).json().exists).toBe(false);
  });

  it('says PayPal is not answering when it is down, and registers nobody', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const r = registration();
    const orderId = await approvedOrder(id, r);
    paypal.failNext('/v2/checkout/orders/');
    expect(await failure(service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() }))).toEqual({
      status: 503,
      error: 'PayPal is not answering. Please try again in a moment.',
    });
    // The order was released: paying again works.
    expect((await service().registerMuskie(null, id, { ...r, payment: { type: 'PP', orderId } }, { admin: false, requestKey: requestKey() })).totalPaid).toBe(110);
  });
});

describe('parking cannot be oversold', () => {
  it('gives 3 spots to exactly 3 of 20 concurrent paid submissions; the others pay nothing or are refunded', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner, 3);
    // One signed-in club secretary enters 20 anglers at once (second entries hang off the first),
    // so the race is on the parking row, not on password hashing.
    const secretary = await registerUser(t);
    await service().registerMuskie(principal(secretary), id, { ...registration(), payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        service().registerMuskie(principal(secretary), id, { ...registration({ zone: 10, parking: 'Springstead landing' }), payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() }),
      ),
    );
    const ok = results.filter((x) => x.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    for (const x of results) {
      if (x.status === 'rejected') {
        expect([mm.parkingFull, pm.refunded(mm.parkingFull, '$110.00')]).toContain((x.reason as Error).message);
      }
    }
    const form = (await t.request({ method: 'GET', url: `/api/fc/event/muskie/${id}` })).json();
    expect(form.parking[0].left).toBe(0);
    const paid = await payments(id);
    expect(paid.filter((p) => p.status === 'used')).toHaveLength(4);
    expect(paid.every((p) => p.status === 'used' || p.status === 'refunded')).toBe(true);
    const rows = await entries(id);
    expect(rows.filter((e) => (e.custom_fields as { parking: string }).parking === 'Springstead landing')).toHaveLength(3);
  });
});

describe('admin mode', () => {
  it('registers without payment, assigns a blank ID and keeps typed IDs unique; only owners', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const first = await service().registerMuskie(principal(owner), id, registration(), { admin: true, requestKey: requestKey() });
    expect(first).toMatchObject({ tournamentId: '1', totalPaid: 0, token: null });
    const typed = { ...registration(), id: '2' };
    expect((await service().registerMuskie(principal(owner), id, typed, { admin: true, requestKey: requestKey() })).tournamentId).toBe('2');
    expect(await failure(service().registerMuskie(principal(owner), id, { ...registration(), id: '2' }, { admin: true, requestKey: requestKey() }))).toEqual({ status: 409, error: mm.idTaken });
    // The next assigned ID skips the typed one.
    expect((await service().registerMuskie(principal(owner), id, registration(), { admin: true, requestKey: requestKey() })).tournamentId).toBe('3');
    const stranger = await registerUser(t);
    expect((await failure(service().registerMuskie(principal(stranger), id, registration(), { admin: true, requestKey: requestKey() }))).status).toBe(404);
    const rows = await entries(id);
    expect(rows.every((e) => (e.custom_fields as { administered: boolean }).administered)).toBe(true);
  });

  it('lets a signed-in adult register a junior as a second entry on the same account', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const adult = await registerUser(t);
    await service().registerMuskie(principal(adult), id, { ...registration(), payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() });
    const junior = registration({ type: 40 });
    junior.user!.adultSignature = 'Parent Name';
    const second = await service().registerMuskie(principal(adult), id, { ...junior, payment: { type: 'card', token: CARD } }, { admin: false, requestKey: requestKey() });
    expect(second.totalPaid).toBe(40);
    const [a, b] = await entries(id);
    expect(a).toMatchObject({ user_id: adult._id, parent_id: null, division: 'Adult' });
    expect(b).toMatchObject({ user_id: null, parent_id: a!.id, division: 'Junior' });
    const form = (await t.request({ method: 'GET', url: `/api/fc/event/muskie/${id}`, token: adult.token })).json();
    expect(form.viewer.entered).toBe(true);
  });
});

describe('paying a plain event’s entry fee', () => {
  async function paidEvent(owner: Member, changes: Record<string, unknown> = {}) {
    return createEvent(owner, { cost: 25, card: CARD, ...changes });
  }

  it('pp/pay checks the order with PayPal in the event’s mode, ignoring the browser’s mode and amount, once', async () => {
    const owner = await registerUser(t);
    const id = await paidEvent(owner);
    const member = await registerUser(t);
    const order = (await post('/api/payments/pp/order', member, { eventId: id, purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] })).json();
    expect(order.amount).toBe(25);
    paypal.approve(order.id);
    const paid = await post('/api/payments/pp/pay?mode=live', member, { clientId: 'x', orderId: order.id, eventId: id, amount: 1 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: pm.registered, amount: 25 });
    const again = await post('/api/payments/pp/pay', await registerUser(t), { orderId: order.id, eventId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(pm.orderUsed);
  });

  it('refuses a live event when no live PayPal app is configured', async () => {
    const owner = await registerUser(t);
    const id = await paidEvent(owner);
    await t.database.db.execute(`insert into event_form_settings (event_id, paypal_mode) values ('${id}', 'live')`);
    const res = await post('/api/payments/pp/order', owner, { eventId: id });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(pm.paypalOff);
  });

  it('the mobile checkout charges the card with the app’s token `t` and registers that user; a declined card registers nobody', async () => {
    const owner = await registerUser(t);
    const id = await paidEvent(owner, { paymentProcessor: 'Stripe', paymentProcessorKey: 'pk_test_club' });
    const member = await registerUser(t);
    const me = await t.request({ method: 'POST', url: `/api/user?t=${member.token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: member._id, username: member.username });
    expect((await t.request({ method: 'POST', url: '/api/user?t=nope' })).statusCode).toBe(401);

    const declined = await post(`/api/billing/event/charge/${id}`, null, { token: await testCardToken(t, '4000000000000002'), t: member.token });
    expect(declined.statusCode).toBe(402);
    const paid = await post(`/api/billing/event/charge/${id}`, null, { token: await testCardToken(t), t: member.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: pm.paid, amount: 25, eventId: id });
    const twice = await post(`/api/billing/event/charge/${id}`, null, { token: await testCardToken(t), t: member.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(pm.alreadyRegistered);
    expect((await post(`/api/billing/event/charge/${id}`, null, { token: CARD })).statusCode).toBe(401);
  });
});

describe('POST api/fc/event/register/{id} with the seed’s registration payload', () => {
  it('answers 400 {error} naming the first failing rule, then registers a visitor paying by test card', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner, 3, { paymentProcessor: 'Stripe', paymentProcessorKey: 'pk_test_club' });
    const r = registration({ type: 100, addons: { bumpboard: 1 } });
    const noZone = { ...r, zone: undefined, agreements: { terms: true } };
    const refused = await post(`/api/fc/event/register/${id}`, null, { ...noZone, payment: { type: 'card', token: CARD } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: mm.zone });

    const res = await post(`/api/fc/event/register/${id}`, null, { ...r, payment: { type: 'card', token: await testCardToken(t) } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.registration).toMatchObject({ message: mm.success, totalPaid: 180, tournamentId: '1' });
    // The form made the account and signed it in.
    const me = await t.request({ method: 'GET', url: '/api/user/simple', token: body.registration.token });
    expect(me.json().username).toBe(r.user!.username);
    // Self registration still needs a member.
    expect((await post(`/api/fc/event/register/${id}`, null, {})).statusCode).toBe(401);
  });
});

describe('POST api/fc/event/register/manual/{id} with the seed’s registration payload (the form’s admin mode)', () => {
  /** The payload as the admin form posts it: no account, no payment. */
  function adminPayload(changes: Parameters<typeof registration>[0] = {}) {
    const r = registration(changes);
    const { username: _username, password: _password, ...user } = r.user!;
    return { ...r, user };
  }

  it('registers for owners and co-owners without payment or account, assigning a blank ID and keeping typed ones unique', async () => {
    const owner = await registerUser(t);
    const coOwner = await registerUser(t);
    const id = await muskieEvent(owner);
    const owners = await post(`/api/fc/event/edit-owners/${id}`, owner, { owners: [{ email: owner.email }, { email: coOwner.email }] });
    expect(owners.statusCode, owners.body).toBe(200);

    const first = adminPayload({ addons: { hat: 1 } });
    const res = await post(`/api/fc/event/register/manual/${id}`, owner, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().registration).toMatchObject({ message: mm.success, tournamentId: '1', totalPaid: 0, token: null });
    const typed = await post(`/api/fc/event/register/manual/${id}`, coOwner, { ...adminPayload({ type: 40 }), id: '77' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().registration.tournamentId).toBe('77');
    const again = await post(`/api/fc/event/register/manual/${id}`, owner, { ...adminPayload(), id: '77' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: mm.idTaken });

    const board = (await t.request({ method: 'GET', url: `/api/fc/event/dashboard/${id}`, token: owner.token })).json();
    const added = board.entries.find((e: { email: string }) => e.email === first.user.email!.toLowerCase());
    expect(added).toMatchObject({ id: '1', uid: null, division: 'Adult' });
    expect(added.customFields).toMatchObject({ administered: true, totalPaid: 0, zone: 3, addOns: { hat: 1 } });
    // Admin mode makes no account for the angler and takes no money.
    expect((await post('/api/user/exists', null, { email: first.user.email })).json().exists).toBe(false);
    expect(await payments(id)).toEqual([]);
  });

  it('adds one entry for a request sent twice, in turn or at once, with the same Idempotency-Key', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const send = (key: string) =>
      t.request({ method: 'POST', url: `/api/fc/event/register/manual/${id}`, token: owner.token, headers: { 'idempotency-key': key }, payload: adminPayload() });
    const first = await send('owner-form-0001');
    const repeat = await send('owner-form-0001');
    expect([first.statusCode, repeat.statusCode]).toEqual([200, 200]);
    expect(repeat.json().registration.tournamentId).toBe(first.json().registration.tournamentId);
    const together = await Promise.all([send('owner-form-0002'), send('owner-form-0002'), send('owner-form-0002')]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(together.map((r) => r.json().registration.tournamentId)).size).toBe(1);
    // A new key is a new entry: two people may share every detail the form asks.
    expect((await send('owner-form-0003')).statusCode).toBe(200);
    expect(await entries(id)).toHaveLength(3);
  });

  it('answers 400 {error} naming the first failing rule in the seed’s order, and registers nobody', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const valid = adminPayload();
    const refusals: Array<[unknown, string]> = [
      [{ ...valid, user: { ...valid.user, email: '' } }, mm.email],
      [{ ...valid, type: null }, mm.type],
      [{ ...valid, zone: undefined, agreements: { terms: false } }, mm.zone],
      [{ ...valid, agreements: { terms: true } }, mm.rules],
      [{ ...valid, user: { ...valid.user, addons: { shirt: 1, shirtSizes: [''] } } }, mm.shirtSizeBlank],
      [{ ...valid, zone: 'nine' }, mm.zoneUnknown],
      [{ ...valid, zone: 11 }, mm.zoneUnknown],
      [{ ...valid, type: 'free' }, mm.type],
    ];
    for (const [payload, error] of refusals) {
      const res = await post(`/api/fc/event/register/manual/${id}`, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await entries(id)).toEqual([]);
  });

  it('refuses strangers (403) and visitors (401) whatever they send, and still takes the add-entry form', async () => {
    const owner = await registerUser(t);
    const id = await muskieEvent(owner);
    const stranger = await registerUser(t);
    const asStranger = await post(`/api/fc/event/register/manual/${id}`, stranger, adminPayload());
    expect(asStranger.statusCode).toBe(403);
    expect(asStranger.json().error).toBe('Only the owners of this event can do that.');
    // A broken payload from a stranger learns nothing about the rules either.
    expect((await post(`/api/fc/event/register/manual/${id}`, stranger, { type: 110 })).statusCode).toBe(403);
    expect((await post(`/api/fc/event/register/manual/${id}`, null, adminPayload())).statusCode).toBe(401);
    expect(await entries(id)).toEqual([]);

    const plain = await post(`/api/fc/event/register/manual/${id}`, owner, { user: { email: 'walk-in@example.com', name: 'Walk In' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().registration).toBeUndefined();
    const noEmail = await post(`/api/fc/event/register/manual/${id}`, owner, { user: { name: 'Nobody' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe('An email is required to add an entry.');
  });
});
