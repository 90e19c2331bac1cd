import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MuskieSettings } from '@tightlines/core/events/muskie';
import type { DbContext } from '../../db/context';
import { eventFormSettings, eventParking, eventPayments, eventTournamentIds } from '../../db/event-payments-schema';
import { eventEntries, eventGroupMembers, events } from '../../db/events-schema';

export type EventPaymentRow = typeof eventPayments.$inferSelect;
export type PaymentStatus = 'created' | 'captured' | 'claimed' | 'used' | 'refunded' | 'refund_failed';

/** The SQL of event payments, the form settings, parking spots and tournament IDs. */
export class EventPaymentsRepo {
  constructor(private readonly ctx: DbContext) {}

  async settings(eventId: string) {
    const [row] = await this.ctx.db.select().from(eventFormSettings).where(eq(eventFormSettings.eventId, eventId)).limit(1);
    return row;
  }

  async saveSettings(eventId: string, values: { paypalMode: string; muskie: MuskieSettings | null }) {
    await this.ctx.db
      .insert(eventFormSettings)
      .values({ eventId, ...values })
      .onConflictDoUpdate({ target: eventFormSettings.eventId, set: { ...values, updatedAt: sql`now()` } });
  }

  /** The form's default event: the latest created event with a muskie form. */
  async latestMuskieEvent(): Promise<string | undefined> {
    const [row] = await this.ctx.db
      .select({ id: events.id })
      .from(eventFormSettings)
      .innerJoin(events, eq(events.id, eventFormSettings.eventId))
      .where(and(isNotNull(eventFormSettings.muskie), eq(events.status, 'Active')))
      .orderBy(desc(events.dateStart))
      .limit(1);
    return row?.id;
  }

  async parkingTaken(eventId: string): Promise<Map<string, number>> {
    const rows = await this.ctx.db.select().from(eventParking).where(eq(eventParking.eventId, eventId));
    return new Map(rows.map((r) => [r.name, r.taken]));
  }

  /**
   * Takes one spot in a parking area if one is left: a single conditional statement, so concurrent
   * registrations queue on the row and the last spot goes to exactly one of them.
   */
  async takeParking(eventId: string, name: string, spots: number): Promise<boolean> {
    if (spots < 1) return false;
    const rows = await this.ctx.db
      .insert(eventParking)
      .values({ eventId, name, taken: 1 })
      .onConflictDoUpdate({
        target: [eventParking.eventId, eventParking.name],
        set: { taken: sql`${eventParking.taken} + 1` },
        setWhere: sql`${eventParking.taken} < ${spots}`,
      })
      .returning({ taken: eventParking.taken });
    return rows.length === 1;
  }

  /** The next free system tournament ID (skipping any an owner typed). */
  async assignTournamentId(eventId: string, entryId: string): Promise<string> {
    for (;;) {
      const [row] = await this.ctx.db
        .insert(eventFormSettings)
        .values({ eventId, nextTournamentId: 2 })
        .onConflictDoUpdate({ target: eventFormSettings.eventId, set: { nextTournamentId: sql`${eventFormSettings.nextTournamentId} + 1` } })
        .returning({ next: eventFormSettings.nextTournamentId });
      const id = String((row?.next ?? 2) - 1);
      if (await this.claimTournamentId(eventId, id, entryId)) return id;
    }
  }

  /** Claims an ID for an entry; false when another entry of the event has it. */
  async claimTournamentId(eventId: string, tournamentId: string, entryId: string): Promise<boolean> {
    const rows = await this.ctx.db
      .insert(eventTournamentIds)
      .values({ eventId, tournamentId, entryId })
      .onConflictDoNothing()
      .returning({ id: eventTournamentIds.tournamentId });
    return rows.length === 1;
  }

  async entryOf(eventId: string, userId: string) {
    const [row] = await this.ctx.db
      .select({ id: eventEntries.id })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.userId, userId)))
      .limit(1);
    return row;
  }

  async insertEntry(values: Omit<typeof eventEntries.$inferInsert, 'id'>): Promise<string> {
    const [row] = await this.ctx.db.insert(eventEntries).values(values).returning({ id: eventEntries.id });
    if (!row) throw new Error('entry insert returned nothing');
    return row.id;
  }

  /** The entry an owner's earlier request with this Idempotency-Key added. */
  async entryByRequestKey(eventId: string, requestKey: string): Promise<{ id: string; tournamentId: string | null } | undefined> {
    const [row] = await this.ctx.db
      .select({ id: eventEntries.id, tournamentId: eventEntries.tournamentId })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.requestKey, requestKey)))
      .limit(1);
    return row;
  }

  async setEntryFields(entryId: string, tournamentId: string, customFields: Record<string, unknown>) {
    await this.ctx.db.update(eventEntries).set({ tournamentId, customFields }).where(eq(eventEntries.id, entryId));
  }

  async insertGroup(entryId: string, members: Array<Omit<typeof eventGroupMembers.$inferInsert, 'id' | 'entryId'>>) {
    if (members.length > 0) await this.ctx.db.insert(eventGroupMembers).values(members.map((m) => ({ ...m, entryId })));
  }

  async recordPayment(values: Omit<typeof eventPayments.$inferInsert, 'id'>): Promise<EventPaymentRow | undefined> {
    const [row] = await this.ctx.db.insert(eventPayments).values(values).onConflictDoNothing().returning();
    return row;
  }

  async payment(provider: string, reference: string): Promise<EventPaymentRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(eventPayments)
      .where(and(eq(eventPayments.provider, provider), eq(eventPayments.reference, reference)))
      .limit(1);
    return row;
  }

  /** Moves a payment on only from one of the expected states: the first caller wins, a replay gets nothing. */
  async movePayment(id: string, from: PaymentStatus[], to: PaymentStatus, values: Partial<typeof eventPayments.$inferInsert> = {}): Promise<boolean> {
    const rows = await this.ctx.db
      .update(eventPayments)
      .set({ ...values, status: to, updatedAt: sql`now()` })
      .where(and(eq(eventPayments.id, id), inArray(eventPayments.status, from)))
      .returning({ id: eventPayments.id });
    return rows.length === 1;
  }
}
