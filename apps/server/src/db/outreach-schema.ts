import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// user_id columns name users.id. They carry no drizzle reference: importing the users table from
// schema.ts, which re-exports this file, would be an import cycle. Accounts are never deleted today.

/**
 * Ambassador applications as sent (seed 000 section 3). `status` moves from pending to approved or
 * declined by the team; an approved applicant who consented is listed in the public directory.
 */
export const ambassadorApplications = pgTable(
  'ambassador_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull(),
    age: integer('age').notNull(),
    occupation: text('occupation').notNull(),
    /** The free-text answers (sponsors, waters, species, links...), kept as the applicant wrote them. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    listInDirectory: boolean('list_in_directory').notNull().default(false),
    status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('ambassador_applications_status_idx').on(t.status), index('ambassador_applications_email_idx').on(t.email)],
);

/**
 * Our own newsletter list, the truth the list service is synced from. A visitor's address is
 * pending until the confirmation link is followed (double opt-in); a member's is confirmed at once
 * (their address is verified by their account). The confirmation token is stored hashed; the
 * unsubscribe token is kept as is, because every mail must carry it and it can only take an
 * address off the list.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id'),
    status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] }).notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_user_idx').on(t.userId),
    uniqueIndex('newsletter_subscribers_unsubscribe_key').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscribers_confirm_key').on(t.confirmTokenHash),
  ],
);

/**
 * Tokens of the voice assistant's account linking: their own table, never a web session, so they
 * carry the assistant's narrow scope and a member can revoke them from My Account.
 */
export const assistantTokens = pgTable(
  'assistant_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    clientId: text('client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assistant_tokens_token_hash_key').on(t.tokenHash), index('assistant_tokens_user_idx').on(t.userId)],
);
