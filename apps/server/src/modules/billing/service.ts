import { timingSafeEqual, createHash } from 'node:crypto';
import type { RegisterInput, UserView } from '@tightlines/core/accounts';
import type { CardView, ReceiptView, StripeView, SubscriptionView } from '@tightlines/core/api/billing';
import { acceptsEvent, discountedAmount, PLANS, type PlanId, type PlanView } from '@tightlines/core/billing';
import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/errors';
import {
  PaymentError,
  WebhookSignatureError,
  type ChargeResult,
  type ChargeSource,
  type Coupon,
  type PaymentProcessor,
  type Payment,
  type ProviderSubscription,
} from '../../providers/payments/payments';
import type { BillingRepo, CardRow, ConnectRow, SubscriptionRow } from './repo';

/** Who is paying: enough to open a processor customer for them. */
type Payer = { userId: string; email: string; username: string };

type Deps = {
  repo: BillingRepo;
  processor: PaymentProcessor;
  transaction: Transaction;
  /** The admin password of /register-cash; null refuses cash registration. */
  cashRegistrationPassword: string | null;
  /** The accounts module's sign-up, session lookup and user view (ports, so billing imports no module). */
  accounts: {
    register(input: RegisterInput): Promise<UserView>;
    /** Sign-up inside a transaction: the new account and its token, the view read after the commit. */
    signUp(input: RegisterInput): Promise<{ userId: string; email: string; username: string; token: string }>;
    authenticate(token: string): Promise<Principal | null>;
    viewOf(userId: string): Promise<UserView>;
  };
  log: { error(obj: Record<string, unknown>, msg: string): void };
  /** The site's own address: where the processor sends an organiser back after onboarding. */
  publicUrl: string;
  now: () => Date;
};

/** What an organiser's Stripe link looks like from here. */
export type ConnectView = { accountId: string | null; onboarded: boolean; chargesEnabled: boolean; payoutsEnabled: boolean };

const RENEWALS_PER_PASS = 50;
const RECEIPTS_SHOWN = 50;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const endDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A processor failure as the member sees it: the seed's sentence, with the processor's reason beside it. */
function paymentFailure(error: unknown, invalidMessage: string = messages.cardError): Error {
  if (!(error instanceof PaymentError)) return error as Error;
  if (error.kind === 'unavailable') return new HttpError(503, error.message);
  if (error.kind === 'invalid') return badRequest(invalidMessage, { card: { type: error.message } });
  return new HttpError(402, messages.cardError, { card: { type: error.message } });
}

function providerView(row: SubscriptionRow): ProviderSubscription {
  if (!row.providerId || !row.customerId || !row.currentPeriodEnd) {
    throw conflict('Your subscription is still being set up. Please try again in a moment.');
  }
  return {
    id: row.providerId,
    customerId: row.customerId,
    plan: row.plan as PlanId,
    status: row.status as ProviderSubscription['status'],
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** The row's fields a processor answer sets, stamped as the newest thing we know. */
const fromProvider = (sub: ProviderSubscription, at: Date) => ({
  providerId: sub.id,
  customerId: sub.customerId,
  plan: sub.plan,
  status: sub.status,
  currentPeriodEnd: sub.currentPeriodEnd,
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  lastEventAt: at,
});

const cardView = (card: CardRow): CardView => ({
  id: card.providerCardId,
  brand: card.brand,
  last4: card.last4,
  exp_month: card.expMonth,
  exp_year: card.expYear,
});

const connectView = (row: ConnectRow): ConnectView => ({
  accountId: row.accountId,
  onboarded: row.onboarded,
  chargesEnabled: row.chargesEnabled,
  payoutsEnabled: row.payoutsEnabled,
});

/**
 * The money path: cards, one-off charges, subscriptions, registration with a plan, renewals and
 * processor webhooks. Our `subscriptions` table is the truth premium is decided from (core
 * isPremium, in the accounts module); it changes only from processor answers and verified events.
 */
export class BillingService {
  constructor(private readonly deps: Deps) {}

  /** How the browser takes cards: the test processor's own form, or Stripe Elements with this key. */
  cardTaking() {
    return { mode: this.deps.processor.mode, publishableKey: this.deps.processor.publishableKey };
  }

  plans(): Promise<PlanView[]> {
    return this.deps.processor.plans().catch((error: unknown) => Promise.reject(paymentFailure(error)));
  }

  async coupon(code: string): Promise<Coupon> {
    const coupon = await this.deps.processor.findCoupon(code).catch((error: unknown) => Promise.reject(paymentFailure(error)));
    if (!coupon) throw notFound(messages.promoInvalid);
    return coupon;
  }

  /** The caller of a route that also takes the mobile checkout's user token `t` in its body. */
  async payerOf(principal: Principal | null, token: string | undefined): Promise<Principal> {
    if (principal) return principal;
    const found = token ? await this.deps.accounts.authenticate(token) : null;
    if (!found) throw unauthorized();
    return found;
  }

  async cards(userId: string): Promise<CardView[]> {
    return (await this.deps.repo.cards(userId)).map(cardView);
  }

  private async customerOf(payer: Payer): Promise<string> {
    const account = await this.deps.repo.account(payer.userId);
    if (account?.customerId) return account.customerId;
    const customerId = await this.deps.processor
      .createCustomer(payer, `customer:${payer.userId}`)
      .catch((error: unknown) => Promise.reject(paymentFailure(error)));
    await this.deps.repo.saveAccount(payer.userId, { customerId });
    return customerId;
  }

  async addCard(payer: Payer, token: string, requestKey: string): Promise<CardView> {
    const customerId = await this.customerOf(payer);
    const card = await this.deps.processor
      .addCard(customerId, token, `card:${payer.userId}:${requestKey}`)
      .catch((error: unknown) => Promise.reject(paymentFailure(error, messages.cardInvalid)));
    const row = await this.deps.repo.addCard({
      userId: payer.userId,
      providerCardId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
    });
    return cardView(row);
  }

  async deleteCard(principal: Principal, cardId: string): Promise<{ id: string }> {
    const card = await this.deps.repo.card(principal.userId, cardId);
    if (!card) throw notFound('No card was found with that id.');
    const live = await this.deps.repo.liveSubscription(principal.userId);
    if (live?.cardId === cardId && !live.cancelAtPeriodEnd) {
      throw conflict('That card pays for your subscription. Choose another card for it before deleting this one.');
    }
    const account = await this.deps.repo.account(principal.userId);
    await this.deps.processor
      .removeCard(account?.customerId ?? '', cardId)
      .catch((error: unknown) => Promise.reject(paymentFailure(error)));
    await this.deps.repo.deleteCard(card.id);
    return { id: cardId };
  }

  /** A one-off charge to one of the payer's saved cards (the seed's POST api/billing/charge). */
  async chargeCard(
    payer: Principal,
    input: { card: string; description: string; cost: number; payTo?: string },
    requestKey: string,
  ): Promise<ChargeResult> {
    const card = await this.deps.repo.card(payer.userId, input.card);
    if (!card) throw badRequest(messages.cardNotSelected, { card: { type: messages.cardNotSelected } });
    const account = await this.deps.repo.account(payer.userId);
    return this.chargeOnce({
      userId: payer.userId,
      kind: 'charge',
      description: input.description,
      amount: input.cost,
      source: { customerId: account?.customerId ?? '', cardId: card.providerCardId },
      idempotencyKey: `charge:${payer.userId}:${requestKey}`,
      ...(input.payTo && { payTo: input.payTo }),
    });
  }

  /** A charge that went through, by the id POST api/billing/charge answered: whose, and how much. */
  async succeededCharge(providerChargeId: string): Promise<{ userId: string | null; amount: number } | null> {
    const row = await this.deps.repo.chargeByProviderId(providerChargeId);
    return row?.status === 'succeeded' ? { userId: row.userId, amount: row.amount } : null;
  }

  /**
   * Charges once per idempotency key, for this area and others (an event's entry or creation
   * fee): the key is claimed in `billing_charges` before the processor is asked, so a repeat
   * answers the first result, and a concurrent repeat is refused while the first is in flight.
   * A declined card throws 402 'There was an error processing your card.' with the reason.
   */
  async chargeOnce(input: {
    userId: string | null;
    kind: string;
    description: string;
    amount: number;
    source: ChargeSource;
    idempotencyKey: string;
    metadata?: Record<string, string>;
    /** An organiser's connected account the money is paid out to (see `payoutAccount`). */
    payTo?: string;
  }): Promise<ChargeResult> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw badRequest('The amount must be a positive number of cents.');
    const { repo, processor } = this.deps;
    const claimed = await repo.claimCharge({
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      description: input.description,
      amount: input.amount,
    });
    if (!claimed) {
      const earlier = await repo.chargeByKey(input.idempotencyKey);
      if (earlier?.status === 'succeeded' && earlier.providerChargeId) {
        return { id: earlier.providerChargeId, amount: earlier.amount, status: 'succeeded' };
      }
      if (earlier?.status === 'failed') {
        throw new HttpError(402, messages.cardError, { card: { type: earlier.failureMessage ?? messages.cardError } });
      }
      throw conflict('This payment is already being processed.');
    }
    try {
      const result = await processor.charge({
        amount: input.amount,
        description: input.description,
        source: input.source,
        idempotencyKey: input.idempotencyKey,
        ...(input.metadata && { metadata: input.metadata }),
        ...(input.payTo && { payTo: input.payTo }),
      });
      await repo.settleCharge(claimed.id, { status: 'succeeded', providerChargeId: result.id });
      return result;
    } catch (error) {
      if (error instanceof PaymentError && error.kind !== 'unavailable') {
        await repo.settleCharge(claimed.id, { status: 'failed', failureMessage: error.message });
      } else {
        // Nothing is known about the outcome: the claim is released so the same key may ask again,
        // and the processor's own idempotency answers it then.
        await repo.releaseCharge(claimed.id);
      }
      throw paymentFailure(error);
    }
  }

  /**
   * GET api/billing/connect-stripe: a fresh onboarding address for the organiser's connected
   * account, opened on the first call (once per member, whatever the concurrency).
   */
  async connectStripe(payer: Payer): Promise<{ url: string }> {
    const { repo, processor, publicUrl } = this.deps;
    let row = await repo.connectAccount(payer.userId);
    if (!row) {
      const accountId = await processor
        .createConnectedAccount({ email: payer.email, userId: payer.userId }, `connect:${payer.userId}`)
        .catch((error: unknown) => Promise.reject(paymentFailure(error)));
      row = await repo.saveConnectAccount(payer.userId, accountId);
    }
    const url = await processor
      .onboardingLink(row.accountId, { returnUrl: `${publicUrl}/connect-stripe?done=1`, refreshUrl: `${publicUrl}/connect-stripe?refresh=1` })
      .catch((error: unknown) => Promise.reject(paymentFailure(error)));
    return { url };
  }

  /** The organiser's link, read back from the processor until it reports payouts enabled. */
  async connectStatus(principal: Principal): Promise<ConnectView> {
    const { repo, processor } = this.deps;
    const row = await repo.connectAccount(principal.userId);
    if (!row) return { accountId: null, onboarded: false, chargesEnabled: false, payoutsEnabled: false };
    if (row.onboarded && row.payoutsEnabled) return connectView(row);
    const known = await processor.connectedAccount(row.accountId).catch((error: unknown) => Promise.reject(paymentFailure(error)));
    if (!known) return connectView(row);
    const values = { onboarded: known.detailsSubmitted, chargesEnabled: known.chargesEnabled, payoutsEnabled: known.payoutsEnabled };
    await repo.updateConnectAccount(principal.userId, values, this.deps.now());
    return { accountId: row.accountId, ...values };
  }

  /** Test mode's stand-in for Stripe's hosted onboarding: the member finishes their own account's. */
  async completeTestOnboarding(principal: Principal, accountId: string): Promise<ConnectView> {
    if (this.deps.processor.mode !== 'test') throw notFound('Not found.');
    const row = await this.deps.repo.connectAccount(principal.userId);
    if (!row || row.accountId !== accountId) throw notFound('No connected account was found with that id.');
    const values = { onboarded: true, chargesEnabled: true, payoutsEnabled: true };
    await this.deps.repo.updateConnectAccount(principal.userId, values, this.deps.now());
    return { accountId: row.accountId, ...values };
  }

  /** The connected account the member's own Connect onboarding opened, finished or not. */
  async connectedAccountOf(userId: string): Promise<string | null> {
    return (await this.deps.repo.connectAccount(userId))?.accountId ?? null;
  }

  /** The account a member's event takings are paid out to; null until their onboarding allows charges. */
  async payoutAccount(userId: string): Promise<string | null> {
    const row = await this.deps.repo.connectAccount(userId);
    return row?.chargesEnabled ? row.accountId : null;
  }

  private async receipt(userId: string, payment: Payment | undefined, plan: PlanId): Promise<void> {
    if (!payment) return;
    await this.deps.repo.recordReceipt({
      userId,
      paymentId: payment.id,
      amount: payment.amount,
      description: `Tightlines ${PLANS[plan].name} subscription`,
    });
  }

  /** The member's `stripe` object with their subscription beside it. */
  async stripeOf(userId: string): Promise<StripeView> {
    const [account, sub] = await Promise.all([this.deps.repo.account(userId), this.deps.repo.latestSubscription(userId)]);
    return {
      id: account?.customerId ?? null,
      subscriptionId: sub?.providerId ?? null,
      plan: sub ? (sub.plan as PlanId) : null,
      status: sub ? (sub.status as StripeView['status']) : null,
      current_period_end: sub?.currentPeriodEnd ? unixSeconds(sub.currentPeriodEnd) : null,
      cancel_at_period_end: sub?.cancelAtPeriodEnd ?? false,
    };
  }

  private async subscriptionView(row: SubscriptionRow): Promise<SubscriptionView> {
    const plans = await this.plans();
    const plan = plans.find((p) => p.id === row.plan) ?? PLANS[row.plan as PlanId];
    return {
      id: row.providerId ?? row.id,
      plan,
      status: row.status as SubscriptionView['status'],
      current_period_end: row.currentPeriodEnd ? unixSeconds(row.currentPeriodEnd) : 0,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    };
  }

  async subscription(principal: Principal, providerId: string): Promise<SubscriptionView> {
    const row = await this.deps.repo.subscriptionByProviderId(providerId);
    if (!row || row.userId !== principal.userId) throw notFound('No subscription was found with that id.');
    return this.subscriptionView(row);
  }

  async overview(principal: Principal) {
    const { repo, processor } = this.deps;
    const [account, stripe, latest, cards, receipts] = await Promise.all([
      repo.account(principal.userId),
      this.stripeOf(principal.userId),
      repo.latestSubscription(principal.userId),
      this.cards(principal.userId),
      repo.receipts(principal.userId, RECEIPTS_SHOWN),
    ]);
    return {
      mode: processor.mode,
      publishableKey: processor.publishableKey,
      paysCash: account?.paysCash ?? false,
      stripe,
      subscription: latest ? await this.subscriptionView(latest) : null,
      cards,
      receipts: receipts.map(
        (r): ReceiptView => ({ id: r.providerChargeId ?? r.id, description: r.description, amount: r.amount, created: r.createdAt.toISOString() }),
      ),
    };
  }

  /**
   * Save Subscription (none yet) or Update (switch plan or card). Every check runs before any
   * money moves; a declined card leaves no subscription behind.
   */
  async subscribeOrUpdate(
    payer: Payer,
    input: { plan: PlanId; coupon?: string | undefined; card?: string | undefined },
    requestKey: string,
  ): Promise<StripeView> {
    const { repo } = this.deps;
    const typed = input.coupon ? await this.couponOrInvalid(input.coupon) : null;
    const coupon = await this.betterOfStanding(payer.userId, typed);
    const live = await repo.liveSubscription(payer.userId);
    if (!live) {
      const cards = await repo.cards(payer.userId);
      if (cards.length === 0) throw badRequest(messages.cardRequired, { card: { type: messages.cardRequired } });
      const card = input.card ? cards.find((c) => c.providerCardId === input.card) : cards.at(-1);
      if (!card) throw badRequest(messages.cardNotSelected, { card: { type: messages.cardNotSelected } });
      await this.subscribe(payer, input.plan, card.providerCardId, coupon, requestKey);
      return this.stripeOf(payer.userId);
    }
    const card = input.card ? await repo.card(payer.userId, input.card) : undefined;
    if (!card) throw badRequest(messages.cardNotSelected, { card: { type: messages.cardNotSelected } });
    const now = this.deps.now();
    const changed = await this.deps.processor
      .changeSubscription({
        current: providerView(live),
        plan: input.plan,
        cardId: card.providerCardId,
        idempotencyKey: `update:${live.id}:${requestKey}`,
        now,
      })
      .catch((error: unknown) => Promise.reject(paymentFailure(error)));
    await repo.updateSubscription(live.id, { ...fromProvider(changed, now), cardId: card.providerCardId });
    await this.receipt(payer.userId, changed.payment, changed.plan);
    return this.stripeOf(payer.userId);
  }

  /** The typed coupon, or the member's standing discount (an ambassador's) when that takes more off. */
  private async betterOfStanding(userId: string, typed: Coupon | null): Promise<Coupon | null> {
    const standing = await this.deps.repo.bestDiscount(userId);
    if (!standing || (typed && typed.percentOff >= standing.percentOff)) return typed;
    return (await this.deps.processor.findCoupon(standing.code).catch((error: unknown) => Promise.reject(paymentFailure(error)))) ?? typed;
  }

  /**
   * Grants a standing discount (an approved ambassador's) once per member and reason: the coupon
   * goes on their live subscription now, and on any subscription they start later. A coupon the
   * processor does not know refuses the grant and changes nothing. Resolves with whether this call
   * granted it (false: granted before) and the subscription it was applied to.
   */
  async grantDiscount(userId: string, reason: string, code: string): Promise<{ granted: boolean; appliedTo: string | null }> {
    const { repo, processor } = this.deps;
    const coupon = await processor.findCoupon(code).catch((error: unknown) => Promise.reject(paymentFailure(error)));
    if (!coupon) throw new HttpError(503, `The promotion code ${code} is not set up at the payment processor, so no discount was given.`);
    const claimed = await repo.claimDiscount({ userId, reason, code: coupon.code, percentOff: coupon.percentOff });
    if (!claimed) return { granted: false, appliedTo: null };
    const live = await repo.liveSubscription(userId);
    if (!live?.providerId || (live.couponPercent ?? 0) >= coupon.percentOff) return { granted: true, appliedTo: null };
    try {
      const now = this.deps.now();
      const updated = await processor.applyCoupon(providerView(live), coupon, `discount:${claimed.id}`);
      await repo.updateSubscription(live.id, { ...fromProvider(updated, now), couponPercent: coupon.percentOff });
      await repo.markDiscountApplied(claimed.id, live.providerId);
      return { granted: true, appliedTo: live.providerId };
    } catch (error) {
      // Not applied: the grant is undone so the same approval can be tried again.
      await repo.releaseDiscount(claimed.id);
      throw paymentFailure(error);
    }
  }

  /** The percent off each of these members was granted for `reason`. */
  discountsFor(userIds: string[], reason: string): Promise<Map<string, number>> {
    return this.deps.repo.discountsFor(userIds, reason);
  }

  private async couponOrInvalid(code: string): Promise<Coupon> {
    try {
      return await this.coupon(code);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        throw badRequest(messages.promoInvalid, { coupon: { type: messages.promoInvalid } });
      }
      throw error;
    }
  }

  private async subscribe(payer: Payer, plan: PlanId, cardId: string, coupon: Coupon | null, requestKey: string): Promise<void> {
    const { repo } = this.deps;
    const claim = await repo.claimSubscription({ userId: payer.userId, plan });
    if (!claim) throw conflict('You already have a subscription. Update it instead.');
    const now = this.deps.now();
    let sub: ProviderSubscription;
    try {
      const customerId = await this.customerOf(payer);
      sub = await this.deps.processor.createSubscription({
        customerId,
        cardId,
        plan,
        coupon,
        idempotencyKey: `subscribe:${payer.userId}:${requestKey}`,
        now,
      });
    } catch (error) {
      await repo.deleteSubscription(claim);
      throw paymentFailure(error);
    }
    await repo.updateSubscription(claim, { ...fromProvider(sub, now), cardId, couponPercent: coupon?.percentOff ?? null });
    await this.receipt(payer.userId, sub.payment, plan);
  }

  /** Delete: the subscription stops renewing; premium stays until the paid period ends. */
  async end(principal: Principal, subscriptionId: string | undefined): Promise<{ message: string; stripe: StripeView }> {
    const live = await this.deps.repo.liveSubscription(principal.userId);
    if (!live || (subscriptionId && subscriptionId !== live.providerId)) {
      throw notFound('No subscription was found with that id.');
    }
    let ends = live.currentPeriodEnd;
    if (!live.cancelAtPeriodEnd) {
      const now = this.deps.now();
      const cancelled = await this.deps.processor
        .cancelSubscription(providerView(live), `end:${live.id}`)
        .catch((error: unknown) => Promise.reject(paymentFailure(error)));
      await this.deps.repo.updateSubscription(live.id, fromProvider(cancelled, now));
      ends = cancelled.currentPeriodEnd;
    }
    return {
      message: `Your subscription was successfully deleted. You keep premium until ${ends ? endDate(ends) : 'the end of this period'}.`,
      stripe: await this.stripeOf(principal.userId),
    };
  }

  /**
   * Sign-up, three ways: plain; with a paid plan, where the account, the card and the first
   * payment succeed together or none exists (a declined card creates no account); and the cash
   * variant, allowed only with the admin password from the settings.
   */
  async register(input: RegisterInput): Promise<UserView> {
    const { accounts, repo, transaction } = this.deps;
    if (input.admin !== undefined) {
      this.assertCashPassword(input.admin);
      const account = await transaction(async () => {
        const signedUp = await accounts.signUp(input);
        await repo.saveAccount(signedUp.userId, { paysCash: true });
        return signedUp;
      });
      return { ...(await accounts.viewOf(account.userId)), token: account.token };
    }
    if (!input.plan) return accounts.register(input);
    const plan = input.plan;
    const token = input.paymentToken?.trim();
    if (!token) throw badRequest(messages.cardInvalid, { card: { type: messages.cardInvalid } });
    const coupon = input.coupon?.trim() ? await this.couponOrInvalid(input.coupon) : null;
    const account = await transaction(async () => {
      const { token: session, ...payer } = await accounts.signUp(input);
      const card = await this.addCard(payer, token, 'register');
      await this.subscribe(payer, plan, card.id, coupon, 'register');
      return { userId: payer.userId, token: session };
    });
    return { ...(await accounts.viewOf(account.userId)), token: account.token };
  }

  private assertCashPassword(given: string): void {
    const expected = this.deps.cashRegistrationPassword;
    if (!expected) throw forbidden('Cash registration is not available on this server.');
    // Compared as digests so neither the length nor the content leaks through timing.
    const digest = (value: string) => createHash('sha256').update(value).digest();
    if (!timingSafeEqual(digest(given), digest(expected))) {
      throw new HttpError(403, 'That admin password is not correct.', { admin: { type: 'That admin password is not correct.' } });
    }
  }

  /**
   * One pass of the renewal job: every subscription whose paid period has ended is renewed
   * (test processor) or read back from the processor (Stripe, which renews by itself). A
   * refused card leaves it past_due; premium lapses with the period. Resolves with how many it saw.
   */
  async renewDue(): Promise<number> {
    const { repo, processor } = this.deps;
    const now = this.deps.now();
    const due = await repo.dueForRenewal(now, RENEWALS_PER_PASS);
    for (const row of due) {
      try {
        const current = providerView(row);
        const renewed = await processor.renew({
          current,
          cardId: row.cardId,
          amount: discountedAmount(PLANS[current.plan].amount, row.couponPercent),
          // One attempt per period per day: a retry the same day answers the first attempt.
          idempotencyKey: `renew:${row.id}:${current.currentPeriodEnd.toISOString()}:${now.toISOString().slice(0, 10)}`,
          now,
        });
        await repo.updateSubscription(row.id, fromProvider(renewed, now));
        await this.receipt(row.userId, renewed.payment, renewed.plan);
      } catch (error) {
        this.deps.log.error({ err: error, subscription: row.id }, 'subscription renewal failed');
      }
    }
    return due.length;
  }

  /** A processor webhook: verified, recorded by event id and applied once; a replay changes nothing. */
  async webhook(rawBody: string | Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    let event;
    try {
      event = this.deps.processor.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badRequest('The webhook signature did not verify.');
      throw error;
    }
    const { repo } = this.deps;
    return this.deps.transaction(async () => {
      if (!(await repo.recordEvent(event.id, event.type))) return { received: true, duplicate: true } as const;
      const change = event.change;
      const row = change && (await repo.subscriptionByProviderId(change.subscriptionId));
      if (!change || !row) return { received: true, duplicate: false } as const;
      if (acceptsEvent({ status: row.status, lastEventAt: row.lastEventAt }, event.createdAt)) {
        await repo.updateSubscription(row.id, {
          ...(change.status && { status: change.status }),
          ...(change.plan && { plan: change.plan }),
          ...(change.currentPeriodEnd && { currentPeriodEnd: change.currentPeriodEnd }),
          ...(change.cancelAtPeriodEnd !== undefined && { cancelAtPeriodEnd: change.cancelAtPeriodEnd }),
          lastEventAt: event.createdAt,
        });
      }
      // A paid invoice is a receipt even when its event arrives late.
      await this.receipt(row.userId, event.payment, (change.plan ?? row.plan) as PlanId);
      return { received: true, duplicate: false } as const;
    });
  }
}
