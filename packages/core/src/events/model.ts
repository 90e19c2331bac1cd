import { TZDate } from '@date-fns/tz';

/** The constants of seed 002 section 9. */
export const EVENT_TYPES = ['Tournament', 'League', 'Series'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_FORMATS = ['Points', 'Biggest Bag', 'Biggest Fish', 'Most Fish'] as const;
export const EVENT_SPECIES = ['Bass', 'Crappie', 'Musky', 'Pike', 'Walleye'] as const;
/** Sizes offered when creating; anything above 50 is a custom event. */
export const CREATE_SIZES = ['12', '25', '50', 'Over 50'] as const;
export type CreateSize = (typeof CREATE_SIZES)[number];
/** Sizes the list's filter offers. */
export const LIST_SIZES = [4, 8, 10, 12, 16, 20, 25, 50, 100, 200, 250, 300, 400, 500, 750, 1000] as const;
export const BAG_SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const HOURS_IN_DAY = [4, 6, 8, 10, 12] as const;
/** Stored values; the form shows 'Random Number' for `Number`. */
export const KEY_TYPES = ['None', 'Number', 'Playing Card', '2 Playing Cards'] as const;
export const KEY_TYPE_LABELS: Record<(typeof KEY_TYPES)[number], string> = {
  None: 'None',
  Number: 'Random Number',
  'Playing Card': 'Playing Card',
  '2 Playing Cards': '2 Playing Cards',
};
export const PAYMENT_PROCESSORS = ['Stripe', 'PayPal'] as const;

/** A connected account id as Stripe Connect onboarding opens them (`acct_…`; `acct_test_…` in test mode). */
export const isConnectedAccount = (key: string | null | undefined): key is string => !!key && key.startsWith('acct_');
export const EVENT_STATUSES = ['Draft', 'Active'] as const;
export type EventStatusValue = (typeof EVENT_STATUSES)[number];
export const DEFAULT_CUSTOM_POINTS = 5;
/** Hours a check-in lasts unless the event says otherwise. */
export const DEFAULT_TIMESPAN_HOURS = 18;
export const MAX_LAKES_PER_WEEK = 6;
/** Bounds of what one event may hold, so a draft cannot grow without end. */
export const LIMITS = {
  name: 120,
  description: 20_000,
  url: 2000,
  state: 40,
  divisions: 20,
  division: 60,
  lakes: 60,
  lakeName: 120,
  weeks: 104,
  pointRules: 20,
  processorKey: 200,
  processorSecret: 500,
  cost: 100_000,
} as const;

/** The size as the fee table knows it: a number from the form ('12' or 12) or 'Over 50'. */
export function sizeNumber(size: string | number | null | undefined): number | null {
  if (size === null || size === undefined || size === '') return null;
  if (size === 'Over 50') return Number.POSITIVE_INFINITY;
  const n = Number(size);
  return Number.isFinite(n) ? n : null;
}

/** Size Over 50, above 50, or size times cost above 1000 needs a custom event (seed 002 section 5). */
export function needsCustomEvent(size: string | number | null | undefined, cost: number | null | undefined): boolean {
  const n = sizeNumber(size);
  if (n === null) return false;
  return n > 50 || n * (cost ?? 0) > 1000;
}

/**
 * The creation fee in cents (section 9): size 12 is $25 with an entry cost and free without, 25 is
 * $50, 50 is $150. A coupon's percent off reduces it, rounded to the cent. Sizes between the steps
 * pay the next step up; a custom event has no fee here (it is never created through the form).
 */
export function creationFeeCents(size: string | number | null | undefined, cost: number | null | undefined, percentOff = 0): number {
  const n = sizeNumber(size);
  if (n === null || n > 50) return 0;
  const dollars = n <= 12 ? ((cost ?? 0) > 0 ? 25 : 0) : n <= 25 ? 50 : 150;
  const off = Math.min(100, Math.max(0, percentOff));
  return Math.round((dollars * 100 * (100 - off)) / 100);
}

/**
 * The list's 16 filter sizes against the four creation sizes: a filter size asks for events that
 * hold that many anglers, which is the smallest creation size at least as big (4 to 12 -> 12,
 * 16 to 25 -> 25, 50 -> 50, 100 and up -> Over 50).
 */
export function createSizeForFilter(filterSize: number): CreateSize {
  if (filterSize <= 12) return '12';
  if (filterSize <= 25) return '25';
  if (filterSize <= 50) return '50';
  return 'Over 50';
}

export type EventTimeState = 'not started' | 'started' | 'ended';

/** Section 4: not started before dateStart, started after it, ended after dateEnd. */
export function eventTimeState(event: { dateStart: string | null; dateEnd: string | null }, now: Date): EventTimeState {
  if (event.dateEnd && Date.parse(event.dateEnd) < now.getTime()) return 'ended';
  if (event.dateStart && Date.parse(event.dateStart) <= now.getTime()) return 'started';
  return 'not started';
}

export type ScheduleWeekDraft = { number: number; dateStart: string; dateEnd: string };

/**
 * The schedule builder's weeks: each runs from a Sunday 00:00 to the next Sunday 00:00 in the
 * event's zone, the first being the week holding the start and the last the week holding the end.
 * Instants are ISO (UTC); at most `LIMITS.weeks` weeks.
 */
export function scheduleWeeks(dateStart: string, dateEnd: string, timeZone: string): ScheduleWeekDraft[] {
  const start = new TZDate(Date.parse(dateStart), timeZone);
  const end = Date.parse(dateEnd);
  if (!Number.isFinite(start.getTime()) || !Number.isFinite(end) || end <= start.getTime()) return [];
  const weeks: ScheduleWeekDraft[] = [];
  let sunday = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() - start.getDay(), timeZone);
  while (sunday.getTime() < end && weeks.length < LIMITS.weeks) {
    const next = new TZDate(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 7, timeZone);
    weeks.push({ number: weeks.length + 1, dateStart: new Date(sunday.getTime()).toISOString(), dateEnd: new Date(next.getTime()).toISOString() });
    sunday = next;
  }
  return weeks;
}

/** Whether the list's and the details page's tab 4 (schedule) applies to this type. */
export function hasSchedule(type: string | null | undefined): boolean {
  return type === 'Series' || type === 'League';
}
