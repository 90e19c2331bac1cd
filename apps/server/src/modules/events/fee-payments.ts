import { eventMessages as m } from '@tightlines/core/events/messages';
import { badRequest, HttpError } from '../../lib/errors';
import { PaymentError, type PaymentProcessor } from '../../providers/payments/payments';
import type { FeePayments } from './service';

/**
 * The creation fee through the payment processor: coupons are the processor's, a card token from
 * the browser (Stripe Elements, or the test processor's) is charged once per idempotency key, and
 * a charge made earlier through billing is looked up by `findCharge`, which billing provides.
 */
export function processorFeePayments(
  processor: PaymentProcessor,
  findCharge: FeePayments['findCharge'] = () => Promise.resolve(null),
): FeePayments {
  return {
    async couponPercentOff(code) {
      try {
        return (await processor.findCoupon(code))?.percentOff ?? null;
      } catch (error) {
        if (error instanceof PaymentError && error.kind !== 'unavailable') return null;
        throw error;
      }
    },
    async chargeCard(principal, input) {
      try {
        const charge = await processor.charge({
          amount: input.amountCents,
          description: input.description,
          source: { token: input.card },
          idempotencyKey: input.idempotencyKey,
          metadata: { userId: principal.userId, purpose: 'event-fee' },
        });
        return charge.id;
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        if (error.kind === 'unavailable') throw new HttpError(503, 'Payments are unavailable right now. Please try again in a moment.');
        throw badRequest(error.kind === 'invalid' ? m.invalidCard : error.message);
      }
    },
    findCharge,
  };
}
