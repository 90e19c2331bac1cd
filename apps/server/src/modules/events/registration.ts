import type { MuskieRegistered } from '@tightlines/core/api/event-payments';
import type { RegisterAnswer, RegisterBody } from '@tightlines/core/api/events';
import { muskieRegistration, type MuskieRegistration } from '@tightlines/core/events/muskie';
import { eventMessages } from '@tightlines/core/events/messages';
import { registrationMessages as m } from '@tightlines/core/events/registration-messages';
import { decideRegistration, isTeamEvent, openWeeks, seriesCostCents } from '@tightlines/core/events/registration';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors';
import { paymentMessages } from './event-payments';
import type { EventPayouts } from './payout';
import type { EventsRepo } from './repo';
import type { RegistrationRepo } from './registration-repo';
import type { EventsService, FeePayments } from './service';

type Deps = {
  events: EventsService;
  eventsRepo: EventsRepo;
  repo: RegistrationRepo;
  payments: FeePayments;
  /** The organiser's connected account an entry fee is paid out to. */
  payouts: EventPayouts;
  transaction: Transaction;
  /** The muskie form's registration (EventPaymentsService.registerMuskie, wired in app.ts). */
  muskie: (principal: Principal | null, id: string, body: MuskieRegistration, requestKey: string) => Promise<MuskieRegistered>;
  now: () => Date;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The kinds of payload POST api/fc/event/register/{id} takes. Self registration is the seed's
 * default; another form (the muskie tournament's, part 3) adds its kind and handler here.
 */
type PayloadKind = 'self' | 'muskie';
function kindOf(body: RegisterBody): PayloadKind {
  return body.user !== undefined ? 'muskie' : 'self';
}

/** Registration: the signed-in member enters an event, paying its cost once when it has one. */
export class RegistrationService {
  constructor(private readonly deps: Deps) {}

  /** The muskie form (issue 16): its own rules, payment and entry, in the event payments module. */
  private async muskie(principal: Principal | null, id: string, body: RegisterBody, requestKey: string): Promise<RegisterAnswer> {
    const parsed = muskieRegistration.safeParse(body);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'That registration is not valid.');
    const registration = await this.deps.muskie(principal, id, parsed.data, requestKey);
    return { ...(await this.deps.events.view(principal, id)), message: registration.message, redirect: null, registration };
  }

  /** Registrations of one member on one event in this process, so a double click waits for the first. */
  private readonly running = new Map<string, Promise<RegisterAnswer>>();

  register(principal: Principal | null, id: string, body: RegisterBody, requestKey: string): Promise<RegisterAnswer> {
    if (kindOf(body) === 'muskie') return this.muskie(principal, id, body, requestKey);
    if (!principal) throw unauthorized();
    const key = `${principal.userId}:${id}`;
    const running = this.running.get(key);
    if (running) return running.then(() => this.self(principal, id, body));
    const work = this.self(principal, id, body);
    this.running.set(key, work);
    void work.catch(() => undefined).finally(() => this.running.delete(key));
    return work;
  }

  private async answer(principal: Principal, id: string, message: string, redirect: string | null = null): Promise<RegisterAnswer> {
    return { ...(await this.deps.events.view(principal, id)), message, redirect };
  }

  private async self(principal: Principal, id: string, body: RegisterBody): Promise<RegisterAnswer> {
    // Only those who may see the event may enter it: a private event's strangers get its 404.
    const view = await this.deps.events.view(principal, id);
    const event = await this.deps.eventsRepo.find(id);
    if (!event || view.status !== 'Active') throw notFound(eventMessages.notFound);
    const now = this.deps.now();
    const existing = await this.deps.repo.entryOf(id, principal.userId);
    const decision = decideRegistration({
      now,
      dateStart: event.dateStart,
      dateEnd: event.dateEnd,
      registrationLink: event.registrationLink,
      signedIn: true,
      registered: existing !== undefined,
    });
    if (decision.kind === 'registered') return { ...view, message: decision.message, redirect: null };
    if (decision.kind === 'link') return { ...view, message: m.goToLink, redirect: decision.url };
    if (decision.kind === 'refused') throw conflict(decision.error);
    if (decision.kind === 'sign-in') throw conflict(m.notOpen);

    const team = isTeamEvent(event) ? teamOf(body, event.teamSize) : [];
    if (event.divisions.length > 0 && (!body.division || !event.divisions.includes(body.division))) throw badRequest(m.divisionRequired);

    const series = event.type === 'Series';
    const weeks = series ? await this.deps.repo.weeks(id) : [];
    if (series && weeks.length > 0 && openWeeks(weeks, now).length === 0) throw conflict(m.seriesClosed);
    const costCents = series ? seriesCostCents(event.costCents, weeks, now) : event.costCents;

    let chargeId: string | null = null;
    if (costCents > 0) {
      if (!body.card) throw badRequest(series ? m.selectCard : eventMessages.invalidCard);
      const payout = await this.deps.payouts.of(event);
      if (payout.kind === 'unpayable') throw new HttpError(503, paymentMessages.cardsOff);
      chargeId = await this.deps.payments.chargeCard(principal, {
        ...(payout.kind === 'connect' && { payTo: payout.payTo }),
        card: body.card,
        amountCents: costCents,
        description: `Event entry: ${event.name ?? ''}`.slice(0, 200),
        // One charge per member, event, amount and card: a retry pays once; after a decline another card may pay.
        idempotencyKey: `event-entry:${id}:${principal.userId}:${costCents}:${body.card}`,
      });
    }

    try {
      await this.deps.transaction(() =>
        this.deps.repo.insertEntry(
          {
            eventId: id,
            userId: principal.userId,
            name: principal.username,
            username: principal.username,
            email: principal.email,
            linked: true,
            division: body.division ?? null,
            teamName: team.length > 0 ? (body.team?.name ?? `${principal.username}’s team`) : null,
            teamEmails: team,
            customFields: chargeId ? { totalPaid: costCents / 100, chargeId } : {},
          },
          team.map((email) => ({ name: email, email, division: body.division ?? null })),
        ),
      );
    } catch (error) {
      // Entered by a request on another node meanwhile: that one registered (and paid, with the same key).
      if (isUniqueViolation(error)) return this.answer(principal, id, m.alreadyRegistered);
      throw error;
    }
    return this.answer(principal, id, series ? m.registeredSeries : m.registered);
  }
}

/** The team's member e-mails: the first is required, at most the event's team size. */
function teamOf(body: RegisterBody, teamSize: number | null): string[] {
  const emails = (body.team?.emails ?? []).map((e) => e.value.trim());
  if (!emails[0]) throw badRequest(m.firstTeamMember);
  const given = emails.filter((e) => e.length > 0);
  if (given.some((e) => !EMAIL.test(e))) throw badRequest(m.teamEmail);
  const max = Math.max(teamSize ?? 2, 1);
  if (given.length > max) throw badRequest(m.teamTooBig(max));
  return [...new Set(given.map((e) => e.toLowerCase()))];
}
