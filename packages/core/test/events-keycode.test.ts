import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activeCheckinOf, checkinWaterProblem, decideCheckin, distanceToLakeKm } from '../src/events/checkin';
import { CARD_SUITS, CARD_VALUES, keycodeAt, keycodeForDay } from '../src/events/keycode';
import { registrationMessages as m } from '../src/events/registration-messages';
import { decideRegistration, seriesCostCents } from '../src/events/registration';
import { hmacSha256, sha256 } from '../src/events/sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const SECRET = 'a'.repeat(64);
const CARD = new RegExp(`^(${CARD_VALUES.join('|')}) of (${CARD_SUITS.join('|')})$`);

describe('sha256 and HMAC', () => {
  it('match node:crypto on short, block-sized and long inputs', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 1000]) {
      const input = new Uint8Array(length).map((_, i) => (i * 31 + 7) & 255);
      expect(hex(sha256(input))).toBe(createHash('sha256').update(input).digest('hex'));
      for (const key of ['k', 'x'.repeat(64), 'y'.repeat(100)]) {
        expect(hex(hmacSha256(key, input))).toBe(createHmac('sha256', key).update(input).digest('hex'));
      }
    }
  });
});

describe('the daily keycode', () => {
  it('is stable for a day and differs across days', () => {
    const day1 = keycodeForDay('Playing Card', SECRET, '2027-06-01');
    expect(day1).toMatch(CARD);
    expect(keycodeForDay('Playing Card', SECRET, '2027-06-01')).toBe(day1);
    const days = Array.from({ length: 30 }, (_, i) => keycodeForDay('Number', SECRET, `2027-06-${String(i + 1).padStart(2, '0')}`));
    // 30 four-digit numbers: a repeat is possible but all-equal is not.
    expect(new Set(days).size).toBeGreaterThan(25);
    const cards = Array.from({ length: 30 }, (_, i) => keycodeForDay('Playing Card', SECRET, `2027-07-${String(i + 1).padStart(2, '0')}`));
    expect(new Set(cards).size).toBeGreaterThan(10);
  });

  it('depends on the event’s secret, so it cannot be worked out without it', () => {
    const a = Array.from({ length: 10 }, (_, i) => keycodeForDay('Number', SECRET, `2027-06-1${i}`));
    const b = Array.from({ length: 10 }, (_, i) => keycodeForDay('Number', 'b'.repeat(64), `2027-06-1${i}`));
    expect(a).not.toEqual(b);
  });

  it('has the shape of its key type', () => {
    expect(keycodeForDay('None', SECRET, '2027-06-01')).toBeNull();
    expect(keycodeForDay(null, SECRET, '2027-06-01')).toBeNull();
    for (let d = 1; d <= 28; d++) {
      const day = `2027-02-${String(d).padStart(2, '0')}`;
      expect(keycodeForDay('Number', SECRET, day)).toMatch(/^[1-9]\d{3}$/);
      const two = keycodeForDay('2 Playing Cards', SECRET, day) as string;
      const [first, second] = two.split(', ');
      expect(first).toMatch(CARD);
      expect(second).toMatch(CARD);
      expect(first).not.toBe(second);
    }
  });

  it('turns over at the event’s local midnight, not UTC’s', () => {
    const event = { keyType: 'Number', tz: 'America/Chicago' };
    // 23:30 and 00:30 UTC on the same Chicago evening (UTC-5 in June).
    const evening = keycodeAt(event, SECRET, new Date('2027-06-01T23:30:00Z'));
    expect(keycodeAt(event, SECRET, new Date('2027-06-02T00:30:00Z'))).toBe(evening);
    expect(evening).toBe(keycodeForDay('Number', SECRET, '2027-06-01'));
    expect(keycodeAt(event, SECRET, new Date('2027-06-02T05:30:00Z'))).toBe(keycodeForDay('Number', SECRET, '2027-06-02'));
  });
});

const H = 3_600_000;
const start = new Date('2027-06-01T12:00:00Z');
const facts = (changes: Partial<Parameters<typeof decideCheckin>[0]> = {}) => ({
  now: new Date(start.getTime() + H),
  dateStart: start,
  dateEnd: new Date(start.getTime() + 72 * H),
  registered: true,
  timespanHours: null,
  weeks: [],
  checkins: [],
  ...changes,
});

describe('check-in rules', () => {
  it('refuses before the start, after the end and without an entry', () => {
    expect(decideCheckin(facts({ now: new Date(start.getTime() - H) }))).toMatchObject({ kind: 'refused', error: m.notStarted });
    expect(decideCheckin(facts({ now: new Date(start.getTime() + 73 * H) }))).toMatchObject({ kind: 'refused', error: m.ended });
    expect(decideCheckin(facts({ registered: false }))).toMatchObject({ kind: 'refused', error: m.notRegistered });
  });

  it('unscheduled: one active check-in at a time, 18 hours by default', () => {
    expect(decideCheckin(facts())).toEqual({ kind: 'new', weekId: null, message: m.checkedIn });
    const c = { date: new Date(start.getTime() + H), weekId: null };
    expect(decideCheckin(facts({ now: new Date(c.date.getTime() + 17 * H), checkins: [c] }))).toMatchObject({ kind: 'again', message: m.checkedInToday });
    expect(decideCheckin(facts({ now: new Date(c.date.getTime() + 18 * H), checkins: [c] }))).toMatchObject({ kind: 'new' });
    expect(decideCheckin(facts({ now: new Date(c.date.getTime() + 5 * H), checkins: [c], timespanHours: 4 }))).toMatchObject({ kind: 'new' });
    expect(activeCheckinOf([c], 4, new Date(c.date.getTime() + 3 * H))).toBe(c);
    expect(activeCheckinOf([c], 4, new Date(c.date.getTime() + 4 * H))).toBeNull();
  });

  it('scheduled: once per week; outside the weeks nothing runs', () => {
    const weeks = [
      { id: 'w1', dateStart: start, dateEnd: new Date(start.getTime() + 24 * H) },
      { id: 'w2', dateStart: new Date(start.getTime() + 48 * H), dateEnd: new Date(start.getTime() + 72 * H) },
    ];
    expect(decideCheckin(facts({ weeks }))).toEqual({ kind: 'new', weekId: 'w1', message: m.checkedInToday });
    const c = { date: new Date(start.getTime() + H), weekId: 'w1' };
    expect(decideCheckin(facts({ weeks, checkins: [c], now: new Date(start.getTime() + 2 * H) }))).toMatchObject({ kind: 'again' });
    expect(decideCheckin(facts({ weeks, checkins: [c], now: new Date(start.getTime() + 20 * H) }))).toMatchObject({ error: m.usedYourTime });
    expect(decideCheckin(facts({ weeks, checkins: [c], now: new Date(start.getTime() + 30 * H) }))).toMatchObject({ error: m.noWeekRunning });
    expect(decideCheckin(facts({ weeks, checkins: [c], now: new Date(start.getTime() + 50 * H) }))).toMatchObject({ kind: 'new', weekId: 'w2' });
  });
});

describe('the check-in position', () => {
  // A square lake about 1.1 km a side around 46.4, -94.35, with an island in the middle.
  const ring = (d: number): Array<[number, number]> => [
    [-94.35 - d, 46.4 - d],
    [-94.35 + d, 46.4 - d],
    [-94.35 + d, 46.4 + d],
    [-94.35 - d, 46.4 + d],
    [-94.35 - d, 46.4 - d],
  ];
  const lake = { name: 'Gull Lake', lat: 46.4, lng: -94.35, outline: { type: 'Polygon' as const, coordinates: [ring(0.005), ring(0.001)] } };
  const where = (lat: number, lng: number) => ({ position: { lat, lng }, lakes: [lake], allWater: false, eventState: 'MN', stateAtPosition: { code: 'MN', name: 'Minnesota' } });

  it('takes the water and up to 1 km from the shore', () => {
    expect(distanceToLakeKm({ lat: 46.4, lng: -94.353 }, lake)).toBe(0);
    expect(checkinWaterProblem(where(46.4, -94.353))).toBeNull();
    // On the island: 0.1 km from its shore.
    expect(distanceToLakeKm({ lat: 46.4, lng: -94.35 }, lake)).toBeCloseTo(0.077, 2);
    // 0.9 km east of the east shore (1 degree of longitude is about 76.7 km at 46.4°N).
    expect(checkinWaterProblem(where(46.4, -94.345 + 0.9 / 76.7))).toBeNull();
    expect(checkinWaterProblem(where(46.4, -94.345 + 1.2 / 76.7))).toBe(m.offWater('Gull Lake'));
  });

  it('uses the marker when a lake has no outline, and the state when any water counts', () => {
    const marker = { ...lake, outline: null };
    expect(checkinWaterProblem({ ...where(46.4, -94.35 + 0.9 / 76.7), lakes: [marker] })).toBeNull();
    expect(checkinWaterProblem({ ...where(46.4, -94.35 + 1.1 / 76.7), lakes: [marker] })).toBe(m.offWater('Gull Lake'));
    expect(checkinWaterProblem({ ...where(44, -90), allWater: true, stateAtPosition: { code: 'MN', name: 'Minnesota' } })).toBeNull();
    expect(checkinWaterProblem({ ...where(44, -90), allWater: true, stateAtPosition: { code: 'WI', name: 'Wisconsin' } })).toBe(m.outsideState('MN'));
    expect(checkinWaterProblem({ ...where(44, -90), allWater: true, eventState: 'Minnesota', stateAtPosition: { code: 'MN', name: 'Minnesota' } })).toBeNull();
  });
});

describe('registration rules', () => {
  const base = { now: start, dateStart: new Date(start.getTime() + H), dateEnd: new Date(start.getTime() + 9 * H), registrationLink: null, signedIn: true, registered: false };
  it('follows the seed’s allow rule', () => {
    expect(decideRegistration(base)).toEqual({ kind: 'register' });
    expect(decideRegistration({ ...base, registered: true })).toEqual({ kind: 'registered', message: m.alreadyRegistered });
    expect(decideRegistration({ ...base, signedIn: false })).toEqual({ kind: 'sign-in' });
    expect(decideRegistration({ ...base, signedIn: false, registrationLink: 'https://x.test' })).toEqual({ kind: 'link', url: 'https://x.test' });
    // Started: still open to the signed in until the end.
    expect(decideRegistration({ ...base, now: new Date(start.getTime() + 2 * H) })).toEqual({ kind: 'register' });
    expect(decideRegistration({ ...base, now: new Date(start.getTime() + 10 * H) })).toEqual({ kind: 'refused', error: m.ended });
  });

  it('prices a series by its open weeks, or the event’s cost when weeks have none', () => {
    const week = (costCents: number | null, endsInH: number, open = true) => ({ costCents, dateEnd: new Date(start.getTime() + endsInH * H), registrationAvailable: open });
    expect(seriesCostCents(2500, [week(null, 10), week(null, 20)], start)).toBe(2500);
    expect(seriesCostCents(2500, [week(1000, -1), week(1000, 10), week(500, 20), week(700, 30, false)], start)).toBe(1500);
  });
});
