import { describe, expect, it } from 'vitest';
import { FUTURE_GRACE_MS, isInFuture, resolveInstant } from '../src/time';

const now = new Date('2026-06-01T12:00:00Z');

describe('resolveInstant', () => {
  it('takes a date-time with an offset as written', () => {
    expect(resolveInstant('2026-06-01T06:30:00-05:00', 'Europe/Paris', now).toISOString()).toBe('2026-06-01T11:30:00.000Z');
    expect(resolveInstant('2026-06-01T06:30:00Z', 'America/Chicago', now).toISOString()).toBe('2026-06-01T06:30:00.000Z');
  });

  it('reads a date-time without an offset on the clock of the place', () => {
    expect(resolveInstant('2026-06-01T06:30:00', 'America/Chicago', now).toISOString()).toBe('2026-06-01T11:30:00.000Z');
    expect(resolveInstant('2026-01-15T06:30', 'America/Chicago', now).toISOString()).toBe('2026-01-15T12:30:00.000Z');
  });

  it('is now without a date, and invalid for text that is no date-time', () => {
    expect(resolveInstant(undefined, 'America/Chicago', now)).toBe(now);
    expect(Number.isNaN(resolveInstant('yesterday', 'America/Chicago', now).getTime())).toBe(true);
  });
});

describe('isInFuture', () => {
  it('forgives a clock a little ahead, and no more', () => {
    expect(isInFuture(new Date(now.getTime() + FUTURE_GRACE_MS), now)).toBe(false);
    expect(isInFuture(new Date(now.getTime() + FUTURE_GRACE_MS + 1), now)).toBe(true);
    expect(isInFuture(new Date(now.getTime() + 61_000), now, 60_000)).toBe(true);
    expect(isInFuture(new Date(now.getTime() - 86_400_000), now)).toBe(false);
  });
});
