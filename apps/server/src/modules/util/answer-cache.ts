import zlib from 'node:zlib';
import { isRaw, type Contract } from '@tightlines/core/api/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../access/principal';
import { COMPRESS_FROM_BYTES, route, type RouteEntry, type RouteInput } from '../../http/routes';
import { JsonText } from '../../lib/json-text';
import { PHOTO_URL_WINDOW_MS } from '../logs/photos';

export type Encoding = 'br' | 'gzip';
type Entry = { userId: string; body: Buffer; until: number; encoded: Partial<Record<Encoding, Buffer>>; bytes: number };

/** A kept (or just made) answer: its JSON bytes, and the same compressed, made once per entry. */
export type Answer = { body: Buffer; encoded(encoding: Encoding): Buffer };

/** @fastify/compress's brotli quality: 11 costs far more time for a few per cent. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const compress = (body: Buffer, encoding: Encoding) => (encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body));

/** An answer and when it stops being true with no write at all (a subscription's period ending); null: never. */
export type Expiring = { value: unknown; until: Date | null };

/**
 * Member reads kept serialized by member and exact request, so a repeated read costs no query and
 * no serialization: the data page (filtered list, charts, map, Your Stats, states and lakes), the
 * log allowance, the brief user and the full user. Such an answer is made only of rows announced on
 * change by the database itself (migrations 0023_user_data_notify and 0026_user_full_notify:
 * triggers `NOTIFY user_data, '<member id>'` on the member's logs, user row, Inner Circle and its
 * members' names, subscriptions, billing account, e-mail changes, newsletter entry, saved forecast
 * searches and event entries) to every server on it, and `forgetUser` drops that member's answers.
 * A write's answer leaves only once this process has heard the announcements committed before it
 * (app.ts, Database.heard), so the next read through the same process shows it, whoever made it;
 * another process shows it a moment later, when the announcement arrives there.
 *
 * The key holds what else an answer depends on: the member's name and premium (from the session,
 * which a rename or a subscription change revokes) and the hour (signed photo URLs change with the
 * signing window; a UTC month, the log allowance's period, starts on an hour). An answer that turns
 * false by itself at a known time (`Expiring`) is not served from then on. A read that began before
 * a change could finish after it: `generation` stops it from storing what it read. Without the
 * notification channel (lost connection) nothing is kept. Kept as UTF-8 bytes, so a hit costs no
 * encoding either (the filtered list's page of 50 logs is about 70 KB), and compressed the first
 * time a browser asks for it so (brotli or gzip): @fastify/compress would do that on every request.
 * The compressed copies count in the entry's size.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Each member's keys, so a member's change costs what that member has kept, not what everyone has. */
  private readonly keysByUser = new Map<string, Set<string>>();
  private bytes = 0;
  private generation = 0;
  private listening = false;

  constructor(
    /** The most bytes of JSON kept in all; the least recently used answers go first. */
    private readonly maxBytes: number,
    private readonly now: () => Date,
  ) {}

  /**
   * The JSON answer of `request` for `principal`: cached, or made by `answer` and checked against
   * `schema` as the route's serializer would (a JsonText is taken as the bytes it holds, and so is
   * a Buffer: a raw contract's answer).
   */
  json(principal: Principal, request: string, schema: z.ZodType, answer: () => Promise<unknown>): Promise<Answer> {
    return this.expiring(principal, request, schema, async () => ({ value: await answer(), until: null }));
  }

  /** As `json`, for an answer that is true only until `until`. */
  async expiring(principal: Principal, request: string, schema: z.ZodType, answer: () => Promise<Expiring>): Promise<Answer> {
    const now = this.now().getTime();
    const window = Math.floor(now / PHOTO_URL_WINDOW_MS);
    const key = `${principal.userId}\n${principal.username}\n${principal.premium}\n${window}\n${request}`;
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return this.answer(key, hit);
    }
    if (hit) this.drop(key, hit);
    const generation = this.generation;
    const made = await answer();
    const body = Buffer.isBuffer(made.value)
      ? made.value
      : Buffer.from(made.value instanceof JsonText ? made.value.text : JSON.stringify(z.encode(schema, made.value)));
    const entry: Entry = { userId: principal.userId, body, until: made.until?.getTime() ?? Infinity, encoded: {}, bytes: body.length };
    if (this.listening && generation === this.generation && body.length <= this.maxBytes) {
      this.makeRoom(body.length);
      this.entries.set(key, entry);
      this.bytes += body.length;
      const keys = this.keysByUser.get(principal.userId);
      if (keys) keys.add(key);
      else this.keysByUser.set(principal.userId, new Set([key]));
    }
    return this.answer(key, entry);
  }

  private answer(key: string, entry: Entry): Answer {
    return {
      body: entry.body,
      encoded: (encoding) => {
        const kept = entry.encoded[encoding];
        if (kept) return kept;
        const made = compress(entry.body, encoding);
        // Only an entry still kept keeps its copy (a forgotten one is garbage once sent).
        if (this.entries.get(key) === entry && made.length <= this.maxBytes - entry.bytes) {
          entry.encoded[encoding] = made;
          entry.bytes += made.length;
          this.bytes += made.length;
          this.makeRoom(0, key);
        }
        return made;
      },
    };
  }

  /** Drops the least recently used answers (never `keep`) until `more` bytes fit. */
  private makeRoom(more: number, keep?: string): void {
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + more <= this.maxBytes) break;
      if (oldKey !== keep) this.drop(oldKey, old);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const key of this.keysByUser.get(userId) ?? []) {
      const entry = this.entries.get(key);
      if (entry) this.drop(key, entry);
    }
  }

  /** The change notifications are heard (true) or may be missed (false: nothing kept is trusted). */
  setListening(listening: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByUser.clear();
    this.bytes = 0;
    this.listening = listening;
  }
}

/** The channel migration 0023_user_data_notify's triggers announce a member's changed data on. */
export const USER_DATA_CHANNEL = 'user_data';

/** A member route whose answer comes from `answers` (see AnswerCache for what it may depend on). */
export function cachedRoute<C extends Contract>(answers: AnswerCache, contract: C, answer: (input: RouteInput<C>) => Promise<unknown>): RouteEntry {
  return expiringRoute(answers, contract, async (input) => ({ value: await answer(input), until: null }));
}

/** As `cachedRoute`, for an answer that turns false by itself at a known time. */
export function expiringRoute<C extends Contract>(answers: AnswerCache, contract: C, answer: (input: RouteInput<C>) => Promise<Expiring>): RouteEntry {
  const rawType = isRaw(contract.response) ? contract.response.contentType : null;
  return route(contract, async (input) => {
    if (!input.principal) throw new Error(`${contract.path} is a member route`);
    const kept = await answers.expiring(input.principal, input.request.url, (rawType ? z.never() : contract.response) as z.ZodType, () => answer(input));
    // Fastify sends bytes it is told are JSON as they are, without its serializer; @fastify/compress
    // leaves an answer alone once it says its encoding.
    input.reply.type(rawType ?? 'application/json; charset=utf-8');
    const encoding = kept.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(input.request) : null;
    if (encoding) input.reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
    const body = encoding ? kept.encoded(encoding) : kept.body;
    // A raw contract's handler sends its answer itself (see `route`).
    return (rawType ? input.reply.send(body) : body) as never;
  });
}

/** Brotli, else gzip, when the client's Accept-Encoding takes it (a q of 0 refuses). */
export function acceptedEncoding(request: Pick<FastifyRequest, 'headers'>): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
