import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** A member's standing with the processor: their customer id, and whether they pay in cash instead. */
export const billingAccounts = pgTable('billing_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id'),
  paysCash: boolean('pays_cash').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Cards a member saved, as the processor described them; the number never reaches us. */
export const billingCards = pgTable(
  'billing_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The processor's payment method id; what the API calls the card's id. */
    providerCardId: text('provider_card_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_cards_provider_key').on(t.providerCardId), index('billing_cards_user_idx').on(t.userId)],
);

/**
 * Every money movement, claimed by its idempotency key before the processor is asked: a repeated
 * request finds the row and answers it instead of charging again. Succeeded rows are the
 * member's receipts.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'subscription', 'renewal' or 'charge'; other areas add their own (an event entry fee). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** Cents, USD. */
    amount: integer('amount').notNull(),
    /** 'pending' while the processor is asked, then 'succeeded' or 'failed'. */
    status: text('status').notNull(),
    providerChargeId: text('provider_charge_id'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_charges_key').on(t.idempotencyKey), index('billing_charges_user_idx').on(t.userId, t.createdAt)],
);

/** Processor webhook deliveries by event id: a retried or replayed delivery is found here and ignored. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organiser's connected payout account (Stripe Connect), one per member: entry fees of the
 * events they run are paid out to it. `onboarded` is what the processor last reported.
 */
export const billingConnectAccounts = pgTable(
  'billing_connect_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    onboarded: boolean('onboarded').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_connect_accounts_account_key').on(t.accountId)],
);
