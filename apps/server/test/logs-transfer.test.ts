import { LOG_CSV_COLUMNS, LOG_CSV_HEADER_LINE, logCsvLine } from '@tightlines/core/log-csv';
import type { LogView } from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import { sql } from 'drizzle-orm';
import exifr from 'exifr';
import Papa from 'papaparse';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLogs, sampleLogView } from '../src/demo/generator';
import { LOGS_PER_INSERT, ROWS_PER_INSERT } from '../src/modules/logs/bulk';
import { MAX_PHOTOS, NO_GPS, STALE_SPOOL_MS } from '../src/modules/transfer/service';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { giveSampleLogs, logCount, registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

let weather: FakeOpenMeteo;
let free: TestApp;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  free = await createTestApp(weather.env);
  t = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await free.close();
  await t.close();
  await weather.close();
});

type Part = { name: string; filename: string; body: string | Buffer; type?: string };

/** A multipart/form-data body, as a browser's form sends it. */
function multipart(parts: Part[]) {
  const boundary = `----tightlines${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function importCsv(app: TestApp, token: string, csv: string, filename = 'logs.csv', field = 'userLogs') {
  return app.request({ method: 'POST', url: '/api/util/import/csv/user-logs', token, ...multipart([{ name: field, filename, body: csv }]) });
}

function exportCsv(app: TestApp, token: string) {
  return app.request({ method: 'GET', url: '/api/user/export-logs', token });
}

async function allLogs(app: TestApp, token: string): Promise<LogView[]> {
  const res = await app.request({ method: 'GET', url: '/api/user/logs?limit=500', token });
  expect(res.statusCode).toBe(200);
  return res.json().docs;
}

/** The lines of a file, sorted: logs of the same minute are exported in id order. */
const lines = (text: string) => text.split('\r\n').sort();
const rows = (csv: string) => Papa.parse<string[]>(csv.trim(), { delimiter: ',' }).data;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

/** A few logs made the ordinary way, with every kind of awkward text. */
async function createSomeLogs(app: TestApp, token: string) {
  const payloads = [
    {
      type: 'Catch',
      date: hoursAgo(30),
      privacy: 'public',
      notes: 'Slow roll, "right" on the edge,\nthen a second fish',
      tags: ['weedline', 'night;bite'],
      fish: { species: 'Walleye', length: '24.5', weight: 4.2, girth: 13 },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse', colorSecondary: 'White', length: 2.5, notes: 'tipped with a minnow' },
      lake: { waterTemp: 64, waterVisibility: 9, lakeStructure: 'Weed edge', lakeDepth: 18, lureDepth: 16 },
      location: { lat: 46.41, lng: -94.35, lake: 'Gull Lake', zone: 'North bay', lakeStructure: 'Point' },
    },
    { type: 'Hunch', date: hoursAgo(20), privacy: 'protected', notes: '=1+2 -- said the guide', location: { lat: 47.15, lng: -94.38, lake: 'Leech Lake' } },
    { type: 'Cluster', date: hoursAgo(10), clusterCount: 7, fish: { species: 'Crappie' }, location: { lat: 44.92, lng: -93.58, lake: 'Lake Minnetonka' } },
    { type: 'Draft', location: { lat: 48.6, lng: -93.2 } },
  ];
  for (const payload of payloads) {
    const res = await app.request({ method: 'POST', url: '/api/logs/create', token, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
}

/** What must survive an export and import: everything but who owns it and when it was saved. */
function comparable(logs: LogView[]) {
  return logs
    .map(({ _id, username, createdAt, updatedAt, ...rest }) => rest)
    .sort((a, b) => a.date.localeCompare(b.date) || JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('GET /api/user/export-logs', () => {
  it('downloads myfishinglogs.csv with the documented header and a row per log', async () => {
    const user = await registerUser(t);
    await createSomeLogs(t, user.token);
    const res = await exportCsv(t, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="myfishinglogs.csv"');
    expect(res.body.startsWith(LOG_CSV_HEADER_LINE)).toBe(true);

    const [header, ...data] = rows(res.body);
    expect(header).toEqual([...LOG_CSV_COLUMNS]);
    expect(data).toHaveLength(4);
    const first = Object.fromEntries(LOG_CSV_COLUMNS.map((c, i) => [c, data[0]?.[i]]));
    const [view] = (await allLogs(t, user.token)).filter((l) => l.type === 'Catch');
    expect(first).toMatchObject({
      type: 'Catch',
      date: view?.date,
      timeZone: 'America/Chicago',
      notes: 'Slow roll, "right" on the edge,\nthen a second fish',
      tags: 'weedline;night\\;bite',
      privacy: 'public',
      'fish.species': 'Walleye',
      'fish.length': '24.5',
      'lure.note': 'tipped with a minnow',
      'location.lat': '46.41',
      'location.lng': '-94.35',
      'location.lake': 'Gull Lake',
      'location.state': 'MN',
      'weather.summary': view?.weather?.summary,
      'lunar.moonPhase': view?.lunar?.moonPhase,
    });
    expect(first['weather.airTemp']).toMatch(/^-?\d/);
    // Text a spreadsheet would run as a formula is written with a leading apostrophe.
    expect(data[1]?.[LOG_CSV_COLUMNS.indexOf('notes')]).toBe("'=1+2 -- said the guide");
  });

  it('is only the header for an angler without logs, and needs a login', async () => {
    const user = await registerUser(t);
    expect((await exportCsv(t, user.token)).body).toBe(LOG_CSV_HEADER_LINE);
    expect((await t.request({ method: 'GET', url: '/api/user/export-logs' })).statusCode).toBe(401);
  });
});

describe('POST /api/util/import/csv/user-logs', () => {
  it('imports an export into another account as the same logs, and adds their tags to the tag list', async () => {
    const from = await registerUser(t);
    await createSomeLogs(t, from.token);
    await giveSampleLogs(t, from, { count: 150, seed: 7 });
    const csv = (await exportCsv(t, from.token)).body;

    const to = await registerUser(t);
    const res = await importCsv(t, to.token, csv, 'myfishinglogs.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 154 });

    const original = await allLogs(t, from.token);
    const imported = await allLogs(t, to.token);
    expect(imported).toHaveLength(154);
    expect(imported.every((l) => l.username === to.username && l.pending.length === 0)).toBe(true);
    expect(comparable(imported)).toEqual(comparable(original));
    // The map shows the imported logs as it shows the originals (but for the minute: the file keeps
    // whole seconds, and a log made at 05:06:59.7 comes back at 05:07:00).
    const markersOf = async (token: string) =>
      ((await t.request({ method: 'GET', url: '/api/user/logs/markers', token })).json() as Array<{ _id: string; date: string }>)
        .map(({ _id, date, ...marker }) => JSON.stringify(marker))
        .sort();
    expect(await markersOf(to.token)).toEqual(await markersOf(from.token));

    const tags = (await t.request({ method: 'GET', url: '/api/user/tags', token: to.token })).json();
    expect(tags).toEqual(expect.arrayContaining(['weedline', 'night;bite']));
    // And the import exports to the very same file (logs of the same minute come in id order).
    expect(lines((await exportCsv(t, to.token)).body)).toEqual(lines(csv));
  });

  it('fills the time zone, state and lunar data offline when the file leaves them out, and keeps no weather it was not given', async () => {
    const user = await registerUser(t);
    const csv = 'date,location.lat,location.lng,fish.species\r\n2025-06-01T06:30:00,46.41,-94.35,Walleye\r\n';
    expect((await importCsv(t, user.token, csv)).json()).toEqual({ imported: 1 });
    const [log] = await allLogs(t, user.token);
    expect(log).toMatchObject({
      type: 'Catch',
      privacy: 'private',
      date: '2025-06-01T06:30:00-05:00',
      timeZone: 'America/Chicago',
      location: { state: 'MN' },
      weather: null,
      lunar: { moonPhase: 'Waxing Crescent', sunRise: expect.stringMatching(/^2025-06-01T05:2\d:00-05:00$/) },
      pending: [],
    });
  });

  it('imports nothing when any row is wrong, naming the rows and their problems', async () => {
    const user = await registerUser(t);
    const csv = [
      'type,date,privacy,fish.length,location.lat,location.lng',
      'Catch,2025-06-01T06:30:00-05:00,public,20,46.41,-94.35',
      'Catch,2025-06-01T07:30:00-05:00,public,46.41,-94.35',
      'Bite,2025-06-01T08:30:00-05:00,private,,46.41,-94.35',
      'Catch,2025-06-01T09:30:00-05:00,public,twenty,46.41,-94.35',
      'Catch,2025-06-01T10:30:00-05:00,friends,18,46.41,-94.35',
      'Catch,2025-06-01T11:30:00-05:00,public,19,46.41,-94.35',
    ].join('\r\n');
    const res = await importCsv(t, user.token, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'There were problems in 3 rows: row 3: expected 6 fields (as many as the header has) but found 5.; ' +
        'row 5: fish.length: Fish length (inches) must be a number from 0 to 100.; ' +
        'row 6: privacy: Privacy must be public, protected or private.. Nothing was imported.',
      rows: [
        { row: 3, message: 'expected 6 fields (as many as the header has) but found 5.' },
        { row: 5, message: 'fish.length: Fish length (inches) must be a number from 0 to 100.' },
        { row: 6, message: 'privacy: Privacy must be public, protected or private.' },
      ],
    });
    expect(await logCount(t, user)).toBe(0);
  });

  it('saves a file of more logs than one statement moves, each counted once in the tallies', async () => {
    const user = await registerUser(t);
    const rows = Array.from({ length: LOGS_PER_INSERT + 7 }, (_, i) => `2025-06-01T06:30:00-05:00,46.41,-94.35,${i % 2 ? 'Walleye' : 'Pike'},${i % 30}`);
    const res = await importCsv(t, user.token, ['date,location.lat,location.lng,fish.species,fish.length', ...rows, ''].join('\r\n'));
    expect(res.json()).toEqual({ imported: rows.length });
    expect(await logCount(t, user)).toBe(rows.length);
    const species = await t.database.db.execute(
      sql`select value, sum(n)::int as n from log_tallies where user_id = ${user._id} and facet = 'species' group by value order by value`,
    );
    expect((species as unknown as { rows: unknown[] }).rows).toEqual([
      { value: 'Pike', n: 5004 },
      { value: 'Walleye', n: 5003 },
    ]);
  });

  it('imports nothing when the only wrong row comes after batches already saved', async () => {
    const user = await registerUser(t);
    const good = Array.from({ length: 2 * ROWS_PER_INSERT + 5 }, (_, i) => `2025-06-01T06:30:00-05:00,46.41,-94.35,Walleye,${i % 30}`);
    const csv = ['date,location.lat,location.lng,fish.species,fish.length', ...good, '2025-06-01T06:30:00-05:00,46.41,-94.35,Walleye,200', ''].join('\r\n');
    const res = await importCsv(t, user.token, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().rows).toEqual([{ row: good.length + 2, message: 'fish.length: Fish length (inches) must be a number from 0 to 100.' }]);
    expect(await logCount(t, user)).toBe(0);
  });

  it('a stalled upload keeps no one else waiting: the import starts once the whole file is in', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const rowsOf = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `2025-06-01T06:30:00-05:00,46.41,-94.35,Walleye,${(from + i) % 30}\r\n`).join('');
    const { payload, headers } = multipart([{ name: 'userLogs', filename: 'logs.csv', body: '@@REST@@' }]);
    const [head, tail] = payload.toString('utf8').split('@@REST@@') as [string, string];
    const upload = new PassThrough();
    const pending = t.request({ method: 'POST', url: '/api/util/import/csv/user-logs', token: user.token, headers, payload: upload });
    // More than a batch arrives, then the client goes quiet (a slow phone, or someone stalling on purpose).
    upload.write(head + 'date,location.lat,location.lng,fish.species,fish.length\r\n' + rowsOf(0, ROWS_PER_INSERT + 200));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another member's request that needs the database answers while the upload waits; with the
    // import's transaction open on PGlite it would wait for the upload, which waits for this test.
    const created = await t.request({
      method: 'POST',
      url: '/api/logs/create',
      token: other.token,
      payload: { type: 'Hunch', date: hoursAgo(2), privacy: 'private', location: { lat: 46.41, lng: -94.35 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    upload.end(rowsOf(ROWS_PER_INSERT + 200, 100) + tail);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: ROWS_PER_INSERT + 300 });
    expect(await logCount(t, user)).toBe(ROWS_PER_INSERT + 300);
  });

  it('a server starting again removes the upload a killed import left behind, and no other server\'s', async () => {
    // What a server killed mid-import leaves: its spooled upload, untouched since.
    const leftBehind = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-import-'));
    fs.writeFileSync(path.join(leftBehind, 'upload.csv'), 'date,location.lat,location.lng\r\n');
    const then = new Date(Date.now() - STALE_SPOOL_MS - 60_000);
    fs.utimesSync(path.join(leftBehind, 'upload.csv'), then, then);
    // Another server on this machine, importing right now.
    const inFlight = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-import-'));
    fs.writeFileSync(path.join(inFlight, 'upload.csv'), 'date,location.lat,location.lng\r\n');
    const restarted = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
    try {
      expect(fs.existsSync(leftBehind)).toBe(false);
      expect(fs.readFileSync(path.join(inFlight, 'upload.csv'), 'utf8')).toBe('date,location.lat,location.lng\r\n');
    } finally {
      await restarted.close();
      fs.rmSync(inFlight, { recursive: true, force: true });
    }
  });

  it('lists the first 20 problems and counts the rest', async () => {
    const user = await registerUser(t);
    const bad = Array.from({ length: 25 }, (_, i) => `2025-06-01T06:${String(i).padStart(2, '0')}:00-05:00,46.41,-94.35,Nibble`);
    const res = await importCsv(t, user.token, ['date,location.lat,location.lng,type', ...bad, ''].join('\n'));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.rows).toHaveLength(20);
    expect(body.rows[0].row).toBe(2);
    expect(body.error).toMatch(/^There were problems in 25 rows: row 2: type: The type must be one of/);
    expect(body.error).toMatch(/; and 5 more\. Nothing was imported\.$/);
    expect(await logCount(t, user)).toBe(0);
  });

  it('refuses a future date, a bad header and unbalanced quotes', async () => {
    const user = await registerUser(t);
    const future = await importCsv(t, user.token, `date,location.lat,location.lng\r\n${new Date(Date.now() + 86_400_000).toISOString()},46.41,-94.35\r\n`);
    expect(future.json().rows).toEqual([{ row: 2, message: 'date: A log cannot be dated in the future.' }]);
    const header = await importCsv(t, user.token, 'date,lat,lng\r\n2025-06-01T06:30:00Z,46.41,-94.35\r\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().error).toMatch(/^The header has unknown columns: "lat", "lng"/);
    const quotes = await importCsv(t, user.token, 'date,location.lat,location.lng,notes\r\n2025-06-01T06:30:00Z,46.41,-94.35,"never closed\r\n');
    expect(quotes.json().rows).toEqual([{ row: 2, message: expect.stringMatching(/^the quotes in this row do not pair up/) }]);
    expect(await logCount(t, user)).toBe(0);
  });

  it('accepts only .csv files', async () => {
    const user = await registerUser(t);
    const res = await importCsv(t, user.token, 'date,location.lat,location.lng\r\n2025-06-01T06:30:00Z,46.41,-94.35\r\n', 'logs.txt');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Only .csv files can be imported. Save the spreadsheet as CSV (comma-separated, UTF-8) and upload that file.');
    const field = await importCsv(t, user.token, 'date', 'logs.csv', 'file');
    expect(field.json().error).toBe('Please send the file in the field "userLogs".');
    expect(await logCount(t, user)).toBe(0);
  });

  it('is for subscribers only, with the seeds\' exact message', async () => {
    const user = await registerUser(free);
    const res = await importCsv(free, user.token, 'date,location.lat,location.lng\r\n2025-06-01T06:30:00Z,46.41,-94.35\r\n');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: messages.importNeedsSubscription });
    expect(res.json().error).toBe('You need an active subscription to utilize The Inner Circle.');
    expect(await logCount(free, user)).toBe(0);
  });

  it('says so when the file is empty or has no logs', async () => {
    const user = await registerUser(t);
    const empty = await importCsv(t, user.token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^The file is empty/);
    const headerOnly = await importCsv(t, user.token, 'date,location.lat,location.lng\r\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().error).toBe('The file has a header row but no logs.');
  });

  it('imports 5,000 rows in one go, and exports them again page by page', async () => {
    const user = await registerUser(t);
    // Three weeks of a season keep the generator's (offline, real) lunar days few.
    const season = { start: new Date('2025-06-01T05:00:00Z'), end: new Date('2025-06-22T05:00:00Z') };
    const logs = generateLogs({ userId: user._id, count: 5000, seed: 11, season });
    const csv = LOG_CSV_HEADER_LINE + logs.map((l) => logCsvLine(sampleLogView(l))).join('');
    const res = await importCsv(t, user.token, csv);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toEqual({ imported: 5000 });
    expect(await logCount(t, user)).toBe(5000);
    expect(lines((await exportCsv(t, user.token)).body)).toEqual(lines(csv));
  });
});

describe('POST /api/logs/from-photos', () => {
  const photo = (exif?: Record<string, Record<string, string>>) => {
    const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2d6a4f' } }).jpeg();
    return (exif ? image.withExif(exif) : image).toBuffer();
  };
  const gps = (lat: string, latRef: string, lng: string, lngRef: string) => ({
    GPSLatitudeRef: latRef,
    GPSLatitude: lat,
    GPSLongitudeRef: lngRef,
    GPSLongitude: lng,
  });
  const send = (app: TestApp, token: string, files: Array<{ filename: string; body: Buffer }>) =>
    app.request({
      method: 'POST',
      url: '/api/logs/from-photos',
      token,
      ...multipart(files.map((f) => ({ name: 'photos', filename: f.filename, body: f.body, type: 'image/jpeg' }))),
    });

  it('makes a Draft at each geotagged photo\'s place and time, and skips photos without a position', async () => {
    const user = await registerUser(t);
    const withOffset = await photo({
      IFD2: { DateTimeOriginal: '2025:06:01 06:30:00', OffsetTimeOriginal: '-05:00' },
      IFD3: gps('46/1 24/1 36/1', 'N', '94/1 21/1 0/1', 'W'),
    });
    const localTime = await photo({ IFD2: { DateTimeOriginal: '2025:07:04 19:15:00' }, IFD3: gps('47/1 9/1 0/1', 'N', '94/1 22/1 48/1', 'W') });
    const noGps = await photo({ IFD2: { DateTimeOriginal: '2025:07:04 19:15:00' } });
    const res = await send(t, user.token, [
      { filename: 'gull.jpg', body: withOffset },
      { filename: 'no-gps.jpg', body: noGps },
      { filename: 'leech.jpg', body: localTime },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { created, skipped } = res.json() as { created: LogView[]; skipped: unknown[] };
    expect(skipped).toEqual([{ file: 'no-gps.jpg', reason: NO_GPS }]);
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({
      type: 'Draft',
      privacy: 'private',
      date: '2025-06-01T06:30:00-05:00',
      timeZone: 'America/Chicago',
      location: { lat: 46.41, lng: -94.35, state: 'MN' },
      // A draft is private: its photo is a URL signed for its angler.
      photo: expect.stringMatching(/\.jpg\?v=/),
      lunar: { moonPhase: 'Waxing Crescent' },
    });
    // No offset in the photo: the time is the local time where it was taken.
    expect(created[1]).toMatchObject({ type: 'Draft', date: '2025-07-04T19:15:00-05:00', location: { lat: 47.15, lng: -94.38 } });

    // The stored photo has lost its metadata, GPS position included.
    const stored = await t.request({ method: 'GET', url: created[0]?.photo ?? '' });
    expect(stored.statusCode).toBe(200);
    expect(await exifr.gps(stored.rawPayload).catch(() => undefined)).toBeUndefined();
    expect(await logCount(t, user)).toBe(2);
  });

  it('answers 200 with only skips when no photo has a position, and refuses a request without photos', async () => {
    const user = await registerUser(t);
    const res = await send(t, user.token, [{ filename: 'plain.jpg', body: await photo() }, { filename: 'notes.txt', body: Buffer.from('hello') }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: [], skipped: [{ file: 'plain.jpg', reason: NO_GPS }, { file: 'notes.txt', reason: NO_GPS }] });
    const none = await t.request({ method: 'POST', url: '/api/logs/from-photos', token: user.token, ...multipart([]) });
    expect(none.statusCode).toBe(400);
  });

  it(`creates nothing when more than ${MAX_PHOTOS} photos are sent at once`, async () => {
    const user = await registerUser(t);
    const body = await photo({ IFD3: gps('46/1 24/1 36/1', 'N', '94/1 21/1 0/1', 'W') });
    const files = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({ filename: `p${i}.jpg`, body }));
    const res = await send(t, user.token, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Send at most ${MAX_PHOTOS} photos at once. Nothing was created.`);
    expect(await logCount(t, user)).toBe(0);
  });

  it('keeps to the free monthly allowance', async () => {
    const user = await registerUser(free);
    const body = await photo({ IFD3: gps('46/1 24/1 36/1', 'N', '94/1 21/1 0/1', 'W') });
    const res = await send(free, user.token, Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.jpg`, body })));
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toHaveLength(5);
    expect(res.json().skipped).toEqual([{ file: 'p5.jpg', reason: messages.allowanceExceeded }]);
  });
});
