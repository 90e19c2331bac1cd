import { and, eq, max, or, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { eventEntries, eventFish, eventGroupMembers, eventLakes, eventPointRules, events } from '../../db/events-schema';

export type NewFish = Omit<typeof eventFish.$inferInsert, 'id'>;
export type FishRow = typeof eventFish.$inferSelect;

/** The rows fish entry reads and writes: who the angler is in the event, the fish. */
export class FishRepo {
  constructor(private readonly ctx: DbContext) {}

  /** The event's row, held until the transaction ends so that fish are accepted one at a time per event (alerts compare with the board before). */
  async lockEvent(eventId: string) {
    const [row] = await this.ctx.db.select().from(events).where(eq(events.id, eventId)).for('update');
    return row;
  }

  async pointRules(eventId: string) {
    return this.ctx.db.select().from(eventPointRules).where(eq(eventPointRules.eventId, eventId));
  }

  /** The event lake of that name, whatever its case. */
  async lakeNamed(eventId: string, name: string) {
    const [row] = await this.ctx.db
      .select({ id: eventLakes.id, name: eventLakes.name })
      .from(eventLakes)
      .where(and(eq(eventLakes.eventId, eventId), sql`lower(${eventLakes.name}) = lower(${name})`))
      .limit(1);
    return row;
  }

  /**
   * Where the member fishes in this event: their own entry, or (a team event) the entry that lists
   * their e-mail as a team member, as that member.
   */
  async entrant(eventId: string, member: { userId: string; email: string }): Promise<{ entryId: string; memberId: string | null } | undefined> {
    const [own] = await this.ctx.db
      .select({ id: eventEntries.id })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.userId, member.userId)))
      .limit(1);
    if (own) return { entryId: own.id, memberId: null };
    const [teamMember] = await this.ctx.db
      .select({ entryId: eventGroupMembers.entryId, id: eventGroupMembers.id })
      .from(eventGroupMembers)
      .innerJoin(eventEntries, eq(eventEntries.id, eventGroupMembers.entryId))
      .where(and(eq(eventEntries.eventId, eventId), sql`lower(${eventGroupMembers.email}) = lower(${member.email})`))
      .limit(1);
    return teamMember && { entryId: teamMember.entryId, memberId: teamMember.id };
  }

  /** Stores the fish unless one of its photos already proves a fish of this event; answers the new row or null. */
  async insert(fish: NewFish): Promise<FishRow | null> {
    const [row] = await this.ctx.db.insert(eventFish).values(fish).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** The fish of this event that already uses either photo. */
  async withPhotos(eventId: string, measurement: string, angler: string) {
    return this.ctx.db
      .select()
      .from(eventFish)
      .where(and(eq(eventFish.eventId, eventId), or(eq(eventFish.photoMeasurement, measurement), eq(eventFish.photoAngler, angler))));
  }

  /** The longest fish that counts in the event so far, or null before the first. */
  async biggest(eventId: string): Promise<number | null> {
    const [row] = await this.ctx.db
      .select({ size: max(eventFish.size) })
      .from(eventFish)
      .where(and(eq(eventFish.eventId, eventId), eq(eventFish.flag, false)));
    return row?.size ?? null;
  }

  /** The entry's `points` (the seed's entries[].points): every counting fish of it, its team members' too. */
  async refreshEntryPoints(entryId: string): Promise<void> {
    await this.ctx.db
      .update(eventEntries)
      .set({
        points: sql`(select coalesce(round(sum(${eventFish.points})::numeric, 2), 0)::float8 from ${eventFish} where ${eventFish.entryId} = ${entryId} and not ${eventFish.flag})`,
      })
      .where(eq(eventEntries.id, entryId));
  }
}
