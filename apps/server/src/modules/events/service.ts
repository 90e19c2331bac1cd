import type { EventInput, EventListItem, EventsFilter, EventView, LeaderboardRow } from '@tightlines/core/api/events';
import { eventMessages as m } from '@tightlines/core/events/messages';
import {
  CREATE_SIZES,
  createSizeForFilter,
  creationFeeCents,
  DEFAULT_CUSTOM_POINTS,
  DEFAULT_TIMESPAN_HOURS,
  hasSchedule,
  sizeNumber,
} from '@tightlines/core/events/model';
import { validateEvent, type EventDraftFields, type WizardStep } from '@tightlines/core/events/validate';
import type { GeoPoint, LakeOutline } from '@tightlines/core/geo';
import { isTimeZone, resolveInstant, toLocalIso } from '@tightlines/core/time';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { storedAnswer, type Serialized, type StoredAnswer } from '../../lib/stored-answer';
import type { EventListCache } from './list-cache';
import type { EventPayouts } from './payout';
import type { EventRow, EventsRepo, EventValues, LakeValues, PointRuleValues, WeekValues } from './repo';
import { sanitizeDescription } from './sanitize';
import { eventView } from './view';

/** The event's zone when the wizard has not said yet: the product's anglers are mostly in the Midwest. */
export const DEFAULT_EVENT_TZ = 'America/Chicago';

/** How the creation fee is paid: through the payment processor and billing's charges (wired in app.ts). */
export type FeePayments = {
  /** The coupon's percent off, or null when the code is unknown. */
  couponPercentOff(code: string): Promise<number | null>;
  /** Charges one of the member's saved cards; the same key answers the first charge again. */
  chargeCard(
    principal: Principal,
    input: { card: string; amountCents: number; description: string; idempotencyKey: string; payTo?: string },
  ): Promise<string>;
  /** A charge POST api/billing/charge made: whose and how much, or null when there is none. */
  findCharge(chargeId: string): Promise<{ userId: string; amountCents: number } | null>;
};

type Deps = {
  repo: EventsRepo;
  transaction: Transaction;
  payments: FeePayments;
  /** Whose Stripe connected account an event may name. */
  payouts: EventPayouts;
  /**
   * What our lakes data holds for the water at a point: the lake POST api/util/find-lake answered
   * the lakes builder there. Null when it knows none.
   */
  lakeAt: (point: GeoPoint) => Promise<{ outline: LakeOutline | null; areaAcres: number | null } | null>;
  secrets: SecretBox | null;
  now: () => Date;
  /** The ranked board the event's answers carry (part 2). */
  leaderboard: (eventId: string) => Promise<LeaderboardRow[]>;
  /** Pages of the public list as sent. */
  listCache: EventListCache;
};

type Normalised = {
  values: EventValues;
  lakes: LakeValues[];
  weeks: WeekValues[];
  pointRules: PointRuleValues[];
  fields: EventDraftFields;
};

type CreateInput = EventInput & { coupon: string | null; charge: string | null; card: string | null };

/** Public to anyone; private to owners, invitees and entrants; a draft to owners. */
function isVisible(event: { status: string; isPublic: boolean }, standing: { owner: boolean; invited: boolean; entrant: boolean }): boolean {
  return standing.owner || (event.status === 'Active' && (event.isPublic || standing.invited || standing.entrant));
}

/** Events: drafts, creation with its fee, the public list, one event as its viewer may see it. */
export class EventsService {
  constructor(private readonly deps: Deps) {}

  /** Reads the wizard's event into rows: dates in the event's zone, cost in cents, safe HTML. */
  private normalise(input: EventInput): Normalised {
    const tz = input.tz && isTimeZone(input.tz) ? input.tz : DEFAULT_EVENT_TZ;
    const now = this.deps.now();
    const instant = (value: string | null | undefined) => {
      if (!value) return null;
      const date = resolveInstant(value, tz, now);
      return Number.isFinite(date.getTime()) ? date : null;
    };
    const dateStart = instant(input.dateStart);
    const dateEnd = instant(input.dateEnd);
    const n = sizeNumber(input.size);
    const size = n === null ? null : (CREATE_SIZES as readonly string[]).includes(String(input.size)) ? String(input.size) : n > 50 ? 'Over 50' : String(n);
    const species = [...new Set(input.species ?? [])];
    const lakes = (input.lakes ?? []).map((lake, position) => ({
      position,
      name: lake.name.trim(),
      lat: lake.location?.lat ?? 0,
      lng: lake.location?.lng ?? 0,
      // Filled from our lakes data (withLakeData): an outline the browser sends is never stored.
      outline: null,
      areaAcres: null,
    }));
    const weeks = hasSchedule(input.type)
      ? (input.schedule ?? []).map((week) => ({
          number: week.number,
          dateStart: resolveInstant(week.dateStart, tz, now),
          dateEnd: resolveInstant(week.dateEnd, tz, now),
          costCents: week.cost === null || week.cost === undefined ? null : Math.round(week.cost * 100),
          registrationAvailable: week.registrationAvailable ?? true,
          lakes: week.lakes,
        }))
      : [];
    const given = new Map((input.pointRules ?? []).map((r) => [r.species, r]));
    const pointRules: PointRuleValues[] = [
      ...species.map((s) => ({
        species: s,
        startingValue: given.get(s)?.startingValue ?? 0,
        startingPointValue: given.get(s)?.startingPointValue ?? DEFAULT_CUSTOM_POINTS,
        custom: false,
      })),
      ...(input.customPointRules ?? []).map((r) => ({ ...r, custom: true })),
    ];
    const values: EventValues = {
      name: input.name,
      type: input.type,
      subtype: input.subtype,
      format: input.format,
      size,
      costCents: Math.round((input.cost ?? 0) * 100),
      bagSize: input.bagSize ?? null,
      description: input.description ? sanitizeDescription(input.description) : null,
      isPublic: input.public ?? true,
      image: input.image,
      rulesUrl: input.rules,
      registrationLink: input.registrationLink,
      state: input.state,
      species,
      keyType: input.keyType,
      allWater: input.allWater ?? false,
      divisions: (input.divisions ?? []).map((d) => d.trim()),
      dateStart,
      dateEnd,
      tz,
      hoursInDay: input.hoursInDay ?? null,
      timespanHours: input.timespan ?? DEFAULT_TIMESPAN_HOURS,
      teamSize: input.teamSize ?? null,
      seriesQuantity: hasSchedule(input.type) ? (input.seriesQuantity ?? (weeks.length || null)) : null,
      paymentProcessor: input.paymentProcessor ?? null,
      paymentProcessorKey: input.paymentProcessorKey,
    };
    const fields: EventDraftFields = {
      ...input,
      size: input.size ?? null,
      // A date that could not be read is passed on as written, so its rule names it.
      dateStart: dateStart?.toISOString() ?? input.dateStart,
      dateEnd: dateEnd?.toISOString() ?? input.dateEnd,
      lakes: (input.lakes ?? []).map((l) => ({ name: l.name, location: l.location })),
      schedule: (input.schedule ?? []).map((w, i) => ({
        ...w,
        dateStart: weeks[i]?.dateStart.toISOString() ?? w.dateStart,
        dateEnd: weeks[i]?.dateEnd.toISOString() ?? w.dateEnd,
      })),
    };
    return { values, lakes, weeks, pointRules, fields };
  }

  /**
   * Each lake's outline and acreage as our lakes data has them at its marker, whatever the client
   * sent: the outline is drawn on public pages and decides whose check-in is on the water.
   */
  private async withLakeData(n: Normalised): Promise<Normalised> {
    const lakes = await Promise.all(
      n.lakes.map(async (lake) => {
        const known = await this.deps.lakeAt({ lat: lake.lat, lng: lake.lng });
        return { ...lake, outline: known?.outline ?? null, areaAcres: known?.areaAcres ?? null };
      }),
    );
    return { ...n, lakes };
  }

  private check(fields: EventDraftFields, upTo?: WizardStep) {
    const problem = validateEvent(fields, this.deps.now(), upTo);
    if (problem) throw badRequest(problem);
  }

  /** A connected account (acct_…) in the Stripe key field must come from this member's own Connect onboarding. */
  private async checkPayout(principal: Principal, n: Normalised, existing: EventRow | undefined) {
    if (!(await this.deps.payouts.mayName(principal.userId, n.values.paymentProcessorKey, existing?.paymentProcessorKey))) {
      throw badRequest(m.stripeAccountNotYours);
    }
  }

  private sealSecret(input: EventInput): Partial<EventValues> {
    if (!input.paymentProcessorSecret) return {};
    if (!this.deps.secrets) throw badRequest('This server cannot keep payment secrets: paste the public key only.');
    return { paymentProcessorSecret: this.deps.secrets.seal(input.paymentProcessorSecret) };
  }

  /** The member's own draft, or 404 as not theirs; an already created event is a conflict. */
  private async ownDraft(principal: Principal, id: string | undefined) {
    if (!id) return undefined;
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.deps.repo.find(id) : undefined;
    if (!row) throw notFound(m.notYours);
    const { owner } = await this.deps.repo.standing(row.id, principal);
    if (!owner) throw notFound(m.notYours);
    return row;
  }

  /**
   * Writes the draft and its parts in one transaction, the row locked first so that two saves of
   * one draft (a double click) do not interleave. Answers null when the event was created meanwhile.
   */
  private async write(principal: Principal, existingId: string | undefined, n: Normalised, extra: Partial<EventValues>): Promise<string | null> {
    return this.deps.transaction(async () => {
      const values = { ...n.values, ...extra };
      if (existingId && (await this.deps.repo.lock(existingId))?.status !== 'Draft') return null;
      const id = existingId ?? (await this.deps.repo.insert(principal.userId, values));
      if (existingId) await this.deps.repo.update(existingId, values);
      await this.deps.repo.replaceParts(id, n);
      return id;
    });
  }

  async saveDraft(principal: Principal, input: EventInput & { step?: number }): Promise<EventView> {
    const existing = await this.ownDraft(principal, input._id);
    if (existing && existing.status !== 'Draft') throw conflict(m.alreadyCreated);
    const n = this.normalise(input);
    this.check(n.fields, input.step as WizardStep | undefined);
    await this.checkPayout(principal, n, existing);
    const id = await this.write(principal, existing?.id, await this.withLakeData(n), this.sealSecret(input));
    if (!id) throw conflict(m.alreadyCreated);
    return this.view(principal, id);
  }

  /**
   * Creates the event: every step checked, the fee worked out here (never taken from the client),
   * then paid. The draft's id keys the charge, so a retry (double click, lost answer) charges once
   * and answers the event already created.
   */
  async create(principal: Principal, input: CreateInput): Promise<EventView> {
    // A second click while the first creation of this draft is still paying waits for it, rather
    // than racing it to the processor. (Across processes, the idempotency key still charges once.)
    const key = input._id ? `${principal.userId}:${input._id}` : null;
    const running = key ? this.creating.get(key) : undefined;
    if (running) return running.then(() => this.view(principal, input._id as string));
    const work = this.createOnce(principal, input);
    if (key) {
      this.creating.set(key, work);
      void work.catch(() => undefined).finally(() => this.creating.delete(key));
    }
    return work;
  }

  private readonly creating = new Map<string, Promise<EventView>>();

  private async createOnce(principal: Principal, input: CreateInput): Promise<EventView> {
    const existing = await this.ownDraft(principal, input._id);
    if (existing?.status === 'Active') return this.view(principal, existing.id);
    const n = this.normalise(input);
    this.check(n.fields, hasSchedule(input.type) ? 4 : 3);
    await this.checkPayout(principal, n, existing);

    let percentOff = 0;
    if (input.coupon) {
      const found = await this.deps.payments.couponPercentOff(input.coupon);
      if (found === null) throw badRequest(m.invalidCoupon);
      percentOff = found;
    }
    const feeCents = creationFeeCents(n.values.size, input.cost, percentOff);
    const id = await this.write(principal, existing?.id, await this.withLakeData(n), { ...this.sealSecret(input), feeCents, coupon: input.coupon });
    // Created by a request that ran alongside this one (a double click): that one paid.
    if (!id) return this.view(principal, existing?.id as string);
    const chargeId = feeCents > 0 ? await this.pay(principal, id, n.values.name ?? '', feeCents, input) : null;
    if (chargeId) {
      const other = await this.deps.repo.findByCharge(chargeId);
      if (other && other.id !== id) throw conflict(m.chargeUsed);
    }
    try {
      await this.deps.repo.activate(id, { chargeId });
    } catch (error) {
      // Two creations racing with one charge id: the unique index lets one through.
      if (isUniqueViolation(error)) throw conflict(m.chargeUsed);
      throw error;
    }
    return this.view(principal, id);
  }

  private async pay(principal: Principal, eventId: string, name: string, feeCents: number, input: CreateInput): Promise<string> {
    const payments = this.deps.payments;
    if (!input.charge && !input.card) throw badRequest(m.invalidCard);
    if (input.charge) {
      const charge = await payments.findCharge(input.charge);
      if (!charge || charge.userId !== principal.userId || charge.amountCents !== feeCents) throw badRequest(m.chargeMismatch);
      return input.charge;
    }
    return payments.chargeCard(principal, {
      card: input.card as string,
      amountCents: feeCents,
      description: `Event creation: ${name}`.slice(0, 200),
      // One charge per draft, fee and card: a double click pays once, and after a decline another card may pay.
      idempotencyKey: `event-fee:${eventId}:${feeCents}:${input.card}`,
    });
  }

  async moveDates(principal: Principal, id: string, body: { dateStart: string; dateEnd: string }): Promise<EventView> {
    const row = await this.deps.repo.find(id);
    if (!row || !(await this.deps.repo.standing(id, principal)).owner) throw notFound(m.notYours);
    const now = this.deps.now();
    const dateStart = resolveInstant(body.dateStart, row.tz, now);
    const dateEnd = resolveInstant(body.dateEnd, row.tz, now);
    if (!Number.isFinite(dateStart.getTime())) throw badRequest(m.startInFuture);
    if (!Number.isFinite(dateEnd.getTime())) throw badRequest(m.endRequired);
    // A start already fished may stay where it was; a new one must still be ahead.
    const startMoved = dateStart.getTime() !== row.dateStart?.getTime();
    const problem = validateEvent(
      { dateStart: dateStart.toISOString(), dateEnd: dateEnd.toISOString() },
      now,
      undefined,
      { startMayBePast: !startMoved },
    );
    if (problem) throw badRequest(problem);
    await this.deps.repo.update(id, { dateStart, dateEnd });
    return this.view(principal, id);
  }

  /** One event as this viewer may see it: public to anyone; private to owners, invitees and entrants; a draft to owners. */
  async view(principal: Principal | null, id: string): Promise<EventView> {
    const record = await this.deps.repo.load(id);
    if (!record) throw notFound(m.notFound);
    const standing = await this.standing(principal, id);
    if (!isVisible(record.event, standing)) throw notFound(m.notFound);
    return { ...eventView(record, { owner: standing.owner, registered: standing.entrant }), leaderboard: await this.deps.leaderboard(id) };
  }

  /** The same rule as view(), without building the view: who may watch the event's live board. */
  async mayView(principal: Principal | null, id: string): Promise<boolean> {
    const event = await this.deps.repo.find(id);
    return !!event && isVisible(event, await this.standing(principal, id));
  }

  private standing(principal: Principal | null, id: string) {
    return principal ? this.deps.repo.standing(id, principal) : Promise.resolve({ owner: false, invited: false, entrant: false });
  }

  /** A page of the public list, serialized by `serialize` once and kept until the list changes (list-cache.ts). */
  async listPage(query: EventsFilter, serialize: (items: EventListItem[]) => Serialized): Promise<StoredAnswer> {
    const { listCache } = this.deps;
    const key = JSON.stringify([query.type, query.species, query.size, query.state, query.after, query.limit, query.offset]);
    const now = this.deps.now();
    const kept = listCache.get(key, now.getTime());
    if (kept) return kept;
    const generation = listCache.generation;
    const [items, nextChange] = await Promise.all([this.list(query), this.deps.repo.nextListChange(now)]);
    const answer = storedAnswer(serialize(items));
    listCache.set(key, answer, generation, nextChange ? nextChange.getTime() + 1 : Number.POSITIVE_INFINITY);
    return answer;
  }

  async list(query: EventsFilter): Promise<EventListItem[]> {
    const sizes = query.size === undefined ? undefined : [createSizeForFilter(query.size)];
    const rows = await this.deps.repo.list(
      { type: query.type, species: query.species, sizes, state: query.state, after: query.after, limit: query.limit, offset: query.offset },
      this.deps.now(),
    );
    if (rows === 'unknown anchor') throw notFound(m.notFound);
    return rows.map((r) => ({
      _id: r.id,
      name: r.name ?? '',
      type: r.type ?? '',
      format: r.format,
      state: r.state,
      species: r.species,
      size: r.size,
      cost: r.costCents / 100,
      dateStart: r.dateStart ? toLocalIso(r.dateStart, r.tz) : '',
      dateEnd: r.dateEnd ? toLocalIso(r.dateEnd, r.tz) : '',
      tz: r.tz,
    }));
  }

  async pointRule(principal: Principal | null, id: string): Promise<{ startingValue: number }> {
    const rule = await this.deps.repo.pointRule(id);
    if (!rule) throw notFound(m.pointRuleNotFound);
    try {
      await this.view(principal, rule.eventId);
    } catch {
      throw notFound(m.pointRuleNotFound);
    }
    return { startingValue: rule.startingValue };
  }

  /** The dashboard widget's lists. */
  async mine(principal: Principal) {
    const { registered, owned } = await this.deps.repo.mine(principal.userId);
    const summary = (r: { eventId: string; name: string | null; dateStart: Date | null; dateEnd: Date | null }) => ({
      eventId: r.eventId,
      name: r.name ?? '',
      startDate: r.dateStart?.toISOString() ?? '',
      endDate: r.dateEnd?.toISOString() ?? '',
    });
    return { registered: registered.map(summary), owned: owned.map(summary) };
  }
}
