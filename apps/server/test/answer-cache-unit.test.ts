import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '../src/access/principal';
import { gunzipSync } from 'node:zlib';
import { acceptedEncoding, AnswerCache } from '../src/modules/util/answer-cache';

const member = (userId: string): Principal => ({
  userId,
  username: userId,
  email: `${userId}@example.com`,
  sessionId: `s-${userId}`,
  premium: false,
  demo: false,
  scope: 'web',
});

const schema = z.object({ n: z.number() });

function counter() {
  let calls = 0;
  return { answer: async () => ({ n: ++calls }), calls: () => calls };
}

describe('AnswerCache', () => {
  const now = () => new Date('2026-06-01T12:00:00Z');

  it('keeps nothing until the change notifications are heard', async () => {
    const cache = new AnswerCache(1_000, now);
    const made = counter();
    await cache.json(member('a'), '/x', schema, made.answer);
    await cache.json(member('a'), '/x', schema, made.answer);
    expect(made.calls()).toBe(2);
  });

  it("forgets one member's answers and keeps everyone else's", async () => {
    const cache = new AnswerCache(10_000, now);
    cache.setListening(true);
    const made = counter();
    for (const user of ['a', 'b']) for (const url of ['/x', '/y']) await cache.json(member(user), url, schema, made.answer);
    expect(made.calls()).toBe(4);
    cache.forgetUser('a');
    for (const user of ['a', 'b']) for (const url of ['/x', '/y']) await cache.json(member(user), url, schema, made.answer);
    expect(made.calls()).toBe(6);
  });

  it('holds at most its size in text, dropping the answer used longest ago first', async () => {
    const cache = new AnswerCache(2 * '{"n":1}'.length, now);
    cache.setListening(true);
    const made = counter();
    await cache.json(member('a'), '/1', schema, made.answer);
    await cache.json(member('a'), '/2', schema, made.answer);
    await cache.json(member('a'), '/1', schema, made.answer);
    await cache.json(member('a'), '/3', schema, made.answer);
    expect(made.calls()).toBe(3);
    await cache.json(member('a'), '/1', schema, made.answer);
    expect(made.calls()).toBe(3);
    await cache.json(member('a'), '/2', schema, made.answer);
    expect(made.calls()).toBe(4);
  });

  it('does not keep what a read made while the member changed', async () => {
    const cache = new AnswerCache(10_000, now);
    cache.setListening(true);
    const made = counter();
    await cache.json(member('a'), '/x', schema, async () => {
      cache.forgetUser('a');
      return made.answer();
    });
    await cache.json(member('a'), '/x', schema, made.answer);
    expect(made.calls()).toBe(2);
  });

  it('serves an answer that turns false at a known time only until then', async () => {
    let at = new Date('2026-06-01T12:00:00Z');
    const cache = new AnswerCache(10_000, () => at);
    cache.setListening(true);
    const made = counter();
    const until = new Date('2026-06-01T12:00:30Z');
    const read = () => cache.expiring(member('a'), '/x', schema, async () => ({ value: await made.answer(), until }));
    expect(JSON.parse((await read()).body.toString())).toEqual({ n: 1 });
    at = new Date('2026-06-01T12:00:29Z');
    expect(JSON.parse((await read()).body.toString())).toEqual({ n: 1 });
    at = until;
    expect(JSON.parse((await read()).body.toString())).toEqual({ n: 2 });
  });

  it('counts the compressed copies it keeps in its size', async () => {
    const big = z.object({ text: z.string() });
    const text = (seed: number) => Array.from({ length: 400 }, (_, i) => `${seed}-${i}`).join(',');
    const one = JSON.stringify({ text: text(0) }).length;
    const cache = new AnswerCache(2 * one + 200, now);
    cache.setListening(true);
    let calls = 0;
    const read = (url: string) => cache.json(member('a'), url, big, async () => ({ text: text(++calls) }));
    const first = await read('/1');
    expect(JSON.parse(gunzipSync(first.encoded('gzip')).toString())).toEqual(JSON.parse(first.body.toString()));
    await read('/2');
    expect(calls).toBe(2);
    // Two answers and one gzip copy are more than the cache holds: the one used longest ago went.
    await read('/1');
    expect(calls).toBe(3);
    await read('/2');
    expect(calls).toBe(3);
  });

  it('compresses only in an encoding the client takes', () => {
    const with_ = (value: string | undefined) => acceptedEncoding({ headers: value === undefined ? {} : { 'accept-encoding': value } });
    expect(with_(undefined)).toBeNull();
    expect(with_('gzip, deflate, br, zstd')).toBe('br');
    expect(with_('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(with_('identity')).toBeNull();
    expect(with_('BR;q=0.5')).toBe('br');
  });
});
