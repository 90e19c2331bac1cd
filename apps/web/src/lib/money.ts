import type { PlanView } from '@tightlines/core/billing';

/** Cents as dollars: 499 -> "$4.99", 3000 -> "$30". */
export function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toFixed(whole ? 0 : 2)}`;
}

export const planPrice = (plan: Pick<PlanView, 'amount' | 'interval'>) => `${dollars(plan.amount)}/${plan.interval}`;

/** A processor date in Unix seconds, as a calendar date in UTC (periods are computed in UTC). */
export const periodDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
