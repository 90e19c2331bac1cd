import { and, asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { eventPointsOverrides } from '../../db/event-owner-schema';
import { eventCheckins, eventEntries, eventFish, eventGroupMembers, eventInvites, eventOwners, events } from '../../db/events-schema';
import { users } from '../../db/schema';

export type EntryRow = typeof eventEntries.$inferSelect;
export type FishRow = typeof eventFish.$inferSelect;
type EntryValues = Omit<typeof eventEntries.$inferInsert, 'id' | 'eventId'>;
type MemberValues = Omit<typeof eventGroupMembers.$inferInsert, 'id' | 'entryId'>;

/** The owner dashboard's SQL: owners, entries with everything hanging off them, fish edits, overrides. */
export class OwnerRepo {
  constructor(private readonly ctx: DbContext) {}

  async eventOf(id: string) {
    const [row] = await this.ctx.db
      .select({ id: events.id, type: events.type, subtype: events.subtype, teamSize: events.teamSize, isPublic: events.isPublic, name: events.name })
      .from(events)
      .where(eq(events.id, id))
      .limit(1);
    return row;
  }

  /** Holds the event's row until the transaction ends: entries numbered and owners replaced one at a time. */
  async lockEvent(id: string): Promise<void> {
    await this.ctx.db.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
  }

  async isOwner(eventId: string, userId: string): Promise<boolean> {
    const rows = await this.ctx.db
      .select({ one: sql`1` })
      .from(eventOwners)
      .where(and(eq(eventOwners.eventId, eventId), eq(eventOwners.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Whether the member owns a created event (a draft is one click away, so it does not count). */
  async ownsAnyEvent(userId: string): Promise<boolean> {
    const rows = await this.ctx.db
      .select({ one: sql`1` })
      .from(eventOwners)
      .innerJoin(events, eq(events.id, eventOwners.eventId))
      .where(and(eq(eventOwners.userId, userId), eq(events.status, 'Active')))
      .limit(1);
    return rows.length > 0;
  }

  /** Whether `ownerId` owns or co-owns an event in which the member `memberId` has an entry. */
  async ownsEventEntering(ownerId: string, memberId: string): Promise<boolean> {
    const rows = await this.ctx.db
      .select({ one: sql`1` })
      .from(eventOwners)
      .innerJoin(eventEntries, eq(eventEntries.eventId, eventOwners.eventId))
      .where(and(eq(eventOwners.userId, ownerId), eq(eventEntries.userId, memberId)))
      .limit(1);
    return rows.length > 0;
  }

  async userExists(id: string): Promise<boolean> {
    const rows = await this.ctx.db.select({ one: sql`1` }).from(users).where(eq(users.id, id)).limit(1);
    return rows.length > 0;
  }

  async userByEmail(email: string) {
    const [row] = await this.ctx.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  async userByUsername(username: string) {
    const [row] = await this.ctx.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  async usersByEmails(emails: string[]) {
    if (emails.length === 0) return [];
    return this.ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())));
  }

  async ownerIds(eventId: string): Promise<string[]> {
    const rows = await this.ctx.db.select({ userId: eventOwners.userId }).from(eventOwners).where(eq(eventOwners.eventId, eventId));
    return rows.map((r) => r.userId);
  }

  /** Makes the owners exactly these accounts: those missing are added (keeping when the others joined), the rest removed. */
  async replaceOwners(eventId: string, userIds: string[]): Promise<void> {
    const db = this.ctx.db;
    await db.delete(eventOwners).where(and(eq(eventOwners.eventId, eventId), sql`${eventOwners.userId} <> all(${sql.param(userIds)}::uuid[])`));
    await db
      .insert(eventOwners)
      .values(userIds.map((userId) => ({ eventId, userId })))
      .onConflictDoNothing();
  }

  /** An invite unless the same person (account, e-mail or username) is already invited; answers whether one was added. */
  async invite(eventId: string, invite: { userId: string | null; email: string | null; username: string | null }): Promise<boolean> {
    const same = [
      invite.userId ? sql`${eventInvites.userId} = ${invite.userId}` : null,
      invite.email ? sql`lower(${eventInvites.email}) = lower(${invite.email})` : null,
      invite.username ? sql`lower(${eventInvites.username}) = lower(${invite.username})` : null,
    ].filter((s) => s !== null);
    const existing = await this.ctx.db
      .select({ id: eventInvites.id })
      .from(eventInvites)
      .where(and(eq(eventInvites.eventId, eventId), sql.join([sql`(`, sql.join(same, sql` or `), sql`)`])))
      .limit(1);
    if (existing.length > 0) return false;
    await this.ctx.db.insert(eventInvites).values({ eventId, ...invite });
    return true;
  }

  async entry(eventId: string, entryId: string): Promise<EntryRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.id, entryId)))
      .limit(1);
    return row;
  }

  /** The entry an add-entry double submit would repeat: same e-mail and name in this event. */
  async sameEntry(eventId: string, email: string, name: string): Promise<EntryRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), sql`lower(${eventEntries.email}) = lower(${email})`, sql`lower(${eventEntries.name}) = lower(${name})`))
      .limit(1);
    return row;
  }

  async entryOfUser(eventId: string, userId: string): Promise<EntryRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.userId, userId)))
      .limit(1);
    return row;
  }

  async tournamentIdTaken(eventId: string, id: string, exceptEntry?: string): Promise<boolean> {
    const rows = await this.ctx.db
      .select({ id: eventEntries.id })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), sql`lower(${eventEntries.tournamentId}) = lower(${id})`))
      .limit(2);
    return rows.some((r) => r.id !== exceptEntry);
  }

  /** The next tournament ID: one past the highest numeric one (call with the event locked). */
  async nextTournamentId(eventId: string): Promise<string> {
    const [row] = await this.ctx.db
      .select({ max: sql<number | null>`max(case when ${eventEntries.tournamentId} ~ '^[0-9]{1,9}$' then ${eventEntries.tournamentId}::int end)` })
      .from(eventEntries)
      .where(eq(eventEntries.eventId, eventId));
    return String((row?.max ?? 0) + 1);
  }

  async insertEntry(eventId: string, entry: EntryValues, members: MemberValues[]): Promise<string> {
    const [row] = await this.ctx.db
      .insert(eventEntries)
      .values({ ...entry, eventId })
      .returning({ id: eventEntries.id });
    if (!row) throw new Error('entry insert returned nothing');
    if (members.length > 0) await this.ctx.db.insert(eventGroupMembers).values(members.map((m) => ({ ...m, entryId: row.id })));
    return row.id;
  }

  async updateEntry(entryId: string, values: Partial<EntryValues>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.ctx.db.update(eventEntries).set(values).where(eq(eventEntries.id, entryId));
  }

  async deleteEntry(eventId: string, entryId: string): Promise<void> {
    await this.ctx.db.delete(eventEntries).where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.id, entryId)));
  }

  /**
   * Where an owner's call for someone lands in this event: their entries by account or e-mail, and
   * the team entries that list the e-mail as a member (as that member), each with its entry's account. Oldest first.
   */
  async entrantsOf(eventId: string, who: { userId?: string | null; email?: string | null }) {
    const byAccount = who.userId ? eq(eventEntries.userId, who.userId) : sql`false`;
    const byEmail = who.email ? sql`lower(${eventEntries.email}) = lower(${who.email})` : sql`false`;
    const own = await this.ctx.db
      .select({ entryId: eventEntries.id, name: eventEntries.name, userId: eventEntries.userId })
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), or(byAccount, byEmail)))
      .orderBy(asc(eventEntries.createdAt));
    const members = who.email
      ? await this.ctx.db
          .select({ entryId: eventGroupMembers.entryId, memberId: eventGroupMembers.id, name: eventGroupMembers.name, userId: eventEntries.userId })
          .from(eventGroupMembers)
          .innerJoin(eventEntries, eq(eventEntries.id, eventGroupMembers.entryId))
          .where(and(eq(eventEntries.eventId, eventId), sql`lower(${eventGroupMembers.email}) = lower(${who.email})`))
          .orderBy(asc(eventEntries.createdAt))
      : [];
    return [...own.map((e) => ({ ...e, memberId: null })), ...members];
  }

  /** Every entry of the event, oldest first, for Checkin All Entries. */
  async entryIds(eventId: string): Promise<string[]> {
    const rows = await this.ctx.db.select({ id: eventEntries.id }).from(eventEntries).where(eq(eventEntries.eventId, eventId)).orderBy(asc(eventEntries.createdAt));
    return rows.map((r) => r.id);
  }

  async fish(eventId: string, fishId: string): Promise<FishRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(eventFish)
      .where(and(eq(eventFish.eventId, eventId), eq(eventFish.id, fishId)))
      .limit(1);
    return row;
  }

  async updateFish(fishId: string, values: Partial<Omit<FishRow, 'id' | 'eventId' | 'entryId'>>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.ctx.db.update(eventFish).set(values).where(eq(eventFish.id, fishId));
  }

  async deleteFish(fishId: string): Promise<void> {
    await this.ctx.db.delete(eventFish).where(eq(eventFish.id, fishId));
  }

  async fishOfEntry(entryId: string) {
    return this.ctx.db.select({ points: eventFish.points, flag: eventFish.flag }).from(eventFish).where(eq(eventFish.entryId, entryId));
  }

  async override(entryId: string) {
    const [row] = await this.ctx.db.select().from(eventPointsOverrides).where(eq(eventPointsOverrides.entryId, entryId)).limit(1);
    return row;
  }

  async setOverride(entryId: string, values: { points: number; fishPoints: number; setBy: string | null; setAt: Date }): Promise<void> {
    await this.ctx.db
      .insert(eventPointsOverrides)
      .values({ entryId, ...values })
      .onConflictDoUpdate({ target: eventPointsOverrides.entryId, set: values });
  }

  async clearOverride(entryId: string): Promise<void> {
    await this.ctx.db.delete(eventPointsOverrides).where(eq(eventPointsOverrides.entryId, entryId));
  }

  async setPoints(entryId: string, points: number): Promise<void> {
    await this.ctx.db.update(eventEntries).set({ points }).where(eq(eventEntries.id, entryId));
  }

  /** The entries by e-mail (any case), for the link check. */
  async entriesByEmails(eventId: string, emails: string[]) {
    if (emails.length === 0) return [];
    return this.ctx.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), inArray(sql`lower(${eventEntries.email})`, emails.map((e) => e.toLowerCase()))));
  }

  /** Every entry of the event with its group, check-ins, fish and override, for the dashboard and the export. */
  async entries(eventId: string) {
    const db = this.ctx.db;
    const entries = await db
      .select()
      .from(eventEntries)
      .where(eq(eventEntries.eventId, eventId))
      .orderBy(desc(eventEntries.points), asc(eventEntries.createdAt));
    const ids = entries.map((e) => e.id);
    if (ids.length === 0) return { entries, group: [], checkins: [], fish: [], overrides: [] };
    const [group, checkins, fish, overrides] = await Promise.all([
      db.select().from(eventGroupMembers).where(inArray(eventGroupMembers.entryId, ids)),
      db.select().from(eventCheckins).where(inArray(eventCheckins.entryId, ids)).orderBy(asc(eventCheckins.date)),
      db
        .select({ ...getTableColumns(eventFish), enteredByName: users.username })
        .from(eventFish)
        .leftJoin(users, eq(users.id, eventFish.enteredBy))
        .where(eq(eventFish.eventId, eventId))
        .orderBy(asc(eventFish.date)),
      db
        .select({
          entryId: eventPointsOverrides.entryId,
          points: eventPointsOverrides.points,
          fishPoints: eventPointsOverrides.fishPoints,
          by: users.username,
          at: eventPointsOverrides.setAt,
        })
        .from(eventPointsOverrides)
        .leftJoin(users, eq(users.id, eventPointsOverrides.setBy))
        .where(inArray(eventPointsOverrides.entryId, ids)),
    ]);
    return { entries, group, checkins, fish, overrides };
  }
}
