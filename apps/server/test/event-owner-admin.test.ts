// The owner dashboard's admin calls (issue 16): admin/enter-fish, admin/checkin, admin/checkin-all
// and an owner's upload-image/{uid} for an angler, from the attacker's side (a stranger, an entry
// of another event, a double submit, someone else's photos), and the EXIF viewer, which only owners
// ever see.
import { ownerMessages as m } from '@tightlines/core/events/owner';
import { eventMessages } from '@tightlines/core/events/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { startEventNow } from '@tightlines/testkit/event-entries';
import { registerUser, sendUpload, uploadPhoto, type Member } from '@tightlines/testkit/fixtures';
import { jpegWithExif } from '@tightlines/testkit/photos';

let t: TestApp;
let owner: Member;
let coOwner: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  [owner, coOwner, stranger] = (await Promise.all([registerUser(t), registerUser(t), registerUser(t)])) as [Member, Member, Member];
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });
const get = (url: string, user: Member | null) => t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });

type Fish = {
  _id: string;
  size: number;
  points: number;
  flag: boolean;
  date: string;
  enteredBy: string | null;
  exif: { measurement: Record<string, unknown> | null; angler: Record<string, unknown> | null; disagreements: string[] };
};
type Entry = { _id: string; name: string; email: string; points: number; checkins: Array<{ date: string; key: string | null }>; checkedIn: boolean; fish: Fish[] };

/** A free Walleye tournament owned by `owner`, with `coOwner` added; running unless `upcoming`. */
async function newEvent(options: { upcoming?: boolean } = {}): Promise<string> {
  const res = await post('/api/fc/event', owner, {
    name: `Admin Cup ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 0,
    public: true,
    state: 'MN',
    species: ['Walleye'],
    keyType: 'Playing Card',
    dateStart: inDays(5),
    dateEnd: inDays(6),
    tz: 'America/Chicago',
    lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
    pointRules: [{ species: 'Walleye', startingValue: 15, startingPointValue: 10 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  const owners = await post(`/api/fc/event/edit-owners/${id}`, owner, { owners: [{ email: owner.email }, { email: coOwner.email }] });
  expect(owners.statusCode, owners.body).toBe(200);
  if (!options.upcoming) await startEventNow(t, id);
  return id;
}

async function entries(eventId: string): Promise<Entry[]> {
  const res = await get(`/api/fc/event/dashboard/${eventId}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as Entry[];
}

async function addEntry(eventId: string, email: string, name = 'Walk-up Angler'): Promise<Entry> {
  const res = await post(`/api/fc/event/register/manual/${eventId}`, owner, { user: { email, name } });
  expect(res.statusCode, res.body).toBe(200);
  return (await entries(eventId)).find((e) => e.email === email && e.name === name)!;
}

const email = () => `walkup${Math.random().toString(36).slice(2, 8)}@example.com`;
const photos = async (user: Member) => ({ measurement: await uploadPhoto(t, user), angler: await uploadPhoto(t, user) });
const fish = (extra: Record<string, unknown>) => ({ species: 'Walleye', size: 20.456, lake: 'Gull Lake', lure: 'Jig', lat: 46.41, lng: -94.35, tz: 'America/Chicago', ...extra });

describe('POST api/fc/event/admin/checkin/{id}', () => {
  it('checks in the entry with that e-mail, once; a co-owner may too, a stranger may not', async () => {
    const id = await newEvent();
    const a = await addEntry(id, email());
    const b = await addEntry(id, email());

    const refused = await post(`/api/fc/event/admin/checkin/${id}`, stranger, { email: a.email });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(m.notOwner);
    expect((await entries(id)).find((e) => e._id === a._id)!.checkins).toHaveLength(0);

    const first = await post(`/api/fc/event/admin/checkin/${id}`, owner, { email: a.email.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: m.checkedIn('Walk-up Angler'), checkedIn: 1 });
    const again = await post(`/api/fc/event/admin/checkin/${id}`, coOwner, { email: a.email });
    expect(again.json()).toMatchObject({ message: m.alreadyCheckedIn('Walk-up Angler'), checkedIn: 0 });

    const after = await entries(id);
    const checkins = after.find((e) => e._id === a._id)!.checkins;
    expect(checkins).toHaveLength(1);
    // The day's key, as the angler's own check-in would have got.
    expect(checkins[0]!.key).toMatch(/ of /);
    expect(after.find((e) => e._id === b._id)!.checkins).toHaveLength(0);
    expect(after.map((e) => [e._id, e.checkedIn])).toEqual(expect.arrayContaining([[a._id, true], [b._id, false]]));

    // A check-in runs for the event's timespan (18 hours by default): after that the entry was checked in, and is not now.
    t.clock.advance(19 * 3_600_000);
    try {
      const later = (await entries(id)).find((e) => e._id === a._id)!;
      expect(later).toMatchObject({ checkedIn: false, checkins: [{ key: checkins[0]!.key }] });
    } finally {
      t.clock.reset();
    }
  });

  it('finds nothing by an e-mail of another event’s entry, and follows the event’s dates', async () => {
    const id = await newEvent();
    const other = await newEvent();
    const elsewhere = await addEntry(other, email());
    const res = await post(`/api/fc/event/admin/checkin/${id}`, owner, { email: elsewhere.email });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(m.entryNotFound);
    expect((await entries(other))[0]!.checkins).toHaveLength(0);

    const upcoming = await newEvent({ upcoming: true });
    const early = await addEntry(upcoming, email());
    const notYet = await post(`/api/fc/event/admin/checkin/${upcoming}`, owner, { email: early.email });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe('This event has not started yet.');
  });
});

describe('POST api/fc/event/admin/checkin-all/{id}', () => {
  it('checks in every entry not checked in yet; a double submit checks each in once', async () => {
    const id = await newEvent();
    const [a] = [await addEntry(id, email()), await addEntry(id, email()), await addEntry(id, email())];
    await post(`/api/fc/event/admin/checkin/${id}`, owner, { email: a!.email });

    expect((await post(`/api/fc/event/admin/checkin-all/${id}`, stranger, {})).statusCode).toBe(403);
    expect((await entries(id)).map((e) => e.checkins.length).sort()).toEqual([0, 0, 1]);

    const [one, two] = await Promise.all([post(`/api/fc/event/admin/checkin-all/${id}`, owner, {}), post(`/api/fc/event/admin/checkin-all/${id}`, coOwner, {})]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().checkedIn + two.json().checkedIn).toBe(2);
    expect((await entries(id)).map((e) => e.checkins.length)).toEqual([1, 1, 1]);

    const again = await post(`/api/fc/event/admin/checkin-all/${id}`, owner, {});
    expect(again.json()).toMatchObject({ message: 'Every entry is already checked in.', checkedIn: 0 });
  });
});

describe('POST api/fc/event/admin/enter-fish/{id}', () => {
  it('enters a fish for a walk-up entry without a check-in, scored by the event’s rules, on the board', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    const res = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ userEmail: entry.email, userName: entry.name, photos: await photos(owner) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leaderboard[0]).toMatchObject({ entryId: entry._id, points: 15.46, fishCount: 1 });
    const [stored] = (await entries(id))[0]!.fish;
    expect(stored).toMatchObject({ size: 20.46, points: 15.46, enteredBy: owner.username });

    // A co-owner names the entry by its id.
    const byId = await post(`/api/fc/event/admin/enter-fish/${id}`, coOwner, fish({ entryId: entry._id, size: 16, photos: await photos(coOwner) }));
    expect(byId.statusCode, byId.body).toBe(200);
    expect((await entries(id))[0]!.points).toBe(26.46);
  });

  it('refuses a stranger, an entry of another event, and someone else’s photos, storing nothing', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    const other = await newEvent();
    const elsewhere = await addEntry(other, email());

    const stranger403 = await post(`/api/fc/event/admin/enter-fish/${id}`, stranger, fish({ entryId: entry._id, photos: await photos(stranger) }));
    expect(stranger403.statusCode).toBe(403);
    const crossEvent = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: elsewhere._id, photos: await photos(owner) }));
    expect(crossEvent.statusCode).toBe(404);
    expect(crossEvent.json().error).toBe(m.entryNotFound);
    const byEmailElsewhere = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ userEmail: elsewhere.email, photos: await photos(owner) }));
    expect(byEmailElsewhere.statusCode).toBe(404);
    const notTheirs = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, photos: await photos(stranger) }));
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().error).toBe(eventMessages.fishPhotoNotYours);
    const future = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, date: inDays(1), photos: await photos(owner) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(m.fishDateOutside);

    expect((await entries(id))[0]!.fish).toHaveLength(0);
    expect((await entries(other))[0]!.fish).toHaveLength(0);
  });

  it('sends live viewers the board after an owner flags, unflags or deletes a fish, or checks an entry in', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    expect((await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, photos: await photos(owner) }))).statusCode).toBe(200);
    const [stored] = (await entries(id))[0]!.fish;
    const heard: Array<Array<{ entryId: string; points: number; fishCount: number; checkedIn?: boolean }>> = [];
    const stop = t.services.eventsPublisher.subscribeToBoards((eventId, board) => eventId === id && heard.push(board));
    try {
      expect((await post('/api/fc/event/entry/flag', owner, { eventId: id, fishId: stored!._id, flag: true })).statusCode).toBe(200);
      expect((await post('/api/fc/event/entry/flag', owner, { eventId: id, fishId: stored!._id, flag: false })).statusCode).toBe(200);
      expect((await post(`/api/fc/event/admin/checkin/${id}`, owner, { email: entry.email })).statusCode).toBe(200);
      expect((await post('/api/fc/event/entry/delete', owner, { eventId: id, fishId: stored!._id })).statusCode).toBe(200);
      // A stranger's refused call changes nothing and tells nobody.
      expect((await post('/api/fc/event/entry/flag', stranger, { eventId: id, fishId: stored!._id, flag: true })).statusCode).toBe(403);
    } finally {
      stop();
    }
    expect(heard.map((board) => board.find((row) => row.entryId === entry._id)).map((row) => [row?.fishCount, row?.points])).toEqual([
      [0, 0],
      [1, 15.46],
      [1, 15.46],
      [0, 0],
    ]);
    expect(heard[2]!.find((row) => row.entryId === entry._id)?.checkedIn).toBe(true);
  });

  it('stores a double submit once', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    const body = fish({ entryId: entry._id, photos: await photos(owner) });
    const [one, two] = await Promise.all([post(`/api/fc/event/admin/enter-fish/${id}`, owner, body), post(`/api/fc/event/admin/enter-fish/${id}`, owner, body)]);
    expect([one.statusCode, two.statusCode], `${one.body} ${two.body}`).toEqual([200, 200]);
    const [stored] = await entries(id);
    expect(stored!.fish).toHaveLength(1);
    expect(stored!.points).toBe(15.46);
  });
});

describe('POST api/user/upload-image/{uid}', () => {
  const uploadFor = (user: Member, uid: string, body?: Buffer) => sendUpload(t, user, body, `/api/user/upload-image/${uid}`);
  async function photosFor(user: Member, angler: Member) {
    const [measurement, anglerPhoto] = [await uploadFor(user, angler._id), await uploadFor(user, angler._id)];
    expect(measurement.statusCode, measurement.body).toBe(200);
    expect(anglerPhoto.statusCode, anglerPhoto.body).toBe(200);
    return { measurement: measurement.json().image as string, angler: anglerPhoto.json().image as string };
  }

  it('lets an owner or co-owner upload an entrant’s photos, which admin/enter-fish then accepts for that entry', async () => {
    const id = await newEvent();
    const angler = await registerUser(t);
    const entry = await addEntry(id, angler.email, 'Linked Angler');

    const byOwner = await photosFor(owner, angler);
    // The owner sees the preview of what they sent.
    expect((await t.request({ method: 'GET', url: byOwner.measurement })).statusCode).toBe(200);
    const res = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, photos: byOwner }));
    expect(res.statusCode, res.body).toBe(200);

    const byCoOwner = await photosFor(coOwner, angler);
    const byEmail = await post(`/api/fc/event/admin/enter-fish/${id}`, coOwner, fish({ userEmail: angler.email, size: 16, photos: byCoOwner }));
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const [shown] = (await entries(id)).filter((e) => e._id === entry._id);
    expect(shown!.fish).toHaveLength(2);
    expect(shown!.fish.every((f) => f.exif.measurement !== null)).toBe(true);
  });

  it('refuses a stranger, the owner of another event, a visitor, an unknown member and a file that is not an image', async () => {
    const id = await newEvent();
    const angler = await registerUser(t);
    await addEntry(id, angler.email, 'Linked Angler');

    const strangerRes = await uploadFor(stranger, angler._id);
    expect(strangerRes.statusCode).toBe(403);
    expect(strangerRes.json().error).toBe(m.notOwner);
    // The angler may not upload "for" themselves through the owners' door either.
    expect((await uploadFor(angler, angler._id)).statusCode).toBe(403);
    // Owning an event is not enough: the angler must have an entry in one of the caller's events.
    const notTheirAngler = await registerUser(t);
    expect((await uploadFor(owner, notTheirAngler._id)).statusCode).toBe(403);
    const anotherOwner = await registerUser(t);
    const theirEvent = await post('/api/fc/event', anotherOwner, {
      name: `Other Cup ${Math.random().toString(36).slice(2, 7)}`, type: 'Tournament', format: 'Points', size: '12', cost: 0, public: true, state: 'MN',
      species: ['Walleye'], keyType: 'Playing Card', dateStart: inDays(5), dateEnd: inDays(6), tz: 'America/Chicago',
      pointRules: [{ species: 'Walleye', startingValue: 15, startingPointValue: 10 }],
    });
    expect(theirEvent.statusCode, theirEvent.body).toBe(201);
    expect((await uploadFor(anotherOwner, angler._id)).statusCode).toBe(403);

    const visitor = await t.request({ method: 'POST', url: `/api/user/upload-image/${angler._id}`, payload: '--xx--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=xx' } });
    expect(visitor.statusCode).toBe(401);
    const unknown = await uploadFor(owner, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(m.memberNotFound);
    expect((await uploadFor(owner, 'not-an-id')).statusCode).toBe(404);

    const ownRoute = await sendUpload(t, owner, Buffer.from('not a picture at all'));
    const notImage = await uploadFor(owner, angler._id, Buffer.from('not a picture at all'));
    expect(ownRoute.statusCode).toBe(400);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe(ownRoute.json().error);
  });

  it('lets admin/enter-fish take only photos the owner sent for that entry’s angler', async () => {
    const id = await newEvent();
    const angler = await registerUser(t);
    const entry = await addEntry(id, angler.email, 'Linked Angler');
    const other = await registerUser(t);
    const otherEntry = await addEntry(id, other.email, 'Other Angler');

    // The angler's own uploads, another member's, and photos sent for another angler are all refused.
    for (const [by, forEntry, sent] of [
      [owner, entry, await photos(angler)],
      [owner, entry, await photos(stranger)],
      [owner, entry, await photosFor(owner, other)],
      [owner, otherEntry, await photosFor(owner, angler)],
      [coOwner, entry, await photosFor(owner, angler)],
    ] as const) {
      const res = await post(`/api/fc/event/admin/enter-fish/${id}`, by, fish({ entryId: forEntry._id, photos: sent }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(eventMessages.fishPhotoNotYours);
    }
    expect((await entries(id)).flatMap((e) => e.fish)).toEqual([]);
  });
});

describe('the EXIF viewer', () => {
  /** A photo whose camera says it was taken at `takenAt` (UTC-5 wall clock) at `lat`/`lng`, uploaded by `user`. */
  async function photoWithExif(user: Member, takenAt: string, place: { lat: number; lng: number }): Promise<string> {
    const res = await sendUpload(t, user, await jpegWithExif({ takenAt, offset: '-05:00', ...place }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().image as string;
  }

  it('shows owners each photo’s time, place and camera, flags disagreement, and never shows it to anyone else', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    // Taken years before, 180 km away (Minneapolis), while the fish is entered on Gull Lake now.
    const minneapolis = { lat: 44.98, lng: -93.27 };
    const measurement = await photoWithExif(owner, '2020-06-01T06:30:00', minneapolis);
    const angler = await photoWithExif(owner, '2020-06-01T06:31:00', minneapolis);
    const res = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, photos: { measurement, angler } }));
    expect(res.statusCode, res.body).toBe(200);

    const [shown] = (await entries(id))[0]!.fish;
    expect(shown!.exif.measurement).toMatchObject({ takenAt: '2020-06-01T06:30:00-05:00', make: 'Pixel', model: 'Pixel 9 Camera' });
    expect(shown!.exif.angler).toMatchObject({ takenAt: '2020-06-01T06:31:00-05:00' });
    expect(shown!.exif.disagreements).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Photo taken \d+ days before the fish was entered\.$/), expect.stringMatching(/^Photo taken 1\d\d km from where the fish was entered\.$/)]),
    );

    // Nobody else sees it: not the public event, its board, a stranger, a visitor, nor the export's public cousins.
    expect((await get(`/api/fc/event/dashboard/${id}`, stranger)).statusCode).toBe(403);
    for (const who of [null, stranger, owner]) {
      const body = (await get(`/api/fc/event/${id}`, who)).body;
      expect(body).toContain(entry._id);
      expect(body).not.toContain('Pixel 9 Camera');
      expect(body).not.toContain('2020-06-01');
      expect(body).not.toContain('exif');
    }
  });

  it('says nothing against a photo taken just now on the water', async () => {
    const id = await newEvent();
    const entry = await addEntry(id, email());
    // Five minutes ago on a UTC-5 clock, on Gull Lake.
    const justNow = new Date(t.clock.now().getTime() - 5 * 60_000 - 5 * 3_600_000).toISOString();
    const measurement = await photoWithExif(owner, justNow, { lat: 46.41, lng: -94.35 });
    const angler = await photoWithExif(owner, justNow, { lat: 46.411, lng: -94.351 });
    const res = await post(`/api/fc/event/admin/enter-fish/${id}`, owner, fish({ entryId: entry._id, photos: { measurement, angler } }));
    expect(res.statusCode, res.body).toBe(200);
    const [shown] = (await entries(id))[0]!.fish;
    expect(shown!.exif.measurement).not.toBeNull();
    expect(shown!.exif.disagreements).toEqual([]);
  });
});
