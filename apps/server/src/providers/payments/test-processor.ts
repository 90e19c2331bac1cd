import { createHash } from 'node:crypto';
import { cardBrand, discountedAmount, luhnValid, periodEnd, PLANS, type PlanId } from '@tightlines/core/billing';
import { verifiedWebhook } from './stripe-objects';
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

/**
 * The secret the test processor's webhooks are signed with (Stripe's scheme), so tests and a
 * developer's curl can deliver events to a server in test mode. Not a secret: test mode moves no money.
 */
export const TEST_WEBHOOK_SECRET = 'whsec_tightlines_test_mode';

/** Stripe's published test numbers, by the last four digits; any other Luhn-valid number succeeds. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saves fine, then every charge is declined: a renewal that fails. */
  declinesLater: '4000000000000341',
} as const;

const DECLINED = { message: 'Your card was declined.', code: 'card_declined' };
const INSUFFICIENT = { message: 'Your card has insufficient funds.', code: 'insufficient_funds' };
/** Refused when the card is saved (and charged), as Stripe does with these numbers. */
const REFUSED_ON_SAVE: Record<string, typeof DECLINED> = { '0002': DECLINED, '9995': INSUFFICIENT };
/** Saved, then refused on every charge. */
const REFUSED_ON_CHARGE: Record<string, typeof DECLINED> = { ...REFUSED_ON_SAVE, '0341': DECLINED };

/** A failed renewal is retried once a day; after this long unpaid the subscription ends. */
export const RENEWAL_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

/** The web page that plays Stripe's hosted onboarding in test mode. */
export const TEST_ONBOARDING_PATH = '/connect-stripe/test-onboarding';
const TEST_ACCOUNT = /^acct_test_[0-9a-f]{16}$/;

const TOKEN = /^tok_test_(\d{4})_([a-z]+)_(\d{2})_(\d{4})$/;
const CARD = /^card_test_(\d{4})_[0-9a-f]{16}$/;
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  americanexpress: 'American Express',
  discover: 'Discover',
  unknown: 'Unknown',
};

/** A short id derived from the idempotency key: the same request always gets the same id. */
const idFrom = (prefix: string, key: string) => `${prefix}${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

/** The payment a call made, when it charged anything (a 100 % coupon charges nothing). */
const paid = (idempotencyKey: string, amount: number) =>
  amount > 0 ? { payment: { id: idFrom('in_test_', idempotencyKey), amount } } : {};

export type CardEntry = { number: string; exp_month: number; exp_year: number; cvc: string };

/**
 * The built-in processor used when no Stripe key is set: Stripe's test cards and behaviour, no
 * network and no money. It keeps no state: a token spells out the card's last four digits,
 * brand and expiry; a card id keeps the last four (which decide its outcome); other ids are
 * derived from the idempotency key, so a repeated request answers the same ids.
 */
export class TestPaymentProcessor implements PaymentProcessor {
  readonly mode = 'test' as const;
  readonly publishableKey = null;
  private readonly coupons: Map<string, number>;

  constructor(coupons: Record<string, number>) {
    this.coupons = new Map(Object.entries(coupons).map(([code, percent]) => [code.toUpperCase(), percent]));
  }

  /** Plays Stripe Elements' part: checks the entry and answers a token for it. */
  tokenize(entry: CardEntry, now: Date): string {
    const digits = entry.number.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) throw new PaymentError('invalid', 'Your card number is incorrect.', 'incorrect_number');
    const month = entry.exp_month;
    const year = entry.exp_year < 100 ? 2000 + entry.exp_year : entry.exp_year;
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
      throw new PaymentError('invalid', "Your card's expiration date is incorrect.", 'invalid_expiry');
    }
    // A card is good through the last day of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) {
      throw new PaymentError('declined', 'Your card has expired.', 'expired_card');
    }
    if (!/^\d{3,4}$/.test(entry.cvc)) throw new PaymentError('invalid', "Your card's security code is invalid.", 'invalid_cvc');
    const brand = cardBrand(digits).toLowerCase().replace(/\s+/g, '');
    return `tok_test_${digits.slice(-4)}_${brand}_${String(month).padStart(2, '0')}_${year}`;
  }

  plans() {
    return Promise.resolve(Object.values(PLANS));
  }

  findCoupon(code: string): Promise<Coupon | null> {
    const key = code.trim().toUpperCase();
    const percentOff = this.coupons.get(key);
    return Promise.resolve(percentOff === undefined ? null : { code: key, percentOff, ref: { coupon: key } });
  }

  createCustomer(_input: { email: string; username: string; userId: string }, idempotencyKey: string) {
    return Promise.resolve(idFrom('cus_test_', idempotencyKey));
  }

  addCard(_customerId: string, token: string, idempotencyKey: string): Promise<CardSummary> {
    const [, last4, brand, month, year] = TOKEN.exec(token) ?? [];
    if (!last4 || !brand || !month || !year) {
      return Promise.reject(new PaymentError('invalid', 'That card token is not valid.', 'token_invalid'));
    }
    const refused = REFUSED_ON_SAVE[last4];
    if (refused) return Promise.reject(new PaymentError('declined', refused.message, refused.code));
    return Promise.resolve({
      id: idFrom(`card_test_${last4}_`, idempotencyKey),
      brand: BRANDS[brand] ?? 'Unknown',
      last4,
      exp_month: Number(month),
      exp_year: Number(year),
    });
  }

  removeCard(_customerId: string, cardId: string): Promise<void> {
    return CARD.test(cardId) ? Promise.resolve() : Promise.reject(new PaymentError('invalid', 'No such card.', 'resource_missing'));
  }

  charge(input: ChargeInput): Promise<ChargeResult> {
    try {
      this.assertChargeable('token' in input.source ? input.source.token : input.source.cardId, input.amount);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (input.payTo !== undefined && !TEST_ACCOUNT.test(input.payTo)) {
      return Promise.reject(new PaymentError('invalid', 'No such destination account.', 'resource_missing'));
    }
    return Promise.resolve({ id: idFrom('ch_test_', input.idempotencyKey), amount: input.amount, status: 'succeeded' });
  }

  refund(chargeId: string): Promise<void> {
    return chargeId.startsWith('ch_test_')
      ? Promise.resolve()
      : Promise.reject(new PaymentError('invalid', 'No such charge.', 'resource_missing'));
  }

  private assertChargeable(source: string, amount: number): void {
    if (!Number.isInteger(amount) || amount < 0) throw new PaymentError('invalid', 'The amount is not valid.', 'amount_invalid');
    const last4 = (TOKEN.exec(source) ?? CARD.exec(source))?.[1];
    if (!last4) throw new PaymentError('invalid', 'No such card.', 'resource_missing');
    const refused = REFUSED_ON_CHARGE[last4];
    if (refused && amount > 0) throw new PaymentError('declined', refused.message, refused.code);
  }

  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const plan = PLANS[input.plan];
    const amount = discountedAmount(plan.amount, input.coupon?.percentOff);
    try {
      this.assertChargeable(input.cardId, amount);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return Promise.resolve({
      id: idFrom('sub_test_', input.idempotencyKey),
      customerId: input.customerId,
      plan: input.plan,
      status: 'active',
      currentPeriodEnd: periodEnd(input.now, plan.interval, 1),
      cancelAtPeriodEnd: false,
      ...paid(input.idempotencyKey, amount),
    });
  }

  /**
   * A new plan starts a new period now and is charged in full (Stripe would credit the unused
   * part of the old one); a new card only changes where renewals are charged.
   */
  changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription> {
    const { payment: _previous, ...current } = input.current;
    if (input.plan === current.plan) return Promise.resolve({ ...current, cancelAtPeriodEnd: false });
    const plan = PLANS[input.plan];
    try {
      if (!input.cardId) throw new PaymentError('invalid', 'No card to charge the new plan to.', 'missing_card');
      this.assertChargeable(input.cardId, plan.amount);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return Promise.resolve({
      ...current,
      plan: input.plan,
      status: 'active',
      currentPeriodEnd: periodEnd(input.now, plan.interval, 1),
      cancelAtPeriodEnd: false,
      ...paid(input.idempotencyKey, plan.amount),
    });
  }

  cancelSubscription(current: ProviderSubscription): Promise<ProviderSubscription> {
    return Promise.resolve({ ...current, cancelAtPeriodEnd: true });
  }

  renew(input: RenewInput): Promise<ProviderSubscription> {
    const { current, now } = input;
    if (current.status === 'canceled' || now < current.currentPeriodEnd) return Promise.resolve(current);
    if (current.cancelAtPeriodEnd) return Promise.resolve({ ...current, status: 'canceled' });
    try {
      if (!input.cardId) throw new PaymentError('declined', 'There is no card to renew with.', 'missing_card');
      this.assertChargeable(input.cardId, input.amount);
    } catch (error) {
      if (!(error instanceof PaymentError)) return Promise.reject(error as Error);
      const expired = now.getTime() - current.currentPeriodEnd.getTime() >= RENEWAL_GRACE_MS;
      return Promise.resolve({ ...current, status: expired ? 'canceled' : 'past_due' });
    }
    const interval = PLANS[current.plan].interval;
    return Promise.resolve({
      ...current,
      status: 'active',
      currentPeriodEnd: periodEnd(current.currentPeriodEnd, interval, 1),
      ...paid(input.idempotencyKey, input.amount),
    });
  }

  createConnectedAccount(_input: { email: string; userId: string }, idempotencyKey: string): Promise<string> {
    return Promise.resolve(idFrom('acct_test_', idempotencyKey));
  }

  /** Our own test onboarding page, on the same site the organiser returns to. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    if (!TEST_ACCOUNT.test(accountId)) return Promise.reject(new PaymentError('invalid', 'No such account.', 'resource_missing'));
    const page = new URL(TEST_ONBOARDING_PATH, urls.returnUrl);
    page.searchParams.set('account', accountId);
    return Promise.resolve(page.toString());
  }

  connectedAccount(): Promise<ConnectedAccount | null> {
    return Promise.resolve(null);
  }

  parseWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookEvent {
    return verifiedWebhook(rawBody, signature, TEST_WEBHOOK_SECRET, (price) =>
      price in PLANS ? (price as PlanId) : undefined,
    );
  }
}
