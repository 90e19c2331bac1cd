import { emailRule, passwordRule, usernameRule, type RegisterInput, type UserView } from '@tightlines/core/accounts';
import type { MuskieFormView, MuskieRegistered, PaymentSetup } from '@tightlines/core/api/event-payments';
import { eventMessages } from '@tightlines/core/events/messages';
import {
  checkMuskieRegistration,
  familyOf,
  memberDivision,
  muskieCustomFields,
  muskieDivision,
  muskieEntryType,
  MUSKIE_ENTRY_TYPES,
  muskieMessages as mm,
  muskieTotalCents,
  raffleDueAtPickup,
  type MuskieRegistration,
  type MuskieSettings,
} from '@tightlines/core/events/muskie';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { PaymentError, type ChargeResult, type PaymentProcessor } from '../../providers/payments/payments';
import type { PayPalClient } from '../../providers/payments/paypal';
import type { BillingService } from '../billing/service';
import type { EventPaymentRow, EventPaymentsRepo } from './event-payments-repo';
import type { EventPayouts } from './payout';
import type { EventRow, EventsRepo } from './repo';

/** Ours: the seed names these situations without words (docs/events.md, "Event payments"). */
export const paymentMessages = {
  paid: 'Your Payment was successful.',
  registered: 'You have successfully registered!',
  alreadyRegistered: 'You are registered for this event!',
  noForm: 'This event has no tournament registration form.',
  noDefault: 'There is no tournament open for registration right now.',
  free: 'This event is free: register without paying.',
  paymentRequired: 'Please complete the payment to register.',
  paypalOff: 'PayPal payments are not set up on this server. Please pay by card or contact the organiser.',
  cardsOff: 'This event cannot take card payments yet. Please contact the organiser.',
  orderUnknown: 'That PayPal order was not made for this event.',
  orderUsed: 'This payment has already been used for a registration.',
  orderNotApproved: 'Your PayPal payment has not been approved yet. Please finish paying in the PayPal window.',
  orderMismatch: 'That payment does not match the total for this entry. Please pay again.',
  inFlight: 'This payment is already being processed.',
  refunded: (reason: string, amount: string) => `Your registration could not be completed: ${reason} Your payment of ${amount} has been refunded.`,
  notRefunded: (reason: string, amount: string) =>
    `Your registration could not be completed: ${reason} Your payment of ${amount} could not be refunded automatically; the organiser has been told and will refund it.`,
} as const;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Accounts = {
  /** Sign-up inside the registration's transaction (no user view: it reads tables side by side). */
  signUp(input: RegisterInput): Promise<{ userId: string; token: string }>;
  authenticate(token: string): Promise<Principal | null>;
  viewOf(userId: string): Promise<UserView>;
  emailExists(email: string): Promise<boolean>;
  usernameExists(username: string): Promise<boolean>;
};

type Deps = {
  repo: EventPaymentsRepo;
  events: EventsRepo;
  transaction: Transaction;
  accounts: Accounts;
  /** The PayPal app for each mode; null when that mode is not configured. */
  paypal: { sandbox: PayPalClient | null; live: PayPalClient | null };
  /**
   * The platform's processor and billing's spend-once charges: an entry fee paid out to the
   * organiser's connected account is a destination charge of ours.
   */
  platform: { processor: PaymentProcessor; chargeOnce: BillingService['chargeOnce'] };
  payouts: EventPayouts;
  /** The organiser's Stripe account from their pasted secret key. */
  organiserStripe: (secretKey: string, publishableKey: string | null) => PaymentProcessor;
  /** Billing's test processor, standing in when no key is set; null on a server with real payments. */
  testProcessor: PaymentProcessor | null;
  secrets: SecretBox | null;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  now: () => Date;
};

/** How one event takes cards: the browser's tokenising mode and key, the charge and its refund. */
type CardPayment = {
  mode: 'stripe' | 'test';
  key: string | null;
  charge(input: { userId: string | null; amount: number; description: string; token: string; idempotencyKey: string; eventId: string }): Promise<ChargeResult>;
  refund(chargeId: string, idempotencyKey: string): Promise<void>;
};

/** A payment that has been taken and is held for one registration. */
type Held = { row: EventPaymentRow; refund: () => Promise<void> };

/**
 * Entry fees paid to the organiser (PayPal or a card), the mobile checkout's charge, and the muskie
 * tournament form. A payment is verified with the provider and claimed once before anyone is
 * registered; a registration that then fails is refunded and the payer told so.
 */
export class EventPaymentsService {
  constructor(private readonly deps: Deps) {}

  // ---- events and their settings ----

  private async liveEvent(eventId: string): Promise<EventRow> {
    const event = await this.deps.events.find(eventId);
    if (!event || event.status !== 'Active') throw notFound(eventMessages.notFound);
    if (event.dateEnd && event.dateEnd.getTime() < this.deps.now().getTime()) throw badRequest(eventMessages.ended);
    return event;
  }

  private async paypalMode(eventId: string): Promise<'sandbox' | 'live'> {
    return (await this.deps.repo.settings(eventId))?.paypalMode === 'live' ? 'live' : 'sandbox';
  }

  private paypalFor(mode: 'sandbox' | 'live'): PayPalClient {
    const client = this.deps.paypal[mode];
    if (!client) throw new HttpError(503, paymentMessages.paypalOff);
    return client;
  }

  /**
   * The organiser's connected account (a destination charge on the platform's processor), else
   * their pasted Stripe key (their sealed secret), else the test processor when none is set.
   */
  private async cardPayment(event: EventRow): Promise<CardPayment> {
    const payout = await this.deps.payouts.of(event);
    if (payout.kind === 'unpayable') throw new HttpError(503, paymentMessages.cardsOff);
    if (payout.kind === 'connect') {
      const { processor, chargeOnce } = this.deps.platform;
      return {
        mode: processor.mode,
        key: processor.publishableKey,
        charge: ({ token, eventId, ...input }) =>
          chargeOnce({ ...input, kind: 'event-entry', source: { token }, metadata: { eventId }, payTo: payout.payTo }),
        refund: (chargeId, idempotencyKey) => processor.refund(chargeId, idempotencyKey, { reverseTransfer: true }),
      };
    }
    const direct = (processor: PaymentProcessor, mode: 'stripe' | 'test', key: string | null): CardPayment => ({
      mode,
      key,
      charge: (input) =>
        processor.charge({
          amount: input.amount,
          description: input.description,
          source: { token: input.token },
          idempotencyKey: input.idempotencyKey,
          metadata: { eventId: input.eventId },
        }),
      refund: (chargeId, idempotencyKey) => processor.refund(chargeId, idempotencyKey),
    });
    if (event.paymentProcessor === 'Stripe' && event.paymentProcessorSecret && this.deps.secrets) {
      const secret = this.deps.secrets.open(event.paymentProcessorSecret);
      return direct(this.deps.organiserStripe(secret, event.paymentProcessorKey), 'stripe', event.paymentProcessorKey);
    }
    if (this.deps.testProcessor) return direct(this.deps.testProcessor, 'test', null);
    throw new HttpError(503, paymentMessages.cardsOff);
  }

  private async paymentSetup(event: EventRow): Promise<PaymentSetup> {
    const mode = await this.paypalMode(event.id);
    const paypal = this.deps.paypal[mode];
    if (event.paymentProcessor === 'PayPal' && paypal) return { kind: 'paypal', mode, clientId: paypal.clientId };
    try {
      const card = await this.cardPayment(event);
      return { kind: 'card', mode: card.mode, clientId: card.key };
    } catch {
      return { kind: 'card', mode: 'stripe', clientId: null };
    }
  }

  private async muskieSettingsOf(eventId: string): Promise<MuskieSettings> {
    const settings = (await this.deps.repo.settings(eventId))?.muskie;
    if (!settings) throw notFound(paymentMessages.noForm);
    return settings;
  }

  async formView(principal: Principal | null, eventId: string): Promise<MuskieFormView> {
    const event = await this.deps.events.find(eventId);
    if (!event || event.status !== 'Active') throw notFound(eventMessages.notFound);
    const settings = await this.muskieSettingsOf(eventId);
    const [taken, standing] = await Promise.all([
      this.deps.repo.parkingTaken(eventId),
      principal ? this.deps.events.standing(eventId, principal) : Promise.resolve({ owner: false, entrant: false }),
    ]);
    return {
      event: {
        _id: event.id,
        name: event.name,
        dateStart: event.dateStart?.toISOString() ?? null,
        dateEnd: event.dateEnd?.toISOString() ?? null,
        tz: event.tz,
        ended: !!event.dateEnd && event.dateEnd.getTime() < this.deps.now().getTime(),
      },
      settings,
      parking: settings.parking.map((p) => ({ ...p, left: Math.max(0, p.spots - (taken.get(p.name) ?? 0)) })),
      types: MUSKIE_ENTRY_TYPES.map((t) => ({ ...t })),
      payment: await this.paymentSetup(event),
      viewer: { owner: standing.owner, entered: standing.entrant },
    };
  }

  async defaultEvent(): Promise<{ _id: string }> {
    const id = await this.deps.repo.latestMuskieEvent();
    if (!id) throw notFound(paymentMessages.noDefault);
    return { _id: id };
  }

  async saveSettings(principal: Principal, eventId: string, body: { paypalMode: 'sandbox' | 'live'; muskie: MuskieSettings | null }) {
    const event = await this.deps.events.find(eventId);
    if (!event || !(await this.deps.events.standing(eventId, principal)).owner) throw notFound(eventMessages.notYours);
    await this.deps.repo.saveSettings(eventId, body);
    if (!body.muskie) throw notFound(paymentMessages.noForm);
    return this.formView(principal, eventId);
  }

  // ---- PayPal's calls as the seed writes them ----

  async ppToken(mode: 'sandbox' | 'live'): Promise<{ token: string }> {
    const token = await this.paypalFor(mode)
      .clientToken()
      .catch((error: unknown) => Promise.reject(this.failure(error)));
    return { token };
  }

  /** The amount an order for this event must carry: the form's total for a muskie registration, else the entry fee. */
  private async amountFor(event: EventRow, registration: MuskieRegistration | undefined): Promise<number> {
    if ((await this.deps.repo.settings(event.id))?.muskie) {
      const total = registration ? muskieTotalCents(registration.type, registration.user?.addons) : null;
      if (total === null) throw badRequest(mm.type);
      return total;
    }
    if (event.costCents <= 0) throw badRequest(paymentMessages.free);
    return event.costCents;
  }

  async ppOrder(principal: Principal | null, body: { eventId: string; registration?: MuskieRegistration | undefined }, requestKey: string) {
    const event = await this.liveEvent(body.eventId);
    const amountCents = await this.amountFor(event, body.registration);
    const mode = await this.paypalMode(event.id);
    const paypal = this.paypalFor(mode);
    const order = await paypal
      .createOrder({
        amountCents,
        customId: event.id,
        description: `Entry: ${event.name ?? 'event'}`,
        payeeEmail: event.paymentProcessor === 'PayPal' ? event.paymentProcessorKey : null,
        requestId: `order:${event.id}:${requestKey}`,
      })
      .catch((error: unknown) => Promise.reject(this.failure(error)));
    await this.deps.repo.recordPayment({
      eventId: event.id,
      userId: principal?.userId ?? null,
      provider: 'paypal',
      reference: order.id,
      mode,
      amountCents,
      status: 'created',
    });
    return { id: order.id, links: order.links, amount: amountCents / 100 };
  }

  async ppCapture(orderId: string) {
    const row = await this.deps.repo.payment('paypal', orderId);
    if (!row) throw badRequest(paymentMessages.orderUnknown);
    if (row.status !== 'created' && row.status !== 'captured') throw conflict(paymentMessages.orderUsed);
    const captured = await this.capture(row);
    return { id: orderId, status: 'COMPLETED', amount: captured.amountCents / 100 };
  }

  /**
   * Checks the order with PayPal (our order, this event, USD, exactly `amountCents`) and captures it
   * if it is only approved. The event's mode picks the PayPal app; nothing the browser says does.
   */
  private async capture(row: EventPaymentRow, expected?: { eventId: string; amountCents: number }): Promise<{ captureId: string; amountCents: number }> {
    if (expected && (row.eventId !== expected.eventId)) throw badRequest(paymentMessages.orderUnknown);
    const paypal = this.paypalFor(row.mode === 'live' ? 'live' : 'sandbox');
    const order = await paypal.getOrder(row.reference).catch((error: unknown) => Promise.reject(this.failure(error)));
    if (order.customId !== row.eventId || order.currency !== 'USD' || order.amountCents !== row.amountCents) {
      this.deps.log.error({ order: row.reference, event: row.eventId, currency: order.currency, amount: order.amountCents }, 'PayPal order does not match our record');
      throw badRequest(paymentMessages.orderMismatch);
    }
    let captured = order.capture;
    if (order.status === 'APPROVED') {
      const done = await paypal.captureOrder(row.reference, `capture:${row.id}`).catch((error: unknown) => Promise.reject(this.failure(error)));
      captured = done.capture;
    } else if (order.status !== 'COMPLETED') {
      throw new HttpError(402, paymentMessages.orderNotApproved);
    }
    if (!captured || captured.status !== 'COMPLETED' || captured.currency !== 'USD' || captured.amountCents !== row.amountCents) {
      this.deps.log.error({ order: row.reference, capture: captured }, 'PayPal capture is not complete');
      throw new HttpError(402, paymentMessages.orderNotApproved);
    }
    await this.deps.repo.movePayment(row.id, ['created'], 'captured', { captureId: captured.id });
    return { captureId: captured.id, amountCents: captured.amountCents };
  }

  /** Claims the PayPal order for one registration (first caller only), then makes sure it is captured. */
  private async holdPayPal(eventId: string, orderId: string, amountCents: number): Promise<Held> {
    const row = await this.deps.repo.payment('paypal', orderId);
    if (!row || row.eventId !== eventId) throw badRequest(paymentMessages.orderUnknown);
    if (row.amountCents !== amountCents) throw badRequest(paymentMessages.orderMismatch);
    if (!(await this.deps.repo.movePayment(row.id, ['created', 'captured'], 'claimed'))) throw conflict(paymentMessages.orderUsed);
    let captured: { captureId: string };
    try {
      captured = await this.capture({ ...row, status: 'claimed' }, { eventId, amountCents });
      await this.deps.repo.movePayment(row.id, ['claimed'], 'claimed', { captureId: captured.captureId });
    } catch (error) {
      // Nothing was taken for a registration: the order may be tried again.
      await this.deps.repo.movePayment(row.id, ['claimed'], row.captureId ? 'captured' : 'created');
      throw error;
    }
    const paypal = this.paypalFor(row.mode === 'live' ? 'live' : 'sandbox');
    return {
      row: { ...row, captureId: captured.captureId },
      refund: async () => {
        await paypal.refundCapture(captured.captureId, `refund:${row.id}`);
      },
    };
  }

  /** Charges the card through the event's processor and records the charge for this registration. */
  private async holdCard(event: EventRow, token: string, amountCents: number, userId: string | null, requestKey: string): Promise<Held> {
    const card = await this.cardPayment(event);
    const charge = await card
      .charge({
        userId,
        amount: amountCents,
        description: `Entry: ${event.name ?? 'event'}`,
        token,
        idempotencyKey: `event-entry:${event.id}:${requestKey}`,
        eventId: event.id,
      })
      .catch((error: unknown) => Promise.reject(this.failure(error)));
    const row = await this.deps.repo.recordPayment({
      eventId: event.id,
      userId,
      provider: 'card',
      reference: charge.id,
      mode: card.mode,
      amountCents,
      status: 'claimed',
      captureId: charge.id,
    });
    // The same charge answered again (a retried request with the same key) registers nobody twice.
    if (!row) throw conflict(paymentMessages.orderUsed);
    return { row, refund: () => card.refund(charge.id, `refund:${row.id}`) };
  }

  /**
   * Registers with money already taken: the registration runs in one transaction; when it fails
   * the payment is refunded and the payer told, in the error, that it was.
   */
  private async registerPaid<T extends { entryId: string }>(held: Held, register: () => Promise<T>): Promise<T> {
    try {
      const result = await this.deps.transaction(register);
      await this.deps.repo.movePayment(held.row.id, ['claimed'], 'used', { entryId: result.entryId });
      return result;
    } catch (error) {
      const reason = error instanceof HttpError ? error.message : 'Something went wrong on our side.';
      const amount = money(held.row.amountCents);
      if (!(error instanceof HttpError)) this.deps.log.error({ err: error, payment: held.row.id }, 'paid registration failed');
      try {
        await held.refund();
        await this.deps.repo.movePayment(held.row.id, ['claimed'], 'refunded', { failure: reason });
        throw new HttpError(error instanceof HttpError ? error.status : 409, paymentMessages.refunded(reason, amount));
      } catch (refundError) {
        if (refundError instanceof HttpError) throw refundError;
        this.deps.log.error({ err: refundError, payment: held.row.id, reference: held.row.reference }, 'refund after a failed registration failed');
        await this.deps.repo.movePayment(held.row.id, ['claimed'], 'refund_failed', { failure: reason });
        throw new HttpError(error instanceof HttpError ? error.status : 409, paymentMessages.notRefunded(reason, amount));
      }
    }
  }

  /** A provider failure as the payer sees it; the adapters have logged the details. */
  private failure(error: unknown): Error {
    if (!(error instanceof PaymentError)) return error as Error;
    if (error.kind === 'unavailable') return new HttpError(503, error.message);
    return new HttpError(402, error.message);
  }

  // ---- paying a plain event's entry fee ----

  private async registerMember(event: EventRow, member: { userId: string; username: string; email: string }) {
    const entryId = await this.deps.repo.insertEntry({
      eventId: event.id,
      userId: member.userId,
      name: member.username,
      username: member.username,
      email: member.email,
      linked: true,
    });
    return { entryId };
  }

  private async assertNotRegistered(eventId: string, userId: string) {
    if (await this.deps.repo.entryOf(eventId, userId)) throw conflict(paymentMessages.alreadyRegistered);
  }

  async ppPay(principal: Principal, body: { orderId: string; eventId: string }) {
    const event = await this.liveEvent(body.eventId);
    if ((await this.deps.repo.settings(event.id))?.muskie) throw badRequest(paymentMessages.noForm);
    const amountCents = await this.amountFor(event, undefined);
    await this.assertNotRegistered(event.id, principal.userId);
    const held = await this.holdPayPal(event.id, body.orderId, amountCents);
    await this.registerPaid(held, () => this.registerMember(event, principal));
    return { message: paymentMessages.registered, eventId: event.id, amount: amountCents / 100, sid: held.row.captureId ?? held.row.reference };
  }

  /** The mobile checkout's payer: the signed-in member, or the app's session token `t`. */
  private async payer(principal: Principal | null, t: string | undefined): Promise<Principal> {
    if (principal) return principal;
    const found = t ? await this.deps.accounts.authenticate(t) : null;
    if (!found) throw unauthorized();
    return found;
  }

  async userByToken(t: string | undefined): Promise<UserView> {
    const payer = await this.payer(null, t);
    return this.deps.accounts.viewOf(payer.userId);
  }

  async eventCharge(principal: Principal | null, eventId: string, body: { token: string; t?: string | undefined }, requestKey: string) {
    const payer = await this.payer(principal, body.t);
    const event = await this.liveEvent(eventId);
    if ((await this.deps.repo.settings(event.id))?.muskie) throw badRequest(paymentMessages.noForm);
    const amountCents = await this.amountFor(event, undefined);
    await this.assertNotRegistered(event.id, payer.userId);
    const held = await this.holdCard(event, body.token, amountCents, payer.userId, requestKey);
    await this.registerPaid(held, () => this.registerMember(event, payer));
    return { message: paymentMessages.paid, eventId: event.id, amount: amountCents / 100, sid: held.row.reference };
  }

  // ---- the muskie form ----

  /**
   * The muskie form's registration (the seed's payload on POST api/fc/event/register/{id}, and on
   * register/manual in the owner's admin mode): every rule in the seed's order, then availability of
   * the account, the parking spot and the ID, then the payment, then the entry, all or nothing.
   */
  async registerMuskie(
    principal: Principal | null,
    eventId: string,
    payload: MuskieRegistration,
    options: { admin: boolean; requestKey: string },
  ): Promise<MuskieRegistered> {
    const { admin } = options;
    const event = await this.liveEvent(eventId);
    if (admin && !(principal && (await this.deps.events.standing(eventId, principal)).owner)) throw notFound(eventMessages.notYours);
    const settings = await this.muskieSettingsOf(eventId);
    const problem = checkMuskieRegistration(payload, { settings, admin, signedIn: !!principal });
    if (problem) throw badRequest(problem);
    const user = payload.user ?? {};
    const makesAccount = !admin && !principal;
    if (makesAccount) await this.assertAccountAvailable(user);
    const parking = user.parking ? settings.parking.find((p) => p.zone === payload.zone && p.name === user.parking) : undefined;
    if (parking && ((await this.deps.repo.parkingTaken(eventId)).get(parking.name) ?? 0) >= parking.spots) throw conflict(mm.parkingFull);

    const totalCents = muskieTotalCents(payload.type, user.addons) ?? 0;
    const register = async () => {
      const again = admin ? await this.deps.repo.entryByRequestKey(eventId, options.requestKey) : undefined;
      if (again?.tournamentId) return { entryId: again.id, tournamentId: again.tournamentId, token: null };
      let userId = admin ? null : (principal?.userId ?? null);
      let token: string | null = null;
      if (makesAccount) {
        const account = await this.deps.accounts.signUp({
          username: user.username ?? '',
          email: user.email ?? '',
          password: user.password ?? '',
          passwordConfirm: user.password ?? '',
        });
        userId = account.userId;
        token = account.token;
      }
      if (parking && !(await this.deps.repo.takeParking(eventId, parking.name, parking.spots))) throw conflict(mm.parkingFull);
      // One entry per account is linked; a second one (an adult registering a junior) hangs off the first.
      const first = userId ? await this.deps.repo.entryOf(eventId, userId) : undefined;
      const entry = muskieEntryType(payload.type)!;
      const entryId = await this.deps.repo.insertEntry({
        eventId,
        userId: first ? null : userId,
        parentId: first?.id ?? null,
        name: user.name ?? '',
        username: principal && !admin ? principal.username : makesAccount ? (user.username ?? null) : null,
        email: (user.email ?? '').toLowerCase(),
        linked: !!userId && !first,
        division: muskieDivision(entry.code, payload.seniorBonus === true),
        requestKey: admin ? options.requestKey : null,
      });
      const typed = admin ? payload.id?.trim() : undefined;
      let tournamentId: string;
      if (typed) {
        if (!(await this.deps.repo.claimTournamentId(eventId, typed, entryId))) throw conflict(mm.idTaken);
        tournamentId = typed;
      } else {
        tournamentId = await this.deps.repo.assignTournamentId(eventId, entryId);
      }
      await this.deps.repo.setEntryFields(
        entryId,
        tournamentId,
        muskieCustomFields(payload, { tournamentId, totalPaidCents: admin ? 0 : totalCents, administered: admin }),
      );
      await this.deps.repo.insertGroup(
        entryId,
        familyOf(payload).map((member) => ({
          name: member.name ?? '',
          // A junior's e-mail is kept only once they are confirmed 13 or older.
          email: member.junior && !member.junior13 ? null : (member.email?.toLowerCase() ?? null),
          gender: member.gender ?? null,
          junior: member.junior === true,
          junior13: member.junior13 === true,
          senior: member.senior === true,
          division: memberDivision(member),
        })),
      );
      return { entryId, tournamentId, token };
    };

    const answer = (r: { entryId: string; tournamentId: string; token: string | null }, paid: number): MuskieRegistered => ({
      message: mm.success,
      entryId: r.entryId,
      tournamentId: r.tournamentId,
      totalPaid: paid / 100,
      raffleDueAtPickup: raffleDueAtPickup(user.addons),
      token: r.token,
    });

    if (admin) {
      try {
        return answer(await this.deps.transaction(register), 0);
      } catch (error) {
        // The same request sent twice at once: the second insert meets the first's key.
        if (!isUniqueViolation(error)) throw error;
        const first = await this.deps.repo.entryByRequestKey(eventId, options.requestKey);
        if (!first?.tournamentId) throw error;
        return answer({ entryId: first.id, tournamentId: first.tournamentId, token: null }, 0);
      }
    }
    const payment = payload.payment;
    if (!payment) throw new HttpError(402, paymentMessages.paymentRequired);
    const held =
      payment.type === 'PP'
        ? await this.holdPayPal(eventId, payment.orderId, totalCents)
        : await this.holdCard(event, payment.token, totalCents, principal?.userId ?? null, options.requestKey);
    return answer(await this.registerPaid(held, register), totalCents);
  }

  /** The account the form makes: the same rules as sign-up, checked before any money moves. */
  private async assertAccountAvailable(user: NonNullable<MuskieRegistration['user']>) {
    const email = emailRule.safeParse(user.email);
    if (!email.success) throw badRequest(email.error.issues[0]?.message ?? mm.email);
    const username = usernameRule.safeParse(user.username);
    if (!username.success) throw badRequest(username.error.issues[0]?.message ?? mm.account);
    const password = passwordRule.safeParse(user.password);
    if (!password.success) throw badRequest(password.error.issues[0]?.message ?? mm.account);
    if (await this.deps.accounts.emailExists(email.data)) throw conflict(mm.emailTaken);
    if (await this.deps.accounts.usernameExists(username.data)) throw conflict(mm.usernameTaken);
  }
}
