// The authorization matrix: every route of the contract list, called by a visitor, a stranger,
// the owner of the thing it names, a friend in the owner's Inner Circle and a premium member who
// is none of these, and the owner of an event (its organiser). A route that is not in RULES fails
// the test, so a new route must say here who may call it.
import { allContracts } from '@tightlines/core/api/all';
import type { Contract } from '@tightlines/core/api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { giveEventFish, givePremium, joinCircle, registerUser, type Member } from '@tightlines/testkit/fixtures';

type Role = 'visitor' | 'stranger' | 'friend' | 'premium' | 'owner' | 'eventOwner';
// The event owner calls last: the owner routes that remove things find them still there.
const ROLES: Role[] = ['visitor', 'stranger', 'friend', 'premium', 'owner', 'eventOwner'];

/**
 * What each route lets each caller do:
 * - `open`: anyone gets an answer that is not 401/403/404 (public, and not about anyone's thing);
 * - `member`: a visitor gets 401, every member an answer that is not 401/403/404;
 * - `premium`: a visitor gets 401, a member without premium 403, a premium member (and the owner,
 *   who is premium here) an answer;
 * - `owned`: the route names the owner's thing: a visitor gets 401, anyone but the owner 403 or
 *   404, the owner an answer;
 * - `shared`: the owner's protected log: the owner and the friend read it, everyone else 404;
 * - `signedIn`: a visitor gets 401; members get whatever their body earns (their own areas' tests
 *   cover the rest: billing, events and the circle's premium writes);
 * - `anyone`: a public route whose answer depends on its body or a token inside it;
 * - `admin`: the team's (ADMIN_EMAILS, none of these callers): a visitor gets 401, every member 403.
 * - `eventOwned`: an owner dashboard call on the event owner's event: a visitor gets 401, every
 *   other member 403 (the log owner included), the event owner an answer.
 * On every other rule the event owner is one more member who owns nothing of the others'.
 * Every route, whatever its rule, answers everyone below 500.
 */
type Rule = 'open' | 'member' | 'premium' | 'owned' | 'shared' | 'signedIn' | 'anyone' | 'admin' | 'eventOwned';

const RULES: Record<string, Rule> = {
  'GET /api/util/featureflags': 'open',
  'GET /api/health': 'open',
  'POST /api/user/register': 'open',
  'POST /api/user/login': 'open',
  'POST /api/user/login-native': 'open',
  'POST /api/user/exists': 'open',
  'POST /api/username/exists': 'open',
  'POST /api/user/forgot-password': 'open',
  'POST /api/user/password-token': 'open',
  'POST /api/user/reset-password/:token': 'open',
  'POST /api/user/confirm-email': 'open',
  'GET /api/user/full': 'member',
  'GET /api/user/simple': 'member',
  'GET /api/user/has-subscription': 'member',
  'GET /api/user/obj/:id': 'member',
  'POST /api/user/update': 'member',
  'POST /api/user/update-email': 'member',
  'POST /api/user/change-password': 'member',
  'GET /api/user/sessions': 'member',
  'DELETE /api/user/sessions/:id': 'owned',
  'POST /api/user/logout': 'member',
  'POST /api/user/logout-everywhere': 'member',
  'POST /api/user/set-profile-image': 'member',
  'POST /api/util/geolocate/reverse': 'open',
  'POST /api/calendar/ical': 'open',
  'POST /api/weather/current': 'open',
  'GET /api/weather/forecast/:searchTerm': 'open',
  'POST /api/weather/historic/forecast': 'premium',
  'POST /api/weather/forecast/hourly': 'open',
  'POST /api/weather/lunar': 'open',
  'POST /api/lunar/aeris/current': 'open',
  'POST /api/lunar/aeris/monthly': 'open',
  'POST /api/lunar/aeris/past': 'open',
  'POST /api/weather/remove-search-term': 'member',
  'GET /api/logs/can-create': 'member',
  'POST /api/logs/create': 'member',
  'GET /api/log/edit/:id': 'owned',
  'POST /api/log/update/:id': 'owned',
  'POST /api/log/get-waterflow/:id': 'owned',
  'POST /api/user/add-tag-log': 'owned',
  'POST /api/user/remove-tag-log': 'owned',
  'POST /api/user/delete-logs': 'owned',
  'DELETE /api/log/:id': 'owned',
  'GET /api/log/delete/:id': 'owned',
  'GET /api/log/view/:id': 'shared',
  'GET /api/visitor/logs/:username': 'open',
  'GET /api/user/visitor-tags/:username': 'open',
  'POST /api/user/find-lakes': 'member',
  'GET /api/list/lure-categories': 'member',
  'GET /api/user/logs': 'member',
  'POST /api/user/upload-image': 'member',
  // Only owners of an event the member has an entry in: event-owner-admin.test.ts tests who they are.
  'POST /api/user/upload-image/:uid': 'signedIn',
  'POST /api/user/add-tag': 'member',
  'POST /api/user/find-tag': 'member',
  'GET /api/user/tags': 'member',
  'POST /api/user/remove-tag': 'member',
  'POST /api/util/find-lake': 'open',
  'POST /api/logs/from-photos': 'member',
  'GET /api/user/export-logs': 'member',
  'POST /api/util/import/csv/user-logs': 'premium',
  'GET /api/user/logs/charts': 'premium',
  'GET /api/user/logs/filter': 'member',
  'GET /api/user/logs/lakes': 'member',
  'GET /api/user/logs/states': 'member',
  'GET /api/user/logs/markers': 'premium',
  'GET /api/user/logs/markers/binary': 'premium',
  'GET /api/user/stats': 'member',
  'POST /api/user/create-outing': 'member',
  'GET /api/user/outing/:id': 'owned',
  'POST /api/user/edit-outing/:id': 'owned',
  'DELETE /api/user/delete-outing/:id': 'owned',
  'POST /api/user/add/inner-circle': 'signedIn',
  'POST /api/user/edit/inner-circle': 'signedIn',
  'POST /api/user/remove/inner-circle': 'signedIn',
  'POST /api/user/leave/allowed-circle': 'signedIn',
  'GET /api/user/allowed-circles': 'member',
  'GET /api/user/inner-circle': 'member',
  'GET /api/user/inner-circle-logs': 'premium',
  'GET /api/user/inner-circle-logs/charts': 'premium',
  'GET /api/user/inner-circle-logs/markers': 'premium',
  'GET /api/notification-worker.js': 'open',
  'GET /api/notifications/public-key': 'anyone',
  'POST /api/notifications/subscribe/inner-circle': 'signedIn',
  'POST /api/billing/add-card': 'signedIn',
  'GET /api/billing/overview': 'member',
  'POST /api/billing/cards': 'anyone',
  'POST /api/billing/charge': 'anyone',
  'POST /api/billing/delete-card': 'signedIn',
  'POST /api/billing/get-coupon': 'anyone',
  'GET /api/billing/plans': 'open',
  'POST /api/billing/subscribe/end': 'signedIn',
  'POST /api/billing/subscribe/update': 'signedIn',
  'GET /api/billing/subscription/:id': 'signedIn',
  'POST /api/billing/test/token': 'anyone',
  'POST /api/billing/webhook': 'anyone',
  'GET /api/billing/connect-stripe': 'member',
  'GET /api/admin/me': 'member',
  'GET /api/admin/ambassador-applications': 'admin',
  'POST /api/admin/ambassador-applications/:id/review': 'admin',
  'GET /api/billing/connect-stripe/status': 'member',
  'POST /api/billing/connect-stripe/test-complete': 'signedIn',
  'POST /api/fc/event': 'signedIn',
  'GET /api/fc/event/:id': 'anyone',
  'POST /api/fc/event/dates/:id': 'signedIn',
  'POST /api/fc/event/register/:id': 'signedIn',
  'POST /api/fc/event/checkin/:id': 'signedIn',
  'POST /api/fc/event/enter-fish/:id': 'signedIn',
  'POST /api/fc/event-draft': 'signedIn',
  'GET /api/fc/events': 'open',
  'GET /api/fc/my-events': 'member',
  'GET /api/fc/settings/:id': 'anyone',
  // Event payments and the muskie form (issue 16): owners' settings; payments whose answer depends
  // on the order, the card or the mobile token in the body; the form open to visitors.
  'POST /api/payments/pp/token': 'anyone',
  'POST /api/payments/pp/order': 'anyone',
  'POST /api/payments/pp/capture': 'anyone',
  'POST /api/payments/pp/pay': 'signedIn',
  'POST /api/billing/event/charge/:id': 'anyone',
  'POST /api/user': 'anyone',
  'GET /api/fc/event/muskie/:id': 'anyone',
  'GET /api/fc/event/muskie': 'anyone',
  'POST /api/fc/event/form-settings/:id': 'signedIn',
  'GET /api/fc/event/dashboard/:id': 'eventOwned',
  'POST /api/fc/event/register/manual/:id': 'eventOwned',
  'POST /api/fc/event/edit-entry/:id': 'eventOwned',
  'POST /api/fc/event/remove-entry/:id': 'eventOwned',
  'POST /api/fc/event/entry/flag': 'eventOwned',
  'POST /api/fc/event/entry/delete': 'eventOwned',
  'POST /api/fc/event/edit-entry-fish/:id': 'eventOwned',
  'POST /api/fc/event/admin/enter-fish/:id': 'eventOwned',
  'POST /api/fc/event/admin/checkin/:id': 'eventOwned',
  'POST /api/fc/event/admin/checkin-all/:id': 'eventOwned',
  'POST /api/fc/event/invite-user': 'eventOwned',
  'POST /api/fc/event/edit-owners/:id': 'eventOwned',
  'POST /api/user/find': 'eventOwned',
  'POST /api/fc/event/user-check/:id': 'eventOwned',
  'GET /api/fc/event/export/:id': 'eventOwned',
  'GET /api/port': 'open',
  'GET /api/util/app-links': 'open',
  'GET /api/util/geolocate': 'anyone',
  'GET /api/ambassadors': 'open',
  'POST /api/ambassador-application': 'anyone',
  'POST /api/contact': 'anyone',
  'GET /robots.txt': 'open',
  'GET /sitemap.xml': 'open',
  'GET /api/user/mailchimp': 'member',
  'POST /api/user/mailchimp/subscribe': 'anyone',
  'POST /api/user/mailchimp/unsubscribe': 'signedIn',
  'POST /api/newsletter/confirm': 'anyone',
  'POST /api/newsletter/unsubscribe': 'anyone',
  'GET /api/assistant/link': 'anyone',
  'POST /api/assistant/fulfillment': 'anyone',
  'POST /api/user/create/googleActionsToken': 'signedIn',
  'GET /api/user/assistant-tokens': 'member',
  'DELETE /api/user/assistant-tokens/:id': 'signedIn',
};

const PLACE = { lat: 46.41, lng: -94.35 };
const key = (c: Contract) => `${c.method} ${c.path}`;

let weather: FakeOpenMeteo;
let t: TestApp;
let people: Record<Exclude<Role, 'visitor'>, Member>;
/** The event owner's private event (invites are for private events). */
let eventId: string;
beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp(weather.env);
  const [stranger, friend, premium, owner, eventOwner] = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
  people = { stranger: stranger!, friend: friend!, premium: premium!, owner: owner!, eventOwner: eventOwner! };
  const created = await t.request({
    method: 'POST',
    url: '/api/fc/event',
    token: people.eventOwner.token,
    payload: {
      name: 'Matrix Open',
      type: 'Tournament',
      format: 'Points',
      size: '12',
      cost: 0,
      public: false,
      state: 'MN',
      species: ['Walleye'],
      keyType: 'None',
      dateStart: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      dateEnd: new Date(Date.now() + 6 * 86_400_000).toISOString(),
      tz: 'America/Chicago',
      lakes: [{ name: 'Gull Lake', location: PLACE }],
    },
  });
  if (created.statusCode !== 201) throw new Error(`event: ${created.body}`);
  eventId = created.json()._id;
  await givePremium(t, people.premium);
  await givePremium(t, people.owner);
  await joinCircle(t, people.owner, people.friend);
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

/** Routes whose outside service is not configured in this app: the owner may get its 503. */
const SERVICE_OFF = new Set(['POST /api/log/get-waterflow/:id', 'POST /api/payments/pp/token']);

async function signInAgain() {
  for (const role of ['stranger', 'friend', 'premium', 'eventOwner'] as const) {
    const person = people[role];
    const res = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: person.email, password: person.password } });
    people[role] = { ...person, token: res.json().token };
  }
}

/** Fresh things of the owner for one route: a protected log, an outing, a session and its token. */
async function ownersThings() {
  const { owner } = people;
  const session = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: owner.email, password: owner.password } });
  const token = session.json().token as string;
  const log = await t.request({ method: 'POST', url: '/api/logs/create', token, payload: { type: 'Catch', privacy: 'protected', location: PLACE } });
  const outing = await t.request({
    method: 'POST',
    url: '/api/user/create-outing',
    token,
    payload: { startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-01', endTime: '09:00', location: PLACE },
  });
  const sessions = await t.request({ method: 'GET', url: '/api/user/sessions', token });
  const sessionId = (sessions.json() as Array<{ _id: string; current: boolean }>).find((s) => s.current)!._id;
  return { token, logId: log.json()._id as string, outingId: outing.json()._id as string, sessionId };
}

type Things = Awaited<ReturnType<typeof ownersThings>>;

/** A fresh entry with a fish on the event owner's event, for one owner route. */
async function eventThings() {
  const email = `entrant${Math.random().toString(36).slice(2, 8)}@example.com`;
  await t.request({ method: 'POST', url: `/api/fc/event/register/manual/${eventId}`, token: people.eventOwner.token, payload: { user: { email, name: 'Entrant' } } });
  const board = await t.request({ method: 'GET', url: `/api/fc/event/dashboard/${eventId}`, token: people.eventOwner.token });
  const entryId = (board.json().entries as Array<{ _id: string; email: string }>).find((e) => e.email === email)!._id;
  const fishId = await giveEventFish(t, { eventId, entryId }, { size: 20, points: 10 });
  return { email, entryId, fishId };
}

async function eventRequestFor(c: Contract) {
  const { email, entryId, fishId } = await eventThings();
  const bodies: Record<string, unknown> = {
    'POST /api/fc/event/register/manual/:id': { user: { email: 'added@example.com', name: 'Added' } },
    'POST /api/fc/event/edit-entry/:id': { entry: { _id: entryId, name: 'Renamed' } },
    'POST /api/fc/event/remove-entry/:id': { entryId },
    'POST /api/fc/event/entry/flag': { eventId, fishId, flag: true },
    'POST /api/fc/event/entry/delete': { eventId, fishId },
    'POST /api/fc/event/edit-entry-fish/:id': { entryId, fishId, fish: { size: 21 } },
    'POST /api/fc/event/admin/enter-fish/:id': { entryId, species: 'Walleye', size: 20, photos: {} },
    'POST /api/fc/event/admin/checkin/:id': { email },
    'POST /api/fc/event/invite-user': { id: eventId, user: people.stranger.username },
    'POST /api/fc/event/edit-owners/:id': { owners: [{ email: people.eventOwner.email }] },
    'POST /api/user/find': { email: people.owner.email },
    'POST /api/fc/event/user-check/:id': { emails: [{ email }] },
  };
  return { method: c.method, url: c.path.replace(':id', eventId), ...(c.method === 'GET' ? {} : { payload: (bodies[key(c)] ?? {}) as object }) };
}

function requestFor(c: Contract, things: Things) {
  const id = c.path.includes('outing') ? things.outingId : c.path.includes('sessions') ? things.sessionId : c.path.includes('/obj/') ? people.owner._id : things.logId;
  const url = c.path
    .replace(':id', id)
    .replace(':token', 'not-a-reset-token')
    .replace(':searchTerm', '56401')
    .replace(':username', people.owner.username)
    .replace(':uid', people.owner._id);
  const bodies: Record<string, unknown> = {
    'POST /api/user/add-tag-log': { id: things.logId, tag: 'evening' },
    'POST /api/user/remove-tag-log': { id: things.logId, tag: 'dawn' },
    'POST /api/user/delete-logs': { logs: [things.logId] },
    'POST /api/log/update/:id': { type: 'Catch', privacy: 'protected', notes: 'changed', location: PLACE },
    'POST /api/log/get-waterflow/:id': PLACE,
    'POST /api/user/edit-outing/:id': { startDate: '2025-06-01T06:00:00-05:00', endDate: '2025-06-01T10:00:00-05:00' },
    'POST /api/weather/historic/forecast': { search: '56401' },
    'POST /api/admin/ambassador-applications/:id/review': { status: 'approved' },
    'POST /api/user/change-password': { currentPassword: 'not the password', password: 'another long one' },
  };
  const multipart = c.body === 'multipart';
  return {
    method: c.method,
    url,
    ...(multipart
      ? { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' }
      : c.method === 'GET' || c.method === 'DELETE'
        ? {}
        : { payload: (bodies[key(c)] ?? {}) as object }),
  };
}

function allowed(rule: Rule, who: Role, status: number): boolean {
  const refused = [401, 403, 404].includes(status);
  if (rule === 'eventOwned') return who === 'visitor' ? status === 401 : who === 'eventOwner' ? !refused : status === 403;
  const role = who === 'eventOwner' ? 'stranger' : who;
  switch (rule) {
    case 'open':
      return !refused;
    case 'member':
      return role === 'visitor' ? status === 401 : !refused;
    case 'premium':
      return role === 'visitor' ? status === 401 : role === 'stranger' || role === 'friend' ? status === 403 : !refused;
    case 'owned':
      return role === 'visitor' ? status === 401 : role === 'owner' ? !refused : status === 403 || status === 404;
    case 'shared':
      return role === 'owner' || role === 'friend' ? status === 200 : status === 404;
    case 'signedIn':
      return role === 'visitor' ? status === 401 : true;
    case 'anyone':
      return true;
    case 'admin':
      return role === 'visitor' ? status === 401 : status === 403;
  }
}

describe('authorization matrix', () => {
  it('knows every route', () => {
    const missing = allContracts().map(key).filter((k) => !(k in RULES));
    expect(missing, 'add these routes to RULES with who may call them').toEqual([]);
    const gone = Object.keys(RULES).filter((k) => !allContracts().some((c) => key(c) === k));
    expect(gone).toEqual([]);
  });

  it.each(allContracts().map((c) => [key(c), c] as const))('%s answers each caller as its rule says', async (name, c) => {
    const rule = RULES[name]!;
    const things = await ownersThings();
    const request = rule === 'eventOwned' ? await eventRequestFor(c) : requestFor(c, things);
    const seen: Record<string, number> = {};
    for (const role of ROLES) {
      const token = role === 'visitor' ? undefined : role === 'owner' ? things.token : people[role].token;
      const res = await t.request({ ...request, ...(token ? { token } : {}) } as Parameters<TestApp['request']>[0]);
      seen[role] = res.statusCode;
      if (!(SERVICE_OFF.has(name) && res.statusCode === 503)) expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    // Logging out ends the callers' sessions; the next route gets them signed in again.
    if (name.includes('logout')) await signInAgain();
    const wrong = ROLES.filter((role) => !allowed(rule, role, seen[role]!));
    expect(wrong.map((role) => `${role} ${seen[role]}`), `${name} (${rule})`).toEqual([]);
  });
});
