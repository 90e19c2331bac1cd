import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';
import {
  eventCheckins,
  eventEntries,
  eventFish,
  eventGroupMembers,
  eventInvites,
  eventLakes,
  eventOwners,
  eventPointRules,
  events,
  eventWeekLakes,
  eventWeeks,
} from '../../db/events-schema';
import { users } from '../../db/schema';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'createdBy' | 'createdAt'>;
export type LakeValues = Omit<typeof eventLakes.$inferInsert, 'id' | 'eventId'>;
export type WeekValues = Omit<typeof eventWeeks.$inferInsert, 'id' | 'eventId'> & { lakes: string[] };
export type PointRuleValues = Omit<typeof eventPointRules.$inferInsert, 'id' | 'eventId'>;

export type ListFilter = { type?: string; species?: string; sizes?: string[]; state?: string; after?: string; limit: number; offset: number };
export type ListedEvent = Pick<EventRow, 'id' | 'name' | 'type' | 'format' | 'state' | 'species' | 'size' | 'costCents' | 'dateStart' | 'dateEnd' | 'tz'>;

/**
 * The rows of a list part that come after `anchor` in that part's order, as alternatives (each a
 * list of conditions ANDed), so each alternative starts with a range on the index's first column
 * that the index can seek to. Mixed sort directions rule out a row comparison; a null start sorts
 * last (ascending), so undated starts are their own alternative. The anchor's dates are read in SQL,
 * not passed from JavaScript, whose Date would drop their microseconds.
 */
function behind(part: number, anchor: { id: string; dateStart: Date | null }): SQL[][] {
  const its = (column: string) => sql`(select a.${sql.raw(column)} from ${events} a where a.id = ${anchor.id})`;
  const afterId = sql`${events.id} > ${anchor.id}`;
  if (part === 1) return [[sql`${events.dateEnd} <= ${its('date_end')}`, or(sql`${events.dateEnd} < ${its('date_end')}`, afterId)!]];
  // Parts 0 and 2 are ordered by start, then end descending (one value in part 2), then id.
  const sameStart = part === 0 ? or(sql`${events.dateEnd} < ${its('date_end')}`, and(sql`${events.dateEnd} = ${its('date_end')}`, afterId))! : afterId;
  if (anchor.dateStart === null) return [[sql`${events.dateStart} is null`, sameStart]];
  return [
    [sql`${events.dateStart} >= ${its('date_start')}`, or(sql`${events.dateStart} > ${its('date_start')}`, sameStart)!],
    [sql`${events.dateStart} is null`],
  ];
}

/** The event tables: an event and the rows that hang off it. */
export class EventsRepo {
  constructor(
    private readonly ctx: DbContext,
    /** Told of every write of an event's row, at the write and after its commit (the public list's cache). */
    private readonly listChanged: () => Promise<void> = async () => {},
  ) {}

  private async changed(): Promise<void> {
    await this.listChanged();
    await this.ctx.afterCommit(this.listChanged);
  }

  async find(id: string): Promise<EventRow | undefined> {
    const [row] = await this.ctx.db.select().from(events).where(eq(events.id, id)).limit(1);
    return row;
  }

  /** Holds the event's row until the transaction ends, so two saves of one draft run one after the other. */
  async lock(id: string): Promise<EventRow | undefined> {
    const [row] = await this.ctx.db.select().from(events).where(eq(events.id, id)).for('update');
    return row;
  }

  async ownerIds(eventId: string): Promise<string[]> {
    const rows = await this.ctx.db.select({ userId: eventOwners.userId }).from(eventOwners).where(eq(eventOwners.eventId, eventId));
    return rows.map((r) => r.userId);
  }

  async findByCharge(chargeId: string): Promise<EventRow | undefined> {
    const [row] = await this.ctx.db.select().from(events).where(eq(events.chargeId, chargeId)).limit(1);
    return row;
  }

  async insert(createdBy: string, values: EventValues): Promise<string> {
    const [row] = await this.ctx.db
      .insert(events)
      .values({ ...values, createdBy })
      .returning({ id: events.id });
    if (!row) throw new Error('event insert returned nothing');
    await this.ctx.db.insert(eventOwners).values({ eventId: row.id, userId: createdBy });
    await this.changed();
    return row.id;
  }

  async update(id: string, values: Partial<EventValues>): Promise<void> {
    await this.ctx.db
      .update(events)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(events.id, id));
    await this.changed();
  }

  /**
   * Activates a draft once: only a row still in Draft changes, so two racing creations cannot both
   * succeed. Answers whether this call activated it.
   */
  async activate(id: string, values: Partial<EventValues>): Promise<boolean> {
    const rows = await this.ctx.db
      .update(events)
      .set({ ...values, status: 'Active', activatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(events.id, id), eq(events.status, 'Draft')))
      .returning({ id: events.id });
    await this.changed();
    return rows.length === 1;
  }

  /** Replaces a draft's lakes, weeks (with their lakes, by name) and point rules. */
  async replaceParts(eventId: string, parts: { lakes: LakeValues[]; weeks: WeekValues[]; pointRules: PointRuleValues[] }): Promise<void> {
    const db = this.ctx.db;
    await db.delete(eventWeeks).where(eq(eventWeeks.eventId, eventId));
    await db.delete(eventLakes).where(eq(eventLakes.eventId, eventId));
    await db.delete(eventPointRules).where(eq(eventPointRules.eventId, eventId));
    const lakeIds = new Map<string, string>();
    if (parts.lakes.length > 0) {
      const rows = await db
        .insert(eventLakes)
        .values(parts.lakes.map((l) => ({ ...l, eventId })))
        .returning({ id: eventLakes.id, name: eventLakes.name });
      for (const r of rows) lakeIds.set(r.name.toLowerCase(), r.id);
    }
    for (const { lakes, ...week } of parts.weeks) {
      const [row] = await db
        .insert(eventWeeks)
        .values({ ...week, eventId })
        .returning({ id: eventWeeks.id });
      const ids = [...new Set(lakes.map((name) => lakeIds.get(name.trim().toLowerCase())).filter((id): id is string => !!id))];
      if (row && ids.length > 0) await db.insert(eventWeekLakes).values(ids.map((lakeId) => ({ weekId: row.id, lakeId })));
    }
    if (parts.pointRules.length > 0) await db.insert(eventPointRules).values(parts.pointRules.map((r) => ({ ...r, eventId })));
  }

  /** An entry with its fish (part 2 fills these from registration and fish entry; the demo seeds them). */
  async insertEntry(
    eventId: string,
    entry: Omit<typeof eventEntries.$inferInsert, 'id' | 'eventId'>,
    fish: Array<Omit<typeof eventFish.$inferInsert, 'id' | 'eventId' | 'entryId'>>,
  ): Promise<string> {
    const [row] = await this.ctx.db
      .insert(eventEntries)
      .values({ ...entry, eventId })
      .returning({ id: eventEntries.id });
    if (!row) throw new Error('entry insert returned nothing');
    if (fish.length > 0) await this.ctx.db.insert(eventFish).values(fish.map((f) => ({ ...f, eventId, entryId: row.id })));
    return row.id;
  }

  /** The event and every row hanging off it. */
  async load(id: string) {
    const event = await this.find(id);
    if (!event) return undefined;
    const db = this.ctx.db;
    const [owners, invites, lakes, weeks, weekLakes, pointRules, entries] = await Promise.all([
      db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(eventOwners)
        .innerJoin(users, eq(users.id, eventOwners.userId))
        .where(eq(eventOwners.eventId, id))
        .orderBy(asc(eventOwners.createdAt)),
      db.select().from(eventInvites).where(eq(eventInvites.eventId, id)).orderBy(asc(eventInvites.createdAt)),
      db.select().from(eventLakes).where(eq(eventLakes.eventId, id)).orderBy(asc(eventLakes.position)),
      db.select().from(eventWeeks).where(eq(eventWeeks.eventId, id)).orderBy(asc(eventWeeks.number)),
      db
        .select({ weekId: eventWeekLakes.weekId, name: eventLakes.name })
        .from(eventWeekLakes)
        .innerJoin(eventWeeks, eq(eventWeeks.id, eventWeekLakes.weekId))
        .innerJoin(eventLakes, eq(eventLakes.id, eventWeekLakes.lakeId))
        .where(eq(eventWeeks.eventId, id))
        .orderBy(asc(eventLakes.position)),
      db.select().from(eventPointRules).where(eq(eventPointRules.eventId, id)),
      db.select().from(eventEntries).where(eq(eventEntries.eventId, id)).orderBy(desc(eventEntries.points), asc(eventEntries.createdAt)),
    ]);
    const entryIds = entries.map((e) => e.id);
    const [checkins, fish, group] =
      entryIds.length === 0
        ? [[], [], []]
        : await Promise.all([
            db.select().from(eventCheckins).where(inArray(eventCheckins.entryId, entryIds)).orderBy(asc(eventCheckins.date)),
            db.select().from(eventFish).where(eq(eventFish.eventId, id)).orderBy(asc(eventFish.date)),
            db.select().from(eventGroupMembers).where(inArray(eventGroupMembers.entryId, entryIds)),
          ]);
    return { event, owners, invites, lakes, weeks, weekLakes, pointRules, entries, checkins, fish, group };
  }

  /** How the member stands to the event: owner, invited (by id, e-mail or username), entrant. */
  async standing(eventId: string, member: { userId: string; email: string; username: string }) {
    const db = this.ctx.db;
    const [owner, invited, entrant] = await Promise.all([
      db
        .select({ one: sql`1` })
        .from(eventOwners)
        .where(and(eq(eventOwners.eventId, eventId), eq(eventOwners.userId, member.userId)))
        .limit(1),
      db
        .select({ one: sql`1` })
        .from(eventInvites)
        .where(
          and(
            eq(eventInvites.eventId, eventId),
            or(
              eq(eventInvites.userId, member.userId),
              sql`lower(${eventInvites.email}) = lower(${member.email})`,
              sql`lower(${eventInvites.username}) = lower(${member.username})`,
            ),
          ),
        )
        .limit(1),
      db
        .select({ one: sql`1` })
        .from(eventEntries)
        .where(and(eq(eventEntries.eventId, eventId), eq(eventEntries.userId, member.userId)))
        .limit(1),
    ]);
    return { owner: owner.length > 0, invited: invited.length > 0, entrant: entrant.length > 0 };
  }

  /**
   * Public, created events: those not yet ended by start, then ended ones, latest first (then any
   * without an end date). Each of the three parts is read in its order from a partial index of
   * listable events and cut at offset + limit, so a page sorts at most three pages' worth of rows
   * rather than every listable event. A state narrows through the same orders led by
   * lower(state) (events_list_*_state_idx). With `after` (an event the caller already has, the last
   * of its previous page) each part starts right behind that event in the index, so a deep page reads
   * one page a part instead of every row before it.
   */
  /** When the list's order next changes by itself: the first listed event not yet ended ends (null: none will). */
  async nextListChange(now: Date): Promise<Date | null> {
    const [row] = await this.ctx.db
      .select({ at: sql<string | Date | null>`min(${events.dateEnd})` })
      .from(events)
      .where(and(eq(events.status, 'Active'), eq(events.isPublic, true), sql`${events.dateEnd} >= ${now.toISOString()}::timestamptz`));
    return row?.at ? new Date(row.at) : null;
  }

  async list(filter: ListFilter, now: Date): Promise<ListedEvent[] | 'unknown anchor'> {
    const where: SQL[] = [eq(events.status, 'Active'), eq(events.isPublic, true)];
    if (filter.type) where.push(eq(events.type, filter.type));
    if (filter.species) where.push(sql`${filter.species} = any(${events.species})`);
    if (filter.sizes) where.push(inArray(events.size, filter.sizes));
    if (filter.state) where.push(sql`lower(${events.state}) = lower(${filter.state})`);
    const at = sql`${now.toISOString()}::timestamptz`;
    const parts = [
      { when: sql`${events.dateEnd} >= ${at}`, order: sql`${events.dateStart} asc, ${events.dateEnd} desc, ${events.id} asc` },
      { when: sql`${events.dateEnd} < ${at}`, order: sql`${events.dateEnd} desc, ${events.id} asc` },
      { when: sql`${events.dateEnd} is null`, order: sql`${events.dateEnd} desc, ${events.dateStart} asc, ${events.id} asc` },
    ].map((p, n) => ({ ...p, n, behind: [] as SQL[][] }));
    if (filter.after) {
      const [anchor] = await this.ctx.db
        .select({ id: events.id, dateStart: events.dateStart, dateEnd: events.dateEnd })
        .from(events)
        // Only a listed event: another's dates must not be learnt by where the list resumes.
        .where(and(eq(events.id, filter.after), eq(events.status, 'Active'), eq(events.isPublic, true)))
        .limit(1);
      if (!anchor) return 'unknown anchor';
      const partOf = anchor.dateEnd === null ? 2 : anchor.dateEnd >= now ? 0 : 1;
      parts.splice(0, partOf);
      parts[0]!.behind = behind(partOf, anchor);
    }
    const columns = sql`${events.id} as id, ${events.name} as name, ${events.type} as type, ${events.format} as format,
      ${events.state} as state, ${events.species} as species, ${events.size} as size, ${events.costCents} as "costCents",
      ${events.dateStart} as "dateStart", ${events.dateEnd} as "dateEnd", ${events.tz} as tz`;
    const upTo = filter.offset + filter.limit;
    const select = (n: number, when: SQL, order: SQL) =>
      sql`(select ${sql.raw(String(n))} as part, ${columns} from ${events} where ${and(...where, when)} order by ${order} limit ${upTo})`;
    const selects = parts.flatMap((p) =>
      p.behind.length === 0 ? [select(p.n, p.when, p.order)] : p.behind.map((cut) => select(p.n, and(p.when, ...cut)!, p.order)),
    );
    type Listed = Omit<ListedEvent, 'dateStart' | 'dateEnd'>;
    const rows = await queryRows<Listed & { dateStart: string | Date | null; dateEnd: string | Date | null }>(
      this.ctx.db,
      sql`select id, name, type, format, state, species, size, "costCents", "dateStart", "dateEnd", tz from (
            ${sql.join(selects, sql` union all `)}
          ) listed
          order by part, case when part = 1 then null else "dateStart" end asc, "dateEnd" desc, id asc
          limit ${filter.limit} offset ${filter.offset}`,
    );
    // Raw rows carry timestamps as the driver gives them (a Date, or text from PGlite's JSON path).
    const date = (v: string | Date | null) => (v === null ? null : new Date(v));
    return rows.map((r) => ({ ...r, dateStart: date(r.dateStart), dateEnd: date(r.dateEnd) }));
  }

  async pointRule(id: string) {
    const [row] = await this.ctx.db
      .select({ eventId: eventPointRules.eventId, startingValue: eventPointRules.startingValue })
      .from(eventPointRules)
      .where(eq(eventPointRules.id, id))
      .limit(1);
    return row;
  }

  /** The member's created events: as an entrant and as an owner. */
  async mine(userId: string) {
    const [registered, owned] = await Promise.all([this.registered(userId), this.ownedActive(userId)]);
    return { registered, owned };
  }

  /** The active events the member has an entry in (at most 200). */
  registered(userId: string) {
    return this.ctx.db
      .select(MINE_COLUMNS)
      .from(eventEntries)
      .innerJoin(events, eq(events.id, eventEntries.eventId))
      .where(and(eq(eventEntries.userId, userId), eq(events.status, 'Active')))
      .limit(200);
  }

  private ownedActive(userId: string) {
    return this.ctx.db
      .select(MINE_COLUMNS)
      .from(eventOwners)
      .innerJoin(events, eq(events.id, eventOwners.eventId))
      .where(and(eq(eventOwners.userId, userId), eq(events.status, 'Active')))
      .limit(200);
  }
}

const MINE_COLUMNS = { eventId: events.id, name: events.name, dateStart: events.dateStart, dateEnd: events.dateEnd };
