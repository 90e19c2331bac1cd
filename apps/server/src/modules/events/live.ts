import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { LIVE_PATH, liveEvents, liveMessages, viewingRequest, type ViewingAck } from '@tightlines/core/events/live';
import type { LeaderboardRow } from '@tightlines/core/api/events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Principal } from '../../access/principal';

/** What one accepted fish changes on the board (the fish-entry code builds it after the fish is stored). */
export type FishAccepted = {
  board: unknown[];
  fish: unknown;
  /** The new first row when the lead changed hands, else null. */
  newLeader: unknown;
  /** Bigger than any fish before it in the event. */
  bigFish: boolean;
};

export type LiveLimits = {
  /** Events one connection may watch at once. */
  roomsPerSocket: number;
  /** `viewing_events` messages one connection may send per window... */
  joinsPerWindow: number;
  /** ...of this many ms. */
  joinWindowMs: number;
  /** The largest message a client may send, in bytes (socket.io's maxHttpBufferSize). */
  maxMessageBytes: number;
  /** Connections one client network (as the rate limits count it) may hold open on this process. */
  connectionsPerClient: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  roomsPerSocket: 5,
  joinsPerWindow: 10,
  joinWindowMs: 10_000,
  maxMessageBytes: 4 * 1024,
  // A tournament's anglers may share one address (the venue's Wi-Fi, a carrier's NAT), so this only
  // stops one client from holding connections without end.
  connectionsPerClient: 200,
};

export type LiveDeps = {
  server: HttpServer;
  /** With it, @socket.io/redis-adapter carries every emit to the viewers of all nodes. */
  redisUrl: string | undefined;
  /** The network a connection comes from, as the rate limits count clients. */
  clientOf(request: IncomingMessage): string;
  /** REDIS_KEY_PREFIX: the adapter's channels are `<prefix>socket.io#...`, apart from other apps on that Redis. */
  redisKeyPrefix: string;
  /** A web session's principal (the bearer token the app sends to /api), or null. */
  principalOf(token: string): Promise<Principal | null>;
  /** The events service's visibility rule: may this viewer see the event? */
  mayView(principal: Principal | null, eventId: string): Promise<boolean>;
  /** The board as it stands now, read from the database (never a replay of missed fish). */
  currentBoard(eventId: string): Promise<unknown[]>;
  log: FastifyBaseLogger;
  limits?: Partial<LiveLimits>;
};

const roomOf = (eventId: string) => `event:${eventId}`;

/** A bearer token as the API accepts one: the handshake's `auth.token`, else its Authorization header. */
function tokenOf(socket: Socket): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const raw = typeof fromAuth === 'string' ? fromAuth : (socket.handshake.headers.authorization ?? '');
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]{1,200})$/i.exec(raw.trim());
  return match?.[1] ?? null;
}

/**
 * The live leaderboard: Socket.IO on the app's own HTTP server (same port, path /socket.io), one
 * room per event. A viewer joins with `viewing_events`; the room admits only those the events
 * service lets see the event, and a viewer who joins or reconnects is sent the current board.
 * Accepted fish are announced with the seed's event names to the event's room, on every node when
 * Redis is configured.
 */
export class LiveEvents {
  private constructor(
    private readonly io: Server,
    private readonly redis: Redis[],
  ) {}

  static async start(deps: LiveDeps): Promise<LiveEvents> {
    const limits = { ...DEFAULT_LIVE_LIMITS, ...deps.limits };
    const open = new Map<string, number>();
    const io = new Server(deps.server, {
      path: LIVE_PATH,
      serveClient: false,
      maxHttpBufferSize: limits.maxMessageBytes,
      // Asked before the handshake: past the bound the upgrade is refused (403) before a socket exists.
      allowRequest: (request, callback) => {
        const allowed = (open.get(deps.clientOf(request)) ?? 0) < limits.connectionsPerClient;
        callback(allowed ? null : liveMessages.tooManyConnections, allowed);
      },
      // No CORS headers: the web app is served from this port (or proxied to it in development), and
      // rooms are opened by the bearer token, never by a cookie another site could make a browser send.
    });
    const redis: Redis[] = [];
    if (deps.redisUrl) {
      const pub = new Redis(deps.redisUrl);
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        // ioredis reconnects by itself; an error event with no listener would end the process.
        client.on('error', (error: Error) => deps.log.warn({ err: error }, 'live leaderboard: Redis connection error'));
      }
      redis.push(pub, sub);
      // Fail the start, naming the cause, rather than serve a node whose viewers miss other nodes' fish.
      try {
        await Promise.all([pub.ping(), sub.ping()]);
      } catch (error) {
        for (const client of redis) client.disconnect();
        throw new Error(`The live leaderboard cannot reach Redis at REDIS_URL: ${(error as Error).message}`, { cause: error });
      }
      io.adapter(createAdapter(pub, sub, { key: `${deps.redisKeyPrefix}socket.io` }));
    }
    io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
      const client = deps.clientOf(connection.request);
      open.set(client, (open.get(client) ?? 0) + 1);
      connection.once('close', () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    });
    io.on('connection', (socket) => LiveEvents.serve(socket, deps, limits));
    return new LiveEvents(io, redis);
  }

  private static serve(socket: Socket, deps: LiveDeps, limits: LiveLimits) {
    const token = tokenOf(socket);
    let windowStart = Date.now();
    let joins = 0;
    socket.on(liveEvents.viewing, async (raw: unknown, ack?: unknown) => {
      const reply = (answer: ViewingAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      const now = Date.now();
      if (now - windowStart >= limits.joinWindowMs) {
        windowStart = now;
        joins = 0;
      }
      joins += 1;
      if (joins > limits.joinsPerWindow) return reply({ ok: false, error: liveMessages.tooManyJoins });

      const parsed = viewingRequest.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, error: liveMessages.badRequest });
      const { eventId, viewing } = parsed.data;
      const room = roomOf(eventId);
      if (!viewing) {
        await socket.leave(room);
        return reply({ ok: true });
      }
      const watching = [...socket.rooms].filter((r) => r.startsWith('event:')).length;
      if (!socket.rooms.has(room) && watching >= limits.roomsPerSocket) {
        return reply({ ok: false, error: liveMessages.tooManyRooms });
      }
      try {
        // Asked at every join, so a signed-out or revoked session stops opening private rooms.
        const principal = token ? await deps.principalOf(token) : null;
        if (!(await deps.mayView(principal, eventId))) return reply({ ok: false, error: liveMessages.notFound });
        // Join first, then read: a fish accepted in between reaches this viewer either way.
        await socket.join(room);
        const board = await deps.currentBoard(eventId);
        socket.emit(liveEvents.complete, { eventId, board });
        reply({ ok: true });
      } catch (error) {
        deps.log.error({ err: error, eventId }, 'live leaderboard: join failed');
        reply({ ok: false, error: liveMessages.notFound });
      }
    });
  }

  /** Announces an accepted fish to the event's viewers on every node, with the seed's event names. */
  fishAccepted(eventId: string, update: FishAccepted): void {
    const room = this.io.to(roomOf(eventId));
    room.emit(liveEvents.updating, { eventId });
    room.emit(liveEvents.newFish, { eventId, fish: update.fish });
    if (update.newLeader) room.emit(liveEvents.newLeader, { eventId, leader: update.newLeader });
    if (update.bigFish) room.emit(liveEvents.bigFish, { eventId, fish: update.fish });
    room.emit(liveEvents.complete, { eventId, board: update.board });
  }

  /** An owner's change to the board: viewers get the new board, as after a join, with no alert. */
  boardChanged(eventId: string, board: LeaderboardRow[]): void {
    const room = this.io.to(roomOf(eventId));
    room.emit(liveEvents.updating, { eventId });
    room.emit(liveEvents.complete, { eventId, board });
  }

  /** How many viewers this node holds (all events). */
  get localConnections(): number {
    return this.io.of('/').sockets.size;
  }

  /** Ends this node's connections only (not the other nodes'), then the Redis clients. */
  async close(): Promise<void> {
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
    await Promise.all(this.redis.map((client) => client.quit().catch(() => undefined)));
  }
}
