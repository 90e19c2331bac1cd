import { activeCheckinOf } from '@tightlines/core/events/checkin';
import { asc, eq } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { eventCheckins, eventEntries, eventLakes, events, eventWeeks } from '../../db/events-schema';

export type CheckinRow = typeof eventCheckins.$inferSelect;

/**
 * Check-in's SQL. `event_checkins` holds one row per check-in: `date` is when it was made, `key`
 * the keycode of that day; it is active for the event's `timespan` hours after `date`.
 */
export class CheckinRepo {
  constructor(private readonly ctx: DbContext) {}

  /** Holds the entry's row until the transaction ends, so two check-ins of one entry run one after the other. */
  async lockEntry(entryId: string): Promise<void> {
    await this.ctx.db.select({ id: eventEntries.id }).from(eventEntries).where(eq(eventEntries.id, entryId)).for('update');
  }

  checkins(entryId: string): Promise<CheckinRow[]> {
    return this.ctx.db.select().from(eventCheckins).where(eq(eventCheckins.entryId, entryId)).orderBy(asc(eventCheckins.date));
  }

  async insert(values: Omit<typeof eventCheckins.$inferInsert, 'id'>): Promise<CheckinRow> {
    const [row] = await this.ctx.db.insert(eventCheckins).values(values).returning();
    if (!row) throw new Error('check-in insert returned nothing');
    return row;
  }

  weeks(eventId: string) {
    return this.ctx.db
      .select({ id: eventWeeks.id, dateStart: eventWeeks.dateStart, dateEnd: eventWeeks.dateEnd })
      .from(eventWeeks)
      .where(eq(eventWeeks.eventId, eventId))
      .orderBy(asc(eventWeeks.number));
  }

  lakes(eventId: string) {
    return this.ctx.db
      .select({ name: eventLakes.name, lat: eventLakes.lat, lng: eventLakes.lng, outline: eventLakes.outline })
      .from(eventLakes)
      .where(eq(eventLakes.eventId, eventId))
      .orderBy(asc(eventLakes.position));
  }

  async secretOf(eventId: string): Promise<string | undefined> {
    const [row] = await this.ctx.db.select({ secret: events.checkinSecret }).from(events).where(eq(events.id, eventId)).limit(1);
    return row?.secret;
  }
}

/**
 * The entry's check-in running at `now`, or null: for fish entry.
 * A check-in is active for the event's `timespan` hours (default 18) after it was made.
 */
export async function activeCheckin(ctx: DbContext, entryId: string, now: Date): Promise<CheckinRow | null> {
  const [entry] = await ctx.db
    .select({ timespan: events.timespanHours })
    .from(eventEntries)
    .innerJoin(events, eq(events.id, eventEntries.eventId))
    .where(eq(eventEntries.id, entryId))
    .limit(1);
  if (!entry) return null;
  return activeCheckinOf(await new CheckinRepo(ctx).checkins(entryId), entry.timespan, now);
}
