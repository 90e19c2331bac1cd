import { describe, expect, it } from 'vitest';
import { eventMessages as m } from '../src/events/messages';
import { createSizeForFilter, creationFeeCents, LIST_SIZES, needsCustomEvent, scheduleWeeks } from '../src/events/model';
import { validateEvent, type EventDraftFields } from '../src/events/validate';

const NOW = new Date('2027-03-01T12:00:00Z');
const complete: EventDraftFields = {
  name: 'Spring Bass Open',
  type: 'Tournament',
  size: '12',
  cost: 0,
  dateStart: '2027-04-03T11:00:00Z',
  dateEnd: '2027-04-03T23:00:00Z',
  tz: 'America/Chicago',
  species: ['Bass'],
  state: 'MN',
  keyType: 'None',
  lakes: [{ name: 'Gull Lake', location: { lat: 46.41, lng: -94.35 } }],
};

describe('the creation fee (seed 002 section 9)', () => {
  it('follows the table and a coupon, in cents', () => {
    expect(creationFeeCents('12', 10)).toBe(2500);
    expect(creationFeeCents('12', 0)).toBe(0);
    expect(creationFeeCents('25', 0)).toBe(5000);
    expect(creationFeeCents('50', 5)).toBe(15000);
    expect(creationFeeCents('50', 5, 100)).toBe(0);
    expect(creationFeeCents('25', 5, 33)).toBe(3350);
    expect(creationFeeCents('12', 10, 15)).toBe(2125);
    expect(creationFeeCents(25, 5)).toBe(5000);
  });

  it('calls Over 50, above 50 and size times cost above 1000 custom', () => {
    expect(needsCustomEvent('Over 50', 0)).toBe(true);
    expect(needsCustomEvent(51, 0)).toBe(true);
    expect(needsCustomEvent('50', 20)).toBe(false);
    expect(needsCustomEvent('50', 20.01)).toBe(true);
    expect(needsCustomEvent('25', 41)).toBe(true);
  });

  it('maps the 16 list sizes onto the four creation sizes', () => {
    expect(LIST_SIZES.map(createSizeForFilter)).toEqual([
      '12', '12', '12', '12', '25', '25', '25', '50', 'Over 50', 'Over 50', 'Over 50', 'Over 50', 'Over 50', 'Over 50', 'Over 50', 'Over 50',
    ]);
  });
});

describe('the wizard’s rules, in the seed’s words', () => {
  const problem = (changes: Partial<EventDraftFields>, upTo: 1 | 2 | 3 | 4 | undefined = 4) => validateEvent({ ...complete, ...changes }, NOW, upTo);

  it('accepts a complete event', () => expect(problem({})).toBeNull());

  it('names step 1’s problems', () => {
    expect(problem({ name: '' }, 1)).toBe(m.nameRequired);
    expect(problem({ type: null }, 1)).toBe(m.typeRequired);
    expect(problem({ type: 'Party' }, 1)).toBe(m.typeRequired);
    expect(problem({ cost: 10, paymentProcessor: 'PayPal', paymentProcessorKey: 'not-an-email' }, 1)).toBe(m.paypalEmail);
    expect(problem({ cost: 10, paymentProcessor: 'Stripe', paymentProcessorKey: '' }, 1)).toBe(m.stripeKey);
    expect(problem({ cost: 10, paymentProcessor: 'PayPal', paymentProcessorKey: 'club@example.com' }, 1)).toBeNull();
    expect(problem({ size: 'Over 50' }, 1)).toBe(m.customEvent);
    expect(problem({ size: '50', cost: 30, paymentProcessorKey: 'pk_test' }, 1)).toBe(m.customEvent);
  });

  it('names step 2’s problems', () => {
    expect(problem({ dateStart: '2027-02-01T10:00:00Z' }, 2)).toBe(m.startInFuture);
    expect(problem({ dateStart: null }, 2)).toBe(m.startInFuture);
    expect(problem({ dateEnd: '2027-04-03T10:00:00Z' }, 2)).toBe(m.endAfterStart);
    expect(problem({ keyType: '' }, 2)).toBe(m.keyTypeRequired);
    expect(problem({ keyType: 'Random Number' }, 2)).toBe(m.keyTypeRequired);
    expect(problem({ species: [] }, 2)).toBe(m.speciesRequired);
    expect(problem({ state: '' }, 2)).toBe(m.stateRequired);
    expect(problem({ divisions: ['Pro', 'pro '] }, 2)).toBe(m.divisionDuplicate);
    expect(problem({ tz: 'Mars/Olympus' }, 2)).toBe(m.timeZone);
  });

  it('names the lakes builder’s problems', () => {
    const lake = { name: 'Gull', location: { lat: 46, lng: -94 } };
    expect(problem({ lakes: [{ ...lake, name: ' ' }] })).toBe(m.lakeName);
    expect(problem({ lakes: [{ ...lake, location: null }] })).toBe(m.lakeLocation);
    expect(problem({ lakes: [lake, { ...lake, name: 'GULL' }] })).toBe(m.lakeDuplicate);
  });

  it('keeps a schedule week to 6 of the event’s lakes', () => {
    const lakes = Array.from({ length: 7 }, (_, i) => ({ name: `Lake ${i}`, location: { lat: 46, lng: -94 + i / 10 } }));
    const week = { number: 1, dateStart: '2027-04-04T05:00:00Z', dateEnd: '2027-04-11T05:00:00Z', lakes: lakes.map((l) => l.name) };
    expect(problem({ type: 'League', lakes, schedule: [week] })).toBe(m.weekLakes);
    expect(problem({ type: 'League', lakes, schedule: [{ ...week, lakes: ['Elsewhere'] }] })).toBe(m.weekLake);
    expect(problem({ type: 'League', lakes, schedule: [{ ...week, lakes: week.lakes.slice(0, 6) }] })).toBeNull();
    expect(problem({ type: 'Tournament', lakes, schedule: [week] })).toBeNull();
  });

  it('checks only what is filled when no step is given', () => {
    expect(validateEvent({ name: 'Only a name' }, NOW)).toBeNull();
    expect(validateEvent({ dateStart: '2027-01-01T00:00:00Z' }, NOW)).toBe(m.startInFuture);
    expect(validateEvent({ name: 'x' }, NOW, 2)).toBe(m.typeRequired);
  });
});

describe('the schedule builder', () => {
  it('makes weeks from Sunday to Sunday in the event’s zone', () => {
    const weeks = scheduleWeeks('2027-04-07T15:00:00Z', '2027-04-20T15:00:00Z', 'America/Chicago');
    expect(weeks).toEqual([
      { number: 1, dateStart: '2027-04-04T05:00:00.000Z', dateEnd: '2027-04-11T05:00:00.000Z' },
      { number: 2, dateStart: '2027-04-11T05:00:00.000Z', dateEnd: '2027-04-18T05:00:00.000Z' },
      { number: 3, dateStart: '2027-04-18T05:00:00.000Z', dateEnd: '2027-04-25T05:00:00.000Z' },
    ]);
    expect(scheduleWeeks('2027-04-20T15:00:00Z', '2027-04-07T15:00:00Z', 'America/Chicago')).toEqual([]);
  });
});
