import { describe, expect, it } from 'vitest';
import {
  checkMuskieRegistration,
  DEFAULT_MUSKIE_SETTINGS,
  muskieCustomFields,
  muskieDivision,
  muskieMessages as m,
  muskieRegistration,
  muskieTotalCents,
  offersRaffle,
  pickupOptions,
  raffleDueAtPickup,
  type MuskieRegistration,
} from '../src/events/muskie';

const settings = DEFAULT_MUSKIE_SETTINGS;
const ctx = { settings, admin: false, signedIn: false };

/** A registration that passes every rule: an adult 3-day entry owning an AIS-compliant boat. */
function complete(): MuskieRegistration {
  return muskieRegistration.parse({
    type: 110,
    typeFriendly: 'Adult 3-Day',
    zone: 3,
    seniorBonus: false,
    agreements: { terms: true, rules: true },
    user: {
      email: 'pike@example.com',
      username: 'pikeman',
      password: 'a long enough password',
      name: 'Pat Pike',
      phone: '715-555-0101',
      pickupLocation: 'Hayward chapter hall',
      gender: 'Male',
      boat: { ownershipStatus: 'Owns the boat', boatCompliance: 'My boat will arrive clean, drained and dry' },
      addons: { shirt: 1, shirtSizes: ['Large'] },
      address: '12 Lake Rd',
      address2: 'Hayward',
      address3: 'WI',
      address4: '54843',
    },
  });
}

/** The seed's 16 rules: how to blank exactly the field each one guards. */
const blanks: Array<[string, (r: MuskieRegistration) => void, string]> = [
  ['email', (r) => (r.user!.email = ''), m.email],
  ['type', (r) => delete r.type, m.type],
  ['name', (r) => (r.user!.name = ' '), m.name],
  ['state', (r) => delete r.user!.address3, m.state],
  ['phone', (r) => (r.user!.phone = ''), m.phone],
  ['street', (r) => (r.user!.address = ''), m.street],
  ['city', (r) => (r.user!.address2 = ''), m.city],
  ['zip', (r) => (r.user!.address4 = ''), m.zip],
  ['gender', (r) => (r.user!.gender = ''), m.gender],
  ['zone', (r) => delete r.zone, m.zone],
  ['AIS option', (r) => (r.user!.boat = {}), m.ais],
  ['AIS compliance', (r) => (r.user!.boat!.boatCompliance = ''), m.aisCompliance],
  ['release', (r) => (r.agreements = { rules: true }), m.terms],
  ['rules', (r) => (r.agreements = { terms: true }), m.rules],
  ['pickup', (r) => (r.user!.pickupLocation = ''), m.pickup],
  ['a shirt size', (r) => (r.user!.addons = { shirt: 2, shirtSizes: ['Large', ''] }), m.shirtSizeBlank],
];

describe('the muskie form’s validation (seed 002 section 5)', () => {
  it('passes a complete registration', () => {
    expect(checkMuskieRegistration(complete(), ctx)).toBeNull();
  });

  it.each(blanks)('names %s when exactly that field is missing', (_field, blank, message) => {
    const r = complete();
    blank(r);
    expect(checkMuskieRegistration(r, ctx)).toBe(message);
  });

  it('checks in the seed’s order: with two fields missing the earlier one is named', () => {
    for (let i = 0; i < blanks.length; i++) {
      for (let j = i + 1; j < blanks.length; j++) {
        const r = complete();
        // AIS compliance is only asked of a boat owner; blanking the option hides it.
        if (blanks[i]![0] === 'AIS option' && blanks[j]![0] === 'AIS compliance') continue;
        blanks[j]![1](r);
        blanks[i]![1](r);
        expect(checkMuskieRegistration(r, ctx), `${blanks[i]![0]} before ${blanks[j]![0]}`).toBe(blanks[i]![2]);
      }
    }
  });

  it('names the email first on an empty form', () => {
    expect(checkMuskieRegistration(muskieRegistration.parse({}), ctx)).toBe(m.email);
  });

  it('asks for compliance only of a boat owner', () => {
    const r = complete();
    r.user!.boat = { ownershipStatus: 'No boat (shore or guide)' };
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
  });

  it('alerts in capitals when shirts are chosen without any size, 2XL included', () => {
    const r = complete();
    r.user!.addons = { shirt: 1, shirtSizes: [] };
    expect(checkMuskieRegistration(r, ctx)).toBe(m.shirtSizeMissing);
    r.user!.addons = { shirt2: 1 };
    expect(checkMuskieRegistration(r, ctx)).toBe(m.shirtSizeMissing);
    r.user!.addons = { shirt2: 1, shirtSizes: ['2XL'] };
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
    r.user!.addons = { shirt: 2, shirtSizes: ['XL'] };
    expect(checkMuskieRegistration(r, ctx)).toBe(m.shirtSizeMissing);
  });
});

describe('the rules the seed states without words', () => {
  it('offers the alternate (Friday) pickup list to types 30, 100 and 180 only', () => {
    expect(pickupOptions(settings, 30)).toHaveLength(4);
    expect(pickupOptions(settings, 100)).toHaveLength(4);
    expect(pickupOptions(settings, 180)).toHaveLength(4);
    expect(pickupOptions(settings, 110)).toHaveLength(5);
    const r = complete();
    r.type = 100;
    r.user!.pickupLocation = 'Eagle River sports shop';
    expect(checkMuskieRegistration(r, ctx)).toBe(m.pickupUnknown);
  });

  it('offers parking only in zones 9 and 10, from that zone’s list', () => {
    const r = complete();
    r.user!.parking = 'Springstead landing';
    expect(checkMuskieRegistration(r, ctx)).toBe(m.parkingZone);
    r.zone = 9;
    expect(checkMuskieRegistration(r, ctx)).toBe(m.parkingUnknown);
    r.zone = 10;
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
  });

  it('keeps raffle tickets from juniors and asks buyers to be 18', () => {
    expect(offersRaffle(30)).toBe(false);
    expect(offersRaffle(40)).toBe(false);
    expect(offersRaffle(200)).toBe(true);
    const r = complete();
    r.user!.addons = { ...r.user!.addons, raffle: 2 };
    expect(checkMuskieRegistration(r, ctx)).toBe(m.raffleAdult);
    r.user!.addons.raffleAdult = true;
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
    r.type = 40;
    r.user!.adultSignature = 'Pat Pike Sr';
    r.user!.child = true;
    expect(checkMuskieRegistration(r, ctx)).toBe(m.raffleJunior);
  });

  it('asks a junior making an account to confirm being 13 or older, and for an adult’s signature', () => {
    const r = complete();
    r.type = 30;
    r.user!.pickupLocation = 'Mercer visitor center';
    expect(checkMuskieRegistration(r, ctx)).toBe(m.adultSignature);
    r.user!.adultSignature = 'Pat Pike Sr';
    expect(checkMuskieRegistration(r, ctx)).toBe(m.junior13);
    expect(checkMuskieRegistration(r, { ...ctx, signedIn: true })).toBeNull();
    r.user!.child = true;
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
  });

  it('allows families only on family types: up to 3 members, 2 adults with 2 juniors or 1 adult with 3', () => {
    const r = complete();
    const junior = { name: 'Kid', gender: 'Female', junior: true, junior13: true };
    const partner = { name: 'Partner', gender: 'Female' };
    r.user!.group = [junior];
    expect(checkMuskieRegistration(r, ctx)).toBe(m.familyOnly);
    r.type = 200;
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
    r.user!.group = [junior, junior, junior];
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
    r.user!.group = [partner, junior, junior];
    expect(checkMuskieRegistration(r, ctx)).toBeNull();
    r.user!.group = [partner, junior, junior, junior];
    expect(checkMuskieRegistration(r, ctx)).toBe(m.familySize);
    r.user!.group = [partner, partner];
    expect(checkMuskieRegistration(r, ctx)).toBe(m.familyShape);
    r.user!.group = [{ name: '', gender: 'Male' }];
    expect(checkMuskieRegistration(r, ctx)).toBe(m.memberName);
  });

  it('needs a username and password to make an account, except signed in or in admin mode', () => {
    const r = complete();
    r.user!.password = '';
    expect(checkMuskieRegistration(r, ctx)).toBe(m.account);
    expect(checkMuskieRegistration(r, { ...ctx, signedIn: true })).toBeNull();
    expect(checkMuskieRegistration(r, { ...ctx, admin: true })).toBeNull();
  });

  it('puts juniors (30, 40) in Junior and the senior bonus in Senior', () => {
    expect(muskieDivision(30, false)).toBe('Junior');
    expect(muskieDivision(40, true)).toBe('Junior');
    expect(muskieDivision(110, true)).toBe('Senior');
    expect(muskieDivision(180, false)).toBe('Adult');
  });
});

describe('the online total (seed 002 section 9)', () => {
  it('is the price plus shirts, 2XL shirts, hats and bumpboards, without the raffle', () => {
    expect(muskieTotalCents(110, undefined)).toBe(11_000);
    expect(muskieTotalCents(40, {})).toBe(4_000);
    expect(muskieTotalCents(200, { shirt: 2, shirt2: 1, hat: 1, bumpboard: 1, raffle: 5 })).toBe((200 + 40 + 25 + 20 + 80) * 100);
    expect(muskieTotalCents('180', { hat: 3 })).toBe(24_000);
    expect(muskieTotalCents(55, {})).toBeNull();
    expect(raffleDueAtPickup({ raffle: 5 })).toBe(100);
  });

  it('refuses a quantity above the limit or below zero at the schema', () => {
    expect(muskieRegistration.safeParse({ user: { addons: { hat: 11 } } }).success).toBe(false);
    expect(muskieRegistration.safeParse({ user: { addons: { hat: -1 } } }).success).toBe(false);
  });

  it('writes the seed’s customFields', () => {
    const fields = muskieCustomFields(complete(), { tournamentId: '1042', totalPaidCents: 13_000, administered: false });
    expect(fields).toMatchObject({ id: '1042', type: 'Adult 3-Day', priceValue: 110, totalPaid: 130, zone: 3, shipped: false });
    expect(fields.addOns).toEqual({ shirt: 1, shirt2: 0, shirtSizes: ['Large'], hat: 0, raffle: 0, bumpboard: 0 });
  });
});
