/**
 * The owner dashboard's rules (seed 002 sections 2, 4, 5 and 9): its messages, the rounding of an
 * owner's fish edit, an entry's total, the filters of the entries list and the export's columns.
 * Pure: the server enforces these and the web shows them.
 */

export const ownerMessages = {
  /** The seed's words for an add-owner e-mail with no account (sections 5 and 8). */
  noUserWithEmail: (email: string) => `no user found with an email: ${email}`,
  // Ours: the seed names these rules without their words (docs/events.md, "Owner dashboard").
  notOwner: 'Only the owners of this event can do that.',
  memberNotFound: 'There is no member with that id.',
  emailRequired: 'An email is required to add an entry.',
  teamNameRequired: 'A team event needs a team name.',
  teamEmails: 'A team event needs one email for each team member.',
  teamTooBig: (size: number) => `A team has at most ${size} members.`,
  entryNotFound: 'That entry is not in this event.',
  fishNotFound: 'That fish is not in this event.',
  fishTooBig: 'Entry must be less than 60 inches',
  fishSize: 'A fish needs a size above 0 inches.',
  lastOwner: 'An event needs at least one owner.',
  keepYourself: 'You cannot remove yourself as an owner: ask another owner to remove you.',
  ownersMissing: 'Add at least one owner by e-mail.',
  inviteWho: 'Enter an email or a username to invite.',
  invitePublic: 'Invites are for private events: anyone can already see and enter a public event.',
  noUserWithUsername: (username: string) => `no user found with a username: ${username}`,
  notAnOwnerAnywhere: 'Only event owners can look up members.',
  linkTaken: 'That account already has an entry in this event.',
  fishFor: 'Choose the entry this fish is for.',
  fishDate: 'When the fish was caught must be a date and time.',
  fishDateOutside: 'A fish must be caught between the event’s start and its end, and not in the future.',
  fishEntered: (name: string) => `Fish entered for ${name}.`,
  checkedIn: (name: string) => `${name} is checked in.`,
  alreadyCheckedIn: (name: string) => `${name} is already checked in.`,
  checkedInAll: (count: number) => (count === 0 ? 'Every entry is already checked in.' : `Checked in ${count} ${count === 1 ? 'entry' : 'entries'}.`),
  checkinAllRefused: (count: number, reason: string) => ` ${count} could not be checked in: ${reason}`,
} as const;

/** The seed's maximum fish size in inches (section 9). */
export const MAX_FISH_INCHES = 60;

/** Fish points and size are rounded to 2 decimals on an owner's edit (section 9). */
export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** An entry's total as the server recomputes it: the points of its fish that are not flagged. */
export function entryTotal(fish: ReadonlyArray<{ points: number; flag: boolean }>): number {
  return round2(fish.reduce((sum, f) => (f.flag ? sum : sum + f.points), 0));
}

/** The dashboard's zone filter: the registration form's zones 1 to 10 (the seed's list stops at 6). */
export const DASHBOARD_ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const DASHBOARD_GENDERS = ['Male', 'Female', 'Other'] as const;
export const DASHBOARD_ENTRY_TYPES = ['Adult', 'Family', 'Junior'] as const;

/** The entry types of the muskie form by price code (section 9): what an entry's `type` is filed under. */
const ENTRY_TYPE_OF_PRICE: Record<number, (typeof DASHBOARD_ENTRY_TYPES)[number]> = {
  110: 'Adult',
  100: 'Adult',
  40: 'Junior',
  30: 'Junior',
  200: 'Family',
  180: 'Family',
};

export type DashboardEntryLike = {
  _id: string;
  id: string | null;
  name: string;
  email: string;
  username: string | null;
  customFields: Record<string, unknown>;
};

export type DashboardFilter = {
  search: string;
  zone: string;
  gender: string;
  entryType: string;
  junior: boolean;
};

export const EMPTY_FILTER: DashboardFilter = { search: '', zone: '', gender: '', entryType: '', junior: false };

/** The entry's type (Adult, Family, Junior) from its form fields: the label, else the price code. */
export function entryTypeOf(customFields: Record<string, unknown>): string | null {
  const label = typeof customFields.type === 'string' ? customFields.type : '';
  for (const type of DASHBOARD_ENTRY_TYPES) if (label.toLowerCase().includes(type.toLowerCase())) return type;
  const price = Number(customFields.priceValue);
  return ENTRY_TYPE_OF_PRICE[price] ?? null;
}

const truthy = (value: unknown) => value === true || value === 'true' || value === 'Yes' || value === 1;

/** The header's filters: name, e-mail or id (contains, any case), zone, gender, entry type, junior. */
export function matchesFilter(entry: DashboardEntryLike, filter: DashboardFilter): boolean {
  const cf = entry.customFields;
  const q = filter.search.trim().toLowerCase();
  if (q) {
    const haystack = [entry.name, entry.email, entry.username ?? '', entry.id ?? '', entry._id].join(' ').toLowerCase();
    if (!haystack.includes(q)) return false;
  }
  if (filter.zone && String(cf.zone ?? '').replace(/^zone\s*/i, '') !== filter.zone) return false;
  if (filter.gender && cf.gender !== filter.gender) return false;
  if (filter.entryType && entryTypeOf(cf) !== filter.entryType) return false;
  if (filter.junior && !truthy(cf.junior)) return false;
  return true;
}

/**
 * A CSV cell a spreadsheet will not run: text starting with = + - @ or a tab or carriage return
 * is a formula to Excel and Sheets (CSV injection), so it gets a leading apostrophe. Numbers stay
 * numbers (a negative total is not a formula).
 */
export function formulaSafe(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const EXPORT_FILENAME = 'event-entry-details.csv';

/** The export's fixed columns, before the custom fields and the fish. */
export const EXPORT_ENTRY_COLUMNS = [
  'Entry',
  'ID',
  'Name',
  'Username',
  'Email',
  'Linked',
  'Division',
  'Team',
  'Team Emails',
  'Registered',
  'Check-ins',
  'Fish Count',
  'Flagged Fish',
  'Total Points',
  'Points Override',
] as const;

export const EXPORT_FISH_FIELDS = ['Date', 'Species', 'Size', 'Points', 'Lake', 'Lure', 'Flagged'] as const;

/** Flattens nested custom fields to dotted names (`addOns.hat`, `boat.ownershipStatus`); lists are joined. */
export function flattenFields(fields: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flattenFields(value as Record<string, unknown>, name));
    else if (Array.isArray(value)) out[name] = value.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : String(v))).join('; ');
    else out[name] = value;
  }
  return out;
}
