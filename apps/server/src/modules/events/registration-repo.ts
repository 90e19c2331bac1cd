import { and, asc, eq } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { eventEntries, eventGroupMembers, eventWeeks } from '../../db/events-schema';

export type NewEntry = Omit<typeof eventEntries.$inferInsert, 'id'>;
export type NewGroupMember = Omit<typeof eventGroupMembers.$inferInsert, 'id' | 'entryId'>;

/** Registration's SQL: the weeks a series charges for, and the entry with its team. */
export class RegistrationRepo {
  constructor(private readonly ctx: DbContext) {}

  weeks(eventId: string) {
    return this.ctx.db.select().from(eventWeeks).where(eq(eventWeeks.eventId, eventId)).orderBy(asc(eventWeeks.number));
  }

  async entryOf(eventId: string, userId: string) {
    const [row] = await this.ctx.db
      .select()
      .from(eventEntries)
      .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.userId, userId)))
      .limit(1);
    return row;
  }

  /** The entry and its team members; the unique (event, user) index refuses a second entry. */
  async insertEntry(entry: NewEntry, group: NewGroupMember[]): Promise<string> {
    const [row] = await this.ctx.db.insert(eventEntries).values(entry).returning({ id: eventEntries.id });
    if (!row) throw new Error('entry insert returned nothing');
    if (group.length > 0) await this.ctx.db.insert(eventGroupMembers).values(group.map((g) => ({ ...g, entryId: row.id })));
    return row.id;
  }
}
