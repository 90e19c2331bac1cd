import { isTimeZone } from '../time';
import { eventMessages as m } from './messages';
import { CREATE_SIZES, EVENT_TYPES, hasSchedule, KEY_TYPES, MAX_LAKES_PER_WEEK, needsCustomEvent } from './model';

export type EventLakeDraft = { name: string; location: { lat: number; lng: number } | null };
export type ScheduleWeekInput = { number: number; dateStart: string; dateEnd: string; lakes: string[] };

/** What the wizard has filled so far, as the rules read it (dates as ISO instants). */
export type EventDraftFields = {
  name?: string | null;
  type?: string | null;
  format?: string | null;
  size?: string | number | null;
  cost?: number | null;
  paymentProcessor?: string | null;
  paymentProcessorKey?: string | null;
  dateStart?: string | null;
  dateEnd?: string | null;
  tz?: string | null;
  species?: string[] | null;
  state?: string | null;
  keyType?: string | null;
  divisions?: string[] | null;
  lakes?: EventLakeDraft[] | null;
  schedule?: ScheduleWeekInput[] | null;
};

export type WizardStep = 1 | 2 | 3 | 4;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

type Context = { now: Date; startMayBePast: boolean };
type Rule = (e: EventDraftFields, strict: boolean, ctx: Context) => string | null;

/** Step 1, Basic Event Info: name, type, size, and the organiser's key when entries cost money. */
const step1: Rule[] = [
  (e, strict) => (strict && blank(e.name) ? m.nameRequired : null),
  (e, strict) => {
    if (blank(e.type)) return strict ? m.typeRequired : null;
    return (EVENT_TYPES as readonly string[]).includes(e.type as string) ? null : m.typeRequired;
  },
  (e, strict) => (strict && blank(e.size) ? m.sizeRequired : null),
  (e) => (!blank(e.size) && needsCustomEvent(e.size, e.cost) ? m.customEvent : null),
  (e) => (!blank(e.size) && typeof e.size === 'string' && !(CREATE_SIZES as readonly string[]).includes(e.size) ? m.sizeRequired : null),
  (e, strict) => {
    if (!((e.cost ?? 0) > 0)) return null;
    const key = e.paymentProcessorKey?.trim() ?? '';
    if (e.paymentProcessor === 'PayPal') return EMAIL.test(key) || (!strict && key === '') ? null : m.paypalEmail;
    return key !== '' || !strict ? null : m.stripeKey;
  },
];

/** Step 2: dates in the event's zone, species, state, key type, divisions. */
const step2: Rule[] = [
  (e, strict, { now, startMayBePast }) => {
    if (blank(e.dateStart)) return strict ? m.startInFuture : null;
    const start = Date.parse(e.dateStart as string);
    if (!Number.isFinite(start)) return m.startInFuture;
    return startMayBePast || start > now.getTime() ? null : m.startInFuture;
  },
  (e, strict) => {
    if (blank(e.dateEnd)) return strict ? m.endRequired : null;
    return Number.isFinite(Date.parse(e.dateEnd as string)) ? null : m.endRequired;
  },
  (e) => {
    if (blank(e.dateStart) || blank(e.dateEnd)) return null;
    return Date.parse(e.dateEnd as string) > Date.parse(e.dateStart as string) ? null : m.endAfterStart;
  },
  (e, strict) => (blank(e.tz) ? (strict ? m.timeZone : null) : isTimeZone(e.tz as string) ? null : m.timeZone),
  (e, strict) => (strict && (e.species?.length ?? 0) === 0 ? m.speciesRequired : null),
  (e, strict) => (strict && blank(e.state) ? m.stateRequired : null),
  (e, strict) => {
    if (blank(e.keyType)) return strict ? m.keyTypeRequired : null;
    return (KEY_TYPES as readonly string[]).includes(e.keyType as string) ? null : m.keyTypeRequired;
  },
  (e) => {
    const seen = new Set<string>();
    for (const d of e.divisions ?? []) {
      const key = d.trim().toLowerCase();
      if (seen.has(key)) return m.divisionDuplicate;
      seen.add(key);
    }
    return null;
  },
];

/** Step 3, the lakes builder: every lake named, placed, and named once. */
const step3: Rule[] = [
  (e) => {
    const seen = new Set<string>();
    for (const lake of e.lakes ?? []) {
      if (blank(lake.name)) return m.lakeName;
      if (!lake.location) return m.lakeLocation;
      const key = lake.name.trim().toLowerCase();
      if (seen.has(key)) return m.lakeDuplicate;
      seen.add(key);
    }
    return null;
  },
];

/** Step 4, the schedule builder (Series and League): weeks with dates and at most 6 of the event's lakes. */
const step4: Rule[] = [
  (e) => {
    if (!hasSchedule(e.type)) return null;
    const lakes = new Set((e.lakes ?? []).map((l) => l.name.trim().toLowerCase()));
    for (const week of e.schedule ?? []) {
      if (!(Date.parse(week.dateEnd) > Date.parse(week.dateStart))) return m.weekDates;
      if (week.lakes.length > MAX_LAKES_PER_WEEK) return m.weekLakes;
      if (week.lakes.some((name) => !lakes.has(name.trim().toLowerCase()))) return m.weekLake;
    }
    return null;
  },
];

const STEPS: Rule[][] = [step1, step2, step3, step4];

/**
 * The first problem of an event, or null. With `upTo` every step up to it is checked in full (a
 * wizard step just completed; 4 for the final creation). Without it only what is filled is
 * checked, so a draft saved early keeps what it has.
 *
 * The start must be in the future only while the event is still being created (`startMayBePast`
 * false); the check does not apply to an event already fished.
 */
export function validateEvent(event: EventDraftFields, now: Date, upTo?: WizardStep, { startMayBePast = false } = {}): string | null {
  for (const [index, rules] of STEPS.entries()) {
    if (upTo !== undefined && index + 1 > upTo) break;
    const strict = upTo !== undefined;
    for (const rule of rules) {
      const problem = rule(event, strict, { now, startMayBePast });
      if (problem) return problem;
    }
  }
  return null;
}
