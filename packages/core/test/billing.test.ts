import { describe, expect, it } from 'vitest';
import { acceptsEvent, cardBrand, discountedAmount, luhnValid, periodEnd, PLANS } from '../src/billing';

describe('plans', () => {
  it('are the seed prices: $4.99 a month and $30 a year under the id Yearly2020', () => {
    expect(PLANS.Monthly).toMatchObject({ amount: 499, interval: 'month', name: 'Monthly' });
    expect(PLANS.Yearly2020).toMatchObject({ id: 'Yearly2020', amount: 3000, interval: 'year', name: 'Yearly' });
  });
});

describe('discountedAmount', () => {
  it('makes 100 % free and rounds anything else to the cent', () => {
    expect(discountedAmount(499, 100)).toBe(0);
    expect(discountedAmount(499, 50)).toBe(250);
    expect(discountedAmount(499, 33)).toBe(334);
    expect(discountedAmount(3000, 25)).toBe(2250);
    expect(discountedAmount(499, null)).toBe(499);
    expect(discountedAmount(499, 0)).toBe(499);
  });
});

describe('periodEnd', () => {
  it('adds whole months in UTC, on the last day of a shorter month', () => {
    const jan31 = new Date('2027-01-31T10:00:00Z');
    expect(periodEnd(jan31, 'month', 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(periodEnd(jan31, 'month', 2).toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year', 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(periodEnd(new Date('2026-12-15T23:30:00Z'), 'month', 1).toISOString()).toBe('2027-01-15T23:30:00.000Z');
  });
});

describe('acceptsEvent', () => {
  const t0 = new Date('2027-01-01T00:00:00Z');
  const later = new Date('2027-01-02T00:00:00Z');
  it('never revives a cancelled subscription', () => {
    expect(acceptsEvent({ status: 'canceled', lastEventAt: t0 }, later)).toBe(false);
    expect(acceptsEvent({ status: 'canceled', lastEventAt: null }, later)).toBe(false);
  });
  it('refuses an event older than the last one applied', () => {
    expect(acceptsEvent({ status: 'active', lastEventAt: later }, t0)).toBe(false);
    expect(acceptsEvent({ status: 'active', lastEventAt: t0 }, later)).toBe(true);
    expect(acceptsEvent({ status: 'active', lastEventAt: null }, t0)).toBe(true);
  });
});

describe('cards', () => {
  it('checks numbers by Luhn and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242x24242424242')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('378282246310005')).toBe('American Express');
  });
});
