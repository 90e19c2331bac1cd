// A test-only stand-in for an organiser's date change, written through the schema: the date call
// only takes a start still ahead, and a test of fish entry or the leaderboard needs an event that
// is already running. Entries and check-ins go through their own calls (register, checkin).
import { eq } from 'drizzle-orm';
import { events } from '@tightlines/server/src/db/events-schema';
import type { TestApp } from './app';

/** Moves an event's start into the past (and its end ahead) so it is running, as an owner's date change would. */
export async function startEventNow(t: TestApp, eventId: string, hoursAgo = 1): Promise<void> {
  const now = t.clock.now().getTime();
  await t.database.db
    .update(events)
    .set({ dateStart: new Date(now - hoursAgo * 3_600_000), dateEnd: new Date(now + 2 * 86_400_000) })
    .where(eq(events.id, eventId));
}
