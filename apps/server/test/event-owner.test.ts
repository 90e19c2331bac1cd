// The owner dashboard's calls (issue 16): each one for the owner, a co-owner added by e-mail, and a
// stranger (403), then what each call does and refuses to do from a client that lies.
import { ownerMessages as m } from '@tightlines/core/events/owner';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { giveEventFish, registerUser, type Member } from '@tightlines/testkit/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });
const get = (url: string, user: Member | null) => t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });

/** A free tournament owned by `owner` (a team event with `subtype: 'team'`). */
async function newEvent(owner: Member, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/api/fc/event', owner, {
    name: `Owner Cup ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 0,
    public: true,
    state: 'MN',
    species: ['Walleye'],
    keyType: 'None',
    dateStart: inDays(5),
    dateEnd: inDays(6),
    tz: 'America/Chicago',
    lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

type Entry = { _id: string; id: string | null; name: string; email: string; points: number; linked: boolean; uid: string | null; fish: Array<{ _id: string; flag: boolean; size: number; points: number }>; customFields: Record<string, unknown>; pointsOverride: null | { points: number; fishPoints: number; by: string | null } };
async function entries(eventId: string, owner: Member): Promise<Entry[]> {
  const res = await get(`/api/fc/event/dashboard/${eventId}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as Entry[];
}

async function addEntry(eventId: string, owner: Member, email: string, name = 'Pat Angler'): Promise<Entry> {
  const res = await post(`/api/fc/event/register/manual/${eventId}`, owner, { user: { email, name } });
  expect(res.statusCode, res.body).toBe(200);
  return (await entries(eventId, owner)).find((e) => e.email === email.toLowerCase() && e.name === name)!;
}

let owner: Member;
let coOwner: Member;
let stranger: Member;
beforeAll(async () => {
  [owner, coOwner, stranger] = (await Promise.all([registerUser(t), registerUser(t), registerUser(t)])) as [Member, Member, Member];
});

/** An event owned by `owner` with `coOwner` added by e-mail, and one entry with two fish. */
async function arranged() {
  const eventId = await newEvent(owner);
  const res = await post(`/api/fc/event/edit-owners/${eventId}`, owner, { owners: [{ email: owner.email }, { email: coOwner.email.toUpperCase() }] });
  expect(res.statusCode, res.body).toBe(200);
  const entry = await addEntry(eventId, owner, `fan${Math.random().toString(36).slice(2, 8)}@example.com`);
  const fishA = await giveEventFish(t, { eventId, entryId: entry._id }, { size: 20.5, points: 12 });
  const fishB = await giveEventFish(t, { eventId, entryId: entry._id }, { size: 25, points: 18 });
  return { eventId, entry, fishA, fishB };
}

describe('who may call the owner routes', () => {
  // Each call as [name, request for an arranged event]; run by owner, co-owner and stranger.
  type Arranged = Awaited<ReturnType<typeof arranged>>;
  const calls: Array<[string, (a: Arranged) => { method: 'GET' | 'POST'; url: string; payload?: object }]> = [
    ['dashboard', (a) => ({ method: 'GET', url: `/api/fc/event/dashboard/${a.eventId}` })],
    ['register/manual', (a) => ({ method: 'POST', url: `/api/fc/event/register/manual/${a.eventId}`, payload: { user: { email: 'added@example.com', name: 'Added' } } })],
    ['edit-entry', (a) => ({ method: 'POST', url: `/api/fc/event/edit-entry/${a.eventId}`, payload: { entry: { _id: a.entry._id, name: 'Renamed' } } })],
    ['remove-entry', (a) => ({ method: 'POST', url: `/api/fc/event/remove-entry/${a.eventId}`, payload: { entryId: a.entry._id, entries: [] } })],
    ['entry/flag', (a) => ({ method: 'POST', url: '/api/fc/event/entry/flag', payload: { eventId: a.eventId, fishId: a.fishA, flag: true } })],
    ['entry/delete', (a) => ({ method: 'POST', url: '/api/fc/event/entry/delete', payload: { eventId: a.eventId, fishId: a.fishA } })],
    ['edit-entry-fish', (a) => ({ method: 'POST', url: `/api/fc/event/edit-entry-fish/${a.eventId}`, payload: { entryId: a.entry._id, fishId: a.fishA, fish: { size: 21 } } })],
    ['invite-user', (a) => ({ method: 'POST', url: '/api/fc/event/invite-user', payload: { id: a.eventId, user: 'invitee@example.com' } })],
    ['edit-owners', (a) => ({ method: 'POST', url: `/api/fc/event/edit-owners/${a.eventId}`, payload: { owners: [{ email: owner.email }, { email: coOwner.email }] } })],
    ['user-check', (a) => ({ method: 'POST', url: `/api/fc/event/user-check/${a.eventId}`, payload: { emails: [{ email: a.entry.email }] } })],
    ['export', (a) => ({ method: 'GET', url: `/api/fc/event/export/${a.eventId}` })],
  ];

  it.each(calls)('%s: owner and co-owner allowed, stranger 403, visitor 401', async (_name, build) => {
    const a = await arranged();
    // The refusals come first, so the owners' calls find everything as arranged.
    const forStranger = await t.request({ ...build(a), token: stranger.token });
    expect(forStranger.statusCode, forStranger.body).toBe(403);
    expect(forStranger.json().error).toBe(m.notOwner);
    expect((await t.request(build(a))).statusCode).toBe(401);
    const forCo = await t.request({ ...build(a), token: coOwner.token });
    const forOwner = await t.request({ ...build(a), token: owner.token });
    const okOrPublicInvite = (status: number, body: string) =>
      _name === 'invite-user' ? expect([200, 400], body).toContain(status) : expect(status, body).toBe(200);
    okOrPublicInvite(forCo.statusCode, forCo.body);
    okOrPublicInvite(forOwner.statusCode, forOwner.body);
  });

  it('answers 404 for an event that does not exist, for anyone', async () => {
    const res = await get('/api/fc/event/dashboard/00000000-0000-4000-8000-000000000000', stranger);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a stranger who names the owner’s fish under their own event', async () => {
    const a = await arranged();
    const theirs = await newEvent(stranger);
    const res = await post('/api/fc/event/entry/flag', stranger, { eventId: theirs, fishId: a.fishA, flag: true });
    expect(res.statusCode).toBe(404);
    expect((await entries(a.eventId, owner))[0]!.fish.every((f) => !f.flag)).toBe(true);
  });
});

describe('entries', () => {
  it('needs an e-mail; a team event needs a team name and one e-mail per member', async () => {
    const eventId = await newEvent(owner);
    expect((await post(`/api/fc/event/register/manual/${eventId}`, owner, { user: { email: '' } })).json().error).toBe(m.emailRequired);
    const team = await newEvent(owner, { subtype: 'team', teamSize: 2 });
    const url = `/api/fc/event/register/manual/${team}`;
    expect((await post(url, owner, { user: { email: 'cap@example.com' } })).json().error).toBe(m.teamNameRequired);
    expect((await post(url, owner, { teamName: 'Reel Deal', user: { email: 'cap@example.com' } })).json().error).toBe(m.teamEmails);
    expect((await post(url, owner, { teamName: 'Reel Deal', user: { email: 'cap@example.com' }, team: { emails: [{ value: 'not-mail' }] } })).json().error).toBe(m.teamEmails);
    const ok = await post(url, owner, { teamName: 'Reel Deal', user: { email: 'cap@example.com', name: 'Cap' }, team: { emails: [{ value: 'mate@example.com' }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [entry] = await entries(team, owner);
    expect(entry).toMatchObject({ team: { name: 'Reel Deal', emails: [{ value: 'mate@example.com' }] }, id: '1' });
  });

  it('adds once on a double submit, numbers entries, and links an e-mail that has an account', async () => {
    const eventId = await newEvent(owner);
    const body = { user: { email: stranger.email, name: 'Sam' } };
    const [a, b] = await Promise.all([post(`/api/fc/event/register/manual/${eventId}`, owner, body), post(`/api/fc/event/register/manual/${eventId}`, owner, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await post(`/api/fc/event/register/manual/${eventId}`, owner, { user: { email: 'other@example.com', name: 'Other' } });
    const list = await entries(eventId, owner);
    expect(list).toHaveLength(2);
    expect(list.map((e) => e.id).sort()).toEqual(['1', '2']);
    expect(list.find((e) => e.name === 'Sam')).toMatchObject({ linked: true, uid: stranger._id });
    // The linked angler now sees the event as an entrant.
    expect((await get(`/api/fc/event/${eventId}`, stranger)).json().viewer.registered).toBe(true);
  });

  it('saves admin edits: Packet Shipped and add-ons; points stay the server’s', async () => {
    const a = await arranged();
    const res = await post(`/api/fc/event/edit-entry/${a.eventId}`, owner, {
      entry: { _id: a.entry._id, name: 'Pat Renamed', points: 9999, customFields: { zone: '9', shipped: true, addOns: { hat: 1, raffle: 1, bumpboard: 1, shirt: 1, shirtSizes: ['XL'] } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(a.eventId, owner);
    expect(entry).toMatchObject({ name: 'Pat Renamed', points: 30, customFields: { shipped: true, addOns: { hat: 1, raffle: 1 } } });
  });

  it('removes only the named entry, whatever list of remaining entries is sent, and again answers 200', async () => {
    const eventId = await newEvent(owner);
    const keep = await addEntry(eventId, owner, 'keep@example.com', 'Keep');
    const drop = await addEntry(eventId, owner, 'drop@example.com', 'Drop');
    const body = { entryId: drop._id, entries: [] };
    expect((await post(`/api/fc/event/remove-entry/${eventId}`, owner, body)).statusCode).toBe(200);
    expect((await post(`/api/fc/event/remove-entry/${eventId}`, owner, body)).statusCode).toBe(200);
    expect((await entries(eventId, owner)).map((e) => e._id)).toEqual([keep._id]);
  });
});

describe('fish', () => {
  it('sets the flag to the value sent (twice the same is still flagged) and recomputes the total', async () => {
    const a = await arranged();
    const flag = (flagged: boolean) => post('/api/fc/event/entry/flag', owner, { eventId: a.eventId, uid: null, fishId: a.fishB, flag: flagged });
    expect((await flag(true)).statusCode).toBe(200);
    expect((await flag(true)).statusCode).toBe(200);
    let [entry] = await entries(a.eventId, owner);
    expect(entry!.fish.find((f) => f._id === a.fishB)!.flag).toBe(true);
    expect(entry!.points).toBe(12);
    await flag(false);
    [entry] = await entries(a.eventId, owner);
    expect(entry!.points).toBe(30);
  });

  it('edits rounded to 2 decimals, refuses over 60 inches, keeps an override with who and when', async () => {
    const a = await arranged();
    const url = `/api/fc/event/edit-entry-fish/${a.eventId}`;
    const edit = await post(url, owner, { entryId: a.entry._id, fishId: a.fishA, fish: { size: 21.456, points: 13.333 } });
    expect(edit.statusCode, edit.body).toBe(200);
    let [entry] = await entries(a.eventId, owner);
    expect(entry!.fish.find((f) => f._id === a.fishA)).toMatchObject({ size: 21.46, points: 13.33 });
    expect(entry!.points).toBe(31.33);
    expect((await post(url, owner, { entryId: a.entry._id, fishId: a.fishA, fish: { size: 60.5 } })).json().error).toBe(m.fishTooBig);
    // A fish of another entry named with this entry is not found.
    expect((await post(url, owner, { entryId: a.entry._id, fishId: '00000000-0000-4000-8000-000000000000', fish: {} })).statusCode).toBe(404);

    const override = await post(url, coOwner, { entryId: a.entry._id, fishId: a.fishA, fish: {}, totalPoints: 50 });
    expect(override.statusCode, override.body).toBe(200);
    [entry] = await entries(a.eventId, owner);
    expect(entry!.points).toBe(50);
    expect(entry!.pointsOverride).toMatchObject({ points: 50, fishPoints: 31.33, by: coOwner.username });
    await post(url, owner, { entryId: a.entry._id, fishId: a.fishA, fish: {}, totalPoints: null });
    [entry] = await entries(a.eventId, owner);
    expect(entry!.points).toBe(31.33);
    expect(entry!.pointsOverride).toBeNull();
  });

  it('deletes a fish once; deleting it again answers the event', async () => {
    const a = await arranged();
    const body = { eventId: a.eventId, uid: null, fishId: a.fishA };
    expect((await post('/api/fc/event/entry/delete', owner, body)).statusCode).toBe(200);
    expect((await post('/api/fc/event/entry/delete', owner, body)).statusCode).toBe(200);
    const [entry] = await entries(a.eventId, owner);
    expect(entry!.fish.map((f) => f._id)).toEqual([a.fishB]);
    expect(entry!.points).toBe(18);
  });
});

describe('owners, invites, lookups and links', () => {
  it('edits owners by e-mail with the seed’s message for an unknown one, and keeps the caller', async () => {
    const eventId = await newEvent(owner);
    const unknown = await post(`/api/fc/event/edit-owners/${eventId}`, owner, { owners: [{ email: owner.email }, { email: 'nobody@example.com' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('no user found with an email: nobody@example.com');
    expect((await post(`/api/fc/event/edit-owners/${eventId}`, owner, { owners: [{ email: coOwner.email }] })).json().error).toBe(m.keepYourself);
    const ok = await post(`/api/fc/event/edit-owners/${eventId}`, owner, { owners: [{ email: owner.email }, { email: coOwner.email }] });
    expect(ok.json().owners.map((o: { username: string }) => o.username).sort()).toEqual([owner.username, coOwner.username].sort());
    // The co-owner may remove the creator.
    expect((await post(`/api/fc/event/edit-owners/${eventId}`, coOwner, { owners: [{ email: coOwner.email }] })).statusCode).toBe(200);
    expect((await get(`/api/fc/event/dashboard/${eventId}`, owner)).statusCode).toBe(403);
  });

  it('finds a member by e-mail for owners only, with the seed’s message when there is none', async () => {
    const nobody = await registerUser(t);
    expect((await post('/api/user/find', nobody, { email: owner.email })).statusCode).toBe(403);
    await newEvent(owner);
    const found = await post('/api/user/find', owner, { email: coOwner.email.toUpperCase() });
    expect(found.json()).toEqual({ id: coOwner._id, username: coOwner.username });
    const missing = await post('/api/user/find', owner, { email: 'ghost@example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('no user found with an email: ghost@example.com');
  });

  it('invites to a private event by e-mail or username, once, and mails the invitee', async () => {
    const eventId = await newEvent(owner, { public: false });
    const sent = t.mailer.sent.length;
    expect((await post('/api/fc/event/invite-user', owner, { id: eventId, user: stranger.username })).statusCode).toBe(200);
    expect((await post('/api/fc/event/invite-user', owner, { id: eventId, user: stranger.username })).statusCode).toBe(200);
    const res = await post('/api/fc/event/invite-user', owner, { id: eventId, user: 'new.angler@example.com' });
    expect(res.json().invites).toHaveLength(2);
    expect(t.mailer.sent.length - sent).toBe(2);
    expect((await get(`/api/fc/event/${eventId}`, stranger)).statusCode).toBe(200);
    const publicEvent = await newEvent(owner);
    expect((await post('/api/fc/event/invite-user', owner, { id: publicEvent, user: stranger.username })).json().error).toBe(m.invitePublic);
  });

  it('checks entry e-mails for accounts, links and unlinks, and answers nothing about other e-mails', async () => {
    const eventId = await newEvent(owner);
    await addEntry(eventId, owner, 'no-account@example.com', 'No Account');
    const url = `/api/fc/event/user-check/${eventId}`;
    // Added before the account existed: not linked.
    const later = await addEntry(eventId, owner, 'later@example.com', 'Later');
    const account = await registerUser(t, { username: `later${Date.now()}`, email: 'later@example.com', password: 'correct horse 42', passwordConfirm: 'correct horse 42' });
    expect(later.linked).toBe(false);
    const check = await post(url, owner, { emails: [{ email: 'later@example.com' }, { email: 'no-account@example.com' }, { email: owner.email }] });
    expect(check.json()).toEqual(
      expect.arrayContaining([
        { email: 'later@example.com', linked: false, account: true },
        { email: 'no-account@example.com', linked: false, account: false },
      ]),
    );
    expect(check.json()).toHaveLength(2);
    expect((await post(url, owner, { emails: [{ email: 'later@example.com', linked: true }] })).json()).toEqual([{ email: 'later@example.com', linked: true, account: true }]);
    expect((await entries(eventId, owner)).find((e) => e.name === 'Later')!.uid).toBe(account._id);
    expect((await post(url, owner, { emails: [{ email: 'later@example.com', linked: false }] })).json()[0].linked).toBe(false);
  });
});

describe('export', () => {
  it('downloads event-entry-details.csv: one row per entry with fields, totals and fish, formula-safe', async () => {
    const a = await arranged();
    await post(`/api/fc/event/edit-entry/${a.eventId}`, owner, {
      entry: { _id: a.entry._id, name: '=HYPERLINK("http://evil","x")', customFields: { zone: '3', phone: '+1 555 0100', addOns: { hat: 1 } } },
    });
    await post('/api/fc/event/entry/flag', owner, { eventId: a.eventId, fishId: a.fishB, flag: true });
    await addEntry(a.eventId, owner, 'second@example.com', '@second');
    const res = await get(`/api/fc/event/export/${a.eventId}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event-entry-details.csv"');
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true });
    expect(parsed.meta.fields).toEqual(
      expect.arrayContaining(['Entry', 'ID', 'Name', 'Email', 'Total Points', 'Fish Count', 'Flagged Fish', 'zone', 'phone', 'addOns.hat', 'Fish 1 Size', 'Fish 2 Flagged']),
    );
    expect(parsed.data).toHaveLength(2);
    const first = parsed.data.find((r) => r.Entry === a.entry._id)!;
    expect(first).toMatchObject({ Name: `'=HYPERLINK("http://evil","x")`, phone: `'+1 555 0100`, zone: '3', 'addOns.hat': '1', 'Total Points': '12', 'Fish Count': '2', 'Flagged Fish': '1' });
    expect(first['Fish 2 Flagged']).toBe('Yes');
    expect(parsed.data.find((r) => r.Email === 'second@example.com')!.Name).toBe(`'@second`);
  });
});
