import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvLine,
  guardFormula,
  joinTags,
  LOG_CSV_COLUMNS,
  LOG_CSV_HEADER_LINE,
  logCsvCells,
  logCsvLine,
  readLogCsvHeader,
  readLogCsvRecord,
  splitTags,
  unguardFormula,
  type LogCsvHeader,
} from '../src/log-csv';
import { logInput, type LogView } from '../src/logs';

const view: LogView = {
  _id: '7f1c0c7e-2b39-4c55-9d3e-3f7e4ad1b001',
  username: 'walleye_wanda',
  type: 'Catch',
  date: '2025-06-01T06:30:00-05:00',
  time: '06:30',
  timeZone: 'America/Chicago',
  notes: 'Slow roll, "right" on the edge,\nthen a second fish',
  photo: 'http://localhost:3000/uploads/logs/u/1.jpg',
  clusterCount: null,
  tags: ['weedline', 'night;bite'],
  privacy: 'protected',
  outingId: null,
  fish: { species: 'Walleye', length: 24.5, girth: null, weight: 4.2 },
  lure: { category: 'Jig', colorPrimary: 'Chartreuse', colorSecondary: null, length: 2, note: 'tipped with a minnow' },
  lake: {
    waterTemp: 64,
    waterVisibility: 9,
    lakeStructure: 'Weed edge',
    lakeDepth: 18,
    lureDepth: 16,
    waterflow: { rate: 1250, gageHeight: 4.31, unit: 'ft3/s', measuredAt: '2025-06-01T06:15:00-05:00' },
    station: 'CROW WING RIVER AT NIMROD, MN',
    siteCode: '05244000',
    agency: 'USGS',
    location: null,
  },
  location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake', state: 'MN', zone: null, lakeStructure: null },
  weather: {
    summary: 'Partly cloudy',
    icon: 'partly-cloudy-day',
    airTemp: 61.3,
    windDirection: 225,
    windSpeed: 7.4,
    barometer: 1014.2,
    cloudCover: 0.42,
    dewpoint: 50.1,
    humidity: 0.67,
    precipType: null,
    precipHourly: 0,
  },
  lunar: {
    moonPhase: 'Waxing Crescent',
    moonIllum: 36,
    illum: '36%',
    moonRise: '2025-06-01T11:17:00-05:00',
    moonSet: '2025-06-01T01:25:00-05:00',
    moonAbove: '2025-06-01T18:39:00-05:00',
    moonBelow: '2025-06-01T06:16:00-05:00',
    sunRise: '2025-06-01T05:28:00-05:00',
    sunSet: '2025-06-01T21:03:00-05:00',
  },
  lunarLocked: false,
  pending: [],
  createdAt: '2025-06-01T11:31:00.000Z',
  updatedAt: '2025-06-01T11:31:00.000Z',
};

const fullHeader = (): LogCsvHeader => {
  const read = readLogCsvHeader([...LOG_CSV_COLUMNS]);
  if (!read.ok) throw new Error(read.message);
  return read.header;
};
const asText = (cells: ReturnType<typeof logCsvCells>) => cells.map((c) => (c === null ? '' : String(c)));

describe('writing', () => {
  it('has a header naming every column once, as dotted model paths', () => {
    expect(LOG_CSV_HEADER_LINE).toBe(`${LOG_CSV_COLUMNS.join(',')}\r\n`);
    expect(new Set(LOG_CSV_COLUMNS).size).toBe(LOG_CSV_COLUMNS.length);
    expect(LOG_CSV_COLUMNS).toEqual(expect.arrayContaining(['tags', 'lake.waterflow.rate', 'weather.precipHourly', 'lunar.sunSet']));
  });

  it('writes a log as one cell per column', () => {
    const cells = logCsvCells(view);
    const at = (column: (typeof LOG_CSV_COLUMNS)[number]) => cells[LOG_CSV_COLUMNS.indexOf(column)];
    expect(cells).toHaveLength(LOG_CSV_COLUMNS.length);
    expect(at('date')).toBe('2025-06-01T06:30:00-05:00');
    expect(at('tags')).toBe('weedline;night\\;bite');
    expect(at('fish.length')).toBe(24.5);
    expect(at('lake.waterflow.gageHeight')).toBe(4.31);
    expect(at('weather.cloudCover')).toBe(0.42);
    expect(at('lunar.moonPhase')).toBe('Waxing Crescent');
    expect(at('clusterCount')).toBeNull();
  });

  it('quotes fields with commas, quotes or line breaks, and ends lines with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-93.58)).toBe('-93.58');
    expect(csvField(Number.NaN)).toBe('');
    expect(logCsvLine(view).endsWith('\r\n')).toBe(true);
  });

  it('keeps spreadsheets from running text as a formula, and reading undoes exactly that', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const text of ['=1+2', '+1', '-- early bite', '@home', "'=A1", "''x", "'tis the season", 'plain', "'"]) {
      expect(unguardFormula(guardFormula(text))).toBe(text);
    }
    expect(guardFormula("'tis the season")).toBe("'tis the season");
    expect(unguardFormula("'tis the season")).toBe("'tis the season");
  });

  it('writes a log line exactly as its cells, one field each, whatever they hold', () => {
    const awkward: LogView = {
      ...view,
      notes: 'said "hi",\r\nthen left ☃ 🐟',
      tags: ['a;b', 'c\\d', 'é'],
      lure: { ...view.lure, note: '=SUM(A1)', length: -0 },
      fish: { ...view.fish, species: null, length: Number.NaN, weight: 1e21 },
      location: { ...view.location, lake: '' },
    };
    for (const log of [view, awkward]) {
      expect(logCsvLine(log)).toBe(csvLine(logCsvCells(log)));
    }
    expect(logCsvLine(awkward)).toContain('"said ""hi"",\r\nthen left ☃ 🐟"');
  });

  it('escapes semicolons and backslashes inside tags', () => {
    const tags = ['a', 'b;c', 'd\\e', ' spaced '];
    expect(splitTags(joinTags(tags))).toEqual(['a', 'b;c', 'd\\e', 'spaced']);
    expect(splitTags('x; y ;;z')).toEqual(['x', 'y', 'z']);
  });
});

describe('reading the header', () => {
  it('matches names ignoring case, spaces and a byte order mark, and takes lure.notes for lure.note', () => {
    const read = readLogCsvHeader(['\uFEFFDate', ' location.LAT ', 'location.lng', 'lure.notes', '']);
    expect(read).toEqual({ ok: true, header: { width: 5, index: { date: 0, 'location.lat': 1, 'location.lng': 2, 'lure.note': 3 } } });
  });

  it('refuses unknown, repeated and missing required columns', () => {
    expect(readLogCsvHeader(['date', 'location.lat', 'location.lng', 'fish.colour'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('"fish.colour"'),
    });
    expect(readLogCsvHeader(['date', 'date', 'location.lat', 'location.lng'])).toMatchObject({ ok: false, message: expect.stringContaining('twice') });
    expect(readLogCsvHeader(['type', 'location.lat'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('"date", "location.lng"'),
    });
  });
});

describe('reading a record', () => {
  it('reads an exported line back into the same log', () => {
    const read = readLogCsvRecord(asText(logCsvCells(view)), fullHeader());
    if (!read.ok) throw new Error(read.message);
    const { record } = read;
    expect(record.input).toMatchObject({
      type: 'Catch',
      date: view.date,
      notes: view.notes,
      photo: view.photo,
      tags: view.tags,
      privacy: 'protected',
      fish: view.fish,
      lure: view.lure,
      lake: { waterTemp: 64, waterVisibility: 9, lakeStructure: 'Weed edge', lakeDepth: 18, lureDepth: 16 },
      location: view.location,
    });
    expect(record.timeZone).toBe('America/Chicago');
    expect(record.weather).toEqual(view.weather);
    expect(record.lunar).toEqual(view.lunar);
    expect(record.waterflow).toEqual(view.lake.waterflow);
    expect([record.station, record.siteCode, record.agency]).toEqual([view.lake.station, view.lake.siteCode, view.lake.agency]);
  });

  it('needs only the date and the position; empty columns are "not recorded" and lunar is left to compute', () => {
    const read = readLogCsvHeader(['date', 'location.lat', 'location.lng', 'type', 'privacy']);
    if (!read.ok) throw new Error(read.message);
    const result = readLogCsvRecord(['2025-06-01T06:30', '46.41', '-94.35', 'catch', 'PUBLIC'], read.header);
    expect(result).toMatchObject({
      ok: true,
      record: {
        input: { type: 'Catch', privacy: 'public', tags: [], fish: { species: null, length: null }, location: { lat: 46.41, lng: -94.35, state: null } },
        timeZone: null,
        weather: null,
        lunar: null,
        waterflow: null,
      },
    });
  });

  // Rows an import takes are read without zod; each must come out exactly as logInput reads it.
  it.each([
    {},
    { type: 'hunch', privacy: 'PUBLIC', clusterCount: '007', tags: 'a;B; c ;;d\\;e', 'location.state': 'mn' },
    { 'fish.length': '1e1', 'fish.girth': '0x10', 'fish.weight': ' 2000 ', 'lure.length': '0', 'lake.waterTemp': '-0', 'lake.lureDepth': '.5' },
    { notes: 'n'.repeat(5000), photo: 'p'.repeat(500), 'lure.note': 'l'.repeat(500), tags: Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(40, 't')).join(';') },
    { 'location.lat': '90', 'location.lng': '-180', clusterCount: '10000', date: '2024-02-29', 'fish.species': '', 'lake.lakeStructure': ' ' },
    { date: '2025-06-01T06:30:00.123Z', 'location.lat': '-0', 'location.lng': '1E2', 'location.zone': 'z'.repeat(40), 'location.lake': "'=SUM(A1)" },
  ])('reads a valid record as logInput does: %j', (change) => {
    const fields = asText(logCsvCells(view));
    for (const [column, value] of Object.entries(change)) fields[LOG_CSV_COLUMNS.indexOf(column as (typeof LOG_CSV_COLUMNS)[number])] = value;
    const read = readLogCsvRecord(fields, fullHeader());
    if (!read.ok) throw new Error(read.message);
    const cell = (column: (typeof LOG_CSV_COLUMNS)[number]) => unguardFormula(fields[LOG_CSV_COLUMNS.indexOf(column)]!).trim() || undefined;
    const tags = cell('tags');
    const expected = logInput.parse({
      type: cell('type') && `${cell('type')![0]!.toUpperCase()}${cell('type')!.slice(1).toLowerCase()}`,
      date: cell('date'),
      notes: cell('notes'),
      photo: cell('photo'),
      clusterCount: cell('clusterCount'),
      tags: tags === undefined ? [] : splitTags(tags),
      privacy: cell('privacy')?.toLowerCase(),
      fish: { species: cell('fish.species'), length: cell('fish.length'), girth: cell('fish.girth'), weight: cell('fish.weight') },
      lure: {
        category: cell('lure.category'),
        colorPrimary: cell('lure.colorPrimary'),
        colorSecondary: cell('lure.colorSecondary'),
        length: cell('lure.length'),
        note: cell('lure.note'),
      },
      lake: {
        waterTemp: cell('lake.waterTemp'),
        waterVisibility: cell('lake.waterVisibility'),
        lakeStructure: cell('lake.lakeStructure'),
        lakeDepth: cell('lake.lakeDepth'),
        lureDepth: cell('lake.lureDepth'),
      },
      location: {
        lat: Number(cell('location.lat')),
        lng: Number(cell('location.lng')),
        lake: cell('location.lake'),
        state: cell('location.state')?.toUpperCase(),
        zone: cell('location.zone'),
        lakeStructure: cell('location.lakeStructure'),
      },
    });
    expect(read.record.input).toStrictEqual(expected);
  });

  it.each([
    [{ 'fish.length': 'abc' }, 'fish.length: Fish length (inches) must be a number from 0 to 100.'],
    [{ 'fish.length': '250' }, 'fish.length: Fish length (inches) must be a number from 0 to 100.'],
    [{ privacy: 'friends' }, 'privacy: Privacy must be public, protected or private.'],
    [{ type: 'Nibble' }, expect.stringMatching(/^type: The type must be one of Bite, Catch/)],
    [{ date: '' }, 'date: The date is required.'],
    [{ date: 'June 1st' }, expect.stringMatching(/^date: The date must be an ISO date/)],
    [{ 'location.lat': '' }, expect.stringMatching(/^location: A location/)],
    [{ 'location.lat': 'north' }, 'location.lat: "north" is not a number.'],
    [{ 'location.lat': '91' }, 'location.lat: Latitude must be between -90 and 90.'],
    [{ clusterCount: '2.5' }, 'clusterCount: The cluster count must be a whole number.'],
    [{ timeZone: 'Central' }, expect.stringMatching(/^timeZone: "Central" is not a time zone/)],
    [{ 'weather.icon': 'sunny' }, expect.stringMatching(/^weather.icon: must be one of clear-day/)],
    [{ 'weather.humidity': '67' }, 'weather.humidity: must be a number from 0 to 1.'],
    [{ 'lunar.moonPhase': 'Blue Moon' }, expect.stringMatching(/^lunar.moonPhase: must be one of New Moon/)],
    [{ 'lunar.moonIllum': '' }, 'lunar.moonIllum: is required when lunar.moonPhase is given.'],
    [{ 'lunar.sunSet': '21:03' }, expect.stringMatching(/^lunar.sunSet: "21:03" must be an ISO date and time/)],
    [{ 'location.state': 'Minnesota' }, 'location.state: Keep this under 2 characters.'],
    [{ notes: 'n'.repeat(5001) }, 'notes: Keep this under 5000 characters.'],
    [{ tags: 't'.repeat(41) }, 'tags: Keep this under 40 characters.'],
    [{ tags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(';') }, expect.stringMatching(/^tags: /)],
    [{ clusterCount: '10001' }, expect.stringMatching(/^clusterCount: /)],
    [{ 'fish.weight': '2000.5' }, 'fish.weight: Fish weight (pounds) must be a number from 0 to 2000.'],
    [{ 'fish.girth': 'Infinity' }, 'fish.girth: Fish girth (inches) must be a number from 0 to 100.'],
    [{ 'location.lng': '-180.5' }, 'location.lng: Longitude must be between -180 and 180.'],
    [{ 'lake.waterVisibility': '-1' }, 'lake.waterVisibility: Water visibility (feet) must be a number from 0 to 200.'],
    [{ date: '2025-06-01T25:00' }, expect.stringMatching(/^date: The date must be an ISO date/)],
  ])('names the column and the problem for %j', (change, message) => {
    const fields = asText(logCsvCells(view));
    for (const [column, value] of Object.entries(change)) fields[LOG_CSV_COLUMNS.indexOf(column as (typeof LOG_CSV_COLUMNS)[number])] = value;
    expect(readLogCsvRecord(fields, fullHeader())).toEqual({ ok: false, message });
  });

  it('refuses a record with the wrong number of fields', () => {
    const fields = asText(logCsvCells(view)).slice(1);
    expect(readLogCsvRecord(fields, fullHeader())).toEqual({
      ok: false,
      message: `expected ${LOG_CSV_COLUMNS.length} fields (as many as the header has) but found ${LOG_CSV_COLUMNS.length - 1}.`,
    });
  });
});
