import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MuskieSettings } from '@tightlines/core/events/muskie';
import { eventEntries, events } from './events-schema';
import { users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An event's payment and registration-form settings (events part 3): whether its PayPal orders
 * run in sandbox or live (the event decides, never the browser), and the muskie form's zones,
 * parking and pickup lists when the event takes entries through that form.
 */
export const eventFormSettings = pgTable('event_form_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  paypalMode: text('paypal_mode').notNull().default('sandbox'),
  muskie: jsonb('muskie').$type<MuskieSettings>(),
  /** The next tournament ID handed out when none is given. */
  nextTournamentId: integer('next_tournament_id').notNull().default(1),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Every payment toward an event entry: a PayPal order (reference: the order id) or a card charge
 * (reference: the charge id). Unique by provider and reference, so one order registers at most one
 * entry; `status` moves created -> captured -> claimed -> used, or to refunded.
 */
export const eventPayments = pgTable(
  'event_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    /** sandbox or live (PayPal); stripe or test (cards). */
    mode: text('mode').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    captureId: text('capture_id'),
    entryId: uuid('entry_id').references(() => eventEntries.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_payments_reference_key').on(t.provider, t.reference), index('event_payments_event_idx').on(t.eventId)],
);

/** Spots taken in each trailer-parking area: raised only while below the area's spots, so none is oversold. */
export const eventParking = pgTable(
  'event_parking',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.name] })],
);

/** Tournament IDs, unique per event whether the system assigned them or an owner typed them. */
export const eventTournamentIds = pgTable(
  'event_tournament_ids',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tournamentId: text('tournament_id').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tournamentId] }), index('event_tournament_ids_entry_idx').on(t.entryId)],
);
