import { index, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { eventEntries } from './events-schema';
import { users } from './schema';

/**
 * An owner's total for an entry, set in place of its fish's sum (edit-entry-fish's `totalPoints`),
 * with who set it and when, so a judge can see that a total was overridden and by whom. One row
 * per entry: a new override replaces the old one, and clearing it deletes the row.
 */
export const eventPointsOverrides = pgTable(
  'event_points_overrides',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    points: real('points').notNull(),
    /** What the fish added up to when the override was set. */
    fishPoints: real('fish_points').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_points_overrides_set_by_idx').on(t.setBy)],
);
