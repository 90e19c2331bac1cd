import { eq, sql } from 'drizzle-orm';
import { LOG_CSV_HEADER_LINE, logCsvLine } from '@tightlines/core/log-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbContext } from '../src/db/context';
import { logs } from '../src/db/schema';
import { EXPORT_CURSOR_AT, EXPORT_ID } from '../src/modules/logs/export-row';
import { LogsRepo } from '../src/modules/logs/repo';
import type { NewLog } from '../src/modules/logs/rows';
import { toLogView } from '../src/modules/logs/view';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await t.close();
});

const LUNAR = {
  moonPhase: 'Waxing Gibbous',
  moonIllum: 87.5,
  illum: '87.5%',
  moonRise: '2025-06-01T15:02:00-05:00',
  moonSet: null,
  moonAbove: '2025-06-01T20:40:00-05:00',
  moonBelow: null,
  sunRise: '2025-06-01T05:27:00-05:00',
  sunSet: '2025-06-01T20:51:00-05:00',
};

/** Values the database and JavaScript could write differently, one log each. */
function trickyLogs(userId: string): NewLog[] {
  const base = (minute: number, timeZone = 'America/Chicago'): NewLog => ({
    userId,
    type: 'Catch',
    occurredAt: new Date(Date.UTC(2025, 5, 1, 12, minute, 29, 999)),
    timeZone,
    lat: 46.35,
    lng: -94.2,
  });
  return [
    { ...base(0), notes: 'plain', fishLength: 21.5, fishWeight: 3.1, lureLength: 0.1, waterTemp: 68.4, lakeDepth: 0 },
    { ...base(1), notes: 'a, "quoted" word\r\nand a second line', lureNote: 'new\nline', lakeName: 'Lake "The" Big, One' },
    { ...base(2), notes: '=SUM(A1:A2)', lureNote: "''+1", gaugeStation: '@home', zone: '-- early bite', locationStructure: "'plain'" },
    { ...base(3), notes: '\tTabbed', lureCategory: '\rcarriage', lakeStructure: "'=\"x\", y" },
    { ...base(4), tags: ['Night bite', 'semi;colon', 'back\\slash', 'both\\;', ' spaced '], privacy: 'public' },
    { ...base(5), tags: ['"quote', 'comma,tag', '=formula'] },
    { ...base(6), notes: null, photo: null, tags: [], fishSpecies: null, clusterCount: 12 },
    { ...base(7), lat: 1e-7, lng: -0.00001, fishGirth: 1234567, fishLength: 0.000012, clusterCount: 0 },
    { ...base(8), lat: -0, lng: 123456789.123, lureDepth: -0, waterVisibility: 1e20 },
    { ...base(9), fishWeight: Number.NaN, lakeDepth: Number.POSITIVE_INFINITY },
    { ...base(10), fishLength: 16.299999237060547, fishWeight: 1 / 3, lat: 0.1 + 0.2, lng: -93.00000000000001 },
    {
      ...base(11),
      weather: {
        summary: 'Partly cloudy, "windy"',
        icon: 'partly-cloudy-day',
        airTemp: 71.3,
        windDirection: 0,
        windSpeed: 12,
        barometer: 1013.25,
        cloudCover: 0.45,
        dewpoint: -3.5,
        humidity: 0.000001,
        precipType: null,
        precipHourly: 0.25,
      },
      lunar: LUNAR,
      moonPhase: LUNAR.moonPhase,
    },
    {
      ...base(12),
      weather: { summary: null, icon: null, airTemp: 1e21, windDirection: 359.99999999999994, windSpeed: -0, humidity: 0.0000001, barometer: 123456789012345680000, cloudCover: 1, dewpoint: null, precipType: 'rain', precipHourly: 0.3 },
      waterflow: { rate: 1250.5, gageHeight: -2.25, unit: 'ft3/s', measuredAt: '2025-06-01T11:45:00-05:00' },
      gaugeStation: 'MISSISSIPPI R, AT "BRAINERD"',
      gaugeSiteCode: '05242300',
      gaugeAgency: 'USGS',
    },
    // JSON values of other types than the export expects (an old row, a hand-written one).
    { ...base(13), weather: { summary: 42, icon: true, airTemp: '71', windSpeed: [1], dewpoint: { c: 1 } } as never, lunar: { moonPhase: 'Full Moon', moonIllum: '100' } as never },
    { ...base(14), waterflow: { rate: null } as never, weather: {} as never, lunar: null },
    // Zones and instants: DST changes, half-hour offsets, UTC, a day before 1970, a minute rounding up.
    { ...base(15, 'UTC') },
    { ...base(16, 'Asia/Kolkata') },
    { ...base(17, 'America/St_Johns'), occurredAt: new Date('2025-03-09T08:30:30.000Z') },
    { ...base(18, 'Australia/Lord_Howe'), occurredAt: new Date('2025-04-05T14:59:59.999Z') },
    { ...base(19, 'America/Chicago'), occurredAt: new Date('1969-07-20T20:17:40.123Z') },
    { ...base(20, 'Europe/London'), occurredAt: new Date('2025-10-26T00:59:30.000Z'), type: 'Draft' },
    { ...base(21), type: '+Odd,type', notes: 'ünïcödé 🐟 ok', photo: '/uploads/x/y.jpg' },
  ];
}

describe('the export written by the database', () => {
  it('is byte for byte what the CSV writer makes of each log, whatever its values', async () => {
    const member = await registerUser(t);
    const rows = await t.database.db.insert(logs).values(trickyLogs(member._id)).returning();
    // Microseconds, which a Date does not hold: 29.9996 s is 29.999 s to the driver, so the minute rounds down.
    await t.database.db.execute(sql`update logs set occurred_at = '2025-06-02 12:30:29.9996+00' where id = ${rows[0]!.id}`);
    const res = await t.request({ method: 'GET', url: '/api/user/export-logs', token: member.token });
    expect(res.statusCode).toBe(200);

    const stored = await t.database.db.select().from(logs).where(eq(logs.userId, member._id));
    const byTime = stored.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id.localeCompare(b.id));
    const expected = LOG_CSV_HEADER_LINE + byTime.map((row) => logCsvLine(toLogView(row, member.username))).join('');
    expect(rows).toHaveLength(byTime.length);
    const lines = res.body.split('\r\n');
    const expectedLines = expected.split('\r\n');
    for (let i = 0; i < expectedLines.length; i += 1) expect(lines[i], `line ${i}`).toBe(expectedLines[i]);
    expect(res.body).toBe(expected);
  });

  it('reads every log once across pages, logs a microsecond apart or at the same instant included', async () => {
    const member = await registerUser(t);
    const base: NewLog = { userId: member._id, type: 'Catch', occurredAt: new Date('2025-06-01T12:00:00Z'), timeZone: 'UTC', lat: 46.35, lng: -94.2 };
    const rows = await t.database.db.insert(logs).values(Array.from({ length: 7 }, (_, i) => ({ ...base, notes: `log ${i}` }))).returning();
    await t.database.db.execute(sql`update logs set occurred_at = occurred_at + interval '1 microsecond' where id in (${rows[1]!.id}, ${rows[4]!.id})`);
    const repo = new LogsRepo({ db: t.database.db } as DbContext);
    const read: unknown[][] = [];
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await repo.exportPage(member._id, after, 2);
      read.push(...page);
      const last = page.at(-1);
      if (!last || page.length < 2) break;
      after = { at: last[EXPORT_CURSOR_AT] as string, id: last[EXPORT_ID] as string };
    }
    const ids = read.map((values) => values[EXPORT_ID]);
    expect(new Set(ids).size).toBe(7);
    const late = new Set([rows[1]!.id, rows[4]!.id]);
    expect(ids.slice(5).every((id) => late.has(id as string))).toBe(true);
    expect(ids.slice(0, 5)).toEqual(rows.map((row) => row.id).filter((id) => !late.has(id)).sort());
  });
});
