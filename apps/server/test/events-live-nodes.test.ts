import { liveEvents, liveMessages } from '@tightlines/core/events/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { connectViewer, type LiveViewer } from '@tightlines/testkit/live';
import { signUp, startServerProcess, type RunningServer } from '@tightlines/testkit/process';

// Two nodes on one PostgreSQL database and one Redis: node A is the app in this process, node B a
// real server process (`npm start`'s main.ts). An announcement made on A reaches B's viewers
// through @socket.io/redis-adapter, and B admits to a private room only who A's data says may see it.
const postgres = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!postgres)('live leaderboard across two nodes (PostgreSQL + Redis; skipped: TEST_DATABASE_URL is not set)', () => {
  let nodeA: TestApp;
  let nodeB: RunningServer;
  const viewers: LiveViewer[] = [];

  beforeAll(async () => {
    nodeA = await createTestApp({ REDIS_URL: redisUrl });
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    nodeB = await startServerProcess({ env: { DATABASE_URL: nodeA.databaseUrl!, REDIS_URL: redisUrl } });
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

  it('delivers a fish announced on node A to a viewer of node B, and keeps B’s private room closed to strangers', async () => {
    const addressA = nodeA.app.server.address();
    const baseA = typeof addressA === 'object' && addressA ? `http://127.0.0.1:${addressA.port}` : '';

    // The organiser signs up on B; the event is created on A: one database behind both.
    const owner = await signUp(nodeB.baseUrl, `owner${Date.now().toString(36)}`);
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

    const board = [{ rank: 1, entryId: 'e1', name: 'Ann', points: 27.25, fishCount: 1 }];
    const fish = { _id: 'f1', size: 27.25, points: 27.25 };
    nodeA.services.live.fishAccepted(eventId, { board, fish, newLeader: board[0], bigFish: true });

    await onB.until((seen) => seen.length === 6, 'the announcement on node B');
    expect(onB.seen.slice(1).map(([name, payload]) => [name, payload])).toEqual([
      [liveEvents.updating, { eventId }],
      [liveEvents.newFish, { eventId, fish }],
      [liveEvents.newLeader, { eventId, leader: board[0] }],
      [liveEvents.bigFish, { eventId, fish }],
      [liveEvents.complete, { eventId, board }],
    ]);
    await onA.until((seen) => seen.length === 6, 'the announcement on node A');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsider.seen).toEqual([]);
  });
});
