// Test-only stand-ins for registration and check-in, written through the schema, for the fish entry
// and leaderboard tests while POST api/fc/event/register and checkin are built alongside (events
// part 2). Each writes the rows those calls write: an entry, team members, a check-in with the
// day's key. Once those calls are on main, tests that are about them use the calls.
import { eq } from 'drizzle-orm';
import { eventCheckins, eventEntries, eventGroupMembers, events } from '@tightlines/server/src/db/events-schema';
import type { TestApp } from './app';

type Angler = { _id: string; username: string; email: string };

/** Moves an event's start into the past (and its end ahead) so it is running, as an owner's date change would. */
export async function startEventNow(t: TestApp, eventId: string, hoursAgo = 1): Promise<void> {
  const now = t.clock.now().getTime();
  await t.database.db
    .update(events)
    .set({ dateStart: new Date(now - hoursAgo * 3_600_000), dateEnd: new Date(now + 2 * 86_400_000) })
    .where(eq(events.id, eventId));
}

/** An entry for `angler` (optionally in a division, or a team with members), as registration writes it. */
export async function insertEntryDirectly(
  t: TestApp,
  eventId: string,
  angler: Angler,
  options: { division?: string; team?: { name: string; members: Array<{ name: string; email: string; division?: string }> } } = {},
): Promise<string> {
  const [entry] = await t.database.db
    .insert(eventEntries)
    .values({
      eventId,
      userId: angler._id,
      name: angler.username,
      username: angler.username,
      email: angler.email,
      linked: true,
      division: options.division ?? null,
      teamName: options.team?.name ?? null,
      teamEmails: options.team?.members.map((m) => m.email) ?? [],
    })
    .returning({ id: eventEntries.id });
  if (!entry) throw new Error('entry insert returned nothing');
  if (options.team && options.team.members.length > 0) {
    await t.database.db
      .insert(eventGroupMembers)
      .values(options.team.members.map((m) => ({ entryId: entry.id, name: m.name, email: m.email, division: m.division ?? null })));
  }
  return entry.id;
}

/** A check-in of the entry at `at` (default now) with the day's `key`, as check-in writes it. */
export async function insertCheckinDirectly(t: TestApp, entryId: string, options: { at?: Date; key?: string } = {}): Promise<void> {
  await t.database.db.insert(eventCheckins).values({ entryId, date: options.at ?? t.clock.now(), key: options.key ?? 'AS' });
}
