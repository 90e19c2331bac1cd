/**
 * The live leaderboard's fan-out across nodes: N viewers (default 1,000) split between two real
 * server processes (testkit's, `npm start`'s main.ts) on one PostgreSQL database and one Redis,
 * all watching one event. A third node, the app in this process with the same database and Redis,
 * announces accepted fish (`fishAccepted`, what fish entry calls after storing a fish); each
 * announcement travels through @socket.io/redis-adapter to both nodes and out to every viewer.
 * Latency is from the announcement to each viewer's `newFish_events`, on this process's clock
 * (viewers and announcer share it). Memory per connection is each node's RSS and JS heap growth
 * from before the viewers connected to after they joined, divided by its viewers.
 *
 * Loopback only: PostgreSQL and Redis must be on this machine.
 *
 *   npx tsx bench/events-live.bench.ts [--viewers 1000] [--fish 20] [--json out.json]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL (default redis://127.0.0.1:6379)
 */
import { liveEvents } from '@tightlines/core/events/live';
import { createTestApp } from '@tightlines/testkit/app';
import { connectViewer, type LiveViewer } from '@tightlines/testkit/live';
import { signUp, startServerProcess, type RunningServer, type ServerStats } from '@tightlines/testkit/process';
import { countOption, finish } from './lib/report';
import { ms, summarize, table } from './lib/stats';

const VIEWERS = countOption('--viewers', 'BENCH_LIVE_VIEWERS', 1_000);
const FISH = countOption('--fish', 'BENCH_LIVE_FISH', 20);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
for (const url of [databaseUrl, redisUrl]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) throw new Error(`Loopback only: ${url} is not on this machine.`);
}
const GAP_MS = 250;
const MB = 1024 * 1024;

// The announcing node: the app in this process, on a fresh database of that server (testkit drops it).
process.env.TEST_DATABASE_URL = databaseUrl;
const announcer = await createTestApp({ REDIS_URL: redisUrl });
const nodes: RunningServer[] = [];
const viewers: LiveViewer[] = [];
type NodeFigures = { viewers: number; before: ServerStats; after: ServerStats };
const figures: NodeFigures[] = [];
const latencies: number[] = [];
let missed = 0;
let connectMs: number | undefined;

try {
  // Both nodes start together (a start is mostly one core's work, and nothing is measured yet).
  // Every viewer connects from 127.0.0.1: the per-network bound must let them all in.
  const starts = await Promise.allSettled(
    [0, 1].map(() => startServerProcess({ env: { DATABASE_URL: announcer.databaseUrl!, REDIS_URL: redisUrl, LIVE_CONNECTIONS_PER_CLIENT: String(VIEWERS) } })),
  );
  for (const node of starts) if (node.status === 'fulfilled') nodes.push(node.value);
  const failed = starts.find((node) => node.status === 'rejected');
  if (failed) throw failed.reason;
  const owner = await signUp(nodes[0]!.baseUrl, `bench${Date.now().toString(36)}`);
  const created = await announcer.request({
    method: 'POST',
    url: '/api/fc/event',
    token: owner.token,
    payload: {
      name: 'Live Bench Open',
      type: 'Tournament',
      format: 'Points',
      size: '12',
      cost: 0,
      public: true,
      state: 'MN',
      species: ['Walleye'],
      keyType: 'None',
      allWater: true,
      dateStart: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16),
      dateEnd: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      tz: 'America/Chicago',
    },
  });
  if (created.statusCode !== 201) throw new Error(`create event: ${created.statusCode} ${created.body}`);
  const eventId = created.json()._id as string;

  const before = await Promise.all(nodes.map((n) => n.stats({ resetPeak: true })));
  const started = performance.now();
  // In batches, as a crowd arrives; each viewer joins the event's room and gets the board.
  for (let i = 0; i < VIEWERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, VIEWERS - i) }, async (_, j) => {
        const v = await connectViewer(nodes[(i + j) % 2]!.baseUrl);
        const ack = await v.watch(eventId);
        if (!ack.ok) throw new Error(`join refused: ${ack.error}`);
        return v;
      }),
    );
    viewers.push(...batch);
  }
  connectMs = performance.now() - started;
  await Promise.all(viewers.map((v) => v.until((seen) => seen.length > 0, 'the board on joining', 30_000)));
  const after = await Promise.all(nodes.map((n) => n.stats()));
  nodes.forEach((_, i) => figures.push({ viewers: Math.ceil((VIEWERS - i) / 2), before: before[i]!, after: after[i]! }));
  console.error(`  ${VIEWERS} viewers connected and joined in ${ms(connectMs)} ms`);

  // Arrivals are counted by listeners, not by polling each viewer, so the waiting costs the shared core nothing.
  let sent = 0;
  let completes = 0;
  for (const v of viewers) {
    v.socket.on(liveEvents.newFish, () => latencies.push(performance.now() - sent));
    v.socket.on(liveEvents.complete, () => (completes += 1));
  }
  for (let k = 0; k < FISH; k += 1) {
    const fish = { _id: `bench-fish-${k}`, size: 20 + k, points: 20 + k };
    const board = [{ rank: 1, entryId: 'bench-entry', name: 'Bench Angler', points: 20 + k, fishCount: k + 1 }];
    completes = 0;
    sent = performance.now();
    announcer.services.live.fishAccepted(eventId, { board, fish, newLeader: k === 0 ? board[0] : null, bigFish: true });
    const deadline = Date.now() + 10_000;
    while (completes < viewers.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    missed += viewers.length - completes;
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
} finally {
  for (const v of viewers) v.close();
  await Promise.all(nodes.map((n) => n.stop()));
  await announcer.close();
}

const s = summarize(latencies);
const perConnection = (f: NodeFigures, key: 'rssBytes' | 'heapUsedBytes') => ((f.after[key] - f.before[key]) / f.viewers / 1024).toFixed(1);
finish({
  name: 'events-live',
  title: `Live leaderboard: ${VIEWERS.toLocaleString('en-US')} viewers across two nodes`,
  markdown: [
    `${VIEWERS.toLocaleString('en-US')} socket.io-client viewers (websocket) split between two server processes on one PostgreSQL database and one Redis (loopback), all in one event's room; they connected and joined in ${ms(connectMs ?? Number.NaN)} ms, 50 at a time. A third node (the app in the bench process) announced ${FISH} accepted fish, ${GAP_MS} ms apart; each went through @socket.io/redis-adapter to both nodes. Fan-out latency is from the announcement to each viewer's \`newFish_events\` (the viewers and the announcer share this process and its clock, so the viewers' own work on one core is in the figure too).`,
    '',
    table(
      ['deliveries', 'missed', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [[String(s.count), String(missed), ms(s.p50Ms), ms(s.p95Ms), ms(s.p99Ms), ms(s.maxMs)]],
    ),
    '',
    'Memory of each node, before the viewers connected and after they had all joined:',
    '',
    table(
      ['node', 'viewers', 'RSS before MB', 'RSS after MB', 'RSS per connection KiB', 'heap per connection KiB'],
      figures.map((f, i) => [
        String.fromCharCode(65 + i),
        String(f.viewers),
        (f.before.rssBytes / MB).toFixed(0),
        (f.after.rssBytes / MB).toFixed(0),
        perConnection(f, 'rssBytes'),
        perConnection(f, 'heapUsedBytes'),
      ]),
    ),
  ].join('\n'),
  data: { viewers: VIEWERS, fish: FISH, connectMs, missed, latency: s, nodes: figures },
});
