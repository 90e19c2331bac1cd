import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the server makes for itself on first start (the key of the reset codes' keyed hash), kept
 * in the database so every process on it uses the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
