import type { AddressInfo } from 'node:net';
import { liveEvents, liveMessages } from '@tightlines/core/events/live';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, type Member } from '@tightlines/testkit/fixtures';

// The live leaderboard on one node (no REDIS_URL): rooms, who may join them, what a viewer gets.
let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
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

/** A viewer's connection, as the web app opens it: websocket only, the session's token in the handshake. */
async function viewer(user: Member | null = null): Promise<Socket & { seen: Array<[string, unknown]> }> {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: user ? { token: user.token } : {},
  }) as Socket & { seen: Array<[string, unknown]> };
  sockets.push(socket);
  socket.seen = [];
  socket.onAny((name: string, payload: unknown) => socket.seen.push([name, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const watch = (socket: Socket, eventId: string, viewing = true) =>
  socket.timeout(5_000).emitWithAck(liveEvents.viewing, { eventId, viewing });

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const row = (name: string, points: number) => ({ rank: 1, entryId: `entry-${name}`, name, points, fishCount: 1 });
const fish = { _id: 'fish-1', size: 24.5, points: 24.5 };

describe('joining an event’s room', () => {
  it('admits anyone to a public event and sends the board at once', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const visitor = await viewer();
    expect(await watch(visitor, eventId)).toEqual({ ok: true });
    await until(() => visitor.seen.length > 0, 'the board');
    expect(visitor.seen).toEqual([[liveEvents.complete, { eventId, board: [] }]]);
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
        expect(await watch(socket, eventId)).toEqual({ ok: false, error: liveMessages.notFound });
      }
    }
    const organiser = await viewer(owner);
    expect(await watch(organiser, privateId)).toEqual({ ok: true });

    // Announcements of the private event reach the owner only.
    t.services.live.fishAccepted(privateId, { board: [row('Ann', 24.5)], fish, newLeader: null, bigFish: false });
    await until(() => organiser.seen.some(([name]) => name === liveEvents.newFish), 'the fish');
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const socket of [outsider, visitor, forger]) expect(socket.seen).toEqual([]);
  });

  it('stops a session that signed out from opening private rooms', async () => {
    const owner = await registerUser(t);
    const privateId = await createEvent(owner, { public: false });
    const socket = await viewer(owner);
    const logout = await t.request({ method: 'POST', url: '/api/user/logout', token: owner.token });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect(await watch(socket, privateId)).toEqual({ ok: false, error: liveMessages.notFound });
  });

  it('refuses malformed requests, unknown events, too many rooms and too many joins', async () => {
    const owner = await registerUser(t);
    const socket = await viewer();
    expect(await socket.timeout(5_000).emitWithAck(liveEvents.viewing, 'x')).toEqual({ ok: false, error: liveMessages.badRequest });
    expect(await watch(socket, "1' or 1=1 --")).toEqual({ ok: false, error: liveMessages.badRequest });
    expect(await watch(socket, '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, error: liveMessages.notFound });

    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createEvent(owner)));
    const busy = await viewer();
    for (const id of ids.slice(0, 5)) expect(await watch(busy, id)).toEqual({ ok: true });
    expect(await watch(busy, ids[5]!)).toEqual({ ok: false, error: liveMessages.tooManyRooms });
    // Leaving one makes room for another.
    expect(await watch(busy, ids[0]!, false)).toEqual({ ok: true });
    expect(await watch(busy, ids[5]!)).toEqual({ ok: true });

    const flood = await viewer();
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await watch(flood, ids[0]!));
    expect(answers.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(answers.slice(10)).toEqual([
      { ok: false, error: liveMessages.tooManyJoins },
      { ok: false, error: liveMessages.tooManyJoins },
    ]);
  });

  it('drops a connection that sends an oversized message', async () => {
    const socket = await viewer();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit(liveEvents.viewing, { eventId: 'x'.repeat(10_000) });
    expect(await closed).toBe('transport close');
  });
});

describe('announcing an accepted fish', () => {
  it('sends the seed’s events, in order, to the event’s room only', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const otherId = await createEvent(owner);
    const watching = await viewer();
    const elsewhere = await viewer();
    await watch(watching, eventId);
    await watch(elsewhere, otherId);
    await until(() => watching.seen.length === 1 && elsewhere.seen.length === 1, 'the boards');

    const board = [row('Ann', 24.5)];
    t.services.live.fishAccepted(eventId, { board, fish, newLeader: board[0], bigFish: true });
    await until(() => watching.seen.length === 6, 'the announcements');
    expect(watching.seen.slice(1)).toEqual([
      [liveEvents.updating, { eventId }],
      [liveEvents.newFish, { eventId, fish }],
      [liveEvents.newLeader, { eventId, leader: board[0] }],
      [liveEvents.bigFish, { eventId, fish }],
      [liveEvents.complete, { eventId, board }],
    ]);

    // No alert when the lead stays and the fish is not the biggest.
    t.services.live.fishAccepted(eventId, { board, fish, newLeader: null, bigFish: false });
    await until(() => watching.seen.length === 9, 'the second announcement');
    expect(watching.seen.slice(6).map(([name]) => name)).toEqual([liveEvents.updating, liveEvents.newFish, liveEvents.complete]);
    expect(elsewhere.seen).toHaveLength(1);
  });

  it('gives a viewer who comes back the board as it stands, not the fish it missed', async () => {
    const owner = await registerUser(t);
    const eventId = await createEvent(owner);
    const first = await viewer();
    await watch(first, eventId);
    first.disconnect();
    t.services.live.fishAccepted(eventId, { board: [row('Ann', 24.5)], fish, newLeader: null, bigFish: false });

    const back = await viewer();
    await watch(back, eventId);
    await until(() => back.seen.length > 0, 'the board');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(back.seen.map(([name]) => name)).toEqual([liveEvents.complete]);
  });
});
