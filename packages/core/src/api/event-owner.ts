// ---------------------------------------------------------------------------------------------
// The owner dashboard's calls (issue 16, events part 3): seed 002 section 7 as written, plus the
// dashboard's own read. Every one is for the event's owners and co-owners only: the server answers
// 403 to any other member whatever the client sends, 404 when the event does not exist.
// ---------------------------------------------------------------------------------------------
import { z } from 'zod';
import { emailRule } from '../accounts';
import { eventMessages } from '../events/messages';
import { LIMITS } from '../events/model';
import { MAX_FISH_INCHES, ownerMessages as m } from '../events/owner';
import { contract, idParam, isUuid, jsonBody, raw } from './contract';
import { muskieRegistered } from './event-payments';
import { enterFishBody, eventView } from './events';

const eventId = idParam(eventMessages.notFound);
const uuid = (message: string) => z.string().refine(isUuid, { message });
const email = (message: string) => z.string({ error: message }).trim().min(1, message).pipe(emailRule);

/** The form's fields of an entry (the muskie form's customFields, shipped, add-ons): bounded, any shape. */
const customFields = z
  .record(z.string().max(60), z.unknown())
  .refine((v) => Object.keys(v).length <= 80 && JSON.stringify(v).length <= 20_000, { message: 'Those entry details are too long.' });

const teamEmail = z.object({ value: z.string().trim().max(254) });

/** The add-entry form (seed: teamName, user{email,name}); the muskie form's admin mode adds its fields. */
export const manualEntryBody = z.object({
  teamName: z.string().trim().max(LIMITS.name).nullish(),
  team: z.object({ name: z.string().trim().max(LIMITS.name).nullish(), emails: z.array(teamEmail).max(10).default([]) }).nullish(),
  // Loose: the muskie form's admin mode sends the seed's registration payload here, read whole by
  // its own schema (core/events/muskie); a missing e-mail is answered by whichever form it is.
  user: z.looseObject({
    email: z.string().trim().max(254).default(''),
    name: z.string().trim().max(LIMITS.name).nullish(),
    username: z.string().trim().max(60).nullish(),
  }).prefault({}),
  /** The tournament ID; the server assigns the next free number when blank. */
  id: z.string().trim().max(40).nullish(),
  division: z.string().trim().max(LIMITS.division).nullish(),
  customFields: customFields.nullish(),
  // The muskie payload's own fields (MUSKIE_ONLY_FIELDS), kept for its schema to read.
  type: z.unknown().optional(),
  typeFriendly: z.unknown().optional(),
  zone: z.unknown().optional(),
  ais: z.unknown().optional(),
  seniorBonus: z.unknown().optional(),
  agreements: z.unknown().optional(),
  group: z.unknown().optional(),
  payment: z.unknown().optional(),
});
export type ManualEntryBody = z.output<typeof manualEntryBody>;

/** An upload's EXIF as the camera wrote it: owners only, never on a public answer. */
const photoExif = z.object({
  takenAt: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  software: z.string().nullable(),
});

const fishView = z.object({
  _id: z.string(),
  date: z.string(),
  size: z.number(),
  points: z.number(),
  species: z.string().nullable(),
  lure: z.string().nullable(),
  key: z.string().nullable(),
  lake: z.object({ name: z.string() }).nullable(),
  flag: z.boolean(),
  photos: z.object({ measurement: z.string().nullable(), angler: z.string().nullable() }),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  tz: z.string().nullable(),
  /** The group member who caught it, on a team entry. */
  memberName: z.string().nullable(),
  /** Who entered it: the angler, or an owner on their behalf. */
  enteredBy: z.string().nullable(),
  /** What each photo's camera said (kept aside at upload), and where it disagrees with the fish. */
  exif: z.object({ measurement: photoExif.nullable(), angler: photoExif.nullable(), disagreements: z.array(z.string()) }),
});

/** An entry as its event's owners see it on the dashboard: every field, fish flags, the override. */
export const ownerEntry = z.object({
  _id: z.string(),
  uid: z.string().nullable(),
  id: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  linked: z.boolean(),
  division: z.string().nullable(),
  date: z.string(),
  points: z.number(),
  /** An owner's total set in place of the fish's sum: by whom and when. */
  pointsOverride: z.object({ points: z.number(), fishPoints: z.number(), by: z.string().nullable(), at: z.string() }).nullable(),
  team: z.object({ name: z.string(), emails: z.array(z.object({ value: z.string() })) }).nullable(),
  group: z.array(
    z.object({ name: z.string(), email: z.string().nullable(), gender: z.string().nullable(), junior: z.boolean(), senior: z.boolean(), division: z.string().nullable() }),
  ),
  checkins: z.array(z.object({ date: z.string(), key: z.string().nullable() })),
  /** A check-in is running now (check-in's rule: it lasts the event's timespan); `checkins` holds earlier ones too. */
  checkedIn: z.boolean(),
  fish: z.array(fishView),
  customFields: z.record(z.string(), z.unknown()),
});
export type OwnerEntry = z.infer<typeof ownerEntry>;

export const ownerDashboard = z.object({
  event: eventView,
  entries: z.array(ownerEntry),
  /** The server's clock, so the page says started or ended by the same time the server does. */
  now: z.string(),
});
export type OwnerDashboard = z.infer<typeof ownerDashboard>;

export const dashboard = contract({
  method: 'GET',
  path: '/api/fc/event/dashboard/:id',
  access: 'member',
  summary: 'Ours: the owner dashboard’s data: the event and every entry with its fish (flags), check-ins, team, form fields and any points override. Owners only (403).',
  params: eventId,
  response: ownerDashboard,
});

export const registerManual = contract({
  method: 'POST',
  path: '/api/fc/event/register/manual/:id',
  access: 'member',
  summary:
    'Owners add an entry: `user.email` required; a team event needs `teamName` and one e-mail per member (`team.emails`); a blank `id` gets the next number. The same e-mail and name again answers the entry already there. The muskie form’s admin mode sends the seed’s registration payload (with `type`, `zone`, `agreements`...): no payment, every rule of the form in the seed’s order (400 `{error}`), a blank `id` assigned, a typed one unique; the answer carries its `registration`.',
  params: eventId,
  body: jsonBody(manualEntryBody),
  response: eventView.extend({ registration: muskieRegistered.optional() }),
});

export const editEntryBody = z.object({
  entry: z.object({
    _id: uuid(m.entryNotFound),
    name: z.string().trim().min(1).max(LIMITS.name).optional(),
    email: email(m.emailRequired).optional(),
    id: z.string().trim().max(40).nullish(),
    division: z.string().trim().max(LIMITS.division).nullish(),
    team: z.object({ name: z.string().trim().max(LIMITS.name) }).nullish(),
    customFields: customFields.optional(),
  }),
});

export const editEntry = contract({
  method: 'POST',
  path: '/api/fc/event/edit-entry/:id',
  access: 'member',
  summary:
    'Owners save an entry’s name, e-mail, ID, division, team name and form fields (Packet Shipped is `customFields.shipped`, add-ons `customFields.addOns`); points are the server’s.',
  params: eventId,
  body: jsonBody(editEntryBody),
  response: eventView,
});

export const removeEntry = contract({
  method: 'POST',
  path: '/api/fc/event/remove-entry/:id',
  access: 'member',
  summary: 'Owners remove the entry named by `entryId` (the seed’s remaining `entries` are read and not written back); removing it again answers the event.',
  params: eventId,
  body: jsonBody(z.object({ entryId: uuid(m.entryNotFound), entries: z.array(z.unknown()).max(10_000).optional() })),
  response: eventView,
});

const fishRef = { eventId: uuid(eventMessages.notFound), uid: z.string().max(60).nullish(), fishId: uuid(m.fishNotFound) };

export const flagFish = contract({
  method: 'POST',
  path: '/api/fc/event/entry/flag',
  access: 'member',
  summary: 'Owners set a fish’s `flag` to the value sent (a flagged fish counts for nothing); the entry’s total is recomputed.',
  body: jsonBody(z.object({ ...fishRef, flag: z.boolean({ error: 'Say whether the fish is flagged.' }) })),
  response: eventView,
});

export const deleteFish = contract({
  method: 'POST',
  path: '/api/fc/event/entry/delete',
  access: 'member',
  summary: 'Owners delete a fish of their event; the entry’s total is recomputed. Deleting it again answers the event.',
  body: jsonBody(z.object(fishRef)),
  response: eventView,
});

const rounded = (max: number) => z.coerce.number().finite().min(0).max(max);

export const editFishBody = z.object({
  entryId: uuid(m.entryNotFound),
  fishId: uuid(m.fishNotFound),
  fish: z.object({
    size: rounded(10_000).optional(),
    points: rounded(1_000_000).optional(),
    species: z.string().trim().max(40).nullish(),
    lure: z.string().trim().max(120).nullish(),
    lake: z.union([z.string().trim().max(LIMITS.lakeName), z.object({ name: z.string().trim().max(LIMITS.lakeName) }).transform((l) => l.name)]).nullish(),
  }),
  /** An owner's total for the entry; null clears an earlier one. */
  totalPoints: z.coerce.number().finite().min(-1_000_000).max(1_000_000).nullish(),
});

export const editEntryFish = contract({
  method: 'POST',
  path: '/api/fc/event/edit-entry-fish/:id',
  access: 'member',
  summary: `Owners edit a fish (size and points rounded to 2 decimals; size at most ${MAX_FISH_INCHES}); the total is recomputed, and a \`totalPoints\` that differs is kept as an override with who set it and when.`,
  params: eventId,
  body: jsonBody(editFishBody),
  response: eventView,
});

export const inviteUser = contract({
  method: 'POST',
  path: '/api/fc/event/invite-user',
  access: 'member',
  summary: 'Owners invite to a private event by e-mail or username (`user`, event `id`); an account found is linked and mailed. Inviting again changes nothing.',
  body: jsonBody(
    z.object({
      id: uuid(eventMessages.notFound),
      user: z.union([
        z.string().trim().max(254),
        z.object({ email: z.string().trim().max(254).nullish(), username: z.string().trim().max(60).nullish() }),
      ]),
    }),
  ),
  response: eventView,
});

export const editOwners = contract({
  method: 'POST',
  path: '/api/fc/event/edit-owners/:id',
  access: 'member',
  summary: 'Owners replace the owners list (`owners`: e-mails, with username and id as the lookup gave them); an unknown e-mail is 400 ‘no user found with an email: {email}’.',
  params: eventId,
  body: jsonBody(
    z.object({
      owners: z
        .array(z.object({ email: z.string().trim().max(254), username: z.string().max(60).nullish(), id: z.string().max(60).nullish() }))
        .max(50),
    }),
  ),
  response: eventView,
});

export const findUser = contract({
  method: 'POST',
  path: '/api/user/find',
  access: 'member',
  summary: 'An e-mail’s account `id` and `username`, for members who own an event (403 otherwise); 404 ‘no user found with an email: {email}’. Rate-limited.',
  body: jsonBody(z.object({ email: z.string({ error: m.emailRequired }).trim().max(254) })),
  response: z.object({ id: z.string(), username: z.string() }),
});

export const userCheck = contract({
  method: 'POST',
  path: '/api/fc/event/user-check/:id',
  access: 'member',
  summary:
    'Owners check which entry e-mails have accounts; `linked: true` links that entry to the account with its e-mail, `false` unlinks it. Answers each e-mail with whether it is linked and has an account.',
  params: eventId,
  body: jsonBody(z.object({ emails: z.array(z.object({ email: z.string().trim().max(254), linked: z.boolean().nullish() })).max(5000) })),
  response: z.array(z.object({ email: z.string(), linked: z.boolean(), account: z.boolean() })),
});

export const exportEntries = contract({
  method: 'GET',
  path: '/api/fc/event/export/:id',
  access: 'member',
  summary: 'Owners download event-entry-details.csv: one row per entry with its form fields, totals and fish; cells a spreadsheet would run as formulas are quoted with an apostrophe.',
  params: eventId,
  response: raw('text/csv'),
});

/**
 * admin/enter-fish: the seed's fish entry plus who it is for (`userId`, `userEmail`, `userName`);
 * `entryId` (ours) names the entry outright, and `date` (ours) is when it was caught.
 */
export const adminFishBody = enterFishBody.extend({
  entryId: uuid(m.entryNotFound).nullish(),
  userId: z.string().trim().max(60).nullish(),
  userEmail: z.string().trim().max(254).nullish(),
  userName: z.string().trim().max(LIMITS.name).nullish(),
  date: z.iso.datetime({ offset: true, message: m.fishDate }).nullish(),
});
export type AdminFishBody = z.output<typeof adminFishBody>;

export const adminEnterFish = contract({
  method: 'POST',
  path: '/api/fc/event/admin/enter-fish/:id',
  access: 'member',
  summary:
    'Owners enter a fish for an entry (named by `entryId`, else its account `userId`, else `userEmail`, a team member’s too) with two of their own uploads as photos; scored like an angler’s fish, no check-in needed, allowed after the end. The same photos again store it once.',
  params: eventId,
  body: jsonBody(adminFishBody),
  response: eventView,
});

const checkinAnswer = z.object({ message: z.string(), checkedIn: z.number().int(), event: eventView });

export const adminCheckin = contract({
  method: 'POST',
  path: '/api/fc/event/admin/checkin/:id',
  access: 'member',
  summary:
    'Owners check in the entry with this `email` (no position needed) while the event runs, by the check-in rules: one running check-in at a time, once per week on a schedule. A second call answers that it is already checked in.',
  params: eventId,
  body: jsonBody(z.object({ email: z.string({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(254) })),
  response: checkinAnswer,
});

export const adminCheckinAll = contract({
  method: 'POST',
  path: '/api/fc/event/admin/checkin-all/:id',
  access: 'member',
  summary: 'Owners check in every entry not checked in yet (Checkin All Entries); `checkedIn` counts the new check-ins, so a second call answers 0.',
  params: eventId,
  body: jsonBody(z.object({}).passthrough()),
  response: checkinAnswer,
});
