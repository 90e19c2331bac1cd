import { describe, expect, it } from 'vitest';
import { LruMap } from '../src/lib/lru';

describe('LruMap', () => {
  it('keeps at most its capacity, dropping the entry read or written longest ago', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('replacing a key does not count twice', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 2);
    lru.set('b', 3);
    expect([lru.get('a'), lru.get('b'), lru.size]).toEqual([2, 3, 2]);
  });
});
