import type { PaymentProcessor } from '../../providers/payments/payments';
import type { BillingService } from '../billing/service';
import type { FeePayments } from './service';

/**
 * A card token straight from the browser (Stripe Elements' createToken or the test processor), not
 * a saved card: on Stripe a saved card's id is its PaymentMethod's (`pm_…`).
 */
const isToken = (card: string) => card.startsWith('tok_');

/**
 * The creation fee through billing: coupons are the processor's; a saved card or a fresh card
 * token is charged through billing's spend-once charges (claimed by idempotency key, so a retry
 * answers the first charge); a charge made earlier with POST api/billing/charge is read back from
 * billing's records.
 */
export function billingFeePayments(billing: BillingService, processor: PaymentProcessor): FeePayments {
  return {
    async couponPercentOff(code) {
      return (await processor.findCoupon(code))?.percentOff ?? null;
    },
    async chargeCard(principal, input) {
      const result = isToken(input.card)
        ? await billing.chargeOnce({
            userId: principal.userId,
            kind: 'event-fee',
            description: input.description,
            amount: input.amountCents,
            source: { token: input.card },
            idempotencyKey: input.idempotencyKey,
            ...(input.payTo && { payTo: input.payTo }),
          })
        : await billing.chargeCard(
            principal,
            { card: input.card, description: input.description, cost: input.amountCents, ...(input.payTo && { payTo: input.payTo }) },
            input.idempotencyKey,
          );
      return result.id;
    },
    async findCharge(chargeId) {
      const charge = await billing.succeededCharge(chargeId);
      return charge?.userId ? { userId: charge.userId, amountCents: charge.amount } : null;
    },
  };
}
