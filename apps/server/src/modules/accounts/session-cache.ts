import { Redis } from 'ioredis';
import type { Principal } from '../../access/principal';

/** What resolving a token found, kept so the next requests with it need no database round trip. */
export type CachedSession = { principal: Principal; createdAt: number; lastSeenAt: number };

type Entry = CachedSession & { userId: string; until: number };

/**
 * Resolved sessions in this process, by token hash, for a short time. Whatever could change what
 * a session resolves to (logout, ending a session, logging out everywhere, a new password, a new
 * e-mail or username, a subscription) calls `revoke(userId)`, which forgets every cached session of
 * that member here and, with Redis, on every other node before it answers.
 *
 * A resolve that reads the database while a revocation happens could store what it read after the
 * revocation: `generation` tells it not to. With Redis configured, the cache is used only while this
 * node is subscribed to the revocations; a lost subscription empties it and every request asks the
 * database until the subscription is back, so a message missed while disconnected cannot leave a
 * revoked session alive here.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generationNow = 0;
  private listening: boolean;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    /** False until a cross-node revocation channel says it is subscribed. */
    usableAlone = true,
  ) {
    this.listening = usableAlone;
  }

  get generation(): number {
    return this.generationNow;
  }

  get(tokenHash: string, now: number): CachedSession | null {
    if (!this.listening) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  /** Keeps what a resolve found, unless a revocation happened since it began (`generation`). */
  set(tokenHash: string, session: CachedSession, generation: number, now: number): void {
    if (this.ttlMs <= 0 || !this.listening || generation !== this.generationNow) return;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { ...session, userId: session.principal.userId, until: now + this.ttlMs });
  }

  touch(tokenHash: string, lastSeenAt: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  /** Forgets the member's sessions in this process only (a revocation from another node). */
  forgetUser(userId: string): void {
    this.generationNow += 1;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  /** The channel to other nodes is up (true) or lost (false: nothing cached is trusted). */
  setListening(listening: boolean): void {
    this.generationNow += 1;
    this.entries.clear();
    this.listening = listening;
  }

  /** Set by the cross-node channel: how a revocation reaches the other nodes. */
  broadcast: (userId: string) => Promise<void> = async () => {};

  async revoke(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.broadcast(userId);
  }
}

type Log = { warn(obj: Record<string, unknown>, msg: string): void };

/**
 * Revocations across nodes through Redis pub/sub (REDIS_URL): each node subscribes to one channel
 * under REDIS_KEY_PREFIX and forgets the member named in each message. A revocation is published
 * before the request that caused it answers, so the next request on any node finds it applied.
 * Answers the function that closes both connections.
 */
export function shareRevocations(cache: SessionCache, redisUrl: string, keyPrefix: string, log: Log): () => void {
  const channel = `${keyPrefix}sessions:revoked`;
  const pub = new Redis(redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  const sub = new Redis(redisUrl, { connectTimeout: 1000 });
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; an error event with no listener would end the process.
    client.on('error', (error: Error) => log.warn({ err: error }, 'session cache: Redis connection error; sessions are read from the database'));
  }
  sub.on('message', (_channel: string, userId: string) => cache.forgetUser(userId));
  sub.on('close', () => cache.setListening(false));
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => cache.setListening(true),
      (error: unknown) => log.warn({ err: error }, 'session cache: cannot subscribe to revocations; sessions are read from the database'),
    );
  });
  cache.broadcast = async (userId) => {
    try {
      await pub.publish(channel, userId);
    } catch (error) {
      // The subscribers share this Redis: when it cannot take the message they are cut off too and read the database.
      log.warn({ err: error }, 'session cache: could not publish a revocation');
    }
  };
  return () => {
    pub.disconnect();
    sub.disconnect();
  };
}
