import { eventMessages as m } from './messages';

/** Seed 002 section 9: no fish is longer than this, in inches. */
export const MAX_FISH_SIZE = 60;
/** Biggest Bag counts this many fish when the event has no bagSize. */
export const DEFAULT_BAG_SIZE = 5;
/** Section 9: the leaderboard chart shows the top 10 entrants; alerts show for 10 s; a new fish is lit 5 s. */
export const LEADERBOARD_CHART_TOP = 10;
export const ALERT_MS = 10_000;
export const GALLERY_MS = 10_000;
export const NEW_FISH_HIGHLIGHT_MS = 5_000;

/** Points and sizes keep two decimals (section 9). */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

export type PointRule = { species: string; startingValue: number; startingPointValue: number; custom?: boolean };

/**
 * The rule that scores a species: the organiser's custom rule for it when there is one, else the
 * species' own rule. Species match without regard to case.
 */
export function ruleFor(rules: readonly PointRule[], species: string): PointRule | undefined {
  const same = (r: PointRule) => r.species.toLowerCase() === species.toLowerCase();
  return rules.find((r) => r.custom && same(r)) ?? rules.find((r) => !r.custom && same(r));
}

/**
 * A fish's points (the seed names the parts, not the formula; docs/events.md): a fish at the
 * minimum size (`startingValue`) earns the rule's starting points, and every inch above adds one
 * point. Rounded to two decimals.
 */
export function fishPoints(rule: Pick<PointRule, 'startingValue' | 'startingPointValue'>, size: number): number {
  return round2(rule.startingPointValue + Math.max(0, size - rule.startingValue));
}

export type FishInput = { species?: string | null | undefined; size: number; photos: { measurement?: string | null | undefined; angler?: string | null | undefined } };

/** The species every event's entry form may choose: its own and those with a custom rule. */
export function eventSpecies(event: { species: readonly string[] }, rules: readonly PointRule[]): string[] {
  const all = [...event.species, ...rules.map((r) => r.species)];
  return all.filter((s, i) => all.findIndex((o) => o.toLowerCase() === s.toLowerCase()) === i);
}

/**
 * Checks a fish against the event's rules in the order the entry form shows them, in the seed's
 * words: both photos, the species when the event has several, the minimum size of its rule, at
 * most 60 inches. Answers the first problem, or the species, its rule, and the rounded size and
 * points.
 */
export function checkFish(
  event: { species: readonly string[] },
  rules: readonly PointRule[],
  fish: FishInput,
): { error: string } | { species: string; size: number; points: number; rule: PointRule } {
  if (!fish.photos.measurement) return { error: m.measurementPhoto };
  if (!fish.photos.angler) return { error: m.anglerPhoto };
  const choices = eventSpecies(event, rules);
  const chosen = fish.species?.trim() || (choices.length === 1 ? choices[0] : undefined);
  if (!chosen) return { error: m.fishSpeciesRequired };
  const species = choices.find((s) => s.toLowerCase() === chosen.toLowerCase());
  if (!species) return { error: m.fishSpeciesUnknown };
  const rule = ruleFor(rules, species) ?? { species, startingValue: 0, startingPointValue: 0 };
  const size = round2(fish.size);
  if (!Number.isFinite(size) || size <= 0) return { error: m.fishSizeRequired };
  if (size < rule.startingValue) return { error: m.minimumSize(rule.startingValue) };
  if (size > MAX_FISH_SIZE) return { error: m.maximumSize };
  return { species, size, points: fishPoints(rule, size), rule };
}

/** Section 2's Big Fish Alert: a fish bigger than any before it in the event (the first one too). */
export function isBigFish(size: number, biggestBefore: number | null): boolean {
  return biggestBefore === null || size > biggestBefore;
}

/**
 * New Leader Alert: the board's first row is someone else than before, and they have points. A
 * board whose leader only grew their lead has no new leader.
 */
export function newLeader<R extends { entryId: string; memberId: string | null; points: number }>(before: readonly R[], after: readonly R[]): R | null {
  const top = after[0];
  if (!top || top.points <= 0) return null;
  const was = before[0];
  if (was && was.entryId === top.entryId && was.memberId === top.memberId && was.points > 0) return null;
  return top;
}

type BoardFishLike = { _id: string; size: number; date: string };
type BoardRow<F extends BoardFishLike> = { entryId: string; memberId: string | null; points: number; fish: readonly F[] };

/**
 * What changed between two boards, for a viewer that reads whole boards (over HTTP, or a socket
 * that reconnects): the newest fish not on the board before, the new leader, and whether that fish
 * is bigger than every fish before it.
 */
export function boardChange<F extends BoardFishLike, R extends BoardRow<F>>(before: readonly R[], after: readonly R[]) {
  const known = new Set(before.flatMap((r) => r.fish.map((f) => f._id)));
  const fresh = after.flatMap((r) => r.fish.filter((f) => !known.has(f._id)));
  const newest = fresh.reduce<F | null>((a, f) => (a === null || Date.parse(f.date) > Date.parse(a.date) ? f : a), null);
  const sizes = before.flatMap((r) => r.fish.map((f) => f.size));
  const biggestBefore = sizes.length > 0 ? Math.max(...sizes) : null;
  return {
    newFishIds: fresh.map((f) => f._id),
    newLeader: fresh.length > 0 ? newLeader(before, after) : null,
    bigFish: newest && fresh.some((f) => isBigFish(f.size, biggestBefore)) ? newest : null,
  };
}

/** The size chart's buckets, in inches. */
export const FISH_SIZE_RANGES = ['Under 12', '12-15.99', '16-19.99', '20-23.99', '24-29.99', '30-39.99', '40+'] as const;
export function fishSizeRange(size: number): (typeof FISH_SIZE_RANGES)[number] {
  if (size < 12) return 'Under 12';
  if (size < 16) return '12-15.99';
  if (size < 20) return '16-19.99';
  if (size < 24) return '20-23.99';
  if (size < 30) return '24-29.99';
  if (size < 40) return '30-39.99';
  return '40+';
}
