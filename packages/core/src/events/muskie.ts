import { z } from 'zod';

/**
 * The yearly muskie tournament's public registration form (seed 002 sections 2, 5 and 9): entry
 * types and prices, add-ons, zones, parking, pickup lists, families, divisions, the 16 validation
 * messages in the seed's order and the online total. Pure rules: the form and the server share them,
 * and the server decides (it recomputes the total and re-runs every check).
 */

/** Section 9: the price is also the entry type's code. */
export const MUSKIE_ENTRY_TYPES = [
  { code: 110, label: 'Adult 3-Day', days: 3, family: false, junior: false },
  { code: 40, label: 'Junior 3-Day', days: 3, family: false, junior: true },
  { code: 200, label: 'Family 3-Day', days: 3, family: true, junior: false },
  { code: 100, label: 'Adult 2-Day', days: 2, family: false, junior: false },
  { code: 30, label: 'Junior 2-Day', days: 2, family: false, junior: true },
  { code: 180, label: 'Family 2-Day', days: 2, family: true, junior: false },
] as const;
export type MuskieEntryType = (typeof MUSKIE_ENTRY_TYPES)[number];
export type MuskieTypeCode = MuskieEntryType['code'];

export function muskieEntryType(code: unknown): MuskieEntryType | null {
  const n = typeof code === 'string' ? Number(code) : code;
  return MUSKIE_ENTRY_TYPES.find((t) => t.code === n) ?? null;
}

/** Add-on prices in dollars. The raffle is paid at pickup (cash or check), never online. */
export const MUSKIE_ADDON_PRICES = { shirt: 20, shirt2: 25, hat: 20, bumpboard: 80, raffle: 20 } as const;
/** Sizes of the $20 shirt; 2XL is its own add-on (`shirt2`, $25). `shirtSizes` holds one size per shirt of both. */
export const MUSKIE_SHIRT_SIZES = ['Medium', 'Large', 'XL'] as const;
export const MUSKIE_SHIRT2_SIZE = '2XL';
export const MUSKIE_GENDERS = ['Male', 'Female', 'Other'] as const;
/** How many of one add-on one entry may buy (the form offers 1 to this). */
export const MUSKIE_MAX_QUANTITY = 10;
/** Family entries: up to 3 members beyond the primary. */
export const MUSKIE_MAX_FAMILY_MEMBERS = 3;
export const MUSKIE_ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** Zones with trailer parking (limited spots, kept in the event's settings). */
export const MUSKIE_PARKING_ZONES = [9, 10] as const;

export const AIS_OWNS_BOAT = 'Owns the boat';
export const AIS_STATUSES = [AIS_OWNS_BOAT, 'Fishing from another angler’s boat', 'No boat (shore or guide)'] as const;
export const AIS_COMPLIANCE = [
  'My boat will arrive clean, drained and dry',
  'My boat will be inspected at an AIS station before launch',
] as const;

/** The seed's messages (section 5), word for word, in the order they are checked. */
export const muskieMessages = {
  email: 'A user registration requires an email to complete registration.',
  type: 'Entry type is required',
  name: 'Your name is required',
  state: 'Your address state is required',
  phone: 'Your phone number is required',
  street: 'Your address street is required',
  city: 'Your address city is required',
  zip: 'Your address zip is required',
  gender: 'Your gender is required',
  zone: 'A fishing zone is required',
  ais: 'You must select an AIS option for your boat',
  aisCompliance: 'You must select an AIS compliance option',
  terms: 'You must agree to the Tournament Release of Liability',
  rules: 'You must agree to the Tournament Rules',
  pickup: 'You must choose a pick up location',
  shirtSizeBlank: 'You left a shirt size field blank. Please make a selection.',
  shirtSizeMissing: 'YOU ARE MISSING A SHIRT SIZE FOR YOUR SHIRT',
  emailTaken: 'That email is already taken, please try a different email, or log in.',
  usernameTaken: 'That username is already taken, please try a different email, or log in.',
  success: 'Success - You have successfully registered for the tournament',
  // Ours: the seed names these rules without their words (docs/events.md, "The muskie form").
  secondEntry:
    'This account already has an entry in this tournament. Multiple entries on one account should only be an adult registering a junior.',
  junior13: 'A junior must be 13 or older to create an account. Please confirm your age.',
  familyOnly: 'Only family entries can add family members.',
  familySize: 'A family entry can add up to 3 members.',
  familyShape: 'A family is two adults (husband, wife or partner) with up to 2 juniors, or 1 adult with up to 3 juniors.',
  memberName: 'Each family member needs a name.',
  memberGender: 'Each family member needs a gender.',
  zoneUnknown: 'Pick one of the fishing zones 1 to 10.',
  pickupUnknown: 'That pick up location is not offered for your entry type.',
  parkingZone: 'Trailer parking is only offered in zones 9 and 10.',
  parkingUnknown: 'That parking option is not offered in your zone.',
  parkingFull: 'That parking area is full. Please choose another option.',
  raffleJunior: 'Raffle tickets are not offered for junior entries.',
  raffleAdult: 'Raffle ticket buyers must be 18 or older.',
  shirtSizeUnknown: 'Pick one of the listed shirt sizes.',
  adultSignature: 'A parent or guardian must sign the release for a junior entry.',
  account: 'Choose a username and a password to create your account, or log in first.',
  idTaken: 'That tournament ID is already used by another entry.',
} as const;

/** One pickup location with its day and hours, as the organiser sets it. */
export const pickupLocation = z.object({
  name: z.string().trim().min(1).max(120),
  time: z.string().trim().max(120).default(''),
});
export type PickupLocation = z.infer<typeof pickupLocation>;

/** The form's settings, kept with the event so the chapter edits them yearly without a release. */
export const muskieSettings = z.object({
  /** The lakes of each zone, zones 1 to 10. */
  zones: z.array(z.object({ zone: z.number().int().min(1).max(10), lakes: z.array(z.string().trim().min(1).max(120)).max(30) })).max(10),
  /** Trailer parking areas of zones 9 and 10 and how many spots each has. */
  parking: z.array(z.object({ zone: z.union([z.literal(9), z.literal(10)]), name: z.string().trim().min(1).max(120), spots: z.number().int().min(0).max(10_000) })).max(20),
  /** Thursday pickup (3-day entries): five locations. */
  pickupStandard: z.array(pickupLocation).min(1).max(10),
  /** Friday pickup (2-day entries, types 30, 100 and 180): four locations. */
  pickupAlternate: z.array(pickupLocation).min(1).max(10),
});
export type MuskieSettings = z.infer<typeof muskieSettings>;

/** The chapter's settings for a new tournament; organisers change them per event. */
export const DEFAULT_MUSKIE_SETTINGS: MuskieSettings = {
  zones: [
    { zone: 1, lakes: ['Lac Vieux Desert', 'Big Twin Lake', 'Little Twin Lake'] },
    { zone: 2, lakes: ['Big Arbor Vitae Lake', 'Little Arbor Vitae Lake', 'Fence Lake'] },
    { zone: 3, lakes: ['Trout Lake', 'Big Muskellunge Lake', 'Allequash Lake'] },
    { zone: 4, lakes: ['Boulder Lake', 'Big Lake', 'Papoose Lake'] },
    { zone: 5, lakes: ['Manitowish Lake', 'Rest Lake', 'Spider Lake', 'Vance Lake'] },
    { zone: 6, lakes: ['Pelican Lake', 'Lake Tomahawk', 'Minocqua Lake'] },
    { zone: 7, lakes: ['Lake Katherine', 'Lake Mid', 'Hasbrook Lake'] },
    { zone: 8, lakes: ['Squirrel Lake', 'Lake Nokomis', 'Willow Flowage'] },
    { zone: 9, lakes: ['Chippewa Flowage'] },
    { zone: 10, lakes: ['Turtle-Flambeau Flowage'] },
  ],
  parking: [
    { zone: 9, name: 'Herman’s Landing lot', spots: 25 },
    { zone: 9, name: 'County CC boat landing', spots: 15 },
    { zone: 10, name: 'Springstead landing', spots: 20 },
    { zone: 10, name: 'Fisherman’s Landing', spots: 12 },
  ],
  pickupStandard: [
    { name: 'Hayward chapter hall', time: 'Thursday 3 pm - 8 pm' },
    { name: 'Minocqua Bait & Tackle', time: 'Thursday 2 pm - 7 pm' },
    { name: 'Boulder Junction community center', time: 'Thursday 3 pm - 7 pm' },
    { name: 'Eagle River sports shop', time: 'Thursday 4 pm - 8 pm' },
    { name: 'Mercer visitor center', time: 'Thursday 3 pm - 6 pm' },
  ],
  pickupAlternate: [
    { name: 'Hayward chapter hall', time: 'Friday 3 pm - 8 pm' },
    { name: 'Minocqua Bait & Tackle', time: 'Friday 2 pm - 7 pm' },
    { name: 'Boulder Junction community center', time: 'Friday 3 pm - 7 pm' },
    { name: 'Mercer visitor center', time: 'Friday 3 pm - 6 pm' },
  ],
};

/** Types 30, 100 and 180 (the 2-day entries) pick up on Friday from the alternate list. */
export function usesAlternatePickup(type: number): boolean {
  return type === 30 || type === 100 || type === 180;
}

export function pickupOptions(settings: MuskieSettings, type: number): PickupLocation[] {
  return usesAlternatePickup(type) ? settings.pickupAlternate : settings.pickupStandard;
}

/** Raffle tickets are offered to every type but the junior ones (30 and 40). */
export function offersRaffle(type: number): boolean {
  return type !== 30 && type !== 40;
}

export function parkingOptions(settings: MuskieSettings, zone: number) {
  return settings.parking.filter((p) => p.zone === zone);
}

/** Junior for types 30 and 40, Senior with the senior bonus, otherwise Adult. */
export function muskieDivision(type: number, seniorBonus: boolean): 'Junior' | 'Senior' | 'Adult' {
  if (type === 30 || type === 40) return 'Junior';
  return seniorBonus ? 'Senior' : 'Adult';
}

/** A family member's division: junior or senior when ticked, Adult otherwise (section 4). */
export function memberDivision(member: { junior?: boolean | null; senior?: boolean | null }): 'Junior' | 'Senior' | 'Adult' {
  if (member.junior) return 'Junior';
  if (member.senior) return 'Senior';
  return 'Adult';
}

const quantity = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number().int().min(0).max(MUSKIE_MAX_QUANTITY).optional(),
);
const text = (max: number) => z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max).optional());
const flag = z.preprocess((v) => (v === null ? undefined : v), z.boolean().optional());

export const muskieAddons = z.object({
  /** $20 shirts (Medium, Large, XL), one size per shirt in `shirtSizes`. */
  shirt: quantity,
  /** $25 2XL shirts. */
  shirt2: quantity,
  shirtSizes: z.array(z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(20))).max(MUSKIE_MAX_QUANTITY).optional(),
  hat: quantity,
  bumpboard: quantity,
  /** Raffle tickets: paid at pickup. */
  raffle: quantity,
  /** The buyer confirms being 18 or older (ours: the seed names the rule). */
  raffleAdult: flag,
});
export type MuskieAddons = z.infer<typeof muskieAddons>;

export const muskieMember = z.object({
  name: text(120),
  email: text(254),
  gender: text(20),
  junior: flag,
  /** A junior member is 13 or older (only then is an e-mail kept for them). */
  junior13: flag,
  senior: flag,
});
export type MuskieMember = z.infer<typeof muskieMember>;

export const muskieBoat = z.object({
  ownershipStatus: text(80),
  boatOwnedBy: text(120),
  boatCompliance: text(120),
});

/**
 * The seed's registration payload (section 3). Every field may be missing: the rules below, not the
 * schema, say what is required, in the seed's words and order. `payment` is ours: what paid the
 * online total (a PayPal order the buttons approved, or a card token).
 */
export const muskieRegistration = z.object({
  id: text(40),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number({ error: muskieMessages.type }).optional()),
  typeFriendly: text(60),
  zone: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number({ error: muskieMessages.zoneUnknown }).optional()),
  ais: text(80),
  seniorBonus: flag,
  agreements: z.object({ terms: flag, rules: flag }).partial().optional(),
  user: z
    .object({
      email: text(254),
      username: text(60),
      password: z.preprocess((v) => (v === null ? undefined : v), z.string().max(200).optional()),
      name: text(120),
      phone: text(40),
      adultSignature: text(120),
      pickupLocation: text(120),
      gender: text(20),
      division: text(20),
      boat: muskieBoat.optional(),
      parking: text(120),
      parkingOther: text(300),
      group: z.array(muskieMember).max(10).optional(),
      /** The 13-or-older acknowledgement of a junior creating an account. */
      child: flag,
      hasAccount: flag,
      addons: muskieAddons.optional(),
      /** Street. */
      address: text(200),
      /** City. */
      address2: text(120),
      /** State. */
      address3: text(60),
      /** ZIP. */
      address4: text(20),
    })
    .optional(),
  customFields: z.record(z.string(), z.unknown()).optional(),
  group: z.array(muskieMember).max(10).optional(),
  division: text(20),
  payment: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('PP'), orderId: z.string().trim().min(1).max(64) }),
      z.object({ type: z.literal('card'), token: z.string().trim().min(1).max(200) }),
    ])
    .optional(),
});
export type MuskieRegistration = z.infer<typeof muskieRegistration>;

const blank = (v: string | undefined | null) => !v || v.trim() === '';

/** Fields only the seed's registration payload has: the owner's add-entry form sends none of them. */
export const MUSKIE_ONLY_FIELDS = ['type', 'typeFriendly', 'zone', 'ais', 'seniorBonus', 'agreements', 'group', 'payment'] as const;

/** Whether a body posted to register/manual is the muskie form's (its admin mode) rather than the add-entry form's. */
export function isMuskiePayload(body: object): boolean {
  return MUSKIE_ONLY_FIELDS.some((field) => (body as Record<string, unknown>)[field] !== undefined);
}

/** The family members of a registration (the seed sends them on `user.group` or at the top). */
export function familyOf(r: MuskieRegistration): MuskieMember[] {
  return r.user?.group ?? r.group ?? [];
}

export function aisStatusOf(r: MuskieRegistration): string | undefined {
  return r.user?.boat?.ownershipStatus || r.ais || undefined;
}

/**
 * The online total in cents: the entry price plus shirts, 2XL shirts, hats and bumpboards. Raffle
 * tickets are paid at pickup and never counted. Null when the type is unknown.
 */
export function muskieTotalCents(type: unknown, addons: MuskieAddons | undefined): number | null {
  const entry = muskieEntryType(type);
  if (!entry) return null;
  const a = addons ?? {};
  const p = MUSKIE_ADDON_PRICES;
  const dollars = entry.code + (a.shirt ?? 0) * p.shirt + (a.shirt2 ?? 0) * p.shirt2 + (a.hat ?? 0) * p.hat + (a.bumpboard ?? 0) * p.bumpboard;
  return dollars * 100;
}

/** What the raffle costs at pickup, in dollars (shown beside the online total, never charged). */
export function raffleDueAtPickup(addons: MuskieAddons | undefined): number {
  return (addons?.raffle ?? 0) * MUSKIE_ADDON_PRICES.raffle;
}

export type MuskieCheckContext = {
  settings: MuskieSettings;
  /** The owner's admin mode: no payment, no account rules, warnings hidden. */
  admin: boolean;
  /** The registrant has an account already (signed in, or `hasAccount`): no username/password needed. */
  signedIn: boolean;
};

/**
 * The seed's 16 checks in its order (section 5), then the shirt-size alert, then the rules the seed
 * states without words (families, juniors, raffle, zone, pickup and parking options). Answers the
 * first failing rule's message, or null when the registration may go on to payment.
 */
export function checkMuskieRegistration(r: MuskieRegistration, ctx: MuskieCheckContext): string | null {
  const m = muskieMessages;
  const u = r.user ?? {};
  const addons = u.addons ?? {};
  const status = aisStatusOf(r);
  const sizes = addons.shirtSizes ?? [];
  const seed: Array<[boolean, string]> = [
    [blank(u.email), m.email],
    [r.type === undefined, m.type],
    [blank(u.name), m.name],
    [blank(u.address3), m.state],
    [blank(u.phone), m.phone],
    [blank(u.address), m.street],
    [blank(u.address2), m.city],
    [blank(u.address4), m.zip],
    [blank(u.gender), m.gender],
    [r.zone === undefined, m.zone],
    [blank(status), m.ais],
    [status === AIS_OWNS_BOAT && blank(u.boat?.boatCompliance), m.aisCompliance],
    [r.agreements?.terms !== true, m.terms],
    [r.agreements?.rules !== true, m.rules],
    [blank(u.pickupLocation), m.pickup],
    [sizes.some((s) => s === ''), m.shirtSizeBlank],
    [((addons.shirt ?? 0) > 0 || (addons.shirt2 ?? 0) > 0) && sizes.length === 0, m.shirtSizeMissing],
  ];
  for (const [failed, message] of seed) if (failed) return message;
  return checkBeyondSeed(r, ctx);
}

function checkBeyondSeed(r: MuskieRegistration, ctx: MuskieCheckContext): string | null {
  const m = muskieMessages;
  const u = r.user ?? {};
  const addons = u.addons ?? {};
  const entry = muskieEntryType(r.type);
  if (!entry) return m.type;
  if (!MUSKIE_GENDERS.includes(u.gender as (typeof MUSKIE_GENDERS)[number])) return m.gender;
  const zone = r.zone ?? 0;
  if (!(MUSKIE_ZONES as readonly number[]).includes(zone)) return m.zoneUnknown;
  const status = aisStatusOf(r);
  if (!(AIS_STATUSES as readonly string[]).includes(status ?? '')) return m.ais;
  if (status === AIS_OWNS_BOAT && !(AIS_COMPLIANCE as readonly string[]).includes(u.boat?.boatCompliance ?? '')) return m.aisCompliance;
  if (!pickupOptions(ctx.settings, entry.code).some((p) => p.name === u.pickupLocation)) return m.pickupUnknown;
  // One size per shirt: 2XL for each `shirt2`, Medium, Large or XL for each `shirt`.
  const sizes = addons.shirtSizes ?? [];
  if (sizes.some((s) => s !== MUSKIE_SHIRT2_SIZE && !(MUSKIE_SHIRT_SIZES as readonly string[]).includes(s))) return m.shirtSizeUnknown;
  const xxl = sizes.filter((s) => s === MUSKIE_SHIRT2_SIZE).length;
  if (xxl !== (addons.shirt2 ?? 0) || sizes.length - xxl !== (addons.shirt ?? 0)) return m.shirtSizeMissing;
  if (!blank(u.parking)) {
    if (!(MUSKIE_PARKING_ZONES as readonly number[]).includes(zone)) return m.parkingZone;
    if (!parkingOptions(ctx.settings, zone).some((p) => p.name === u.parking)) return m.parkingUnknown;
  }
  if ((addons.raffle ?? 0) > 0) {
    if (!offersRaffle(entry.code)) return m.raffleJunior;
    if (!ctx.admin && addons.raffleAdult !== true) return m.raffleAdult;
  }
  if (entry.junior && !ctx.admin) {
    if (blank(u.adultSignature)) return m.adultSignature;
    if (!ctx.signedIn && u.child !== true) return m.junior13;
  }
  const family = familyOf(r);
  if (family.length > 0 && !entry.family) return m.familyOnly;
  if (family.length > MUSKIE_MAX_FAMILY_MEMBERS) return m.familySize;
  for (const member of family) {
    if (blank(member.name)) return m.memberName;
    if (!MUSKIE_GENDERS.includes(member.gender as (typeof MUSKIE_GENDERS)[number])) return m.memberGender;
  }
  // The primary is an adult: at most one more adult (a partner), who leaves room for 2 juniors.
  const adults = family.filter((f) => !f.junior).length;
  if (adults > 1) return m.familyShape;
  if (!ctx.admin && !ctx.signedIn && (blank(u.username) || blank(u.password))) return m.account;
  return null;
}

/** The entry's customFields as the seed names them (section 3), from a registration that passed the checks. */
export function muskieCustomFields(
  r: MuskieRegistration,
  extra: { tournamentId: string; totalPaidCents: number; administered: boolean },
): Record<string, unknown> {
  const u = r.user ?? {};
  const entry = muskieEntryType(r.type);
  const a = u.addons ?? {};
  return {
    name: u.name ?? '',
    id: extra.tournamentId,
    zone: r.zone,
    phone: u.phone ?? '',
    agreements: r.agreements?.terms === true,
    rules: r.agreements?.rules === true,
    seniorBonus: r.seniorBonus === true,
    junior: entry?.junior ?? false,
    address: u.address ?? '',
    address2: u.address2 ?? '',
    address3: u.address3 ?? '',
    address4: u.address4 ?? '',
    priceValue: entry?.code ?? null,
    type: entry?.label ?? null,
    totalPaid: extra.totalPaidCents / 100,
    pickupLocation: u.pickupLocation ?? '',
    gender: u.gender ?? '',
    boat: {
      ownershipStatus: aisStatusOf(r) ?? '',
      boatOwnedBy: u.boat?.boatOwnedBy ?? '',
      boatCompliance: u.boat?.boatCompliance ?? '',
    },
    parking: u.parking ?? '',
    parkingOther: u.parkingOther ?? '',
    administered: extra.administered,
    addOns: {
      shirt: a.shirt ?? 0,
      shirt2: a.shirt2 ?? 0,
      shirtSizes: a.shirtSizes ?? [],
      hat: a.hat ?? 0,
      raffle: a.raffle ?? 0,
      bumpboard: a.bumpboard ?? 0,
    },
    adultSignature: u.adultSignature ?? '',
    shipped: false,
  };
}
