import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogLunar, LogWeather, Waterflow } from '@tightlines/core/logs';
import type { LakeOutline } from '@tightlines/core/geo';

/** Bytes, read as the database's driver hands them over; only SQL reads the one bytea column. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    profilePicture: text('profile_picture'),
    isDemo: boolean('is_demo').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    /** Wrong passwords in a row: each one past a few makes the next sign-in wait a little longer. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
  ],
);

/** Bearer tokens: only a SHA-256 of the token is kept, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the member sees in their list of sessions to tell one device from another. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per reset request. The mailed code is exchanged once for a reset token, and the reset
 * token sets the password once; both are stored hashed and expire with the row.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    resetTokenHash: text('reset_token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_code_key').on(t.codeHash),
    uniqueIndex('password_resets_token_key').on(t.resetTokenHash),
  ],
);

// Here rather than in accounts-schema.ts: it points at users, and that file may not import this one back.
/**
 * A new e-mail address waiting for its owner to open the link mailed to it; only then does it
 * replace the account's address. The link's token is kept hashed, and a newer request replaces
 * an older one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_token_key').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    /** The processor's subscription id; null only while a purchase is being made. */
    providerId: text('provider_id'),
    customerId: text('customer_id'),
    /** The processor's id of the card renewals are charged to. */
    cardId: text('card_id'),
    couponPercent: integer('coupon_percent'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the newest processor event or answer applied was written; older events are stale. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_key').on(t.providerId),
    // One live subscription per member: a double-submitted purchase loses here, before any charge.
    uniqueIndex('subscriptions_one_live_key')
      .on(t.userId)
      .where(sql`${t.status} not in ('canceled', 'incomplete_expired')`),
  ],
);

/** Mail that had no SMTP server to go to; also an audit of what was sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export const forecastSearches = pgTable(
  'forecast_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('forecast_searches_user_term_key').on(t.userId, sql`lower(${t.term})`)],
);

/**
 * Fishing logs. What the data page filters on (type, state, lake, lure, moon phase, water
 * temperature, fish length, date, tags) are columns with indexes; the rest of the outside data
 * (weather, lunar, waterflow) is kept whole as JSON.
 */
export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    notes: text('notes'),
    photo: text('photo'),
    clusterCount: integer('cluster_count'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The tags in lower case, kept by the database (lower_tags, migration 0017_tags_lower): the tag
     * filter is `tags_lower @> array[tag]` by its GIN index, where comparing each tag case-blind
     * needed a subquery a row; the Inner Circle's tag rule reads it without lower() per tag.
     */
    tagsLower: text('tags_lower')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`lower_tags(tags)`),
    privacy: text('privacy').notNull().default('private'),
    outingId: uuid('outing_id').references((): AnyPgColumn => logs.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    lakeName: text('lake_name'),
    state: text('state'),
    zone: text('zone'),
    locationStructure: text('location_structure'),
    fishSpecies: text('fish_species'),
    fishLength: real('fish_length'),
    fishGirth: real('fish_girth'),
    fishWeight: real('fish_weight'),
    lureCategory: text('lure_category'),
    lureColorPrimary: text('lure_color_primary'),
    lureColorSecondary: text('lure_color_secondary'),
    lureLength: real('lure_length'),
    lureNote: text('lure_note'),
    waterTemp: real('water_temp'),
    waterVisibility: real('water_visibility'),
    lakeStructure: text('lake_structure'),
    lakeDepth: real('lake_depth'),
    lureDepth: real('lure_depth'),
    waterflow: jsonb('waterflow').$type<Waterflow>(),
    gaugeStation: text('gauge_station'),
    gaugeSiteCode: text('gauge_site_code'),
    gaugeAgency: text('gauge_agency'),
    weather: jsonb('weather').$type<LogWeather>(),
    lunar: jsonb('lunar').$type<LogLunar>(),
    moonPhase: text('moon_phase'),
    /** Outside data that could not be fetched yet; a background job retries until it is empty. */
    pending: text('pending').array().notNull().default(sql`'{}'::text[]`),
    enrichAttempts: integer('enrich_attempts').notNull().default(0),
    enrichAfter: timestamp('enrich_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The log's local date and time to the minute as the map shows it ("2024-06-01T05:30"), and the
     * log's whole map marker as the markers route writes it (JSON text), both kept by the database
     * (migration 0028_log_markers): writing 20,000 markers at query time cost about three times
     * reading them (the time zone conversion and formatting, a dozen concatenations a row).
     */
    localMinute: text('local_minute')
      .notNull()
      .generatedAlwaysAs(sql`log_local_minute(occurred_at, time_zone)`),
    marker: text('marker')
      .notNull()
      .generatedAlwaysAs(sql`log_marker(id, lat, lng, type, occurred_at, time_zone, lake_name, waterflow, gauge_station)`),
    /**
     * The same marker packed as the map's binary answer lays it out (packages/core/src/map-markers.ts,
     * MARKER_BYTES; migration 0029_log_marker_bytes): a third of the JSON's bytes, so the answer
     * the map asks for costs PGlite, the server and the browser less to move.
     */
    markerBytes: bytea('marker_bytes')
      .notNull()
      .generatedAlwaysAs(sql`log_marker_bytes(id, lat, lng, type, occurred_at, time_zone, lake_name, waterflow, gauge_station)`),
  },
  (t) => [
    // The pages' order (newest first, id as tie-break) read backwards, so a page of one angler is an
    // index range and the Inner Circle feed merges its friends' ranges without sorting them.
    // Ascending on purpose: drizzle writes desc() as DESC NULLS LAST, which `order by … desc` cannot use.
    index('logs_user_occurred_idx').on(t.userId, t.occurredAt, t.id),
    // The year filter (the log's local year): one angler's year is a range in the pages' order, for
    // the data page and for each friend of the Inner Circle feed (query-repo.ts writes the same expression).
    index('logs_user_year_idx').on(t.userId, sql`extract(year from (${t.occurredAt} at time zone ${t.timeZone}))`, t.occurredAt, t.id),
    index('logs_user_created_idx').on(t.userId, t.createdAt),
    // The type and lake filters (and the latest catch) read their matches in the pages' order.
    index('logs_user_type_idx').on(t.userId, t.type, t.occurredAt, t.id),
    index('logs_user_state_lake_idx').on(t.userId, t.state, t.lakeName),
    index('logs_user_lake_lower_idx').on(t.userId, sql`lower(${t.lakeName})`, t.occurredAt, t.id),
    // The fish length filter's buckets are ranges of it; the largest fish is its last entry.
    index('logs_user_fish_length_idx').on(t.userId, t.fishLength),
    index('logs_tags_lower_idx').using('gin', t.tagsLower),
    index('logs_pending_idx').on(t.enrichAfter).where(sql`cardinality(${t.pending}) > 0`),
  ],
);

/**
 * How many of an angler's logs of one type show one value of one facet (migration 0024_log_tallies,
 * kept by statement-level triggers on logs): the data page's unfiltered charts, the dashboard's
 * counts and the total under a single filter are sums of these rows instead of a pass over the logs.
 * The facets and their values are log_tally_facets' (SQL); query-repo.ts reads them.
 */
export const logTallies = pgTable(
  'log_tallies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    /** The logs' local year: a year's rows answer the charts under a year filter, all rows summed the unfiltered ones. */
    year: integer('year').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facet, t.value, t.type, t.year] })],
);

export const userTags = pgTable(
  'user_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tags_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

/** Named waters: from anglers' logs, from organisers, or drawn; an outline is a GeoJSON polygon. */
export const lakes = pgTable(
  'lakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    state: text('state'),
    outline: jsonb('outline').$type<LakeOutline>(),
    areaAcres: real('area_acres'),
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lakes_lat_lng_idx').on(t.lat, t.lng), index('lakes_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * The people an angler has let into their Inner Circle: they may read the angler's public and
 * protected logs, narrowed per member by lake and tag (core/circle.ts). Names are kept in lower
 * case: the lakes turned off (lakes default to allowed) and the tags turned on (tags default to hidden).
 */
export const circleMembers = pgTable(
  'circle_members',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenLakes: text('hidden_lakes').array().notNull().default(sql`'{}'::text[]`),
    allowedTags: text('allowed_tags').array().notNull().default(sql`'{}'::text[]`),
    /** The owner typed the member's address to add them, so the owner may see it. */
    addedByEmail: boolean('added_by_email').notNull().default(false),
    /**
     * How many of the owner's logs the member may see now, so the feed's total and the circle lists
     * need no pass over the logs. Kept by triggers (migration 0014_speed): a recount when the filters
     * change, a delta for every statement that writes logs.
     */
    visibleLogs: integer('visible_logs').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.memberId] }), index('circle_members_member_idx').on(t.memberId)],
);

/** An outing is shown in the log list as a log of type Outing; this row holds its span. */
export const outings = pgTable(
  'outings',
  {
    logId: uuid('log_id')
      .primaryKey()
      .references(() => logs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('outings_user_active_idx').on(t.userId).where(sql`${t.endedAt} is null`)],
);
export * from './billing-schema';
export * from './accounts-schema';
export * from './outreach-schema';
