import Stripe from 'stripe';
import { PLAN_IDS, PLANS, type PlanId, type PlanView } from '@tightlines/core/billing';
import {
  PaymentError,
  type CardSummary,
  type ChangeSubscriptionInput,
  type CreateSubscriptionInput,
  type RenewInput,
  type ChargeInput,
  type ChargeResult,
  type ConnectedAccount,
  type Coupon,
  type PaymentProcessor,
  type ProviderSubscription,
  type WebhookEvent,
} from './payments';
import { providerSubscription, verifiedWebhook } from './stripe-objects';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  /** Stripe's API address; tests point it at a loopback server. Unset: https://api.stripe.com. */
  apiUrl: string | undefined;
  /** Our plan id -> the Stripe price (or legacy plan) id that bills it. */
  prices: Record<PlanId, string>;
};

type Obj = Record<string, unknown>;
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentError('declined', error.message, error.decline_code ?? error.code);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentError('invalid', error.message, error.code);
  }
  return new PaymentError('unavailable', 'The payment processor is not answering. Please try again in a moment.');
}

/** Runs a Stripe call; every failure comes out as a `PaymentError`. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPaymentError(error);
  }
}

/**
 * Stripe through its official library: customers, payment methods, PaymentIntents for one-off
 * charges, subscriptions on the configured prices, promotion codes and signed webhooks.
 */
export class StripePaymentProcessor implements PaymentProcessor {
  readonly mode = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private readonly planOfPrice: (priceId: string) => PlanId | undefined;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      // Safe to retry: every call that creates something carries an idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'http:' ? 80 : 443),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
    const byPrice = new Map(PLAN_IDS.map((plan) => [settings.prices[plan], plan]));
    this.planOfPrice = (priceId) => byPrice.get(priceId);
  }

  async plans(): Promise<PlanView[]> {
    return Promise.all(
      PLAN_IDS.map(async (plan) => {
        const price = await call(() => this.stripe.prices.retrieve(this.settings.prices[plan]));
        return {
          id: plan,
          name: PLANS[plan].name,
          amount: price.unit_amount ?? PLANS[plan].amount,
          interval: price.recurring?.interval === 'year' ? 'year' : 'month',
          nickname: price.nickname,
          trial_period_days: price.recurring?.trial_period_days ?? null,
        } satisfies PlanView;
      }),
    );
  }

  async findCoupon(code: string): Promise<Coupon | null> {
    const found = await call(() =>
      this.stripe.promotionCodes.list({ code: code.trim(), active: true, limit: 1, expand: ['data.promotion.coupon'] }),
    );
    const promo = found.data[0];
    const coupon = promo?.promotion.coupon;
    if (!promo || !coupon || typeof coupon === 'string' || !coupon.valid || !coupon.percent_off) return null;
    return { code: promo.code, percentOff: coupon.percent_off, ref: { promotionCode: promo.id } };
  }

  async createCustomer(input: { email: string; username: string; userId: string }, idempotencyKey: string) {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.username, metadata: { userId: input.userId } },
        { idempotencyKey },
      ),
    );
    return customer.id;
  }

  async addCard(customerId: string, token: string, idempotencyKey: string): Promise<CardSummary> {
    // Elements answers either a PaymentMethod id or a legacy card token; a token becomes a PaymentMethod first.
    const methodId = token.startsWith('tok_')
      ? (
          await call(() =>
            this.stripe.paymentMethods.create({ type: 'card', card: { token } }, { idempotencyKey: `${idempotencyKey}:pm` }),
          )
        ).id
      : token;
    const method = await call(() => this.stripe.paymentMethods.attach(methodId, { customer: customerId }, { idempotencyKey }));
    if (!method.card) throw new PaymentError('invalid', 'That payment method is not a card.', 'not_a_card');
    return {
      id: method.id,
      brand: BRANDS[method.card.brand] ?? method.card.brand,
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    };
  }

  async removeCard(_customerId: string, cardId: string): Promise<void> {
    await call(() => this.stripe.paymentMethods.detach(cardId));
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const source = input.source;
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          description: input.description,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...('token' in source
            ? { payment_method_data: { type: 'card', card: { token: source.token } } }
            : { customer: source.customerId, payment_method: source.cardId, off_session: true }),
          ...(input.metadata && { metadata: input.metadata }),
          // A destination charge: the money settles in the organiser's connected account.
          ...(input.payTo && { transfer_data: { destination: input.payTo } }),
        } as Stripe.PaymentIntentCreateParams,
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status !== 'succeeded') {
      // 3-D Secure and other extra steps need the browser, which a server-side charge has not got.
      throw new PaymentError('declined', 'Your card needs an extra verification step this checkout cannot do.', intent.status);
    }
    return { id: intent.id, amount: intent.amount, status: 'succeeded' };
  }

  async refund(chargeId: string, idempotencyKey: string, options: { reverseTransfer?: boolean } = {}): Promise<void> {
    await call(() =>
      this.stripe.refunds.create({ payment_intent: chargeId, ...(options.reverseTransfer && { reverse_transfer: true }) }, { idempotencyKey }),
    );
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const discount = input.coupon
      ? 'promotionCode' in input.coupon.ref
        ? { promotion_code: input.coupon.ref.promotionCode }
        : { coupon: input.coupon.ref.coupon }
      : undefined;
    const sub = await call(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: this.settings.prices[input.plan] }],
          default_payment_method: input.cardId,
          ...(discount && { discounts: [discount] }),
          // A refused first payment fails the call and leaves no subscription behind.
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return providerSubscription(sub as unknown as Obj, this.planOfPrice);
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription> {
    const existing = await call(() => this.stripe.subscriptions.retrieve(input.current.id));
    const item = existing.items.data[0];
    const switching = item !== undefined && input.plan !== input.current.plan;
    const sub = await call(() =>
      this.stripe.subscriptions.update(
        input.current.id,
        {
          cancel_at_period_end: false,
          ...(input.cardId && { default_payment_method: input.cardId }),
          ...(switching && {
            items: [{ id: item.id, price: this.settings.prices[input.plan] }],
            // The unused part of the old plan is credited and the difference charged now.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          }),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return providerSubscription(sub as unknown as Obj, this.planOfPrice);
  }

  async applyCoupon(current: ProviderSubscription, coupon: Coupon, idempotencyKey: string): Promise<ProviderSubscription> {
    const discount = 'promotionCode' in coupon.ref ? { promotion_code: coupon.ref.promotionCode } : { coupon: coupon.ref.coupon };
    const sub = await call(() => this.stripe.subscriptions.update(current.id, { discounts: [discount] }, { idempotencyKey }));
    return providerSubscription(sub as unknown as Obj, this.planOfPrice);
  }

  async cancelSubscription(current: ProviderSubscription, idempotencyKey: string): Promise<ProviderSubscription> {
    const sub = await call(() =>
      this.stripe.subscriptions.update(current.id, { cancel_at_period_end: true }, { idempotencyKey }),
    );
    return providerSubscription(sub as unknown as Obj, this.planOfPrice);
  }

  async renew(input: RenewInput): Promise<ProviderSubscription> {
    const sub = await call(() => this.stripe.subscriptions.retrieve(input.current.id));
    return providerSubscription(sub as unknown as Obj, this.planOfPrice);
  }

  async createConnectedAccount(input: { email: string; userId: string }, idempotencyKey: string): Promise<string> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email: input.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId: input.userId },
        },
        { idempotencyKey },
      ),
    );
    return account.id;
  }

  async onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    // Account links are single-use and short-lived, so each request makes a new one (no idempotency key).
    const link = await call(() =>
      this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      }),
    );
    return link.url;
  }

  async connectedAccount(accountId: string): Promise<ConnectedAccount> {
    const account = await call(() => this.stripe.accounts.retrieve(accountId));
    return {
      id: account.id,
      detailsSubmitted: account.details_submitted ?? false,
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
    };
  }

  parseWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookEvent {
    return verifiedWebhook(rawBody, signature, this.settings.webhookSecret, this.planOfPrice);
  }
}
