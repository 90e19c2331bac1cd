import { z } from 'zod';
import { planId, planView, SUBSCRIPTION_STATUSES } from '../billing';
import { contract, jsonBody } from './contract';

export const cardView = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardView = z.infer<typeof cardView>;

export const subscriptionView = z.object({
  id: z.string(),
  plan: planView,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Unix seconds, as the processor writes it. */
  current_period_end: z.number().int(),
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const receiptView = z.object({
  id: z.string(),
  description: z.string(),
  /** Cents, USD. */
  amount: z.number().int(),
  created: z.string(),
});
export type ReceiptView = z.infer<typeof receiptView>;

/** The member's `stripe` object (customer and subscription ids) with the subscription beside it. */
export const stripeView = z.object({
  id: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  plan: planId.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  current_period_end: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type StripeView = z.infer<typeof stripeView>;

/** The mobile checkout has no web session: it sends the member's token as `t` in the body. */
const userToken = { t: z.string().max(200).optional() };

export const plans = contract({
  method: 'GET',
  path: '/api/billing/plans',
  access: 'public',
  summary: 'The paid plans with their prices in cents, and how cards are taken: test mode or Stripe with its publishable key.',
  response: z.object({ data: z.array(planView), mode: z.enum(['test', 'stripe']), publishableKey: z.string().nullable() }),
});

export const getCoupon = contract({
  method: 'POST',
  path: '/api/billing/get-coupon',
  access: 'public',
  summary: 'A promotion code’s percent off; 404 (resource_missing) when unknown or used up. Rate-limited.',
  body: jsonBody(z.object({ coupon: z.string().trim().min(1, 'That is not a valid promotion code.').max(100) })),
  response: z.object({ percent_off: z.number(), code: z.string(), statusCode: z.literal(200) }),
});

export const cards = contract({
  method: 'POST',
  path: '/api/billing/cards',
  access: 'public',
  summary: 'The member’s saved cards (brand, last4, expiry). Signed in, or the user token `t` in the body.',
  body: jsonBody(z.object(userToken)),
  response: z.object({ data: z.array(cardView) }),
});

export const addCard = contract({
  method: 'POST',
  path: '/api/billing/add-card',
  access: 'member',
  summary: 'Saves a card from the browser’s card token; the number never reaches the server.',
  body: jsonBody(
    z.object({
      token: z.string({ error: 'You must enter a valid card to add one to your account.' }).trim().min(1, 'You must enter a valid card to add one to your account.').max(500),
    }),
  ),
  response: cardView,
});

export const deleteCard = contract({
  method: 'POST',
  path: '/api/billing/delete-card',
  access: 'member',
  summary: 'Removes a saved card; refused for the card that pays a live subscription.',
  body: jsonBody(z.object({ cardId: z.string({ error: 'No card was found with that id.' }).min(1).max(200) })),
  response: z.object({ id: z.string() }),
});

export const charge = contract({
  method: 'POST',
  path: '/api/billing/charge',
  access: 'public',
  summary: 'A one-off charge of `cost` cents to a saved card, once per Idempotency-Key. Signed in, or `t` in the body.',
  body: jsonBody(
    z.object({
      card: z.string({ error: 'You must have a card selected purchase a subscription' }).min(1).max(200),
      description: z.string().trim().min(1, 'A description is required.').max(200),
      cost: z.number({ error: 'The cost must be a whole number of cents.' }).int('The cost must be a whole number of cents.').min(50, 'The smallest charge is 50 cents.').max(1_000_000, 'That charge is too large.'),
      ...userToken,
    }),
  ),
  response: z.object({ result: z.object({ id: z.string(), amount: z.number().int(), status: z.literal('succeeded') }) }),
});

export const subscription = contract({
  method: 'GET',
  path: '/api/billing/subscription/:id',
  access: 'member',
  summary: 'One of the member’s subscriptions by its processor id; someone else’s is not found.',
  params: z.object({ id: z.string().min(1).max(200) }),
  response: subscriptionView,
});

export const subscribeUpdate = contract({
  method: 'POST',
  path: '/api/billing/subscribe/update',
  access: 'member',
  summary: 'Creates the subscription when there is none, otherwise switches its plan or card; answers the stripe object.',
  body: jsonBody(
    z.object({
      subscription: z.object(
        {
          plan: planId,
          coupon: z.string().trim().max(100).optional(),
          card: z.string().max(200).optional(),
        },
        { error: 'Choose a plan.' },
      ),
      cancelledId: z.string().max(200).optional(),
    }),
  ),
  response: stripeView,
});

export const subscribeEnd = contract({
  method: 'POST',
  path: '/api/billing/subscribe/end',
  access: 'member',
  summary: 'Ends the subscription at the end of the paid period; premium stays until then.',
  body: jsonBody(z.object({ subscription: z.string().max(200).optional() })),
  response: z.object({ message: z.string(), stripe: stripeView }),
});

export const billingOverview = contract({
  method: 'GET',
  path: '/api/billing/overview',
  access: 'member',
  summary: 'The Billing tab: mode (test or stripe), the stripe object, the subscription, cards and receipts.',
  response: z.object({
    mode: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable(),
    paysCash: z.boolean(),
    stripe: stripeView,
    subscription: subscriptionView.nullable(),
    cards: z.array(cardView),
    receipts: z.array(receiptView),
  }),
});

export const testToken = contract({
  method: 'POST',
  path: '/api/billing/test/token',
  access: 'public',
  summary: 'Test mode only: tokenises a test card number as Stripe Elements would; 404 when Stripe is configured.',
  body: jsonBody(
    z.object({
      number: z.string({ error: 'You must enter a valid card to add one to your account.' }).max(30),
      exp_month: z.coerce.number({ error: "Your card's expiration date is incorrect." }).int(),
      exp_year: z.coerce.number({ error: "Your card's expiration date is incorrect." }).int(),
      cvc: z.string({ error: "Your card's security code is invalid." }).max(4),
    }),
  ),
  response: z.object({ token: z.string() }),
});

export const connectView = z.object({
  /** The organiser's connected account: what the event wizard's Stripe field takes. */
  accountId: z.string().nullable(),
  onboarded: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
});
export type ConnectView = z.infer<typeof connectView>;

export const connectStripe = contract({
  method: 'GET',
  path: '/api/billing/connect-stripe',
  access: 'member',
  summary:
    'A Stripe Connect onboarding URL for the organiser’s payout account (opened on the first call); in test mode, a local page that completes onboarding.',
  response: z.object({ url: z.string() }),
});

export const connectStatus = contract({
  method: 'GET',
  path: '/api/billing/connect-stripe/status',
  access: 'member',
  summary: 'The organiser’s connected account and whether onboarding is complete, read back from the processor until payouts are enabled.',
  response: connectView,
});

export const connectTestComplete = contract({
  method: 'POST',
  path: '/api/billing/connect-stripe/test-complete',
  access: 'member',
  summary: 'Test mode only: completes onboarding of the member’s own connected account, as Stripe’s hosted page would; 404 with Stripe.',
  body: jsonBody(z.object({ account: z.string({ error: 'No connected account was found with that id.' }).min(1).max(100) })),
  response: connectView,
});

export const webhook = contract({
  method: 'POST',
  path: '/api/billing/webhook',
  access: 'public',
  summary: 'The processor’s signed event deliveries; each event id is applied once; a bad signature is 400.',
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});
