// Apart from ./billing (which builds zod schemas at import) so the registration form on the landing can use it alone.

/**
 * The amount after a percent-off coupon, in cents: 100 % is free, anything else is rounded to the
 * cent (the seed's "rounded to 2 decimals" of dollars).
 */
export function discountedAmount(amountCents: number, percentOff: number | null | undefined): number {
  if (!percentOff) return amountCents;
  if (percentOff >= 100) return 0;
  return Math.round((amountCents * (100 - percentOff)) / 100);
}
