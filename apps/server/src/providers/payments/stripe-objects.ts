import Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type PlanId, type SubscriptionStatus } from '@tightlines/core/billing';
import {
  PaymentError,
  WebhookSignatureError,
  type Payment,
  type ProviderSubscription,
  type SubscriptionChange,
  type WebhookEvent,
} from './payments';

// Reading Stripe's JSON is shared by the Stripe adapter and the test processor, whose webhooks
// are Stripe-shaped and Stripe-signed, so one test of the service covers both.

/** Which of our plans a Stripe price id is; undefined for a price we do not sell. */
export type PlanOfPrice = (priceId: string) => PlanId | undefined;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const idOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : isObj(v) && typeof v.id === 'string' ? v.id : undefined);
const seconds = (v: unknown): Date | undefined => (typeof v === 'number' ? new Date(v * 1000) : undefined);
const statusOf = (v: unknown): SubscriptionStatus | undefined =>
  (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(v) ? (v as SubscriptionStatus) : undefined;

function firstItem(sub: Obj): Obj | undefined {
  const items = sub.items;
  if (!isObj(items) || !Array.isArray(items.data)) return undefined;
  const item: unknown = items.data[0];
  return isObj(item) ? item : undefined;
}

/** What a Stripe subscription object says, in our terms; fields it lacks are left out. */
export function subscriptionChange(sub: Obj, planOf: PlanOfPrice): SubscriptionChange {
  const item = firstItem(sub);
  const price = item && (idOf(item.price) ?? idOf(item.plan));
  const plan = price ? planOf(price) : undefined;
  // Since API version 2025-03-31 the period lives on the item; older versions put it on the subscription.
  const currentPeriodEnd = seconds(item?.current_period_end) ?? seconds(sub.current_period_end);
  const status = statusOf(sub.status);
  return {
    subscriptionId: String(sub.id),
    ...(status && { status }),
    ...(plan && { plan }),
    ...(currentPeriodEnd && { currentPeriodEnd }),
    ...(typeof sub.cancel_at_period_end === 'boolean' && { cancelAtPeriodEnd: sub.cancel_at_period_end }),
  };
}

/** A paid invoice with money in it, as a payment; anything else is none. */
function paymentOf(invoice: unknown): Payment | undefined {
  if (!isObj(invoice) || typeof invoice.id !== 'string' || invoice.status !== 'paid') return undefined;
  const amount = invoice.amount_paid;
  return typeof amount === 'number' && amount > 0 ? { id: invoice.id, amount } : undefined;
}

/** A whole subscription from an API answer; a subscription on a price we do not sell is an error. */
export function providerSubscription(sub: Obj, planOf: PlanOfPrice): ProviderSubscription {
  const change = subscriptionChange(sub, planOf);
  const customerId = idOf(sub.customer);
  if (!change.plan || !change.status || !change.currentPeriodEnd || !customerId) {
    throw new PaymentError('unavailable', 'The payment processor answered a subscription we could not read.');
  }
  return {
    id: change.subscriptionId,
    customerId,
    plan: change.plan,
    status: change.status,
    currentPeriodEnd: change.currentPeriodEnd,
    cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? false,
    ...(paymentOf(sub.latest_invoice) && { payment: paymentOf(sub.latest_invoice) }),
  };
}

function invoiceChange(invoice: Obj, status: SubscriptionStatus): SubscriptionChange | null {
  const parent = isObj(invoice.parent) ? invoice.parent : undefined;
  const details = parent && isObj(parent.subscription_details) ? parent.subscription_details : undefined;
  // Since 2025-03-31 an invoice names its subscription under parent; before, at the top level.
  const subscriptionId = idOf(details?.subscription) ?? idOf(invoice.subscription);
  if (!subscriptionId) return null;
  if (status !== 'active') return { subscriptionId, status };
  const lines = isObj(invoice.lines) && Array.isArray(invoice.lines.data) ? invoice.lines.data : [];
  const ends = lines
    .map((line: unknown) => (isObj(line) && isObj(line.period) ? seconds(line.period.end) : undefined))
    .filter((d): d is Date => d !== undefined);
  const currentPeriodEnd = ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : undefined;
  return { subscriptionId, status, ...(currentPeriodEnd && { currentPeriodEnd }) };
}

/** A Stripe event reduced to what it changes; unknown types change nothing. */
export function webhookEvent(event: Obj, planOf: PlanOfPrice): WebhookEvent {
  const type = String(event.type);
  const data = isObj(event.data) && isObj(event.data.object) ? event.data.object : {};
  let change: SubscriptionChange | null = null;
  let payment: Payment | undefined;
  if (type.startsWith('customer.subscription.')) change = subscriptionChange(data, planOf);
  else if (type === 'invoice.paid' || type === 'invoice.payment_succeeded') {
    change = invoiceChange(data, 'active');
    payment = paymentOf({ status: 'paid', ...data });
  }
  else if (type === 'invoice.payment_failed') change = invoiceChange(data, 'past_due');
  return {
    id: String(event.id),
    type,
    createdAt: seconds(event.created) ?? new Date(0),
    change,
    ...(payment && { payment }),
  };
}

/** Verifies a `Stripe-Signature` header with the library's own check, then reads the event. */
export function verifiedWebhook(
  rawBody: string | Buffer,
  signature: string | undefined,
  secret: string,
  planOf: PlanOfPrice,
): WebhookEvent {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header.');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'The webhook signature did not verify.');
  }
  if (!isObj(event) || typeof event.id !== 'string') throw new WebhookSignatureError('The webhook is not an event.');
  return webhookEvent(event, planOf);
}
