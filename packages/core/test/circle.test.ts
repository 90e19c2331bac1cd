import { describe, expect, it } from 'vitest';
import { addToCircle, editCircleMember } from '../src/api/circle';
import {
  accessFromFilters,
  byUsername,
  CIRCLE_MAX_FILTER_ITEMS,
  filtersFor,
  friendMaySee,
  OPEN_ACCESS,
  ownerSeesFriendEmail,
  type FriendAccess,
} from '../src/circle';

const log = (over: Partial<{ privacy: 'public' | 'protected' | 'private'; lakeName: string | null; tags: string[] }> = {}) => ({
  privacy: 'protected' as const,
  lakeName: 'Gull Lake',
  tags: [] as string[],
  ...over,
});

describe('friendMaySee: what one friend sees of the owner’s logs', () => {
  it('shows public and protected logs of any lake by default, never private ones', () => {
    expect(friendMaySee(log({ privacy: 'public' }), OPEN_ACCESS)).toBe(true);
    expect(friendMaySee(log(), OPEN_ACCESS)).toBe(true);
    expect(friendMaySee(log({ privacy: 'private' }), OPEN_ACCESS)).toBe(false);
    expect(friendMaySee(log({ lakeName: null }), OPEN_ACCESS)).toBe(true);
  });

  it('private stays private whatever the owner allowed', () => {
    const everything: FriendAccess = { hiddenLakes: [], allowedTags: ['secret'] };
    expect(friendMaySee(log({ privacy: 'private', tags: ['secret'] }), everything)).toBe(false);
  });

  it('hides a lake the owner turned off, in any case; a lake logged later stays allowed', () => {
    const access = accessFromFilters([{ type: 'lakes', allowed: [{ name: 'Gull Lake', value: false }] }]);
    expect(friendMaySee(log({ lakeName: 'GULL lake' }), access)).toBe(false);
    expect(friendMaySee(log({ lakeName: 'Mille Lacs' }), access)).toBe(true);
  });

  it('hides a log carrying any tag not allowed (tags default to hidden); a log without tags shows', () => {
    const access = accessFromFilters([{ type: 'tags', allowed: [{ name: 'Dawn', value: true }, { name: 'spot', value: false }] }]);
    expect(friendMaySee(log({ tags: ['dawn'] }), access)).toBe(true);
    expect(friendMaySee(log({ tags: ['dawn', 'spot'] }), access)).toBe(false);
    expect(friendMaySee(log({ tags: ['new-tag'] }), access)).toBe(false);
    expect(friendMaySee(log({ tags: [] }), access)).toBe(true);
  });
});

describe('accessFromFilters and filtersFor', () => {
  it('round-trips: the checklist shown is the checklist saved', () => {
    const access: FriendAccess = { hiddenLakes: ['mille lacs'], allowedTags: ['dawn'] };
    const filters = filtersFor(['Mille Lacs', 'Gull Lake'], ['spot', 'Dawn'], access);
    expect(filters).toEqual([
      { type: 'lakes', allowed: [{ name: 'Gull Lake', value: true }, { name: 'Mille Lacs', value: false }] },
      { type: 'tags', allowed: [{ name: 'Dawn', value: true }, { name: 'spot', value: false }] },
    ]);
    expect(accessFromFilters(filters)).toEqual(access);
  });

  it('a filter left out of an edit keeps what was stored for it', () => {
    const stored: FriendAccess = { hiddenLakes: ['gull lake'], allowedTags: ['dawn'] };
    expect(accessFromFilters([{ type: 'tags', allowed: [] }], stored)).toEqual({ hiddenLakes: ['gull lake'], allowedTags: [] });
  });

  it('lists each lake once whatever its case, sorted ignoring case', () => {
    const [lakes] = filtersFor(['b lake', 'A Lake', 'B Lake'], [], OPEN_ACCESS);
    expect(lakes!.allowed.map((i) => i.name)).toEqual(['A Lake', 'B Lake']);
  });
});

describe('the circle’s inputs', () => {
  it('refuses oversize filter lists and repeated filter types', () => {
    const many = Array.from({ length: CIRCLE_MAX_FILTER_ITEMS + 1 }, (_, i) => ({ name: `lake ${i}`, value: true }));
    expect(editCircleMember.body.safeParse({ username: 'b', filters: [{ type: 'lakes', allowed: many }] }).success).toBe(false);
    const twice = [
      { type: 'lakes', allowed: [] },
      { type: 'lakes', allowed: [] },
    ];
    expect(editCircleMember.body.safeParse({ username: 'b', filters: twice }).success).toBe(false);
    expect(editCircleMember.body.safeParse({ username: 'b', filters: [{ type: 'species', allowed: [] }] }).success).toBe(false);
  });

  it('asks for someone to add, and bounds what is typed', () => {
    expect(addToCircle.body.safeParse({}).success).toBe(false);
    expect(addToCircle.body.safeParse({ user: '  ' }).success).toBe(false);
    expect(addToCircle.body.safeParse({ user: 'x'.repeat(255) }).success).toBe(false);
    expect(addToCircle.body.safeParse({ user: ' friend@example.com ' }).data).toEqual({ user: 'friend@example.com' });
  });
});

describe('members and e-mails', () => {
  it('sorts members by username ignoring case', () => {
    expect(byUsername([{ username: 'bob' }, { username: 'Alice' }, { username: 'carl' }]).map((m) => m.username)).toEqual(['Alice', 'bob', 'carl']);
  });

  it('shows the owner a friend’s address only when typed by the owner or the friend shared back', () => {
    expect(ownerSeesFriendEmail({ addedByEmail: false, friendAddedOwner: false })).toBe(false);
    expect(ownerSeesFriendEmail({ addedByEmail: true, friendAddedOwner: false })).toBe(true);
    expect(ownerSeesFriendEmail({ addedByEmail: false, friendAddedOwner: true })).toBe(true);
  });
});
