import { describe, expect, it } from 'vitest';
import { logLunar } from '@tightlines/core/solunar/log-lunar';
import { LunarDays, LUNAR_DAYS_KEPT } from '../src/modules/logs/lunar-days';

const LAT = 46.35;
const LNG = -94.3;
const CHICAGO = 'America/Chicago';

describe('LunarDays', () => {
  it('answers what logLunar computes, once per place and local day', () => {
    const days = new LunarDays();
    const morning = new Date('2026-06-01T11:00:00Z');
    const evening = new Date('2026-06-02T03:30:00Z'); // 22:30 on June 1 in Chicago
    expect(days.of(LAT, LNG, morning, CHICAGO)).toEqual(logLunar(LAT, LNG, morning, CHICAGO));
    expect(days.of(LAT, LNG, evening, CHICAGO)).toEqual(logLunar(LAT, LNG, evening, CHICAGO));
    expect(days.size).toBe(1);
  });

  it('splits days at local midnight, not UTC midnight', () => {
    const days = new LunarDays();
    const lateMay31 = new Date('2026-06-01T04:30:00Z'); // 23:30 on May 31 in Chicago
    const earlyJune1 = new Date('2026-06-01T05:30:00Z'); // 00:30 on June 1
    const may31 = days.of(LAT, LNG, lateMay31, CHICAGO);
    const june1 = days.of(LAT, LNG, earlyJune1, CHICAGO);
    expect(days.size).toBe(2);
    expect(may31).toEqual(logLunar(LAT, LNG, lateMay31, CHICAGO));
    expect(june1).toEqual(logLunar(LAT, LNG, earlyJune1, CHICAGO));
    expect(june1).not.toEqual(may31);
  });

  it('keeps places and time zones apart', () => {
    const days = new LunarDays();
    const at = new Date('2026-06-01T12:00:00Z');
    expect(days.of(LAT, LNG, at, CHICAGO)).toEqual(logLunar(LAT, LNG, at, CHICAGO));
    expect(days.of(LAT, LNG, at, 'America/New_York')).toEqual(logLunar(LAT, LNG, at, 'America/New_York'));
    expect(days.of(LAT + 1, LNG, at, CHICAGO)).toEqual(logLunar(LAT + 1, LNG, at, CHICAGO));
    expect(days.size).toBe(3);
  });

  it('hands out copies: changing one changes no later answer', () => {
    const days = new LunarDays();
    const at = new Date('2026-06-01T12:00:00Z');
    const first = days.of(LAT, LNG, at, CHICAGO);
    first.moonPhase = 'changed';
    expect(days.of(LAT, LNG, at, CHICAGO)).toEqual(logLunar(LAT, LNG, at, CHICAGO));
  });

  it('keeps at most its capacity, and answers correctly for a day it dropped', () => {
    const days = new LunarDays(3);
    const dayOf = (n: number) => new Date(Date.UTC(2026, 5, 1 + n, 18));
    for (let n = 0; n < 10; n++) days.of(LAT, LNG, dayOf(n), CHICAGO);
    expect(days.size).toBe(3);
    expect(days.of(LAT, LNG, dayOf(0), CHICAGO)).toEqual(logLunar(LAT, LNG, dayOf(0), CHICAGO));
    expect(days.size).toBe(3);
  });

  it('is bounded as shipped, whatever places a caller sends', () => {
    const days = new LunarDays();
    const at = new Date('2026-06-01T12:00:00Z');
    for (let n = 0; n < LUNAR_DAYS_KEPT + 50; n++) days.of(LAT + n * 1e-6, LNG, at, CHICAGO);
    expect(days.size).toBe(LUNAR_DAYS_KEPT);
  });
});
