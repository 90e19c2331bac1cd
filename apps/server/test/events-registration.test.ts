import { eventMessages } from '@tightlines/core/events/messages';
import { registrationMessages as m } from '@tightlines/core/events/registration-messages';
import { CARD_SUITS, CARD_VALUES } from '@tightlines/core/events/keycode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { addTestCard, moveClock, registerUser, testCardToken, type Member } from '@tightlines/testkit/fixtures';
import { DbContext } from '../src/db/context';
import { activeCheckin } from '../src/modules/events/checkin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EVENT_KEY_SECRET: 'a-test-secret-of-at-least-thirty-two-chars' });
});
afterAll(() => t.close());

const H = 3_600_000;
const DAY = 24 * H;
const DECLINES = '4000000000000341';
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const CARD = new RegExp(`^(${CARD_VALUES.join('|')}) of (${CARD_SUITS.join('|')})$`);
/** On Gull Lake's marker (the test events' lake has no outline). */
const ON_GULL = { lat: 46.41, lng: -94.35 };

/** A free tournament starting in a day and lasting three. */
function tournament(changes: Record<string, unknown> = {}) {
  return {
    name: `Gull Lake Open ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 0,
    bagSize: 5,
    public: true,
    state: 'MN',
    species: ['Walleye'],
    keyType: 'Playing Card',
    allWater: false,
    divisions: [],
    dateStart: at(DAY),
    dateEnd: at(4 * DAY),
    tz: 'America/Chicago',
    hoursInDay: 8,
    lakes: [{ name: 'Gull Lake', location: ON_GULL }],
    ...changes,
  };
}

const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });

async function createEvent(owner: Member, changes: Record<string, unknown> = {}, card?: string) {
  const res = await post('/api/fc/event', owner, { ...tournament(changes), ...(card ? { card } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

const register = (user: Member | null, id: string, body: Record<string, unknown> = {}) => post(`/api/fc/event/register/${id}`, user, body);
const checkin = (user: Member | null, id: string, body: Record<string, unknown> = { tz: 'America/Chicago', position: ON_GULL }) =>
  post(`/api/fc/event/checkin/${id}`, user, body);

async function chargesOf(user: Member): Promise<number> {
  const rows = (await t.database.db.execute(
    `select count(*)::int as n from billing_charges where user_id = (select id from users where email = '${user.email}') and status = 'succeeded'` as never,
  )) as unknown as { rows: Array<{ n: number }> };
  return rows.rows[0]?.n ?? -1;
}

describe('registration', () => {
  it('registers the signed-in member for free, once, and the user’s events.registered follows', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner);
    // The body's uid and email name someone else: the server registers the caller.
    const res = await register(angler, event._id, { uid: owner._id, email: owner.email, username: 'someone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: m.registered, redirect: null, viewer: { registered: true } });
    expect(res.json().entries).toEqual([expect.objectContaining({ uid: angler._id, name: angler.username })]);

    const again = await register(angler, event._id);
    expect(again.json()).toMatchObject({ message: m.alreadyRegistered });
    expect(again.json().entries).toHaveLength(1);

    const user = await t.request({ method: 'GET', url: '/api/user/full', token: angler.token });
    expect(user.json().events.registered).toEqual([expect.objectContaining({ eventId: event._id, name: event.name })]);
    const ownerView = await t.request({ method: 'GET', url: '/api/user/full', token: owner.token });
    expect(ownerView.json().events.registered).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    const owner = await registerUser(t);
    const event = await createEvent(owner);
    expect((await register(null, event._id)).statusCode).toBe(401);
  });

  it('sends the browser to the registration link and registers nothing', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner, { registrationLink: 'https://example.org/enter' });
    const res = await register(angler, event._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirect: 'https://example.org/enter', message: m.goToLink });
    expect(res.json().entries).toHaveLength(0);
  });

  it('is open until the end, then closed', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const late = await registerUser(t);
    const event = await createEvent(owner);
    moveClock(t, 2 * DAY);
    expect((await register(angler, event._id)).json().message).toBe(m.registered);
    moveClock(t, 3 * DAY);
    const res = await register(late, event._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(m.ended);
  });

  it('requires a division when the event has divisions', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner, { divisions: ['Pro', 'Amateur'] });
    for (const division of [undefined, 'Nope']) {
      const res = await register(angler, event._id, { division });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(m.divisionRequired);
    }
    const ok = await register(angler, event._id, { division: 'Pro' });
    expect(ok.json().entries[0]).toMatchObject({ division: 'Pro' });
  });

  it('needs the first team member of a team event', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner, { subtype: 'team', teamSize: 2 });
    for (const team of [undefined, { emails: [] }, { emails: [{ value: '' }, { value: 'b@example.org' }] }]) {
      const res = await register(angler, event._id, { team });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(m.firstTeamMember);
    }
    expect((await register(angler, event._id, { team: { emails: [{ value: 'not-an-email' }] } })).json().error).toBe(m.teamEmail);
    const tooMany = await register(angler, event._id, { team: { emails: [{ value: 'a@x.org' }, { value: 'b@x.org' }, { value: 'c@x.org' }] } });
    expect(tooMany.json().error).toBe(m.teamTooBig(2));
    const ok = await register(angler, event._id, { team: { name: 'Reel Deal', emails: [{ value: 'mate@example.org' }, { value: '' }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().entries[0]).toMatchObject({ team: { name: 'Reel Deal' }, group: [{ name: 'mate@example.org' }] });
  });

  it('keeps a private event to those who may see it', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const event = await createEvent(owner, { public: false });
    const res = await register(stranger, event._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(eventMessages.notFound);
  });
});

describe('paid registration', () => {
  it('charges the entry once, even on a double submit; a declined card registers nothing', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner, { cost: 25, paymentProcessor: 'Stripe', paymentProcessorKey: 'pk_test_x' }, await testCardToken(t));

    const noCard = await register(angler, event._id);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error).toBe(eventMessages.invalidCard);

    const declined = await register(angler, event._id, { card: await addTestCard(t, angler, DECLINES) });
    expect(declined.statusCode).toBe(402);
    expect((await t.request({ method: 'GET', url: `/api/fc/event/${event._id}`, token: angler.token })).json().entries).toHaveLength(0);

    const card = await addTestCard(t, angler);
    const [a, b] = await Promise.all([register(angler, event._id, { card }), register(angler, event._id, { card })]);
    expect([a.json().message, b.json().message].sort()).toEqual([m.alreadyRegistered, m.registered].sort());
    expect(await chargesOf(angler)).toBe(1);
    // A retry later, with another card: already registered, nothing charged.
    const later = await register(angler, event._id, { card: await testCardToken(t) });
    expect(later.json().message).toBe(m.alreadyRegistered);
    expect(await chargesOf(angler)).toBe(1);
    const ownerView = (await t.request({ method: 'GET', url: `/api/fc/event/${event._id}`, token: owner.token })).json();
    expect(ownerView.entries[0].customFields).toMatchObject({ totalPaid: 25 });
  });

  it('a series charges its open weeks and asks for a card in the seed’s words', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const lakes = [{ name: 'Gull Lake', location: ON_GULL }];
    const week = (n: number, cost: number, registrationAvailable = true) => ({
      number: n,
      dateStart: at(n * 7 * DAY),
      dateEnd: at((n * 7 + 2) * DAY),
      lakes: ['Gull Lake'],
      cost,
      registrationAvailable,
    });
    const event = await createEvent(
      owner,
      { type: 'Series', lakes, dateStart: at(7 * DAY), dateEnd: at(30 * DAY), schedule: [week(1, 10), week(2, 15), week(3, 20, false)] },
    );
    const noCard = await register(angler, event._id, { ...event });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error).toBe(m.selectCard);
    const ok = await register(angler, event._id, { ...event, card: await addTestCard(t, angler) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(m.registeredSeries);
    const ownerView = (await t.request({ method: 'GET', url: `/api/fc/event/${event._id}`, token: owner.token })).json();
    expect(ownerView.entries[0].customFields).toMatchObject({ totalPaid: 25 });
  });
});

describe('check-in', () => {
  async function startedEvent(changes: Record<string, unknown> = {}) {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const event = await createEvent(owner, changes);
    expect((await register(angler, event._id)).statusCode).toBe(200);
    return { owner, angler, event };
  }

  it('refuses before the start and those not registered', async () => {
    const { angler, event } = await startedEvent();
    const early = await checkin(angler, event._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(m.notStarted);
    moveClock(t, DAY + H);
    const stranger = await registerUser(t);
    const res = await checkin(stranger, event._id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(m.notRegistered);
    expect((await checkin(null, event._id)).statusCode).toBe(401);
  });

  it('checks in on the water, answers the day’s key, and lasts 18 hours', async () => {
    const { owner, angler, event } = await startedEvent();
    moveClock(t, DAY + H);
    const missing = await checkin(angler, event._id, { tz: 'America/Chicago' });
    expect(missing.json().error).toBe(m.positionRequired);
    const far = await checkin(angler, event._id, { tz: 'America/Chicago', position: { lat: 46.5, lng: -94.35 } });
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toBe(m.offWater('Gull Lake'));

    const res = await checkin(angler, event._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: null, message: m.checkedIn, key: expect.stringMatching(CARD) });
    const key = res.json().key as string;
    // A second tap answers the running check-in again.
    const again = await checkin(angler, event._id);
    expect(again.json()).toMatchObject({ error: null, message: m.checkedInToday, key });

    // Everyone checking in today gets the same key; the angler's own check-in shows in the event.
    const other = await registerUser(t);
    await register(other, event._id);
    expect((await checkin(other, event._id)).json().key).toBe(key);
    const ownerView = (await t.request({ method: 'GET', url: `/api/fc/event/${event._id}`, token: owner.token })).json();
    const entry = ownerView.entries.find((e: { uid: string }) => e.uid === angler._id);
    expect(entry.checkins).toEqual([{ date: expect.any(String), key }]);

    const ctx = new DbContext(t.database.db);
    expect(await activeCheckin(ctx, entry._id, t.clock.now())).toMatchObject({ key });
    moveClock(t, 18 * H);
    expect(await activeCheckin(ctx, entry._id, t.clock.now())).toBeNull();
    const next = await checkin(angler, event._id);
    // A new check-in with the key of its own day (unit tests show the keys differ across days).
    expect(next.json()).toMatchObject({ message: m.checkedIn, key: expect.stringMatching(CARD) });
  });

  it('double submit stores one check-in', async () => {
    const { owner, angler, event } = await startedEvent();
    moveClock(t, DAY + H);
    const [a, b] = await Promise.all([checkin(angler, event._id), checkin(angler, event._id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().key).toBe(b.json().key);
    const ownerView = (await t.request({ method: 'GET', url: `/api/fc/event/${event._id}`, token: owner.token })).json();
    expect(ownerView.entries[0].checkins).toHaveLength(1);
  });

  it('says when the event has ended', async () => {
    const { angler, event } = await startedEvent();
    moveClock(t, 5 * DAY);
    const res = await checkin(angler, event._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(m.ended);
  });

  it('takes anywhere in the state when all water counts', async () => {
    const { angler, event } = await startedEvent({ allWater: true });
    moveClock(t, DAY + H);
    const wisconsin = await checkin(angler, event._id, { tz: 'America/Chicago', position: { lat: 43.07, lng: -89.4 } });
    expect(wisconsin.json().error).toBe(m.outsideState('MN'));
    const minneapolis = await checkin(angler, event._id, { tz: 'America/Chicago', position: { lat: 44.97, lng: -93.26 } });
    expect(minneapolis.json()).toMatchObject({ error: null, message: m.checkedIn });
  });

  it('a scheduled event: one check-in per week, then the time is used', async () => {
    const owner = await registerUser(t);
    const angler = await registerUser(t);
    const week = (n: number) => ({ number: n, dateStart: at((n * 7 - 6) * DAY), dateEnd: at((n * 7 - 4) * DAY), lakes: ['Gull Lake'] });
    const event = await createEvent(owner, { type: 'League', keyType: 'Number', dateStart: at(DAY), dateEnd: at(20 * DAY), schedule: [week(1), week(2)] });
    await register(angler, event._id);
    moveClock(t, DAY + H);
    const first = await checkin(angler, event._id);
    expect(first.json()).toMatchObject({ message: m.checkedInToday, key: expect.stringMatching(/^\d{4}$/) });
    moveClock(t, 20 * H);
    const used = await checkin(angler, event._id);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe(m.usedYourTime);
    moveClock(t, 2 * DAY);
    expect((await checkin(angler, event._id)).json().error).toBe(m.noWeekRunning);
    moveClock(t, 5 * DAY);
    expect((await checkin(angler, event._id)).json()).toMatchObject({ error: null, message: m.checkedInToday });
  });
});
