import { createHmac } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_URL_WINDOW_MS } from '../src/modules/logs/photos';
import { TEST_WEBHOOK_SECRET } from '../src/providers/payments/test-processor';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { addTestCard, newAccount, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { logIn, startServerProcess, type RunningServer } from '@tightlines/testkit/process';

// GET /api/user/full is kept per member (AnswerCache) like the data page's answers. From the side
// that would break it: every kind of change to what it shows appears in the member's very next
// read, whoever made it (the member, a billing webhook, a visitor following a newsletter link, an
// event's owner, SQL); a subscription ending shows when it ends with no write at all; nobody gets
// another member's answer; and a change made through one node shows on the other.

type Full = {
  _id: string;
  email: string;
  activeSubscription: boolean;
  newsletter: boolean;
  events: { registered: Array<{ eventId: string; name: string; startDate: string }> };
  forecastSearches: string[];
  lakes: Array<{ name: string; location: { lat: number; lng: number } }>;
  stripe: { id: string | null; subscriptionId: string | null };
  pendingEmail?: string | null;
};

const GULL = { lat: 46.41, lng: -94.35 };
const ENV = { FEATURE_FLAGS: 'FREEFORALL', EVENT_KEY_SECRET: 'a-test-secret-of-at-least-thirty-two-chars' };

/** Writes behind the app's back with the database's triggers off, so nothing announces the change: only a kept answer can still show the old data. */
async function silently(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

function deliverWebhook(t: TestApp, event: object) {
  const body = JSON.stringify(event);
  const stamp = Math.floor(Date.now() / 1000);
  const signature = `t=${stamp},v1=${createHmac('sha256', TEST_WEBHOOK_SECRET).update(`${stamp}.${body}`).digest('hex')}`;
  return t.request({ method: 'POST', url: '/api/billing/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

async function createEvent(t: TestApp, owner: Member) {
  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
  const res = await t.request({
    method: 'POST',
    url: '/api/fc/event',
    token: owner.token,
    payload: {
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
      dateStart: inDays(1),
      dateEnd: inDays(4),
      tz: 'America/Chicago',
      hoursInDay: 8,
      lakes: [{ name: 'Gull Lake', location: GULL }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

const confirmLink = (text: string, pattern: RegExp) => {
  const token = pattern.exec(text)?.[1];
  if (!token) throw new Error(`no link in:\n${text}`);
  return token;
};

describe('the full user, kept, on one node', () => {
  let weather: FakeOpenMeteo;
  let t: TestApp;
  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    t = await createTestApp({ ...weather.env, ...ENV });
  });
  afterAll(async () => {
    await t?.close();
    await weather?.close();
  });

  const full = async (user: { token: string }) => {
    const res = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Full;
  };

  it('keeps the answer, and shows every change at once, whoever makes it', async () => {
    const account = newAccount('full');
    const angler = await registerUser(t, account);
    expect((await full(angler)).forecastSearches).toEqual([]);

    // Proof that the answer is kept: a change nobody announces does not show.
    await silently(t, sql`insert into forecast_searches (user_id, term) values (${angler._id}, 'unannounced')`);
    expect((await full(angler)).forecastSearches).toEqual([]);

    // A forecast is a GET that saves the search.
    const forecast = await t.request({ method: 'GET', url: '/api/weather/forecast/56401', token: angler.token });
    expect(forecast.statusCode, forecast.body).toBe(200);
    expect((await full(angler)).forecastSearches).toContain('56401');

    // A subscription the member starts, then ended by the payment processor's webhook.
    const started = await t.request({
      method: 'POST',
      url: '/api/billing/subscribe/update',
      token: angler.token,
      payload: { subscription: { plan: 'Monthly', card: await addTestCard(t, angler) } },
    });
    expect(started.statusCode, started.body).toBe(200);
    const subscriptionId = (started.json() as { subscriptionId: string }).subscriptionId;
    let view = await full(angler);
    expect(view.activeSubscription).toBe(true);
    expect(view.stripe.subscriptionId).toBe(subscriptionId);
    expect(view.stripe.id).not.toBeNull();
    const created = Math.floor(t.clock.now().getTime() / 1000) + 10;
    const ended = await deliverWebhook(t, {
      id: `evt_${subscriptionId}_deleted`,
      type: 'customer.subscription.deleted',
      created,
      data: { object: { id: subscriptionId, customer: 'cus', status: 'canceled', cancel_at_period_end: false, items: { data: [{ price: { id: 'Monthly' }, current_period_end: created + 30 * 86_400 }] } } },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    view = await full(angler);
    expect(view.activeSubscription).toBe(false);
    expect(view.stripe.subscriptionId).toBeNull();

    // A new address: pending once asked, the address itself once the mailed link is opened (no session).
    const newEmail = `moved.${account.email}`;
    const asked = await t.request({ method: 'POST', url: '/api/user/update-email', token: angler.token, payload: { email: newEmail, password: account.password } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await full(angler)).pendingEmail).toBe(newEmail);
    const token = confirmLink(t.mailer.last(newEmail)!.text, /confirm-email\/\?token=([A-Za-z0-9_-]+)/);
    expect((await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token } })).statusCode).toBe(200);
    view = await full(angler);
    expect(view.email).toBe(newEmail);
    expect(view.pendingEmail ?? null).toBeNull();

    // The newsletter by address: a visitor signs the member's address up and follows the link.
    expect(view.newsletter).toBe(false);
    const signUp = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email: newEmail } });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const confirm = confirmLink(t.mailer.last(newEmail)!.text, /\/newsletter\?confirm=([A-Za-z0-9_-]+)/);
    expect((await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirm } })).statusCode).toBe(200);
    expect((await full(angler)).newsletter).toBe(true);

    // An event: the member enters it; its owner moves it; an operator renames it in SQL.
    const owner = await registerUser(t, newAccount('owner'));
    const event = await createEvent(t, owner);
    const entered = await t.request({ method: 'POST', url: `/api/fc/event/register/${event._id}`, token: angler.token, payload: {} });
    expect(entered.statusCode, entered.body).toBe(200);
    expect((await full(angler)).events.registered.map((e) => e.eventId)).toEqual([event._id]);
    const moved = await t.request({
      method: 'POST',
      url: `/api/fc/event/dates/${event._id}`,
      token: owner.token,
      payload: { dateStart: '2032-05-01T07:00', dateEnd: '2032-05-02T19:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await full(angler)).events.registered[0]?.startDate.slice(0, 4)).toBe('2032');
    await t.database.db.execute(sql`update events set name = 'Renamed Open' where id = ${event._id}`);
    expect((await full(angler)).events.registered[0]?.name).toBe('Renamed Open');
    await t.database.db.execute(sql`delete from event_entries where event_id = ${event._id}`);
    expect((await full(angler)).events.registered).toEqual([]);

    // Logs: the member's own, and the background lake pass (SQL here).
    const log = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: 'Catch', location: { ...GULL, lake: 'Gull Lake' } } });
    expect(log.statusCode, log.body).toBe(201);
    expect((await full(angler)).lakes.map((l) => l.name)).toEqual(['Gull Lake']);
    await t.database.db.execute(sql`update logs set lake_name = 'Pelican Lake' where user_id = ${angler._id}`);
    expect((await full(angler)).lakes.map((l) => l.name)).toEqual(['Pelican Lake']);

    // Subscriptions and the billing account written in SQL (a job, an operator).
    await t.database.db.execute(sql`insert into subscriptions (user_id, plan, status) values (${angler._id}, 'Monthly', 'active')`);
    expect((await full(angler)).activeSubscription).toBe(true);
    await t.database.db.execute(sql`update billing_accounts set customer_id = 'cus_sql' where user_id = ${angler._id}`);
    expect((await full(angler)).stripe.id).toBe('cus_sql');
  });

  it("shows another member's change in the next read through the same node, before any wait", async () => {
    // t.request waits for the database's announcements first; app.inject does not: these reads are
    // current only through the server's own wait before a write's answer leaves (app.ts).
    const angler = await registerUser(t, newAccount('raced'));
    const owner = await registerUser(t, newAccount('mover'));
    const event = await createEvent(t, owner);
    const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });
    const entered = await t.app.inject({ method: 'POST', url: `/api/fc/event/register/${event._id}`, headers: auth(angler), payload: {} });
    expect(entered.statusCode, entered.body).toBe(200);
    for (let year = 2033; year < 2053; year += 1) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/fc/event/dates/${event._id}`,
        headers: auth(owner),
        payload: { dateStart: `${year}-05-01T07:00`, dateEnd: `${year}-05-02T19:00` },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const read = await t.app.inject({ method: 'GET', url: '/api/user/full', headers: auth(angler) });
      expect((read.json() as Full).events.registered[0]?.startDate.slice(0, 4)).toBe(String(year));
    }
  });

  it('stops showing a subscription the moment its period ends, with no write', async () => {
    // The key changes with the hour anyway: stay inside one so only the period's end can matter.
    const toNextWindow = PHOTO_URL_WINDOW_MS - (t.clock.now().getTime() % PHOTO_URL_WINDOW_MS);
    if (toNextWindow < 5 * 60_000) t.clock.advance(toNextWindow + 1000);
    const angler = await registerUser(t, newAccount('lapsing'));
    const end = new Date(t.clock.now().getTime() + 60_000);
    await t.database.db.execute(sql`insert into subscriptions (user_id, plan, status, current_period_end) values (${angler._id}, 'Monthly', 'active', ${end})`);
    expect((await full(angler)).activeSubscription).toBe(true);
    await silently(t, sql`update users set username = ${`${angler.username}x`} where id = ${angler._id}`);
    expect((await full(angler)).activeSubscription).toBe(true);
    t.clock.advance(61_000);
    expect((await full(angler)).activeSubscription).toBe(false);
  });

  it('never answers one member with another member’s kept answer', async () => {
    const alice = await registerUser(t, newAccount('alice'));
    const bob = await registerUser(t, newAccount('bob'));
    await t.database.db.execute(sql`insert into forecast_searches (user_id, term) values (${alice._id}, 'alice only')`);
    expect((await full(alice)).forecastSearches).toEqual(['alice only']);
    const bobs = await full(bob);
    expect(bobs._id).toBe(bob._id);
    expect(bobs.email).toBe(bob.email);
    expect(bobs.forecastSearches).toEqual([]);
  });
});

describe('kept answers, compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t?.close());

  it('sends a small answer as it is and a big one compressed', async () => {
    const angler = await registerUser(t, newAccount('smallbig'));
    const created = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, headers: { 'accept-encoding': 'gzip, deflate, br' }, payload: { type: 'Catch', location: GULL } });
    expect(created.statusCode, created.body).toBe(201);
    expect([created.headers['content-encoding'], (created.json() as { type: string }).type]).toEqual([undefined, 'Catch']);
    for (let i = 0; i < 5; i += 1) {
      const log = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: 'Catch', notes: `log ${i}`, location: GULL } });
      expect(log.statusCode, log.body).toBe(201);
    }
    const big = await t.request({ method: 'GET', url: '/api/user/logs/filter?page=1&limit=50', token: angler.token, headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(big.rawPayload).toString()) as { total: number }).total).toBe(6);
  });

  it('sends a kept answer in the encoding the browser takes, the same JSON each time', async () => {
    const angler = await registerUser(t, newAccount('compressed'));
    for (let i = 0; i < 8; i += 1) {
      const log = await t.request({ method: 'POST', url: '/api/logs/create', token: angler.token, payload: { type: 'Catch', notes: `log ${i}`, location: { ...GULL, lake: 'Gull Lake' } } });
      expect(log.statusCode, log.body).toBe(201);
    }
    const url = '/api/user/logs/filter?page=1&limit=50';
    const read = (encoding?: string) => t.request({ method: 'GET', url, token: angler.token, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json() as { total: number };
    expect(json.total).toBe(8);
    for (let i = 0; i < 2; i += 1) {
      const br = await read('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
      const gzip = await read('gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
    }
    // A change shows compressed too.
    await t.database.db.execute(sql`delete from logs where user_id = ${angler._id} and notes = 'log 0'`);
    const after = await read('br');
    expect(after.headers['content-encoding']).toBe('br');
    expect((JSON.parse(brotliDecompressSync(after.rawPayload).toString()) as { total: number }).total).toBe(7);
  });
});

const postgres = process.env.TEST_DATABASE_URL;

// Node A is the app in this process, node B a real server process; one PostgreSQL database.
describe.skipIf(!postgres)('the full user across two nodes (PostgreSQL; skipped: TEST_DATABASE_URL is not set)', () => {
  let nodeA: TestApp;
  let nodeB: RunningServer;
  beforeAll(async () => {
    nodeA = await createTestApp(ENV);
    nodeB = await startServerProcess({ env: { DATABASE_URL: nodeA.databaseUrl!, ...ENV } });
  }, 180_000);
  afterAll(async () => {
    await nodeB?.stop();
    await nodeA?.close();
  });

  const fullOnB = async (token: string) => {
    const res = await fetch(`${nodeB.baseUrl}/api/user/full`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Full;
  };

  /**
   * Node B's answer once the database's announcement has reached it (see answer-cache.test.ts: B may
   * read the next request a moment before the message); an announcement that never comes fails.
   */
  const onB = async <T>(token: string, read: (view: Full) => T, want: T) => {
    let got = read(await fullOnB(token));
    for (let attempt = 0; attempt < 20 && JSON.stringify(got) !== JSON.stringify(want); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      got = read(await fullOnB(token));
    }
    return got;
  };

  it('shows changes made through node A in node B’s next reads, and B keeps answers per member', async () => {
    const account = newAccount('fulltwo');
    const angler = await registerUser(nodeA, account);
    const { token } = await logIn(nodeB.baseUrl, account.email, account.password);
    expect((await fullOnB(token)).activeSubscription).toBe(false);

    await silently(nodeA, sql`insert into forecast_searches (user_id, term) values (${angler._id}, 'unannounced')`);
    expect((await fullOnB(token)).forecastSearches).toEqual([]);

    await nodeA.database.db.execute(sql`insert into subscriptions (user_id, plan, status) values (${angler._id}, 'Monthly', 'active')`);
    expect(await onB(token, (v) => v.activeSubscription, true)).toBe(true);

    const newEmail = `moved.${account.email}`;
    const asked = await nodeA.request({ method: 'POST', url: '/api/user/update-email', token: angler.token, payload: { email: newEmail, password: account.password } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await onB(token, (v) => v.pendingEmail ?? null, newEmail)).toBe(newEmail);

    const owner = await registerUser(nodeA, newAccount('ownertwo'));
    const event = await createEvent(nodeA, owner);
    const entered = await nodeA.request({ method: 'POST', url: `/api/fc/event/register/${event._id}`, token: angler.token, payload: {} });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await onB(token, (v) => v.events.registered.map((e) => e.eventId), [event._id])).toEqual([event._id]);
    await nodeA.request({ method: 'POST', url: `/api/fc/event/dates/${event._id}`, token: owner.token, payload: { dateStart: '2032-05-01T07:00', dateEnd: '2032-05-02T19:00' } });
    expect(await onB(token, (v) => v.events.registered[0]?.startDate.slice(0, 4), '2032')).toBe('2032');

    const other = await registerUser(nodeA, newAccount('fulltwoother'));
    const { token: otherOnB } = await logIn(nodeB.baseUrl, other.email, other.password);
    const others = await fullOnB(otherOnB);
    expect(others._id).toBe(other._id);
    expect(others.events.registered).toEqual([]);
  });
});
