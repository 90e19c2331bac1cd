import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { LakeOutline } from '@tightlines/core/geo';
import { users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A fishing event (seed 002 section 3). Its lakes, weeks, point rules, owners, invites, entries,
 * check-ins and fish are rows of their own, so ranking and exports are SQL. A draft may lack
 * anything; an Active event passed every step of the wizard.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Draft'),
    name: text('name'),
    type: text('type'),
    subtype: text('subtype'),
    format: text('format'),
    size: text('size'),
    costCents: integer('cost_cents').notNull().default(0),
    bagSize: integer('bag_size'),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(true),
    image: text('image'),
    rulesUrl: text('rules_url'),
    registrationLink: text('registration_link'),
    state: text('state'),
    species: text('species').array().notNull().default(sql`'{}'::text[]`),
    keyType: text('key_type'),
    allWater: boolean('all_water').notNull().default(false),
    divisions: text('divisions').array().notNull().default(sql`'{}'::text[]`),
    dateStart: at('date_start'),
    dateEnd: at('date_end'),
    tz: text('tz').notNull().default('America/Chicago'),
    hoursInDay: integer('hours_in_day'),
    timespanHours: integer('timespan_hours').notNull().default(18),
    teamSize: integer('team_size'),
    seriesQuantity: integer('series_quantity'),
    paymentProcessor: text('payment_processor'),
    paymentProcessorKey: text('payment_processor_key'),
    /** AES-256-GCM under EVENT_KEY_SECRET; never answered. */
    paymentProcessorSecret: text('payment_processor_secret'),
    /** What the creation cost, after any coupon. */
    feeCents: integer('fee_cents'),
    coupon: text('coupon'),
    /** The charge that paid the creation fee: one charge pays one event. */
    chargeId: text('charge_id'),
    /**
     * Keys the daily check-in keycode (HMAC of the local day). Made by the database for each event,
     * so every node reads the same one; never answered.
     */
    checkinSecret: text('checkin_secret')
      .notNull()
      .default(sql`encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex')`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    activatedAt: at('activated_at'),
  },
  (t) => [
    // The public list's two orders (repo.ts list), each over listable events only: not yet ended by
    // start; ended (and undated, nulls first) latest first. NULLS FIRST on the descending column is
    // what `order by … desc` means, so the index can answer it.
    index('events_list_upcoming_idx')
      .on(t.dateStart, t.dateEnd.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'Active' and ${t.isPublic}`),
    index('events_list_ended_idx').on(t.dateEnd.desc().nullsFirst(), t.id).where(sql`${t.status} = 'Active' and ${t.isPublic}`),
    // The same two orders within one state, as the list compares it (lower(state) = lower($1)).
    index('events_list_upcoming_state_idx')
      .on(sql`lower(${t.state})`, t.dateStart, t.dateEnd.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'Active' and ${t.isPublic}`),
    index('events_list_ended_state_idx')
      .on(sql`lower(${t.state})`, t.dateEnd.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'Active' and ${t.isPublic}`),
    index('events_created_by_idx').on(t.createdBy),
    uniqueIndex('events_charge_key').on(t.chargeId),
  ],
);

export const eventOwners = pgTable(
  'event_owners',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_owners_user_idx').on(t.userId)],
);

/** A private event's invitations, by e-mail or username (part 2 sends them). */
export const eventInvites = pgTable(
  'event_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    username: text('username'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('event_invites_event_idx').on(t.eventId), index('event_invites_user_idx').on(t.userId)],
);

export const eventLakes = pgTable(
  'event_lakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    outline: jsonb('outline').$type<LakeOutline>(),
    areaAcres: real('area_acres'),
  },
  (t) => [uniqueIndex('event_lakes_name_key').on(t.eventId, sql`lower(${t.name})`)],
);

export const eventWeeks = pgTable(
  'event_weeks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dateStart: at('date_start').notNull(),
    dateEnd: at('date_end').notNull(),
    costCents: integer('cost_cents'),
    registrationAvailable: boolean('registration_available').notNull().default(true),
  },
  (t) => [uniqueIndex('event_weeks_number_key').on(t.eventId, t.number)],
);

export const eventWeekLakes = pgTable(
  'event_week_lakes',
  {
    weekId: uuid('week_id')
      .notNull()
      .references(() => eventWeeks.id, { onDelete: 'cascade' }),
    lakeId: uuid('lake_id')
      .notNull()
      .references(() => eventLakes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.weekId, t.lakeId] })],
);

/** One per species (startingValue: the minimum size in inches), plus the organiser's custom rules. */
export const eventPointRules = pgTable(
  'event_point_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    species: text('species').notNull(),
    startingValue: real('starting_value').notNull(),
    startingPointValue: real('starting_point_value').notNull(),
    custom: boolean('custom').notNull().default(false),
  },
  (t) => [index('event_point_rules_event_idx').on(t.eventId)],
);

/** An angler's (or a team's) entry; contact details and the form's customFields are the owners' only. */
export const eventEntries = pgTable(
  'event_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id'),
    tournamentId: text('tournament_id'),
    name: text('name').notNull(),
    username: text('username'),
    email: text('email').notNull(),
    linked: boolean('linked').notNull().default(false),
    division: text('division'),
    points: real('points').notNull().default(0),
    teamName: text('team_name'),
    teamEmails: text('team_emails').array().notNull().default(sql`'{}'::text[]`),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>(),
    /** The Idempotency-Key of the owner's request that added the entry, so a repeat adds none. */
    requestKey: text('request_key'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_entries_event_idx').on(t.eventId),
    uniqueIndex('event_entries_user_key').on(t.eventId, t.userId),
    uniqueIndex('event_entries_request_key').on(t.eventId, t.requestKey),
    index('event_entries_user_idx').on(t.userId),
  ],
);

export const eventGroupMembers = pgTable(
  'event_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    gender: text('gender'),
    junior: boolean('junior').notNull().default(false),
    junior13: boolean('junior13').notNull().default(false),
    senior: boolean('senior').notNull().default(false),
    division: text('division'),
  },
  (t) => [index('event_group_members_entry_idx').on(t.entryId)],
);

export const eventCheckins = pgTable(
  'event_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id').references(() => eventWeeks.id, { onDelete: 'set null' }),
    date: at('date').notNull(),
    key: text('key'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    tz: text('tz'),
  },
  (t) => [index('event_checkins_entry_idx').on(t.entryId, t.date)],
);

export const eventFish = pgTable(
  'event_fish',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    groupMemberId: uuid('group_member_id').references(() => eventGroupMembers.id, { onDelete: 'set null' }),
    lakeId: uuid('lake_id').references(() => eventLakes.id, { onDelete: 'set null' }),
    lakeName: text('lake_name'),
    date: at('date').notNull(),
    size: real('size').notNull(),
    points: real('points').notNull(),
    species: text('species'),
    lure: text('lure'),
    key: text('key'),
    flag: boolean('flag').notNull().default(false),
    photoMeasurement: text('photo_measurement'),
    photoAngler: text('photo_angler'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    tz: text('tz'),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('event_fish_event_idx').on(t.eventId, t.entryId),
    index('event_fish_entry_idx').on(t.entryId),
    // A photo proves one fish: a double submit stores the fish once, and a photo cannot score twice.
    uniqueIndex('event_fish_measurement_key').on(t.eventId, t.photoMeasurement).where(sql`${t.photoMeasurement} is not null`),
    uniqueIndex('event_fish_angler_key').on(t.eventId, t.photoAngler).where(sql`${t.photoAngler} is not null`),
  ],
);
