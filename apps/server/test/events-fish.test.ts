import fs from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { eventMessages as m } from '@tightlines/core/events/messages';
import type { LeaderboardRow } from '@tightlines/core/api/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { startEventNow } from '@tightlines/testkit/event-entries';
import { registerUser, uploadPhoto, type Member } from '@tightlines/testkit/fixtures';
import { eventFish } from '../src/db/events-schema';
import { photoExif } from '../src/db/photos-schema';
import type { FishAccepted } from '../src/modules/events/publisher';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** On Gull Lake's marker: the events' lake has no outline, so within 1 km of it is on the water. */
const ON_GULL = { lat: 46.41, lng: -94.35 };
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const post = (url: string, user: Member | null, payload: unknown) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), payload: payload as object });
const get = (url: string, user: Member | null = null) => t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });

/** A free tournament created by `owner`, then moved so it is running. */
async function runningEvent(owner: Member, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/api/fc/event', owner, {
    name: `Fish Test ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Tournament',
    format: 'Points',
    size: '12',
    cost: 0,
    bagSize: 2,
    public: true,
    state: 'MN',
    species: ['Walleye', 'Bass'],
    keyType: 'Playing Card',
    divisions: [],
    dateStart: inDays(5),
    dateEnd: inDays(6),
    tz: 'America/Chicago',
    hoursInDay: 8,
    lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
    pointRules: [
      { species: 'Walleye', startingValue: 15, startingPointValue: 10 },
      { species: 'Bass', startingValue: 12, startingPointValue: 5 },
    ],
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json()._id as string;
  await startEventNow(t, id);
  return id;
}

/** `angler` registered on the event through POST api/fc/event/register; answers their entry's id. */
async function registered(eventId: string, angler: Member, options: { division?: string; team?: { name: string; emails: string[] } } = {}): Promise<string> {
  const { division, team } = options;
  const res = await post(`/api/fc/event/register/${eventId}`, angler, { division, team: team && { name: team.name, emails: team.emails.map((value) => ({ value })) } });
  expect(res.statusCode, res.body).toBe(200);
  const entry = (res.json().entries as Array<{ _id: string; uid: string | null }>).find((e) => e.uid === angler._id);
  if (!entry) throw new Error('the registration answer has no entry for the angler');
  return entry._id;
}

const checkIn = (eventId: string, angler: Member) => post(`/api/fc/event/checkin/${eventId}`, angler, { tz: 'America/Chicago', position: ON_GULL });

/** A new angler registered and checked in on the event, through the calls the app makes; `key` is the day's keycode. */
async function checkedIn(eventId: string, options: Parameters<typeof registered>[2] = {}) {
  const angler = await registerUser(t);
  const entryId = await registered(eventId, angler, options);
  const res = await checkIn(eventId, angler);
  expect(res.statusCode, res.body).toBe(200);
  return { angler, entryId, key: res.json().key as string };
}

async function photos(user: Member) {
  return { measurement: await uploadPhoto(t, user), angler: await uploadPhoto(t, user) };
}

const enter = async (eventId: string, user: Member, fish: Record<string, unknown>) =>
  post(`/api/fc/event/enter-fish/${eventId}`, user, { lake: 'Gull Lake', lure: 'Jig', lat: 46.4, lng: -94.3, tz: 'America/Chicago', ...fish });

describe('POST api/fc/event/enter-fish/{id}', () => {
  it('scores a checked-in angler’s fish by the event’s point rules, stamps the day’s key, and answers the board', async () => {
    const owner = await registerUser(t);
    const id = await runningEvent(owner);
    const { angler, entryId, key } = await checkedIn(id);
    const heard: Array<{ eventId: string; update: FishAccepted }> = [];
    const stop = t.services.eventsPublisher.subscribe((eventId, update) => heard.push({ eventId, update }));
    try {
      const res = await enter(id, angler, { species: 'Walleye', size: 20.456, photos: await photos(angler) });
      expect(res.statusCode, res.body).toBe(200);
      const event = res.json();
      expect(event.leaderboard).toEqual([
        expect.objectContaining({ rank: 1, entryId, name: angler.username, points: 15.46, fishCount: 1, checkedIn: true, bigFish: 20.46 }),
      ]);
      const fish = event.leaderboard[0].fish[0];
      expect(fish).toMatchObject({ size: 20.46, points: 15.46, species: 'Walleye', lure: 'Jig', lake: { name: 'Gull Lake' } });
      expect(typeof fish.moonPhase).toBe('string');
      // The board does not give away where anglers fish.
      expect(fish).not.toHaveProperty('lat');
      // Its photos are public copies under the event that name neither the angler nor their upload's owner.
      expect(fish.photos.measurement).toMatch(new RegExp(`^/uploads/events/${id}/[0-9a-f-]{36}\\.jpg$`));
      expect(fish.photos.measurement).not.toContain(angler._id);
      const served = await get(fish.photos.angler);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('image/jpeg');
      const [row] = await t.database.db.select().from(eventFish).where(eq(eventFish.entryId, entryId));
      expect(row).toMatchObject({ key, lat: 46.4, lng: -94.3, tz: 'America/Chicago', lakeName: 'Gull Lake' });
      expect(event.entries[0].points).toBe(15.46);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ eventId: id, update: { bigFish: true, newLeader: { entryId }, fish: { entryId, size: 20.46 } } });
    } finally {
      stop();
    }
  });

  it('refuses a fish without either photo, in the seed’s words, and stores nothing', async () => {
    const id = await runningEvent(await registerUser(t));
    const { angler } = await checkedIn(id);
    const p = await photos(angler);
    const noMeasurement = await enter(id, angler, { species: 'Walleye', size: 20, photos: { angler: p.angler } });
    expect(noMeasurement.statusCode).toBe(400);
    expect(noMeasurement.json().error).toBe('You are required to have a picture of your fish on the bumperboard.');
    const noAngler = await enter(id, angler, { species: 'Walleye', size: 20, photos: { measurement: p.measurement } });
    expect(noAngler.json().error).toBe('You are required to have a picture holding your fish.');
    const same = await enter(id, angler, { species: 'Walleye', size: 20, photos: { measurement: p.angler, angler: p.angler } });
    expect(same.json().error).toBe(m.fishSamePhoto);
    expect((await get(`/api/fc/event/${id}`)).json().leaderboard[0].fishCount).toBe(0);
  });

  it('holds the minimum size of the species’ rule and the 60-inch maximum', async () => {
    const id = await runningEvent(await registerUser(t));
    const { angler } = await checkedIn(id);
    const small = await enter(id, angler, { species: 'Walleye', size: 14.99, photos: await photos(angler) });
    expect(small.statusCode).toBe(400);
    expect(small.json().error).toBe('Entry must meet minimum size requirement of 15');
    const huge = await enter(id, angler, { species: 'Bass', size: 60.01, photos: await photos(angler) });
    expect(huge.json().error).toBe('Entry must be less than 60 inches');
    const sixty = await enter(id, angler, { species: 'Bass', size: 60, photos: await photos(angler) });
    expect(sixty.statusCode, sixty.body).toBe(200);
  });

  it('asks for the species when the event has several, and takes the only one when it has one', async () => {
    const several = await runningEvent(await registerUser(t));
    const a = await checkedIn(several);
    const none = await enter(several, a.angler, { size: 20, photos: await photos(a.angler) });
    expect(none.json().error).toBe(m.fishSpeciesRequired);
    const other = await enter(several, a.angler, { species: 'Musky', size: 40, photos: await photos(a.angler) });
    expect(other.json().error).toBe(m.fishSpeciesUnknown);

    const one = await runningEvent(await registerUser(t), { species: ['Bass'], pointRules: [{ species: 'Bass', startingValue: 10, startingPointValue: 5 }] });
    const b = await checkedIn(one);
    const res = await enter(one, b.angler, { size: 12.5, photos: await photos(b.angler) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leaderboard[0].fish[0]).toMatchObject({ species: 'Bass', points: 7.5 });
  });

  it('needs an entry, an active check-in, and an event that is running', async () => {
    const id = await runningEvent(await registerUser(t));
    const stranger = await registerUser(t);
    const notRegistered = await enter(id, stranger, { species: 'Walleye', size: 20, photos: await photos(stranger) });
    expect(notRegistered.statusCode).toBe(400);
    expect(notRegistered.json().error).toBe(m.fishNotRegistered);

    const angler = await registerUser(t);
    await registered(id, angler);
    const noCheckin = await enter(id, angler, { species: 'Walleye', size: 20, photos: await photos(angler) });
    expect(noCheckin.json().error).toBe(m.fishNoCheckin);
    expect((await checkIn(id, angler)).statusCode).toBe(200);
    try {
      // A check-in lasts the event's timespan (18 hours by default): still running after 17, run out after 19.
      // The board's check mark follows the same rule.
      const boardCheck = async () => ((await get(`/api/fc/event/${id}`)).json().leaderboard as LeaderboardRow[])[0]?.checkedIn;
      t.clock.advance(17 * HOUR);
      expect((await enter(id, angler, { species: 'Walleye', size: 20, photos: await photos(angler) })).statusCode).toBe(200);
      expect(await boardCheck()).toBe(true);
      t.clock.advance(2 * HOUR);
      expect((await enter(id, angler, { species: 'Walleye', size: 21, photos: await photos(angler) })).json().error).toBe(m.fishNoCheckin);
      expect(await boardCheck()).toBe(false);

      t.clock.advance(3 * DAY);
      const ended = await enter(id, angler, { species: 'Walleye', size: 20, photos: await photos(angler) });
      expect(ended.json().error).toBe(m.fishEnded);
    } finally {
      t.clock.reset();
    }
    // A visitor is asked to sign in; someone who may not see a private event learns nothing of it.
    expect((await post(`/api/fc/event/enter-fish/${id}`, null, { size: 20 })).statusCode).toBe(401);
    const hidden = await runningEvent(await registerUser(t), { public: false });
    const peek = await enter(hidden, stranger, { species: 'Walleye', size: 20, photos: await photos(stranger) });
    expect(peek.statusCode).toBe(404);
  });

  it('takes only the angler’s own uploads as photos', async () => {
    const id = await runningEvent(await registerUser(t));
    const { angler } = await checkedIn(id);
    const other = await registerUser(t);
    const theirs = await photos(other);
    const mine = await photos(angler);
    const stolen = await enter(id, angler, { species: 'Walleye', size: 20, photos: { measurement: theirs.measurement, angler: mine.angler } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(m.fishPhotoNotYours);
    const outside = await enter(id, angler, { species: 'Walleye', size: 20, photos: { measurement: 'https://example.com/fish.jpg', angler: mine.angler } });
    expect(outside.json().error).toBe(m.fishPhotoNotYours);
    // A path shaped like an upload that never went through upload-image.
    const made = `/uploads/logs/${angler._id}/00000000-0000-4000-8000-000000000000.jpg`;
    expect((await enter(id, angler, { species: 'Walleye', size: 20, photos: { measurement: made, angler: mine.angler } })).json().error).toBe(m.fishPhotoNotYours);
  });

  it('stores a double submit once, and refuses a photo reused for another fish', async () => {
    const id = await runningEvent(await registerUser(t));
    const { angler, entryId } = await checkedIn(id);
    const p = await photos(angler);
    const fish = { species: 'Walleye', size: 22, photos: p };
    const [a, b] = await Promise.all([enter(id, angler, fish), enter(id, angler, fish)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await t.database.db.select().from(eventFish).where(eq(eventFish.entryId, entryId))).toHaveLength(1);
    const again = await enter(id, angler, fish);
    expect(again.json().leaderboard[0].fishCount).toBe(1);
    const reused = await enter(id, angler, { species: 'Walleye', size: 25, photos: { measurement: p.measurement, angler: await uploadPhoto(t, angler) } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(m.fishPhotoUsed);
  });

  it('is not a log: the monthly allowance is untouched', async () => {
    const id = await runningEvent(await registerUser(t));
    const { angler } = await checkedIn(id);
    const before = (await get('/api/logs/can-create', angler)).json();
    for (let i = 0; i < 6; i += 1) {
      expect((await enter(id, angler, { species: 'Bass', size: 13 + i, photos: await photos(angler) })).statusCode).toBe(200);
    }
    expect((await get('/api/logs/can-create', angler)).json()).toEqual(before);
    expect((await get('/api/user/logs', angler)).json().logs ?? []).toHaveLength(0);
  });
});

describe('upload-image keeps EXIF apart', () => {
  it('records time, position and camera for the owners, and serves the file without them', async () => {
    const angler = await registerUser(t);
    const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2d6a4f' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Pixel', Model: 'Pixel 9' },
        IFD2: { DateTimeOriginal: '2026:06:01 06:30:00', OffsetTimeOriginal: '-05:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 24/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '94/1 21/1 0/1' },
      })
      .toBuffer();
    const payload = Buffer.concat([
      Buffer.from('--xx\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
      original,
      Buffer.from('\r\n--xx--\r\n'),
    ]);
    const res = await t.request({ method: 'POST', url: '/api/user/upload-image', token: angler.token, payload, headers: { 'content-type': 'multipart/form-data; boundary=xx' } });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().image as string;
    const key = url.split('?')[0]!.replace('/uploads/', '');
    const [row] = await t.database.db.select().from(photoExif).where(eq(photoExif.key, key));
    expect(row).toMatchObject({ userId: angler._id, takenAt: '2026-06-01T06:30:00-05:00', make: 'Pixel', model: 'Pixel 9' });
    expect(row?.lat).toBeCloseTo(46.41, 2);
    expect(row?.lng).toBeCloseTo(-94.35, 2);

    const stored = await fs.readFile(path.join(t.config.dataDir, 'uploads', key));
    expect(await exifr.parse(stored).catch(() => undefined)).toBeUndefined();
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();
  });
});

describe('the leaderboard', () => {
  const rows = async (id: string): Promise<LeaderboardRow[]> => (await get(`/api/fc/event/${id}`)).json().leaderboard;
  const one = async (id: string, user: Member, species: string, size: number) => {
    const res = await enter(id, user, { species, size, photos: await photos(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('ranks by points, breaks a tie by the earliest fish, and leaves out flagged fish', async () => {
    const id = await runningEvent(await registerUser(t));
    const a = await checkedIn(id);
    const b = await checkedIn(id);
    const c = await checkedIn(id);
    const idle = await registered(id, await registerUser(t));
    await one(id, b.angler, 'Walleye', 20); // 15 points, first
    t.clock.advance(60_000);
    await one(id, a.angler, 'Walleye', 20); // 15 points, later
    t.clock.advance(60_000);
    await one(id, c.angler, 'Walleye', 30); // 25 points
    t.clock.reset();
    const board = await rows(id);
    expect(board.map((r) => [r.rank, r.entryId, r.points])).toEqual([
      [1, c.entryId, 25],
      [2, b.entryId, 15],
      [3, a.entryId, 15],
      [4, idle, 0],
    ]);
    expect(board.map((r) => r.checkedIn)).toEqual([true, true, true, false]);
    await t.database.db.update(eventFish).set({ flag: true }).where(eq(eventFish.entryId, c.entryId));
    expect((await rows(id)).map((r) => [r.entryId, r.points, r.fishCount])).toEqual([
      [b.entryId, 15, 1],
      [a.entryId, 15, 1],
      [c.entryId, 0, 0],
      [idle, 0, 0],
    ]);
  });

  it('puts team members on rows of their own', async () => {
    const id = await runningEvent(await registerUser(t), { subtype: 'team', teamSize: 2 });
    const mate = await registerUser(t);
    const captain = await checkedIn(id, { team: { name: 'Reel Deal', emails: [mate.email] } });
    await one(id, captain.angler, 'Walleye', 18); // 13
    await one(id, mate, 'Walleye', 25); // 20, entered by the member under the team's check-in
    const board = await rows(id);
    expect(board.map((r) => [r.name, r.team, r.points, r.fishCount, r.memberId === null])).toEqual([
      // A member registered by e-mail goes by that address on the board.
      [mate.email, 'Reel Deal', 20, 1, false],
      [captain.angler.username, 'Reel Deal', 13, 1, true],
    ]);
    expect(board.every((r) => r.entryId === captain.entryId)).toBe(true);
  });

  it.each([
    ['Points', [38, 30, 14]],
    ['Biggest Bag', [30, 30, 14]],
    ['Biggest Fish', [20, 25, 14]],
    ['Most Fish', [38, 30, 14]],
  ] as const)('scores the %s format', async (format, expected) => {
    const id = await runningEvent(await registerUser(t), { format, bagSize: 2 });
    const three = await checkedIn(id); // 3 fish: 20 + 10 + 8 points
    const two = await checkedIn(id); // 2 fish: 25 + 5 points
    const single = await checkedIn(id); // 1 fish: 14 points
    await one(id, three.angler, 'Walleye', 25);
    await one(id, three.angler, 'Walleye', 15);
    await one(id, three.angler, 'Bass', 15);
    await one(id, two.angler, 'Walleye', 30);
    await one(id, two.angler, 'Bass', 12);
    await one(id, single.angler, 'Walleye', 19);
    const points = new Map((await rows(id)).map((r) => [r.entryId, r.points]));
    expect([three, two, single].map((e) => points.get(e.entryId))).toEqual(expected);
    // Biggest Bag's tie at 30 goes to the entry whose first fish came earlier.
    const expectedOrder = { Points: [three, two, single], 'Biggest Bag': [three, two, single], 'Biggest Fish': [two, three, single], 'Most Fish': [three, two, single] }[format];
    expect((await rows(id)).map((r) => r.entryId)).toEqual(expectedOrder.map((e) => e.entryId));
  });

  it('ranks within divisions as well as overall', async () => {
    const id = await runningEvent(await registerUser(t), { divisions: ['Pro', 'Amateur'] });
    const pro1 = await checkedIn(id, { division: 'Pro' });
    const am1 = await checkedIn(id, { division: 'Amateur' });
    const pro2 = await checkedIn(id, { division: 'Pro' });
    await one(id, pro1.angler, 'Walleye', 30);
    await one(id, am1.angler, 'Walleye', 25);
    await one(id, pro2.angler, 'Walleye', 20);
    const board = await rows(id);
    expect(board.map((r) => [r.entryId, r.division, r.rank, r.divisionRank])).toEqual([
      [pro1.entryId, 'Pro', 1, 1],
      [am1.entryId, 'Amateur', 2, 1],
      [pro2.entryId, 'Pro', 3, 2],
    ]);
  });

  it('raises New Leader and Big Fish alerts only when they happen', async () => {
    const id = await runningEvent(await registerUser(t));
    const a = await checkedIn(id);
    const b = await checkedIn(id);
    const heard: FishAccepted[] = [];
    const stop = t.services.eventsPublisher.subscribe((eventId, update) => eventId === id && heard.push(update));
    try {
      await one(id, a.angler, 'Walleye', 20); // first fish: leader and biggest
      await one(id, a.angler, 'Walleye', 16); // a grows the lead, smaller fish
      await one(id, b.angler, 'Walleye', 35); // b takes the lead (30 against 26) with the biggest fish
      await one(id, b.angler, 'Bass', 13); // nothing new
    } finally {
      stop();
    }
    expect(heard.map((h) => [h.newLeader?.entryId ?? null, h.bigFish])).toEqual([
      [a.entryId, true],
      [null, false],
      [b.entryId, true],
      [null, false],
    ]);
    expect(await t.services.leaderboard.leaderboardFor(id)).toEqual(heard[3]?.board);
  });
});
