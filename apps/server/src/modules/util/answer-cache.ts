import type { Contract } from '@tightlines/core/api/contract';
import { z } from 'zod';
import type { Principal } from '../../access/principal';
import { route, type RouteEntry, type RouteInput } from '../../http/routes';
import { PHOTO_URL_WINDOW_MS } from '../logs/photos';

type Entry = { userId: string; json: string };

/**
 * Member reads kept serialized by member and exact request, so a repeated read costs no query and
 * no serialization: the data page (filtered list, charts, map, Your Stats, states and lakes), the
 * log allowance and the brief user. Such an answer is made only of the member's own logs and user
 * row, their Inner Circle and its members' names; every change to those is announced by the
 * database itself (migration 0023_user_data_notify: triggers `NOTIFY user_data, '<member id>'`) to
 * every server on it, and `forgetUser` drops that member's answers. A member's own write also drops
 * them before its answer leaves (app.ts), so their next read shows it even before the notification
 * arrives.
 *
 * The key holds what else an answer depends on: the member's name and premium (from the session,
 * which a rename or a subscription change revokes) and the hour (signed photo URLs change with the
 * signing window; a UTC month, the log allowance's period, starts on an hour). A read that began
 * before a change could finish after it: `generation` stops it from storing what it read. Without
 * the notification channel (lost connection) nothing is kept.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private generation = 0;
  private listening = false;

  constructor(
    /** The most text (JSON characters) kept in all; the least recently used answers go first. */
    private readonly maxChars: number,
    private readonly now: () => Date,
  ) {}

  /** The JSON answer of `request` for `principal`: cached, or made by `answer` and checked against `schema` as the route's serializer would. */
  async json(principal: Principal, request: string, schema: z.ZodType, answer: () => Promise<unknown>): Promise<string> {
    const window = Math.floor(this.now().getTime() / PHOTO_URL_WINDOW_MS);
    const key = `${principal.userId}\n${principal.username}\n${principal.premium}\n${window}\n${request}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.json;
    }
    const generation = this.generation;
    const json = JSON.stringify(z.encode(schema, await answer()));
    if (this.listening && generation === this.generation && json.length <= this.maxChars) {
      for (const [oldKey, old] of this.entries) {
        if (this.chars + json.length <= this.maxChars) break;
        this.drop(oldKey, old);
      }
      this.entries.set(key, { userId: principal.userId, json });
      this.chars += json.length;
    }
    return json;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.json.length;
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.drop(key, entry);
  }

  /** The change notifications are heard (true) or may be missed (false: nothing kept is trusted). */
  setListening(listening: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.chars = 0;
    this.listening = listening;
  }
}

/** The channel migration 0023_user_data_notify's triggers announce a member's changed data on. */
export const USER_DATA_CHANNEL = 'user_data';

/** A member route whose answer comes from `answers` (see AnswerCache for what it may depend on). */
export function cachedRoute<C extends Contract>(answers: AnswerCache, contract: C, answer: (input: RouteInput<C>) => Promise<unknown>): RouteEntry {
  return route(contract, async (input) => {
    if (!input.principal) throw new Error(`${contract.path} is a member route`);
    const json = await answers.json(input.principal, input.request.url, contract.response as z.ZodType, () => answer(input));
    // Fastify sends a string it is told is JSON as it is, without its serializer.
    input.reply.type('application/json; charset=utf-8');
    return json as never;
  });
}
