import type { AddressInfo } from 'node:net';
import { liveEvents, liveMessages } from '@tightlines/core/events/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, type Member } from '@tightlines/testkit/fixtures';
import { connectViewer, type LiveViewer } from '@tightlines/testkit/live';

// The live leaderboard on one node (no REDIS_URL): rooms, who may join them, what a viewer gets.
let t: TestApp;
let baseUrl: string;
const viewers: LiveViewer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const v of viewers) v.close();
  await t.close();
});

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function createEvent(owner: Member, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/fc/event',
    token: owner.token,
    payload: {
      name: `Live Open ${Math.random().toString(36).slice(2, 7)}`,
      type: 'Tournament',
      format: 'Points',
      size: '12',
      cost: 0,
      bagSize: 5,
      public: true,
      state: 'MN',
      species: ['Bass'],
      keyType: 'Playing Card',
      allWater: false,
      dateStart: inDays(10).slice(0, 16),
      dateEnd: inDays(11),
      tz: 'America/Chicago',
      lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** A viewer connected to this app; `events()` lists what it received as [name, payload]. */
async function viewer(user: Member | null = null) {
  const v = await connectViewer(baseUrl, user?.token ?? null);
  viewers.push(v);
  return Object.assign(v, { events: () => v.seen.map(([name, payload]) => [name, payload]) });
}

const row = (name: string, points: number) => ({ rank: 1, entryId: `entry-${name}`, name, points, fishCount: 1 });
const fish = { _id: 'fish-1', size: 24.5, points: 24.5 };

describe('joining an event’s room', () => {
  it('admits anyone to a public event and sends the board at once', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const visitor = await viewer();
    expect(await visitor.watch(eventId)).toEqual({ ok: true });
    await visitor.until((seen) => seen.length > 0, 'the board');
    expect(visitor.events()).toEqual([[liveEvents.complete, { eventId, board: [] }]]);
  });

  it('keeps strangers and visitors out of a private event and out of a draft, and lets the owner in', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const privateId = await createEvent(owner, { public: false });
    const draft = await t.request({ method: 'POST', url: '/api/fc/event-draft', token: owner.token, payload: { name: 'Secret draft' } });
    const draftId = draft.json()._id as string;
    const outsider = await viewer(stranger);
    const visitor = await viewer();
    // A token that is not a session is a visitor's.
    const forger = await viewer({ ...owner, token: 'not-a-real-token' });
    for (const eventId of [privateId, draftId]) {
      for (const socket of [outsider, visitor, forger]) {
        expect(await socket.watch(eventId)).toEqual({ ok: false, error: liveMessages.notFound });
      }
    }
    const organiser = await viewer(owner);
    expect(await organiser.watch(privateId)).toEqual({ ok: true });

    // Announcements of the private event reach the owner only.
    t.services.live.fishAccepted(privateId, { board: [row('Ann', 24.5)], fish, newLeader: null, bigFish: false });
    await organiser.until((seen) => seen.some(([name]) => name === liveEvents.newFish), 'the fish');
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const socket of [outsider, visitor, forger]) expect(socket.events()).toEqual([]);
  });

  it('stops a session that signed out from opening private rooms', async () => {
    const owner = await registerUser(t);
    const privateId = await createEvent(owner, { public: false });
    const socket = await viewer(owner);
    const logout = await t.request({ method: 'POST', url: '/api/user/logout', token: owner.token });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect(await socket.watch(privateId)).toEqual({ ok: false, error: liveMessages.notFound });
  });

  it('refuses malformed requests, unknown events, too many rooms and too many joins', async () => {
    const owner = await registerUser(t);
    const socket = await viewer();
    expect(await socket.socket.timeout(5_000).emitWithAck(liveEvents.viewing, 'x')).toEqual({ ok: false, error: liveMessages.badRequest });
    expect(await socket.watch("1' or 1=1 --")).toEqual({ ok: false, error: liveMessages.badRequest });
    expect(await socket.watch('00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, error: liveMessages.notFound });

    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createEvent(owner)));
    const busy = await viewer();
    for (const id of ids.slice(0, 5)) expect(await busy.watch(id)).toEqual({ ok: true });
    expect(await busy.watch(ids[5]!)).toEqual({ ok: false, error: liveMessages.tooManyRooms });
    // Leaving one makes room for another.
    expect(await busy.watch(ids[0]!, false)).toEqual({ ok: true });
    expect(await busy.watch(ids[5]!)).toEqual({ ok: true });

    const flood = await viewer();
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await flood.watch(ids[0]!));
    expect(answers.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(answers.slice(10)).toEqual([
      { ok: false, error: liveMessages.tooManyJoins },
      { ok: false, error: liveMessages.tooManyJoins },
    ]);
  });

  it('drops a connection that sends an oversized message', async () => {
    const socket = await viewer();
    const closed = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    socket.socket.emit(liveEvents.viewing, { eventId: 'x'.repeat(10_000) });
    expect(await closed).toBe('transport close');
  });
});

describe('connections from one network', () => {
  it('refuses a connection past the bound until one of them closes', async () => {
    const bounded = await createTestApp({ LIVE_CONNECTIONS_PER_CLIENT: '3' });
    try {
      await bounded.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(bounded.app.server.address() as AddressInfo).port}`;
      const open = await Promise.all([1, 2, 3].map(() => connectViewer(url)));
      await expect(connectViewer(url)).rejects.toThrow();
      open[0]!.close();
      // The server counts the close when its side of the socket ends, a moment after the client's.
      let again: LiveViewer | undefined;
      for (let i = 0; i < 50 && !again; i += 1) {
        again = await connectViewer(url).catch(() => undefined);
        if (!again) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(again?.socket.connected).toBe(true);
      for (const v of [...open, again!]) v.close();
    } finally {
      await bounded.close();
    }
  });
});

describe('announcing an accepted fish', () => {
  it('sends the seed’s events, in order, to the event’s room only', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const otherId = await createEvent(owner);
    const watching = await viewer();
    const elsewhere = await viewer();
    await watching.watch(eventId);
    await elsewhere.watch(otherId);
    await watching.until((seen) => seen.length === 1 && elsewhere.seen.length === 1, 'the boards');

    const board = [row('Ann', 24.5)];
    t.services.live.fishAccepted(eventId, { board, fish, newLeader: board[0], bigFish: true });
    await watching.until((seen) => seen.length === 6, 'the announcements');
    expect(watching.events().slice(1)).toEqual([
      [liveEvents.updating, { eventId }],
      [liveEvents.newFish, { eventId, fish }],
      [liveEvents.newLeader, { eventId, leader: board[0] }],
      [liveEvents.bigFish, { eventId, fish }],
      [liveEvents.complete, { eventId, board }],
    ]);

    // No alert when the lead stays and the fish is not the biggest.
    t.services.live.fishAccepted(eventId, { board, fish, newLeader: null, bigFish: false });
    await watching.until((seen) => seen.length === 9, 'the second announcement');
    expect(watching.seen.slice(6).map(([name]) => name)).toEqual([liveEvents.updating, liveEvents.newFish, liveEvents.complete]);
    expect(elsewhere.seen).toHaveLength(1);
  });

  it('gives a viewer who comes back the board as it stands, not the fish it missed', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const first = await viewer();
    await first.watch(eventId);
    first.close();
    t.services.live.fishAccepted(eventId, { board: [row('Ann', 24.5)], fish, newLeader: null, bigFish: false });

    const back = await viewer();
    await back.watch(eventId);
    await back.until((seen) => seen.length > 0, 'the board');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(back.seen.map(([name]) => name)).toEqual([liveEvents.complete]);
  });
});
