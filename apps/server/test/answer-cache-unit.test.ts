import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '../src/access/principal';
import { AnswerCache } from '../src/modules/util/answer-cache';

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
});
