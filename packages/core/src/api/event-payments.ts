import { z } from 'zod';
import { userView } from '../accounts';
import { eventMessages } from '../events/messages';
import { MUSKIE_ENTRY_TYPES, muskieRegistration, muskieSettings } from '../events/muskie';
import { contract, idParam, jsonBody } from './contract';

// ---------------------------------------------------------------------------------------------
// Event payments and the muskie form (issue 16, events part 3). Kept in their own file to ease
// merges with parts 2 and 3's other slices.
// ---------------------------------------------------------------------------------------------

const eventId = idParam(eventMessages.notFound);
const ownEventId = idParam(eventMessages.notYours);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, eventMessages.notFound);
/** The seed sends the PayPal client id; the server uses its own configured app whatever it says. */
const clientId = z.string().trim().max(200).optional();
const userToken = z.string().max(200).optional();

export const paymentSetup = z.object({
  /** How this event takes its entry fee: PayPal's buttons, or a card (the organiser's Stripe, or the test processor). */
  kind: z.enum(['paypal', 'card']),
  /** sandbox or live for PayPal (the event's setting); stripe or test for cards. */
  mode: z.enum(['sandbox', 'live', 'stripe', 'test']),
  /** PayPal's client id for its JS SDK, or the organiser's Stripe publishable key. */
  clientId: z.string().nullable(),
});
export type PaymentSetup = z.infer<typeof paymentSetup>;

export const ppToken = contract({
  method: 'POST',
  path: '/api/payments/pp/token',
  access: 'public',
  summary: 'A PayPal client token for the browser’s card fields (`mode` sandbox or live picks the configured PayPal app).',
  query: z.object({ mode: z.enum(['sandbox', 'live']).default('sandbox') }),
  body: jsonBody(z.object({ clientId })),
  response: z.object({ token: z.string() }),
});

export const ppOrder = contract({
  method: 'POST',
  path: '/api/payments/pp/order',
  access: 'public',
  summary:
    'Creates a PayPal order for an event entry. The amount is the server’s (the event’s cost, or the muskie form’s price plus add-ons for `registration`), in USD, in the event’s sandbox/live mode; the browser’s `purchase_units` value is ignored.',
  body: jsonBody(
    z.object({
      clientId,
      intent: z.literal('CAPTURE').optional(),
      purchase_units: z.array(z.unknown()).max(5).optional(),
      eventId: uuid,
      registration: muskieRegistration.optional(),
    }),
  ),
  response: z.object({
    id: z.string(),
    links: z.array(z.object({ href: z.string(), rel: z.string(), method: z.string().optional() })),
    amount: z.number(),
  }),
});

export const ppCapture = contract({
  method: 'POST',
  path: '/api/payments/pp/capture',
  access: 'public',
  summary: 'Captures an approved PayPal order this server created (once); a registration then uses it once.',
  body: jsonBody(z.object({ orderId: z.string().trim().min(1).max(64), clientId })),
  response: z.object({ id: z.string(), status: z.string(), amount: z.number() }),
});

export const paidRegistration = z.object({
  message: z.string(),
  eventId: z.string(),
  /** What was paid, in dollars. */
  amount: z.number(),
  /** The processor's payment id (PayPal capture or card charge). */
  sid: z.string(),
});

export const ppPay = contract({
  method: 'POST',
  path: '/api/payments/pp/pay',
  access: 'member',
  summary:
    'Registers the member on a paid event with an approved PayPal order: the server checks the order with PayPal (USD, the event’s cost, the event’s mode, not `mode`/`amount`), captures it, refuses an order already used, then registers; a failed registration is refunded.',
  query: z.object({ mode: z.enum(['sandbox', 'live']).optional() }),
  body: jsonBody(
    z.object({ clientId, orderId: z.string().trim().min(1).max(64), eventId: uuid, amount: z.union([z.number(), z.string().max(20)]).optional() }),
  ),
  response: paidRegistration,
});

export const eventCharge = contract({
  method: 'POST',
  path: '/api/billing/event/charge/:id',
  access: 'public',
  summary:
    'Pays an event’s entry fee by card and registers the payer (signed in, or the mobile checkout’s user token `t`): charged through the organiser’s Stripe key, or the test processor when none is set; a failed registration is refunded.',
  params: eventId,
  body: jsonBody(z.object({ token: z.string().trim().min(1, 'You must enter a valid card to add one to your account.').max(200), t: userToken })),
  response: paidRegistration,
});

export const userByToken = contract({
  method: 'POST',
  path: '/api/user',
  access: 'public',
  summary: 'The mobile checkout’s user, from the app’s session token in the query `t`.',
  query: z.object({ t: z.string().max(200).optional() }),
  response: userView,
});

const parkingView = z.object({ zone: z.number(), name: z.string(), spots: z.number(), left: z.number() });

export const muskieFormView = z.object({
  event: z.object({ _id: z.string(), name: z.string().nullable(), dateStart: z.string().nullable(), dateEnd: z.string().nullable(), tz: z.string(), ended: z.boolean() }),
  settings: muskieSettings,
  parking: z.array(parkingView),
  types: z.array(z.object({ code: z.number(), label: z.string(), days: z.number(), family: z.boolean(), junior: z.boolean() })),
  payment: paymentSetup,
  /** The caller's standing: owners may use admin mode; `entered` warns of a second entry on one account. */
  viewer: z.object({ owner: z.boolean(), entered: z.boolean() }),
});
export type MuskieFormView = z.infer<typeof muskieFormView>;

export const muskieForm = contract({
  method: 'GET',
  path: '/api/fc/event/muskie/:id',
  access: 'public',
  summary: 'The muskie form of an event: its zones, parking (spots left), pickup lists, entry types and how it is paid.',
  params: eventId,
  response: muskieFormView,
});

export const muskieDefault = contract({
  method: 'GET',
  path: '/api/fc/event/muskie',
  access: 'public',
  summary: 'The form’s default event when the address names none: the latest created event with a muskie form.',
  response: z.object({ _id: z.string() }),
});

export const formSettingsBody = z.object({
  paypalMode: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Null takes the form off the event. */
  muskie: muskieSettings.nullable(),
});

export const saveFormSettings = contract({
  method: 'POST',
  path: '/api/fc/event/form-settings/:id',
  access: 'member',
  summary: 'Owners set the event’s PayPal mode (sandbox or live) and its muskie form settings (zones, parking spots, pickup lists).',
  params: ownEventId,
  body: jsonBody(formSettingsBody),
  response: muskieFormView,
});

export const muskieRegistered = z.object({
  message: z.string(),
  entryId: z.string(),
  tournamentId: z.string(),
  /** Online total in dollars (price plus add-ons; raffle tickets are paid at pickup). */
  totalPaid: z.number(),
  raffleDueAtPickup: z.number(),
  /** A new account's session, when the form made one. */
  token: z.string().nullable(),
});
export type MuskieRegistered = z.infer<typeof muskieRegistered>;

export const MUSKIE_TYPES = MUSKIE_ENTRY_TYPES.map((t) => ({ ...t }));
