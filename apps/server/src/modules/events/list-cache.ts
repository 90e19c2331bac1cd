import { Redis } from 'ioredis';
import { LruMap } from '../../lib/lru';
import type { StoredAnswer } from '../../lib/stored-answer';

/** Pages of the public list by query: the query is the caller's, so the count is capped (about 10 KB a page). */
const MAX_PAGES = 500;

type Entry = { answer: StoredAnswer; generation: number; until: number };

/**
 * The public events list as sent, by query. It is the same for everyone (public, active events
 * only), so a page is kept until an event is written (`changed`: created, edited, published,
 * cancelled, on this node or, through Redis, on another) or until the first listed event ends
 * (the list puts ended events after the others).
 *
 * `changed` runs when the write is made and again after its commit, so a page read from the
 * rows before the commit cannot stay. With Redis configured, pages are kept only while this
 * node is subscribed to the changes: a lost subscription forgets them all.
 */
export class EventListCache {
  private readonly pages = new LruMap<string, Entry>(MAX_PAGES);
  private generationNow = 0;
  private listening: boolean;

  constructor(usableAlone = true) {
    this.listening = usableAlone;
  }

  get generation(): number {
    return this.generationNow;
  }

  get(key: string, now: number): StoredAnswer | null {
    if (!this.listening) return null;
    const entry = this.pages.get(key);
    if (!entry) return null;
    if (entry.generation === this.generationNow && entry.until > now) return entry.answer;
    this.pages.delete(key);
    return null;
  }

  /** Keeps a page unless the list changed since reading it began (`generation`). */
  set(key: string, answer: StoredAnswer, generation: number, until: number): void {
    if (!this.listening || generation !== this.generationNow) return;
    this.pages.set(key, { answer, generation, until });
  }

  /** Forgets every page in this process only (a change announced by another node). */
  forget(): void {
    this.generationNow += 1;
  }

  setListening(listening: boolean): void {
    this.generationNow += 1;
    this.listening = listening;
  }

  /** Set by the cross-node channel: how a change reaches the other nodes. */
  broadcast: () => Promise<void> = async () => {};

  async changed(): Promise<void> {
    this.forget();
    await this.broadcast();
  }
}

type Log = { warn(obj: Record<string, unknown>, msg: string): void };

/**
 * Changes of the events list across nodes through Redis pub/sub (REDIS_URL), as the session
 * cache shares revocations: one channel under REDIS_KEY_PREFIX, published before the writing
 * request answers. Answers the function that closes both connections.
 */
export function shareListChanges(cache: EventListCache, redisUrl: string, keyPrefix: string, log: Log): () => void {
  const channel = `${keyPrefix}events:list-changed`;
  const pub = new Redis(redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  const sub = new Redis(redisUrl, { connectTimeout: 1000 });
  for (const client of [pub, sub]) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'events list cache: Redis connection error; the list is read from the database'));
  }
  sub.on('message', () => cache.forget());
  sub.on('close', () => cache.setListening(false));
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => cache.setListening(true),
      (error: unknown) => log.warn({ err: error }, 'events list cache: cannot subscribe to changes; the list is read from the database'),
    );
  });
  cache.broadcast = async () => {
    try {
      await pub.publish(channel, '1');
    } catch (error) {
      log.warn({ err: error }, 'events list cache: could not publish a change');
    }
  };
  return () => {
    pub.disconnect();
    sub.disconnect();
  };
}
