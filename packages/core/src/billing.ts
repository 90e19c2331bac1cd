import { z } from 'zod';

export { discountedAmount } from './discount';

/** The two paid plans. The ids are the processor's price (or legacy plan) ids the seed names. */
export const PLAN_IDS = ['Monthly', 'Yearly2020'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const planId = z.enum(PLAN_IDS);

/** A plan as `GET /api/billing/plans` answers it (the processor's Plan object, amounts in cents). */
export const planView = z.object({
  id: planId,
  name: z.string(),
  amount: z.number().int().nonnegative(),
  interval: z.enum(['month', 'year']),
  nickname: z.string().nullable(),
  trial_period_days: z.number().int().nullable(),
});
export type PlanView = z.infer<typeof planView>;

/** Our prices; the Stripe adapter reads the live ones from Stripe, the test processor answers these. */
export const PLANS: Readonly<Record<PlanId, PlanView>> = {
  Monthly: { id: 'Monthly', name: 'Monthly', amount: 499, interval: 'month', nickname: 'Monthly', trial_period_days: null },
  Yearly2020: { id: 'Yearly2020', name: 'Yearly', amount: 3000, interval: 'year', nickname: 'Yearly', trial_period_days: null },
};

/** The processor's subscription states (Stripe's names). Only active and trialing are premium. */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The end of the `n`th period after `anchor`, in UTC: whole months (12 for a year) on the anchor's
 * day and time of day, on the month's last day when it has no such day (Jan 31 -> Feb 28), as
 * Stripe bills. Computed in UTC so a server's zone or a DST change never moves a renewal.
 */
export function periodEnd(anchor: Date, interval: 'month' | 'year', n: number): Date {
  const months = (interval === 'year' ? 12 : 1) * n;
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** What our record of a subscription knows when a processor event arrives. */
export type SubscriptionRecordState = { status: string; lastEventAt: Date | null };

/**
 * Whether an event written at `eventAt` may change a subscription record. A cancelled subscription
 * is final (the processor never revives one; a new purchase is a new subscription), and an event
 * older than the last one applied is stale: webhooks arrive out of order and are retried.
 */
export function acceptsEvent(record: SubscriptionRecordState, eventAt: Date): boolean {
  if (record.status === 'canceled') return false;
  return record.lastEventAt === null || eventAt.getTime() >= record.lastEventAt.getTime();
}

/** A Luhn check, so a mistyped card number is refused before any processor sees it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network a number belongs to, by its leading digits (the brands Stripe reports). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Unknown';
}
