import { z } from 'zod';
import { latitude, longitude } from '../geo';
import { eventMessages } from '../events/messages';
import { LIMITS, LIST_SIZES, PAYMENT_PROCESSORS } from '../events/model';
import { contract, idParam, isUuid, jsonBody } from './contract';
import { muskieRegistered } from './event-payments';

const text = (max: number) => z.string().trim().max(max);
/** Optional text the form may send empty or null; kept as null. */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalUrl = optionalText(LIMITS.url).refine((v) => v === null || /^https?:\/\//i.test(v), {
  message: 'Links must start with http:// or https://.',
});
/** An instant with an offset, or a wall-clock time ('2027-05-01T06:00') read in the event's zone. */
const dateTime = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((v) => (v ? v : null));

const point = z.object({ lat: latitude, lng: longitude });
const outline = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.any()).max(200),
});

const lakeInput = z.object({
  _id: z.string().max(40).optional(),
  name: z.string().max(LIMITS.lakeName).default(''),
  location: point.nullish().transform((v) => v ?? null),
  area: outline.nullish().transform((v) => v ?? null),
  areaAcres: z.number().nonnegative().nullish(),
});

const weekInput = z.object({
  _id: z.string().max(40).optional(),
  number: z.number().int().min(1).max(LIMITS.weeks),
  dateStart: z.string().trim().max(40),
  dateEnd: z.string().trim().max(40),
  lakes: z
    .array(z.union([z.string().max(LIMITS.lakeName), z.object({ name: z.string().max(LIMITS.lakeName) }).transform((l) => l.name)]))
    .max(60)
    .default([]),
  cost: z.number().min(0).max(LIMITS.cost).nullish(),
  registrationAvailable: z.boolean().optional(),
});

const pointRuleInput = z.object({
  _id: z.string().max(40).optional(),
  species: z.string().max(40),
  startingValue: z.number().min(0).max(60),
  startingPointValue: z.number().min(0).max(10_000),
});

/**
 * The event as the wizard sends it (seed 002 section 3). Every field may be missing in a draft; the
 * rules (core/events/validate) say what each step needs, in the seed's words.
 */
export const eventInput = z.object({
  _id: z.string().max(40).optional(),
  name: optionalText(LIMITS.name),
  type: optionalText(20),
  subtype: optionalText(20),
  format: optionalText(20),
  size: z.union([z.string().max(10), z.number().int().min(1).max(100_000)]).nullish(),
  cost: z.coerce.number().min(0).max(LIMITS.cost).nullish(),
  bagSize: z.number().int().min(2).max(10).nullish(),
  description: optionalText(LIMITS.description),
  public: z.boolean().optional(),
  image: optionalUrl,
  rules: optionalUrl,
  registrationLink: optionalUrl,
  state: optionalText(LIMITS.state),
  species: z.array(z.string().max(40)).max(10).optional(),
  keyType: optionalText(20),
  allWater: z.boolean().optional(),
  divisions: z.array(z.string().trim().min(1).max(LIMITS.division)).max(LIMITS.divisions).optional(),
  dateStart: dateTime,
  dateEnd: dateTime,
  tz: optionalText(64),
  hoursInDay: z.number().int().min(4).max(12).nullish(),
  timespan: z.number().int().min(1).max(72).nullish(),
  teamSize: z.number().int().min(1).max(10).nullish(),
  seriesQuantity: z.number().int().min(1).max(LIMITS.weeks).nullish(),
  lakes: z.array(lakeInput).max(LIMITS.lakes).optional(),
  schedule: z.array(weekInput).max(LIMITS.weeks).optional(),
  pointRules: z.array(pointRuleInput).max(LIMITS.pointRules).optional(),
  customPointRules: z.array(pointRuleInput).max(LIMITS.pointRules).optional(),
  paymentProcessor: z.enum(PAYMENT_PROCESSORS).nullish(),
  /** The public part: a PayPal client id or e-mail, or a Stripe publishable key. */
  paymentProcessorKey: optionalText(LIMITS.processorKey),
  /** The secret part (Stripe secret key, PayPal secret): stored encrypted, never answered. */
  paymentProcessorSecret: optionalText(LIMITS.processorSecret),
});
export type EventInput = z.output<typeof eventInput>;

export const draftBody = eventInput.extend({ step: z.number().int().min(1).max(4).optional() });

/** The final creation: the event, with how its fee is paid when it has one. */
export const createBody = eventInput.extend({
  coupon: optionalText(60),
  /** A charge already answered by POST api/billing/charge for exactly this fee. */
  charge: optionalText(120),
  /** Or a saved card to charge here. */
  card: optionalText(120),
});

const lakeView = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  area: outline.nullable(),
  areaAcres: z.number().nullable(),
  /** The marker the map pins at the lake. */
  marker: z.object({ lat: z.number(), lng: z.number() }),
});

const weekView = z.object({
  _id: z.string(),
  number: z.number(),
  dateStart: z.string(),
  dateEnd: z.string(),
  lakes: z.array(z.string()),
  cost: z.number().nullable(),
  registrationAvailable: z.boolean(),
  entries: z.array(z.string()),
});

const pointRuleView = z.object({ _id: z.string(), species: z.string(), startingValue: z.number(), startingPointValue: z.number() });

/** An entry as everyone sees it; e-mail and customFields only reach the event's owners. */
const entryView = z.object({
  _id: z.string(),
  uid: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().optional(),
  date: z.string(),
  points: z.number(),
  division: z.string().nullable(),
  checkins: z.array(z.object({ date: z.string(), key: z.string().nullable() })),
  fish: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      size: z.number(),
      points: z.number(),
      species: z.string().nullable(),
      lake: z.object({ name: z.string() }).nullable(),
      photos: z.object({ measurement: z.string().nullable(), angler: z.string().nullable() }),
    }),
  ),
  group: z.array(z.object({ name: z.string(), division: z.string().nullable() })),
  team: z.object({ name: z.string() }).nullable(),
  customFields: z.record(z.string(), z.unknown()).optional(),
});

// --- Fish entry and the leaderboard (events part 2) ---

/** A fish as the leaderboard shows it: no position (anglers' spots stay theirs), the moon phase instead. */
export const boardFish = z.object({
  _id: z.string(),
  date: z.string(),
  size: z.number(),
  points: z.number(),
  species: z.string().nullable(),
  lure: z.string().nullable(),
  lake: z.object({ name: z.string() }).nullable(),
  photos: z.object({ measurement: z.string().nullable(), angler: z.string().nullable() }),
  /** The moon's phase on the fish's local day, from the solunar engine (its zone, else the event's). */
  moonPhase: z.string(),
});
export type BoardFish = z.infer<typeof boardFish>;

/**
 * One ranked row: an entry, or a team member as a row of their own (`memberId`). `rank` is over
 * the whole board, `divisionRank` within the row's division. Flagged fish count for nothing.
 */
export const leaderboardRow = z.object({
  rank: z.number(),
  divisionRank: z.number(),
  entryId: z.string(),
  memberId: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  team: z.string().nullable(),
  division: z.string().nullable(),
  points: z.number(),
  fishCount: z.number(),
  /** The longest fish, in inches. */
  bigFish: z.number().nullable(),
  checkedIn: z.boolean(),
  fish: z.array(boardFish),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

const photoUrl = z.string().trim().max(300).nullish();

/** POST api/fc/event/enter-fish/{id}: the fish, where and in which zone, and its two photos (upload-image's URLs). */
export const enterFishBody = z.object({
  species: z.string().trim().max(40).nullish(),
  size: z.coerce.number().min(0).max(1000),
  lure: optionalText(120),
  lake: z
    .union([z.string().trim().max(LIMITS.lakeName), z.object({ name: z.string().trim().max(LIMITS.lakeName) }).transform((l) => l.name)])
    .nullish()
    .transform((v) => (v ? v : null)),
  lat: latitude.nullish(),
  lng: longitude.nullish(),
  tz: optionalText(64),
  photos: z.object({ measurement: photoUrl, angler: photoUrl }).default({}),
});
export type EnterFishInput = z.output<typeof enterFishBody>;

export const eventView = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  subtype: z.string().nullable(),
  format: z.string().nullable(),
  size: z.string().nullable(),
  cost: z.number(),
  bagSize: z.number().nullable(),
  description: z.string().nullable(),
  public: z.boolean(),
  image: z.string().nullable(),
  rules: z.string().nullable(),
  registrationLink: z.string().nullable(),
  state: z.string().nullable(),
  species: z.array(z.string()),
  keyType: z.string().nullable(),
  allWater: z.boolean(),
  divisions: z.array(z.string()),
  dateStart: z.string().nullable(),
  dateEnd: z.string().nullable(),
  tz: z.string(),
  hoursInDay: z.number().nullable(),
  timespan: z.number(),
  teamSize: z.number().nullable(),
  seriesQuantity: z.number().nullable(),
  seriesDates: z.array(z.object({ number: z.number(), dateStart: z.string(), dateEnd: z.string() })),
  status: z.enum(['Draft', 'Active']),
  lakes: z.array(lakeView),
  schedule: z.array(weekView),
  pointRules: z.array(pointRuleView),
  customPointRules: z.array(pointRuleView),
  paymentProcessor: z.string().nullable(),
  paymentProcessorKey: z.string().nullable(),
  /** Whether a secret key is stored (never the key). */
  hasPaymentProcessorSecret: z.boolean(),
  owners: z.array(z.object({ id: z.string(), username: z.string(), email: z.string().optional() })),
  invites: z.array(z.object({ email: z.string().nullable(), username: z.string().nullable() })),
  entries: z.array(entryView),
  /** The creation fee in dollars, as the payment modal shows it. */
  fee: z.number(),
  /** What the caller is to this event. */
  viewer: z.object({ owner: z.boolean(), registered: z.boolean() }),
  /** The ranked board (part 2), so one read shows it. */
  leaderboard: z.array(leaderboardRow),
});
export type EventView = z.infer<typeof eventView>;

export const eventListItem = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  format: z.string().nullable(),
  state: z.string().nullable(),
  species: z.array(z.string()),
  size: z.string().nullable(),
  cost: z.number(),
  dateStart: z.string(),
  dateEnd: z.string(),
  tz: z.string(),
});
export type EventListItem = z.infer<typeof eventListItem>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(40)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(values).optional());

export const eventsQuery = z.object({
  type: oneOf(['Tournament', 'League', 'Series']),
  species: z.string().trim().max(40).optional().transform((v) => (v ? v : undefined)),
  size: z.coerce
    .number()
    .int()
    .optional()
    .refine((v) => v === undefined || (LIST_SIZES as readonly number[]).includes(v), { message: 'Pick one of the listed sizes.' }),
  state: z.string().trim().max(LIMITS.state).optional().transform((v) => (v ? v : undefined)),
  /** The `_id` of the last event of the previous page: the list goes on right behind it (offset then counts from there). */
  after: z.string().refine(isUuid, eventMessages.notFound).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type EventsQuery = z.input<typeof eventsQuery>;
export type EventsFilter = z.output<typeof eventsQuery>;

const eventId = idParam(eventMessages.notFound);
const ownEventId = idParam(eventMessages.notYours);

export const events = contract({
  method: 'GET',
  // Served with or without the seed's trailing slash (the server ignores trailing slashes).
  path: '/api/fc/events',
  access: 'public',
  summary: 'Public events (created, not drafts): not yet ended first by start, then ended ones; filters type, species, size (the list’s sizes), state; pages by offset, or by `after` (the last `_id` of the previous page) for deep pages.',
  query: eventsQuery,
  response: z.array(eventListItem),
});

export const event = contract({
  method: 'GET',
  path: '/api/fc/event/:id',
  access: 'public',
  summary: 'One event: public ones to anyone; private ones to owners, invitees and entrants; drafts to owners. Entrants’ contact fields only to owners.',
  params: eventId,
  response: eventView,
});

export const eventDraft = contract({
  method: 'POST',
  path: '/api/fc/event-draft',
  access: 'member',
  summary: 'Saves the wizard’s event as a Draft (`_id` to update the member’s own draft), checking every step up to `step`, or what is filled; answers the saved event.',
  body: jsonBody(draftBody),
  response: eventView,
});

export const createEvent = contract({
  method: 'POST',
  path: '/api/fc/event',
  access: 'member',
  status: 201,
  summary: 'Creates the event (all steps checked): free, covered by a 100 % `coupon`, or paid by a `charge` id or a saved `card`; a retry answers the same event and charges once.',
  body: jsonBody(createBody),
  response: eventView,
});

export const eventDates = contract({
  method: 'POST',
  path: '/api/fc/event/dates/:id',
  access: 'member',
  summary: 'Owners move an event’s start and end.',
  params: ownEventId,
  body: jsonBody(z.object({ dateStart: z.string().trim().max(40), dateEnd: z.string().trim().max(40) })),
  response: eventView,
});

export const pointRuleSetting = contract({
  method: 'GET',
  path: '/api/fc/settings/:id',
  access: 'public',
  summary: 'A point rule’s `startingValue` (the minimum fish size), for an event the caller may see.',
  params: idParam(eventMessages.pointRuleNotFound),
  response: z.object({ startingValue: z.number() }),
});

/** The dashboard widget's lists: events the member registered for and events they own. */
export const myEvents = contract({
  method: 'GET',
  path: '/api/fc/my-events',
  access: 'member',
  summary: 'The member’s registered and owned events (created ones), for the dashboard widget.',
  response: z.object({
    registered: z.array(z.object({ eventId: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() })),
    owned: z.array(z.object({ eventId: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() })),
  }),
});

// ---------------------------------------------------------------------------------------------
// Registration and check-in (issue 15, events part 2). Kept together to ease merges.
// ---------------------------------------------------------------------------------------------

const teamEmail = z.object({ value: z.string().trim().max(254) });

/**
 * The self-registration payload. The server registers the signed-in member only: `uid`, `email`
 * and `username` are read for the seed's shape and never trusted. The series variant sends the
 * whole event; its extra fields are ignored. `card` (a saved card's id or a fresh card token) pays
 * an event with a cost. Another kind of payload (the muskie form, part 3) adds its own branch.
 */
export const registerBody = z.object({
  uid: z.string().max(60).nullish(),
  email: z.string().max(254).nullish(),
  username: z.string().max(60).nullish(),
  division: optionalText(LIMITS.division),
  team: z
    .object({
      name: optionalText(LIMITS.name),
      emails: z.array(teamEmail).max(10).default([]),
    })
    .nullish(),
  card: optionalText(120),
  // The muskie form's payload (issue 16) rides on the same call: a body with `user` is that form's,
  // read whole by its own schema (core/events/muskie) in its handler. Kept loose here so the series
  // variant's event fields (`type: 'Series'`, ...) never fail this schema.
  user: z.unknown().optional(),
  id: z.unknown().optional(),
  type: z.unknown().optional(),
  typeFriendly: z.unknown().optional(),
  zone: z.unknown().optional(),
  ais: z.unknown().optional(),
  seniorBonus: z.unknown().optional(),
  agreements: z.unknown().optional(),
  customFields: z.unknown().optional(),
  group: z.unknown().optional(),
  payment: z.unknown().optional(),
});
export type RegisterBody = z.output<typeof registerBody>;

export const registerAnswer = eventView.extend({
  /** The sentence to show: 'You have successfully registered!' and the like. */
  message: z.string(),
  /** When the event takes its entries elsewhere: the browser goes there and nothing is registered here. */
  redirect: z.string().nullable(),
  /** The muskie form's registration: its tournament ID, what was paid, and a new account's session. */
  registration: muskieRegistered.optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

export const register = contract({
  method: 'POST',
  path: '/api/fc/event/register/:id',
  // Public for the muskie form, which visitors fill (it makes their account); self registration still needs a member (401).
  access: 'public',
  summary:
    'Registers the signed-in member (never a body `uid`/`email`): free, or paid once with `card` (a failed charge registers nothing); a team event needs its first member, an event with divisions a `division`; a registration link answers `redirect`; a series charges its open weeks. A body with `user` is the muskie form’s payload: 400 `{error}` names the first failing rule in the seed’s order; its `payment` (a PayPal order or a card token) is verified before anyone is registered.',
  params: eventId,
  body: jsonBody(registerBody),
  response: registerAnswer,
});

export const checkinBody = z.object({
  tz: optionalText(64),
  position: z
    .object({ lat: latitude, lng: longitude })
    .nullish()
    .transform((v) => v ?? null),
});

export const checkinAnswer = z.object({
  error: z.string().nullable(),
  /** The day's keycode to show in the fish photos; null for key type None. */
  key: z.string().nullable(),
  message: z.string(),
  event: eventView,
});
export type CheckinAnswer = z.infer<typeof checkinAnswer>;

export const checkin = contract({
  method: 'POST',
  path: '/api/fc/event/checkin/:id',
  access: 'member',
  summary:
    'Checks the registered member in on the event’s water (within 1 km of a lake, or in its state when allWater) once the event has started: one check-in per schedule week, or while none is active (timespan hours, default 18); answers the day’s key.',
  params: eventId,
  body: jsonBody(checkinBody),
  response: checkinAnswer,
});

// --- Fish entry (events part 2) ---

export const enterFish = contract({
  method: 'POST',
  path: '/api/fc/event/enter-fish/:id',
  access: 'member',
  summary:
    'A checked-in entrant enters a fish with two of their own uploads as photos; scored by the event’s point rules, stamped with the day’s key; the same photos again store it once. Answers the event with its leaderboard.',
  params: eventId,
  body: jsonBody(enterFishBody),
  response: eventView,
});
