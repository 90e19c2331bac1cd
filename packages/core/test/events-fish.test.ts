import { describe, expect, it } from 'vitest';
import { boardChange, checkFish, fishPoints, isBigFish, newLeader, round2, ruleFor } from '../src/events/fish';
import { eventMessages as m } from '../src/events/messages';

const rules = [
  { species: 'Walleye', startingValue: 15, startingPointValue: 10, custom: false },
  { species: 'Bass', startingValue: 12, startingPointValue: 5, custom: false },
  { species: 'bass', startingValue: 14, startingPointValue: 8, custom: true },
];
const event = { species: ['Walleye', 'Bass'] };
const photos = { measurement: '/uploads/a.jpg', angler: '/uploads/b.jpg' };

describe('fish points and rounding', () => {
  it('rounds to two decimals, halves up', () => {
    expect(round2(20.456)).toBe(20.46);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(7)).toBe(7);
  });

  it('gives the starting points at the minimum and one point an inch above it', () => {
    expect(fishPoints({ startingValue: 15, startingPointValue: 10 }, 15)).toBe(10);
    expect(fishPoints({ startingValue: 15, startingPointValue: 10 }, 20.456)).toBe(15.46);
  });

  it('prefers the organiser’s custom rule for a species, whatever its case', () => {
    expect(ruleFor(rules, 'BASS')?.startingPointValue).toBe(8);
    expect(ruleFor(rules, 'walleye')?.startingPointValue).toBe(10);
    expect(ruleFor(rules, 'Pike')).toBeUndefined();
  });
});

describe('checkFish', () => {
  it('wants both photos first, in the seed’s words', () => {
    expect(checkFish(event, rules, { species: 'Walleye', size: 20, photos: { angler: 'x' } })).toEqual({ error: m.measurementPhoto });
    expect(checkFish(event, rules, { species: 'Walleye', size: 20, photos: { measurement: 'x' } })).toEqual({ error: m.anglerPhoto });
  });

  it('wants a species of the event when it has several, and takes the only one otherwise', () => {
    expect(checkFish(event, rules, { size: 20, photos })).toEqual({ error: m.fishSpeciesRequired });
    expect(checkFish(event, rules, { species: 'Musky', size: 20, photos })).toEqual({ error: m.fishSpeciesUnknown });
    expect(checkFish({ species: ['Pike'] }, [], { size: 20, photos })).toMatchObject({ species: 'Pike', points: 20 });
  });

  it('holds the minimum size of the rule and the 60-inch limit', () => {
    expect(checkFish(event, rules, { species: 'Walleye', size: 14.5, photos })).toEqual({ error: 'Entry must meet minimum size requirement of 15' });
    expect(checkFish(event, rules, { species: 'Walleye', size: 60.5, photos })).toEqual({ error: 'Entry must be less than 60 inches' });
    expect(checkFish(event, rules, { species: 'Walleye', size: 0, photos })).toEqual({ error: m.fishSizeRequired });
    expect(checkFish(event, rules, { species: 'bass', size: 16.333, photos })).toMatchObject({ species: 'Bass', size: 16.33, points: 10.33 });
  });
});

describe('alerts', () => {
  it('calls a fish big when it beats every fish before it, the first one included', () => {
    expect(isBigFish(20, null)).toBe(true);
    expect(isBigFish(20, 20)).toBe(false);
    expect(isBigFish(20.01, 20)).toBe(true);
  });

  const row = (entryId: string, points: number, memberId: string | null = null) => ({ entryId, memberId, points });
  it('names a new leader only when the first row changes hands', () => {
    expect(newLeader([], [row('a', 10)])).toEqual(row('a', 10));
    expect(newLeader([row('a', 10)], [row('a', 15)])).toBeNull();
    expect(newLeader([row('a', 10), row('b', 5)], [row('b', 12), row('a', 10)])).toEqual(row('b', 12));
    // A team member overtaking their captain is a new leader too.
    expect(newLeader([row('a', 10)], [row('a', 12, 'm1')])).toEqual(row('a', 12, 'm1'));
    // A board where nobody has points yet has no leader.
    expect(newLeader([], [row('a', 0)])).toBeNull();
    expect(newLeader([row('a', 0)], [row('b', 3)])).toEqual(row('b', 3));
  });
});

describe('boardChange', () => {
  const fish = (_id: string, size: number, minute: number) => ({ _id, size, date: new Date(Date.UTC(2026, 5, 1, 8, minute)).toISOString() });
  const row = (entryId: string, points: number, f: ReturnType<typeof fish>[]) => ({ entryId, memberId: null, points, fish: f });

  it('finds the new fish, a new leader and a big fish between two boards', () => {
    const before = [row('a', 10, [fish('f1', 20, 0)]), row('b', 0, [])];
    const after = [row('b', 15, [fish('f2', 25, 5)]), row('a', 10, [fish('f1', 20, 0)])];
    const change = boardChange(before, after);
    expect(change.newFishIds).toEqual(['f2']);
    expect(change.newLeader?.entryId).toBe('b');
    expect(change.bigFish?._id).toBe('f2');
  });

  it('reports nothing when the board did not change', () => {
    const board = [row('a', 10, [fish('f1', 20, 0)])];
    expect(boardChange(board, board)).toEqual({ newFishIds: [], newLeader: null, bigFish: null });
  });
});
