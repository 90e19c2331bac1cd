import { eventMessages as m } from '@tightlines/core/events/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { moveClock, registerUser, type Member } from '@tightlines/testkit/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EVENT_KEY_SECRET: 'a-test-secret-of-at-least-thirty-two-chars', TEST_COUPONS: 'HALF:50,FREE100:100' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** The test processor's tokens for Stripe's test cards 4242… (succeeds) and …0002 (declined). */
const CARD = 'tok_test_4242_visa_12_2034';
const DECLINED = 'tok_test_0002_visa_12_2034';
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A free tournament that passes every step. */
function freeTournament(changes: Record<string, unknown> = {}) {
  return {
    name: `Gull Lake Open ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 0,
    bagSize: 5,
    description: '<p>Fish <b>hard</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    public: true,
    state: 'MN',
    species: ['Bass', 'Walleye'],
    keyType: 'Playing Card',
    allWater: false,
    divisions: ['Pro', 'Amateur'],
    dateStart: inDays(10).slice(0, 16).replace(/Z$/, ''),
    dateEnd: inDays(11),
    tz: 'America/Chicago',
    hoursInDay: 8,
    lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
    ...changes,
  };
}

const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });
const get = (url: string, user: Member | null = null) => t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });

describe('drafts and creation', () => {
  it('saves a draft step by step, resumes it, and creates it once', async () => {
    const owner = await registerUser(t);
    const step1 = await post('/api/fc/event-draft', owner, { name: 'Walleye Week', type: 'Tournament', size: 12, cost: 0, step: 1 });
    expect(step1.statusCode, step1.body).toBe(200);
    const draft = step1.json();
    expect(draft).toMatchObject({ status: 'Draft', name: 'Walleye Week', size: '12', viewer: { owner: true } });

    // A reload resumes from the server's copy.
    expect((await get(`/api/fc/event/${draft._id}`, owner)).json().name).toBe('Walleye Week');

    const full = freeTournament({ _id: draft._id, name: 'Walleye Week' });
    const step3 = await post('/api/fc/event-draft', owner, { ...full, step: 3 });
    expect(step3.statusCode, step3.body).toBe(200);
    expect(step3.json()._id).toBe(draft._id);
    expect(step3.json().lakes).toHaveLength(1);

    const created = await post('/api/fc/event', owner, full);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ _id: draft._id, status: 'Active', fee: 0 });
    const again = await post('/api/fc/event', owner, full);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(draft._id);
    // A created event is not a draft any more.
    expect((await post('/api/fc/event-draft', owner, { ...full, name: 'Renamed' })).statusCode).toBe(409);
  });

  it('answers dates in the event’s zone and keeps its description safe', async () => {
    const owner = await registerUser(t);
    const res = await post('/api/fc/event', owner, freeTournament({ dateStart: '2031-07-04T06:00', dateEnd: '2031-07-05T18:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json();
    expect(event.dateStart).toBe('2031-07-04T06:00:00-05:00');
    expect(event.description).toBe('<p>Fish <b>hard</b></p><a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(event.pointRules.map((r: { species: string }) => r.species)).toEqual(['Bass', 'Walleye']);
  });

  it.each([
    [{ name: '' }, 1, m.nameRequired],
    [{ type: '' }, 1, m.typeRequired],
    [{ cost: 10, size: '12', paymentProcessor: 'PayPal', paymentProcessorKey: 'nope' }, 1, m.paypalEmail],
    [{ cost: 10, size: '12', paymentProcessor: 'Stripe', paymentProcessorKey: '' }, 1, m.stripeKey],
    [{ size: 'Over 50' }, 1, m.customEvent],
    [{ size: '50', cost: 25, paymentProcessorKey: 'pk_test_1' }, 1, m.customEvent],
    [{ dateStart: inDays(-1) }, 2, m.startInFuture],
    [{ dateEnd: inDays(5) }, 2, m.endAfterStart],
    [{ keyType: '' }, 2, m.keyTypeRequired],
    [{ divisions: ['Pro', 'PRO'] }, 2, m.divisionDuplicate],
    [{ lakes: [{ name: '', location: { lat: 46, lng: -94 } }] }, 3, m.lakeName],
    [{ lakes: [{ name: 'Gull', location: null }] }, 3, m.lakeLocation],
    [
      {
        lakes: [
          { name: 'Gull', location: { lat: 46, lng: -94 } },
          { name: 'gull', location: { lat: 46.1, lng: -94 } },
        ],
      },
      3,
      m.lakeDuplicate,
    ],
  ])('refuses %j at step %i with the seed’s words', async (changes, step, message) => {
    const owner = await registerUser(t);
    const draft = await post('/api/fc/event-draft', owner, { ...freeTournament(changes), step });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toBe(message);
    const created = await post('/api/fc/event', owner, freeTournament(changes));
    expect(created.json().error).toBe(message);
  });

  it('keeps a schedule week to 6 lakes', async () => {
    const owner = await registerUser(t);
    const lakes = Array.from({ length: 7 }, (_, i) => ({ name: `Lake ${i}`, location: { lat: 46, lng: -94 + i / 10 } }));
    const week = { number: 1, dateStart: inDays(10), dateEnd: inDays(11), lakes: lakes.map((l) => l.name) };
    const res = await post('/api/fc/event-draft', owner, { ...freeTournament({ type: 'League', lakes, schedule: [week] }), step: 4 });
    expect(res.json().error).toBe(m.weekLakes);
    const ok = await post('/api/fc/event', owner, freeTournament({ type: 'League', lakes, schedule: [{ ...week, lakes: ['Lake 1', 'Lake 2'] }] }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().schedule[0]).toMatchObject({ number: 1, lakes: ['Lake 1', 'Lake 2'], registrationAvailable: true, entries: [] });
  });

  it('charges the fee of the table, less a coupon, to the test card', async () => {
    const owner = await registerUser(t);
    const cases = [
      [{ size: '12', cost: 10, paymentProcessorKey: 'pk_test_club' }, undefined, 25],
      [{ size: '25', cost: 5, paymentProcessorKey: 'pk_test_club' }, undefined, 50],
      [{ size: '50', cost: 0 }, undefined, 150],
      [{ size: '25', cost: 0 }, 'half', 25],
    ] as const;
    for (const [changes, coupon, fee] of cases) {
      const res = await post('/api/fc/event', owner, { ...freeTournament(changes), card: CARD, coupon });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'Active', fee });
    }
    const free = await post('/api/fc/event', owner, { ...freeTournament({ size: '50' }), coupon: 'FREE100' });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().fee).toBe(0);
  });

  it('leaves a declined creation a draft, and a retry or a double click pays once', async () => {
    const owner = await registerUser(t);
    const draft = (await post('/api/fc/event-draft', owner, freeTournament({ size: '25' }))).json();
    const declined = await post('/api/fc/event', owner, { ...freeTournament({ size: '25' }), _id: draft._id, card: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('There was an error processing your card.');
    expect((await get(`/api/fc/event/${draft._id}`, owner)).json().status).toBe('Draft');

    const body = { ...freeTournament({ size: '25' }), _id: draft._id, card: CARD };
    const [a, b] = await Promise.all([post('/api/fc/event', owner, body), post('/api/fc/event', owner, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()._id).toBe(draft._id);
    expect(b.json()._id).toBe(draft._id);
    const again = await post('/api/fc/event', owner, { ...body, card: DECLINED });
    expect(again.statusCode).toBe(201);
    const charges = await t.database.db.execute(`select charge_id from events where id = '${draft._id}'` as never);
    expect(JSON.stringify(charges)).toMatch(/ch_test_/);
  });

  it('takes the seed’s two calls: a billing charge for exactly the fee, then the event, once', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const charge = async (user: Member, cost: number) => {
      const card = (await post('/api/billing/add-card', user, { token: CARD })).json();
      const res = await t.request({
        method: 'POST',
        url: '/api/billing/charge',
        token: user.token,
        headers: { 'idempotency-key': `fee-${Math.random().toString(36).slice(2, 12)}` },
        payload: { card: card.id, description: 'Event creation', cost },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.id as string;
    };
    const paid = await charge(owner, 5000);
    const event = freeTournament({ size: '25' });
    for (const [user, id] of [
      [owner, 'ch_test_made_up'],
      [owner, await charge(owner, 2500)],
      [other, paid],
    ] as const) {
      const res = await post('/api/fc/event', user, { ...event, charge: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(m.chargeMismatch);
    }
    const created = await post('/api/fc/event', owner, { ...event, charge: paid });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().fee).toBe(50);
    const reused = await post('/api/fc/event', owner, { ...freeTournament({ size: '25' }), charge: paid });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(m.chargeUsed);
  });

  it('charges a saved card given as `card`', async () => {
    const owner = await registerUser(t);
    const card = (await post('/api/billing/add-card', owner, { token: CARD })).json();
    const res = await post('/api/fc/event', owner, { ...freeTournament({ size: '50' }), card: card.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fee).toBe(150);
  });

  it('refuses a paid event without payment, and a coupon it does not know', async () => {
    const owner = await registerUser(t);
    const paid = freeTournament({ size: '25', cost: 0 });
    expect((await post('/api/fc/event', owner, paid)).json().error).toBe(m.invalidCard);
    expect((await post('/api/fc/event', owner, { ...paid, coupon: 'NOPE' })).json().error).toBe(m.invalidCoupon);
  });
});

describe('who sees what', () => {
  it('keeps drafts and private events from strangers and visitors', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const draft = (await post('/api/fc/event-draft', owner, { name: 'Secret draft' })).json();
    const priv = (await post('/api/fc/event', owner, freeTournament({ public: false }))).json();
    for (const id of [draft._id, priv._id]) {
      for (const viewer of [stranger, null]) {
        const res = await get(`/api/fc/event/${id}`, viewer);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(m.notFound);
      }
      expect((await get(`/api/fc/event/${id}`, owner)).statusCode).toBe(200);
    }
    const list = (await get('/api/fc/events/?limit=100')).json() as Array<{ _id: string }>;
    expect(list.map((e) => e._id)).not.toContain(draft._id);
    expect(list.map((e) => e._id)).not.toContain(priv._id);
  });

  it('lets nobody else write to an event', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const draft = (await post('/api/fc/event-draft', owner, { name: 'Mine' })).json();
    const created = (await post('/api/fc/event', owner, freeTournament())).json();
    for (const payload of [{ _id: draft._id, name: 'Taken' }, { ...freeTournament(), _id: draft._id }]) {
      const res = await post('/api/fc/event-draft', stranger, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(m.notYours);
    }
    expect((await post('/api/fc/event', stranger, { ...freeTournament(), _id: draft._id })).statusCode).toBe(404);
    const dates = await post(`/api/fc/event/dates/${created._id}`, stranger, { dateStart: inDays(20), dateEnd: inDays(21) });
    expect(dates.statusCode).toBe(404);
    expect((await post('/api/fc/event-draft', null, { name: 'x' })).statusCode).toBe(401);
    expect((await get(`/api/fc/event/${draft._id}`, owner)).json().name).toBe('Mine');
  });

  it('stores the organiser’s secret key encrypted and never answers it', async () => {
    const owner = await registerUser(t);
    const res = await post(
      '/api/fc/event',
      owner,
      freeTournament({ cost: 10, paymentProcessor: 'Stripe', paymentProcessorKey: 'pk_test_public', paymentProcessorSecret: 'sk_test_SECRET' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(m.invalidCard);
    const draft = await post(
      '/api/fc/event-draft',
      owner,
      freeTournament({ cost: 10, paymentProcessor: 'Stripe', paymentProcessorKey: 'pk_test_public', paymentProcessorSecret: 'sk_test_SECRET' }),
    );
    expect(draft.body).not.toContain('sk_test_SECRET');
    expect(draft.json()).toMatchObject({ paymentProcessorKey: 'pk_test_public', hasPaymentProcessorSecret: true });
    const stored = await t.database.db.execute<{ secret: string }>(
      `select payment_processor_secret as secret from events where id = '${draft.json()._id}'` as never,
    );
    expect(JSON.stringify(stored)).not.toContain('sk_test_SECRET');
    expect((await get(`/api/fc/event/${draft.json()._id}`, owner)).body).not.toContain('sk_test_SECRET');
  });

  it('moves an event’s dates for its owner only, within the rules', async () => {
    const owner = await registerUser(t);
    const event = (await post('/api/fc/event', owner, freeTournament())).json();
    const bad = await post(`/api/fc/event/dates/${event._id}`, owner, { dateStart: inDays(20), dateEnd: inDays(19) });
    expect(bad.json().error).toBe(m.endAfterStart);
    const past = await post(`/api/fc/event/dates/${event._id}`, owner, { dateStart: inDays(-2), dateEnd: inDays(19) });
    expect(past.json().error).toBe(m.startInFuture);
    const ok = await post(`/api/fc/event/dates/${event._id}`, owner, { dateStart: '2032-05-01T07:00', dateEnd: '2032-05-02T19:00' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().dateStart).toBe('2032-05-01T07:00:00-05:00');
  });

  it('answers a point rule’s minimum size for a visible event only', async () => {
    const owner = await registerUser(t);
    const pub = (await post('/api/fc/event', owner, freeTournament({ pointRules: [{ species: 'Bass', startingValue: 12, startingPointValue: 3 }] }))).json();
    const rule = pub.pointRules.find((r: { species: string }) => r.species === 'Bass');
    expect((await get(`/api/fc/settings/${rule._id}`)).json()).toEqual({ startingValue: 12 });
    const priv = (await post('/api/fc/event', owner, freeTournament({ public: false }))).json();
    expect((await get(`/api/fc/settings/${priv.pointRules[0]._id}`)).statusCode).toBe(404);
    expect((await get('/api/fc/settings/not-an-id')).statusCode).toBe(404);
  });
});

describe('lake outlines', () => {
  it('stores each lake’s outline and acreage from our lakes data, never the outline the client sends', async () => {
    const ring = (lat: number, lng: number, d: number) => [
      [
        [lng - d, lat - d],
        [lng + d, lat - d],
        [lng + d, lat + d],
        [lng - d, lat + d],
        [lng - d, lat - d],
      ],
    ];
    const known = { type: 'Polygon', coordinates: ring(47.85, -92.35, 0.1) };
    await t.database.db.execute(
      `insert into lakes (name, lat, lng, outline, area_acres, source) values ('Lake Vermilion', 47.85, -92.35, '${JSON.stringify(known)}'::jsonb, 39000, 'osm')` as never,
    );
    // A forged outline: all of Minnesota, so that every check-in in the state is "on the water".
    const forged = { type: 'Polygon', coordinates: ring(46, -94, 3) };
    const owner = await registerUser(t);
    const lakes = [
      { name: 'Lake Vermilion', location: { lat: 47.86, lng: -92.34 }, area: forged, areaAcres: 1 },
      { name: 'Nowhere Pond', location: { lat: 48.61, lng: -95.91 }, area: forged, areaAcres: 1 },
    ];
    const draft = await post('/api/fc/event-draft', owner, freeTournament({ lakes }));
    expect(draft.statusCode, draft.body).toBe(200);
    const created = await post('/api/fc/event', owner, freeTournament({ _id: draft.json()._id, lakes }));
    expect(created.statusCode, created.body).toBe(201);
    for (const answer of [draft.json(), created.json(), (await get(`/api/fc/event/${created.json()._id}`)).json()]) {
      expect(answer.lakes.map((l: { name: string; area: unknown; areaAcres: unknown }) => [l.name, l.area, l.areaAcres])).toEqual([
        ['Lake Vermilion', known, 39000],
        ['Nowhere Pond', null, null],
      ]);
    }
  });
});

describe('the public list', () => {
  it('filters by type, species, size and state, soonest first, ended last', async () => {
    const owner = await registerUser(t);
    const state = `Z${Math.random().toString(36).slice(2, 6)}`;
    const a = (await post('/api/fc/event', owner, freeTournament({ state, dateStart: inDays(30), dateEnd: inDays(31) }))).json();
    const b = (await post('/api/fc/event', owner, freeTournament({ state, dateStart: inDays(3), dateEnd: inDays(4), species: ['Musky'] }))).json();
    const list = (await get(`/api/fc/events/?state=${state}`)).json() as Array<{ _id: string; dateStart: string }>;
    expect(list.map((e) => e._id)).toEqual([b._id, a._id]);
    expect((await get(`/api/fc/events/?state=${state}&species=Musky`)).json().map((e: { _id: string }) => e._id)).toEqual([b._id]);
    expect((await get(`/api/fc/events/?state=${state}&size=8`)).json()).toHaveLength(2);
    expect((await get(`/api/fc/events/?state=${state}&size=20`)).json()).toHaveLength(0);
    expect((await get(`/api/fc/events/?state=${state}&type=Series`)).json()).toHaveLength(0);
  });

  it('shows a new event, moved dates and an event that has ended at once, though the page was asked before', async () => {
    const owner = await registerUser(t);
    const state = `Y${Math.random().toString(36).slice(2, 6)}`;
    const page = async () => ((await get(`/api/fc/events/?state=${state}`)).json() as Array<{ _id: string; dateStart: string }>);
    expect(await page()).toEqual([]);
    const a = (await post('/api/fc/event', owner, freeTournament({ state, dateStart: inDays(5), dateEnd: inDays(6) }))).json();
    expect((await page()).map((e) => e._id)).toEqual([a._id]);
    const b = (await post('/api/fc/event', owner, freeTournament({ state, dateStart: inDays(10), dateEnd: inDays(11) }))).json();
    expect((await page()).map((e) => e._id)).toEqual([a._id, b._id]);

    const moved = await post(`/api/fc/event/dates/${b._id}`, owner, { dateStart: '2032-05-01T07:00', dateEnd: '2032-05-02T19:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await page()).find((e) => e._id === b._id)?.dateStart).toBe('2032-05-01T07:00:00-05:00');

    // A client holding the page revalidates it.
    const first = await get(`/api/fc/events/?state=${state}`);
    const held = await t.request({ method: 'GET', url: `/api/fc/events/?state=${state}`, headers: { 'if-none-match': first.headers.etag as string } });
    expect(held.statusCode).toBe(304);

    // Once `a` has ended it goes after the events still to come.
    moveClock(t, 7 * DAY);
    expect((await page()).map((e) => e._id)).toEqual([b._id, a._id]);
  });

  it('pages by cursor through the same events in the same order as by offset, ended ones included', async () => {
    const owner = await registerUser(t);
    const state = `Y${Math.random().toString(36).slice(2, 6)}`;
    const ids: string[] = [];
    // Two with the same start (ordered by end, latest first, then id), one later; two of them then end.
    for (const [start, end] of [[5, 9], [5, 6], [8, 9], [5, 6], [12, 13]] as const) {
      ids.push((await post('/api/fc/event', owner, freeTournament({ state, dateStart: inDays(start), dateEnd: inDays(end) }))).json()._id);
    }
    await t.database.db.execute(
      `update events set date_start = date_start - interval '40 days', date_end = date_end - interval '40 days' where id in ('${ids[1]}', '${ids[4]}')` as never,
    );
    await t.database.db.execute(`update events set date_start = (select date_start from events where id = '${ids[0]}') where id = '${ids[3]}'` as never);
    const byOffset = (await get(`/api/fc/events/?state=${state.toLowerCase()}`)).json().map((e: { _id: string }) => e._id) as string[];
    // Not yet ended by start (then end, latest first), then ended ones, latest end first.
    expect(byOffset).toEqual([ids[0], ids[3], ids[2], ids[4], ids[1]]);
    const byCursor: string[] = [];
    let after = '';
    for (let page = 0; page < 6; page++) {
      const answer = await get(`/api/fc/events/?state=${state}&limit=2${after ? `&after=${after}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const items = answer.json().map((e: { _id: string }) => e._id) as string[];
      if (items.length === 0) break;
      byCursor.push(...items);
      after = items.at(-1)!;
    }
    expect(byCursor).toEqual(byOffset);
    expect((await get(`/api/fc/events/?state=${state}&after=${ids[0]}&offset=1&limit=1`)).json().map((e: { _id: string }) => e._id)).toEqual([
      byOffset[byOffset.indexOf(ids[0]!) + 2],
    ]);
  });

  it('takes as a cursor only an event of the list, so it tells nothing of a private event or a draft', async () => {
    const owner = await registerUser(t);
    const hidden = (await post('/api/fc/event', owner, freeTournament({ public: false }))).json()._id as string;
    const draft = (await post('/api/fc/event-draft', owner, { name: 'Half done', type: 'Tournament', size: 12, cost: 0, step: 1 })).json()._id as string;
    for (const after of [hidden, draft, '00000000-0000-4000-8000-000000000000']) {
      const answer = await get(`/api/fc/events/?after=${after}`);
      expect(answer.statusCode, after).toBe(404);
      expect(answer.json().error).toBe(m.notFound);
    }
  });

  it('bounds what a caller may ask for', async () => {
    for (const q of ['limit=1000', 'size=7', 'type=Party', 'offset=-1', `state=${'x'.repeat(100)}`, 'after=1; drop table events']) {
      expect((await get(`/api/fc/events/?${q}`)).statusCode, q).toBe(400);
    }
    const owner = await registerUser(t);
    const huge = await post('/api/fc/event-draft', owner, { name: 'x', lakes: Array.from({ length: 61 }, (_, i) => ({ name: `L${i}`, location: { lat: 1, lng: 1 } })) });
    expect(huge.statusCode).toBe(400);
  });
});
