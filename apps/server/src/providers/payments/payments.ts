import type { PlanId, PlanView, SubscriptionStatus } from '@tightlines/core/billing';

/** A saved card as members see it; never the number. */
export interface CardSummary {
  /** The processor's payment method id. */
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** A promotion code the processor knows, and what applying it means. */
export interface Coupon {
  code: string;
  percentOff: number;
  /** What a subscription is given to apply it: the processor's promotion code or coupon id. */
  ref: { promotionCode: string } | { coupon: string };
}

/** The processor's view of a subscription, as our `subscriptions` table keeps it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  /** Paid up to here; premium lasts until then even when it will not renew. */
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** What the call that answered this took from the card, when it took anything. */
  payment?: Payment;
}

/** Money a subscription took: its processor id (an invoice or charge) and the amount in cents. */
export interface Payment {
  id: string;
  amount: number;
}

/** What a processor event says about one subscription; absent fields are left as they are. */
export interface SubscriptionChange {
  subscriptionId: string;
  status?: SubscriptionStatus;
  plan?: PlanId;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
}

/** A verified webhook delivery, reduced to what we act on. */
export interface WebhookEvent {
  /** The processor's event id: deliveries are retried, so this is what makes applying one idempotent. */
  id: string;
  type: string;
  /** When the processor wrote the event; later deliveries of older events are stale. */
  createdAt: Date;
  /** Null for event types that change no subscription. */
  change: SubscriptionChange | null;
  /** A paid invoice's payment, kept as a receipt. */
  payment?: Payment;
}

/** Where a one-off charge takes its money from: a saved card, or a token the browser just made. */
export type ChargeSource = { customerId: string; cardId: string } | { token: string };

export interface ChargeInput {
  /** Cents, USD. */
  amount: number;
  description: string;
  source: ChargeSource;
  /**
   * Derived from our own request or record id: the processor answers a repeat with the first
   * result instead of charging again (a retried request or a double click).
   */
  idempotencyKey: string;
  metadata?: Record<string, string>;
  /**
   * An organiser's connected account the money is paid out to (a Stripe destination charge):
   * entry fees go to the organiser, not to us.
   */
  payTo?: string;
}

/** An organiser's connected payout account, as the processor reports its onboarding. */
export interface ConnectedAccount {
  id: string;
  /** The organiser has given everything onboarding asks for. */
  detailsSubmitted: boolean;
  /** Charges may name this account as their destination. */
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface ChargeResult {
  id: string;
  amount: number;
  status: 'succeeded';
}

export type PaymentErrorKind =
  /** The card was refused (declined, insufficient funds, expired, wrong CVC). */
  | 'declined'
  /** The token or card id is malformed, unknown or already used. */
  | 'invalid'
  /** The processor could not be reached or failed. */
  | 'unavailable';

export interface CreateSubscriptionInput {
  customerId: string;
  cardId: string;
  plan: PlanId;
  coupon: Coupon | null;
  idempotencyKey: string;
  now: Date;
}

export interface ChangeSubscriptionInput {
  current: ProviderSubscription;
  plan: PlanId;
  /** The card later periods are charged to; null keeps the one it has. */
  cardId: string | null;
  idempotencyKey: string;
  now: Date;
}

export interface RenewInput {
  current: ProviderSubscription;
  cardId: string | null;
  /** Cents per period after any coupon. */
  amount: number;
  idempotencyKey: string;
  now: Date;
}

/** Every processor failure; `message` is the processor's own sentence, fit to show the payer. */
export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
    /** The processor's code, e.g. 'card_declined' or 'insufficient_funds'. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The webhook's signature did not verify: the delivery is refused and nothing is read from it. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * A card processor. Every call that moves money or creates something takes an idempotency key,
 * so a retry never charges or subscribes twice. Methods throw `PaymentError`.
 */
export interface PaymentProcessor {
  /** 'test' is the built-in processor: no money moves and every payment screen says so. */
  readonly mode: 'test' | 'stripe';
  /** The key the browser tokenises cards with (Stripe Elements); null in test mode. */
  readonly publishableKey: string | null;

  plans(): Promise<PlanView[]>;
  /** The code's coupon, or null when it is unknown, expired or used up. */
  findCoupon(code: string): Promise<Coupon | null>;

  createCustomer(input: { email: string; username: string; userId: string }, idempotencyKey: string): Promise<string>;
  /** Saves the browser's card token on the customer; `invalid` when the token is not a usable card. */
  addCard(customerId: string, token: string, idempotencyKey: string): Promise<CardSummary>;
  removeCard(customerId: string, cardId: string): Promise<void>;

  /** A one-off charge; `declined` leaves nothing charged. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * `reverseTransfer` takes a destination charge's money back from the connected account too;
   * without it the platform's balance pays the refund and the organiser keeps the transfer.
   */
  refund(chargeId: string, idempotencyKey: string, options?: { reverseTransfer?: boolean }): Promise<void>;

  /**
   * Subscribes and takes the first period's payment at once, all or nothing: a declined card
   * throws and leaves no subscription at the processor.
   */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  /** Switches plan and/or the card future periods are charged to. */
  changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription>;
  /** Puts a coupon on a live subscription: later periods are charged less. */
  applyCoupon(current: ProviderSubscription, coupon: Coupon, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Stops renewal; the member keeps what they paid for until `currentPeriodEnd`. */
  cancelSubscription(current: ProviderSubscription, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Called for a subscription whose period has ended: the subscription as it stands now. The
   * test processor charges the next period here (a refused card makes it past_due); Stripe
   * renews by itself, so its adapter reads the subscription back, catching a missed webhook.
   */
  renew(input: RenewInput): Promise<ProviderSubscription>;

  /** Opens a connected payout account for an organiser (Stripe Connect Express). */
  createConnectedAccount(input: { email: string; userId: string }, idempotencyKey: string): Promise<string>;
  /**
   * A one-time address where the organiser completes onboarding; the processor sends them to
   * `returnUrl` when done and to `refreshUrl` when the link has expired.
   */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /**
   * The account's onboarding as the processor knows it; null when the processor keeps no record
   * (the test processor), where our own table is the truth.
   */
  connectedAccount(accountId: string): Promise<ConnectedAccount | null>;

  /** Verifies the signature and reads the event; throws `WebhookSignatureError` when it does not verify. */
  parseWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookEvent;
}
