import { z } from 'zod';
import type { Privacy } from './logs';

/**
 * The Inner Circle (seed 001 sections 2-8). When A adds B, B joins A's circle: B follows A and may
 * read A's public and protected logs, narrowed by what A allows B: lakes are allowed unless A turned
 * one off (a lake A logs later is allowed), tags are hidden unless A turned one on (a log carrying
 * any tag A has not allowed is hidden; a log without tags is shown). Private logs reach nobody.
 */

export const CIRCLE_MESSAGES = {
  alreadyAdded: 'You have already added the user to your inner circle.',
  noPermission: 'You do not have permission to complete this action!',
  accessSaved: 'Congratulations, you have successfully updated the available log information given to this friend!',
  empty: 'There are currently no logs in your Inner Circle.',
  addYourself: 'You cannot add yourself to your inner circle.',
  unknownUser: 'There is no angler with that username or e-mail address.',
  needsPremium: 'The Inner Circle is a premium feature. Start a subscription to add and manage friends.',
  tooMany: 'Your inner circle is full: remove someone before adding another friend.',
  notInCircle: 'That angler is not in your inner circle.',
} as const;

/** A circle is for friends; the bound keeps one member's feed and fan-out of notifications small. */
export const CIRCLE_MAX_MEMBERS = 200;
/** Bounds on what an edit may carry; more than any angler's lake or tag list. */
export const CIRCLE_MAX_FILTER_ITEMS = 2000;
const NAME_MAX = 200;

/**
 * What one friend may see of the owner's logs, as stored: names in lower case, so a lake or tag
 * written in another case on a log is still the same lake or tag.
 */
export type FriendAccess = { hiddenLakes: readonly string[]; allowedTags: readonly string[] };

export const OPEN_ACCESS: FriendAccess = { hiddenLakes: [], allowedTags: [] };

const allowedItem = z.object({ name: z.string().trim().min(1).max(NAME_MAX), value: z.boolean() });
const allowedList = z.array(allowedItem).max(CIRCLE_MAX_FILTER_ITEMS, `At most ${CIRCLE_MAX_FILTER_ITEMS} items per filter.`);

/** The seed's filters: one entry of type lakes and one of type tags, each a checklist. */
export const circleFilters = z
  .array(z.object({ type: z.enum(['lakes', 'tags']), allowed: allowedList }))
  .max(2)
  .refine((filters) => new Set(filters.map((f) => f.type)).size === filters.length, 'Each filter type appears once.');
export type CircleFilters = z.infer<typeof circleFilters>;

/** What the owner's checklist means for storage: the lakes turned off and the tags turned on. */
export function accessFromFilters(filters: CircleFilters, current: FriendAccess = OPEN_ACCESS): FriendAccess {
  const lakes = filters.find((f) => f.type === 'lakes');
  const tags = filters.find((f) => f.type === 'tags');
  // A filter left out of the edit keeps what was stored for it.
  const hiddenLakes = lakes ? lakes.allowed.filter((i) => !i.value).map((i) => i.name.toLowerCase()) : current.hiddenLakes;
  const allowedTags = tags ? tags.allowed.filter((i) => i.value).map((i) => i.name.toLowerCase()) : current.allowedTags;
  return { hiddenLakes: unique(hiddenLakes), allowedTags: unique(allowedTags) };
}

/** The checklists the manage dialog shows: every lake and tag of the owner, ticked by the stored access. */
export function filtersFor(lakes: readonly string[], tags: readonly string[], access: FriendAccess): CircleFilters {
  const hidden = new Set(access.hiddenLakes);
  const allowed = new Set(access.allowedTags);
  return [
    { type: 'lakes', allowed: sortNames(lakes).map((name) => ({ name, value: !hidden.has(name.toLowerCase()) })) },
    { type: 'tags', allowed: sortNames(tags).map((name) => ({ name, value: allowed.has(name.toLowerCase()) })) },
  ];
}

/**
 * Whether a friend with this access may see one of the owner's logs: the rule the SQL of every
 * read path applies (db/circle-schema.ts friendMaySee), written once more here to be tested alone.
 */
export function friendMaySee(log: { privacy: Privacy; lakeName: string | null; tags: readonly string[] }, access: FriendAccess): boolean {
  if (log.privacy === 'private') return false;
  if (log.lakeName !== null && access.hiddenLakes.includes(log.lakeName.toLowerCase())) return false;
  return log.tags.every((tag) => access.allowedTags.includes(tag.toLowerCase()));
}

/** Members are sorted by username, ignoring case (seed 001 section 4). */
export function byUsername<T extends { username: string }>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => compareNames(a.username, b.username));
}

/**
 * Who may see whose e-mail (seed 001 section 6, members see each other's names and e-mails): the
 * friend sees the owner's address once the owner added them (the owner chose to share); the owner
 * sees the friend's when the owner typed it to add them or the friend added the owner too. Adding
 * by username teaches nobody an address.
 */
export function ownerSeesFriendEmail(relation: { addedByEmail: boolean; friendAddedOwner: boolean }): boolean {
  return relation.addedByEmail || relation.friendAddedOwner;
}

/** Whether what was typed in 'Add a user' is an e-mail address rather than a username. */
export function looksLikeEmail(text: string): boolean {
  return text.includes('@');
}

function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function sortNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...names]
    .sort(compareNames)
    .filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}

/** A person on either side of a relation, as the lists show them. */
export const circleMember = z.object({
  _id: z.string(),
  username: z.string(),
  /** Null when this side has not been shown the address (see ownerSeesFriendEmail). */
  email: z.string().nullable(),
  /** Logs shared along this relation: in my circle, how many of mine they see; in theirs, how many of theirs I see. */
  totalLogs: z.number().int(),
  /** They are in my circle, so they follow me: badge 'Follows You'. */
  followsYou: z.boolean(),
  /** I am in their circle: badge 'You Follow'. */
  youFollow: z.boolean(),
});

/** The seed's inner circle user: username, totalLogs, _id, filters (plus the badges and e-mail). */
export const innerCircleUser = circleMember.extend({ filters: circleFilters });
export type InnerCircleUser = z.infer<typeof innerCircleUser>;
export type CircleMember = z.infer<typeof circleMember>;
