import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { circleMembers, users } from './schema';

/**
 * Browsers that asked to hear about new logs from the Inner Circle (Web Push). One row per push
 * endpoint; a push service answering 404 or 410 for it means it is gone, and the row is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * How many of the owner's logs the member may see, per value of the feed's one-value filters
 * (facet 'type', 'year' (local), 'lake' (lower case), 'state' (upper case), 'moonPhase', 'tag'
 * (lower case, a log counted once per tag it carries)), so the feed's total under one such filter
 * needs no pass over the logs. Kept by triggers (migration 0020_circle_facets), like
 * circle_members.visible_logs: a recount of the relation when its filters change, a delta for every
 * statement that writes logs. Gone with the relation.
 */
export const circleFacetCounts = pgTable(
  'circle_facet_counts',
  {
    ownerId: uuid('owner_id').notNull(),
    memberId: uuid('member_id').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    // Member first: the feed sums one facet value over the member's relations.
    primaryKey({ columns: [t.memberId, t.facet, t.value, t.ownerId] }),
    foreignKey({ columns: [t.ownerId, t.memberId], foreignColumns: [circleMembers.ownerId, circleMembers.memberId] }).onDelete('cascade'),
  ],
);
