// Names match us-atlas's `name` property so polygon hits map straight to USPS codes.
const STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Commonwealth of the Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'United States Virgin Islands'],
];

const CODE_BY_NAME = new Map(STATES.map(([code, name]) => [name.toUpperCase(), code]));
const NAME_BY_CODE = new Map(STATES.map(([code, name]) => [code, name]));

/** USPS code for a state's full name or code, any case; null when unknown. */
export function stateCode(nameOrCode: string): string | null {
  const key = nameOrCode.trim().replace(/\s+/g, ' ').toUpperCase();
  if (NAME_BY_CODE.has(key)) return key;
  return CODE_BY_NAME.get(key) ?? null;
}

export function stateName(code: string): string | null {
  return NAME_BY_CODE.get(code.toUpperCase()) ?? null;
}

/** Longest state names first, so "west virginia" wins over "virginia" as a suffix. */
export const STATE_NAMES_LONGEST_FIRST: readonly string[] = STATES.map(([, name]) => name.toUpperCase()).sort(
  (a, b) => b.length - a.length,
);
