import { liveEvents, liveMessages } from '@tightlines/core/events/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { moveClock, uploadPhoto } from '@tightlines/testkit/fixtures';
import { connectViewer, type LiveViewer } from '@tightlines/testkit/live';
import { signUp, startServerProcess, type RunningServer } from '@tightlines/testkit/process';

// Two nodes on one PostgreSQL database and one Redis: node A is the app in this process, node B a
// real server process (`npm start`'s main.ts). A fish entered over HTTP on A reaches B's viewers
// through @socket.io/redis-adapter, and B admits to a private room only who A's data says may see it.
const postgres = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!postgres)('live leaderboard across two nodes (PostgreSQL + Redis; skipped: TEST_DATABASE_URL is not set)', () => {
  let nodeA: TestApp;
  let nodeB: RunningServer;
  const viewers: LiveViewer[] = [];

  beforeAll(async () => {
    // A prefix of this run's own, so another run on the same Redis never hears these announcements.
    const redis = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${process.pid}-${Date.now().toString(36)}:` };
    nodeA = await createTestApp(redis);
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    nodeB = await startServerProcess({ env: { DATABASE_URL: nodeA.databaseUrl!, ...redis } });
  }, 120_000);
  afterAll(async () => {
    for (const v of viewers) v.close();
    await nodeB?.stop();
    await nodeA?.close();
  });

  const viewerOn = async (baseUrl: string, token: string | null = null) => {
    const v = await connectViewer(baseUrl, token);
    viewers.push(v);
    return v;
  };

  it('delivers a fish entered on node A to a viewer of node B, and keeps B’s private room closed to strangers', async () => {
    const addressA = nodeA.app.server.address();
    const baseA = typeof addressA === 'object' && addressA ? `http://127.0.0.1:${addressA.port}` : '';

    // The organiser signs up on B; the event is created on A: one database behind both.
    const ownerName = `owner${Date.now().toString(36)}`;
    const owner = await signUp(nodeB.baseUrl, ownerName);
    const created = await nodeA.request({
      method: 'POST',
      url: '/api/fc/event',
      token: owner.token,
      payload: {
        name: 'Two Node Open',
        type: 'Tournament',
        format: 'Points',
        size: '12',
        cost: 0,
        public: false,
        state: 'MN',
        species: ['Walleye'],
        keyType: 'Number',
        allWater: true,
        dateStart: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 16),
        dateEnd: new Date(Date.now() + 11 * 86_400_000).toISOString(),
        tz: 'America/Chicago',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json()._id as string;

    const stranger = await signUp(nodeB.baseUrl, `stranger${Date.now().toString(36)}`);
    const outsider = await viewerOn(nodeB.baseUrl, stranger.token);
    expect(await outsider.watch(eventId)).toEqual({ ok: false, error: liveMessages.notFound });

    const onB = await viewerOn(nodeB.baseUrl, owner.token);
    const onA = await viewerOn(baseA, owner.token);
    expect(await onB.watch(eventId)).toEqual({ ok: true });
    expect(await onA.watch(eventId)).toEqual({ ok: true });
    await onB.until((seen) => seen.length === 1, 'the board on joining');

    // The organiser fishes their own event: registered, checked in and a fish entered over HTTP on
    // A, once A's clock has reached the start. Node B only hears of it through Redis.
    const registered = await nodeA.request({ method: 'POST', url: `/api/fc/event/register/${eventId}`, token: owner.token, payload: {} });
    expect(registered.statusCode, registered.body).toBe(200);
    // The start is a local time in Chicago (up to 6 hours behind UTC): 10 days and 10 hours is past it, before the end.
    moveClock(nodeA, 10 * 86_400_000 + 10 * 3_600_000);
    const checkedIn = await nodeA.request({
      method: 'POST',
      url: `/api/fc/event/checkin/${eventId}`,
      token: owner.token,
      payload: { tz: 'America/Chicago', position: { lat: 46.41, lng: -94.35 } },
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const photos = { measurement: await uploadPhoto(nodeA, owner), angler: await uploadPhoto(nodeA, owner) };
    const entered = await nodeA.request({
      method: 'POST',
      url: `/api/fc/event/enter-fish/${eventId}`,
      token: owner.token,
      payload: { species: 'Walleye', size: 27.25, lure: 'Jig', lake: 'Gull Lake', tz: 'America/Chicago', photos },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const board = entered.json().leaderboard as Array<{ entryId: string; points: number; fish: Array<{ _id: string }> }>;
    const fishId = board[0]?.fish[0]?._id;
    expect(board).toEqual([expect.objectContaining({ rank: 1, name: ownerName, fishCount: 1 })]);
    const points = board[0]?.points;

    await onB.until((seen) => seen.length === 6, 'the announcement on node B');
    expect(onB.seen.slice(1).map(([name]) => name)).toEqual([liveEvents.updating, liveEvents.newFish, liveEvents.newLeader, liveEvents.bigFish, liveEvents.complete]);
    const heard = Object.fromEntries(onB.seen.slice(1).map(([name, payload]) => [name, payload]));
    expect(heard[liveEvents.newFish]).toMatchObject({ eventId, fish: { _id: fishId, size: 27.25, points } });
    expect(heard[liveEvents.newLeader]).toMatchObject({ eventId, leader: { entryId: board[0]?.entryId, points } });
    expect(heard[liveEvents.complete]).toEqual({ eventId, board });
    await onA.until((seen) => seen.length === 6, 'the announcement on node A');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.seen).toEqual([]);
  });

  it('shows on node B an event created and moved on node A at once, though B had the page already', async () => {
    const state = `X${Math.random().toString(36).slice(2, 6)}`;
    const pageOnB = async () => (await (await fetch(`${nodeB.baseUrl}/api/fc/events?state=${state}`)).json()) as Array<{ _id: string; dateStart: string }>;
    expect(await pageOnB()).toEqual([]);
    const owner = await signUp(nodeB.baseUrl, `lister${Date.now().toString(36)}`);
    const created = await nodeA.request({
      method: 'POST',
      url: '/api/fc/event',
      token: owner.token,
      payload: {
        name: 'Listed On Both', type: 'Tournament', format: 'Points', size: '12', cost: 0, public: true, state, species: ['Walleye'], keyType: 'Number', allWater: true,
        dateStart: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 16), dateEnd: new Date(Date.now() + 11 * 86_400_000).toISOString(), tz: 'America/Chicago',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await pageOnB()).map((e) => e._id)).toEqual([created.json()._id]);
    const moved = await nodeA.request({ method: 'POST', url: `/api/fc/event/dates/${created.json()._id}`, token: owner.token, payload: { dateStart: '2032-05-01T07:00', dateEnd: '2032-05-02T19:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await pageOnB())[0]?.dateStart).toBe('2032-05-01T07:00:00-05:00');
  });
});
