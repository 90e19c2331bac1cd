import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * What an uploaded photo's EXIF said (time, position, camera), kept apart from the file: the
 * stored image is re-encoded without metadata, and only an event's owners read these rows (to
 * check that a fish photo was taken when and where the angler says). Keyed by the storage key.
 */
export const photoExif = pgTable(
  'photo_exif',
  {
    key: text('key').primaryKey(),
    // Who sent the file: an event owner's upload for an angler is filed under the angler's key but is the owner's here.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: text('taken_at'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    make: text('make'),
    model: text('model'),
    software: text('software'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_exif_user_idx').on(t.userId)],
);
