import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, uploadPhoto } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

/**
 * The product's mobile apps and voice assistant speak section 7 of the seeds as written: these
 * tests post the seeds' own payload shapes and read the answers the way those clients do.
 */
let weather: FakeOpenMeteo;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

const GULL_LAKE = { lat: 46.41, lng: -94.35 };
/** Yesterday on the clock of Gull Lake (America/Chicago), as the client's date picker writes it. */
const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() - 86_400_000));

async function post(token: string | undefined, url: string, payload: unknown) {
  return t.request({ method: 'POST', url, ...(token ? { token } : {}), payload: payload as object });
}

describe('POST api/weather/current/ (location)', () => {
  it('answers the Weather entity at the top level', async () => {
    const res = await post(undefined, '/api/weather/current/', { location: GULL_LAKE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const field of ['airTemp', 'temperatureHigh', 'temperatureLow', 'windDirection', 'windSpeed', 'barometer', 'summary', 'time']) {
      expect(body).toHaveProperty(field);
    }
    expect(body.reason).toBeNull();
  });
});

describe('POST api/weather/forecast/hourly (search, date)', () => {
  it('takes the date as an ISO timestamp as well as YYYY-MM-DD, today open for everyone', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const byDay = await post(undefined, '/api/weather/forecast/hourly', { search: '56401', date: today });
    const byInstant = await post(undefined, '/api/weather/forecast/hourly', { search: '56401', date: `${today}T12:00:00-05:00` });
    expect(byDay.statusCode, byDay.body).toBe(200);
    expect(byInstant.statusCode, byInstant.body).toBe(200);
    expect(byInstant.json()[0].date).toBe(byDay.json()[0].date);
  });
});

describe('logs', () => {
  it('POST api/logs/create takes the seed’s date (YYYY-MM-DD) with time (HH:mm)', async () => {
    const user = await registerUser(t);
    const day = yesterday();
    const res = await post(user.token, '/api/logs/create', { type: 'Catch', date: day, time: '06:45', location: GULL_LAKE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().date).toMatch(new RegExp(`^${day}T06:45:00-0[56]:00$`));
    expect(res.json().time).toBe('06:45');
  });

  it('POST api/log/update/{id} changes only what it is sent and answers the updated logs with the log beside them', async () => {
    const user = await registerUser(t);
    const created = (
      await post(user.token, '/api/logs/create', {
        type: 'Catch',
        date: yesterday(),
        time: '07:00',
        notes: 'weed edge',
        tags: ['walleye run'],
        fish: { species: 'Walleye', length: 22, weight: 3.1 },
        lure: { category: 'Jig', colorPrimary: 'Chartreuse' },
        location: { ...GULL_LAKE, lake: 'Gull Lake' },
      })
    ).json();
    const res = await post(user.token, `/api/log/update/${created._id}`, { fish: { length: 24 } });
    expect(res.statusCode, res.body).toBe(200);
    const { log, docs, total } = res.json();
    expect(log).toMatchObject({
      notes: 'weed edge',
      tags: ['walleye run'],
      fish: { species: 'Walleye', length: 24, weight: 3.1 },
      lure: { category: 'Jig', colorPrimary: 'Chartreuse' },
      location: { lake: 'Gull Lake' },
      date: created.date,
    });
    expect(total).toBe(1);
    expect(docs[0]).toEqual(log);

    const cleared = await post(user.token, `/api/log/update/${created._id}`, { notes: null, tags: [] });
    expect(cleared.json().log).toMatchObject({ notes: null, tags: [], fish: { length: 24 } });
  });

  it('POST api/log/update/{id} takes back the log as GET api/log/edit answered it, with a new time beside its date', async () => {
    const user = await registerUser(t);
    const day = yesterday();
    const created = (await post(user.token, '/api/logs/create', { type: 'Bite', date: day, time: '05:10', location: GULL_LAKE })).json();
    const held = (await t.request({ method: 'GET', url: `/api/log/edit/${created._id}`, token: user.token })).json();
    const res = await post(user.token, `/api/log/update/${created._id}`, { ...held, time: '05:40', notes: 'moved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().log).toMatchObject({ time: '05:40', notes: 'moved', type: 'Bite' });
    expect(res.json().log.date.slice(0, 10)).toBe(day);
  });

  it('POST api/user/delete-logs takes a bare array of logs or of ids', async () => {
    const user = await registerUser(t);
    const logs = [];
    for (let i = 0; i < 3; i += 1) logs.push((await post(user.token, '/api/logs/create', { type: 'Draft', location: GULL_LAKE })).json());
    const asLogs = await post(user.token, '/api/user/delete-logs', [logs[0]]);
    expect(asLogs.statusCode, asLogs.body).toBe(200);
    expect(asLogs.json()).toMatchObject({ deleted: 1, total: 2 });
    const asIds = await post(user.token, '/api/user/delete-logs', [logs[1]._id, logs[2]._id]);
    expect(asIds.json()).toMatchObject({ deleted: 2, total: 0, docs: [] });
  });

  it('refuses a stranger’s partial update without changing the log', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const created = (await post(owner.token, '/api/logs/create', { type: 'Catch', location: GULL_LAKE, notes: 'mine' })).json();
    const res = await post(stranger.token, `/api/log/update/${created._id}`, { notes: 'theirs' });
    expect(res.statusCode).toBe(404);
    const still = await t.request({ method: 'GET', url: `/api/log/edit/${created._id}`, token: owner.token });
    expect(still.json().notes).toBe('mine');
  });
});

describe('GET api/user/logs/filter (filterType, filterValue)', () => {
  it('matches moonPhase in the seed’s lower case as well as in title case', async () => {
    const user = await registerUser(t);
    const log = (await post(user.token, '/api/logs/create', { type: 'Catch', location: GULL_LAKE })).json();
    const phase: string = log.lunar.moonPhase;
    for (const value of [phase, phase.toLowerCase(), phase.toUpperCase()]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/user/logs/filter?filterType=moonPhase&filterValue=${encodeURIComponent(value)}`,
        token: user.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total).toBe(1);
    }
  });
});

describe('outings', () => {
  it('GET api/user/outing/{id} answers outing {startDate, endDate, logs, lunar} with the timeline fields on each log', async () => {
    const user = await registerUser(t);
    const started = await post(user.token, '/api/user/create-outing', { location: GULL_LAKE });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json()._id;
    const photo = await uploadPhoto(t, user);
    await post(user.token, '/api/logs/create', { type: 'Catch', location: GULL_LAKE, photo, fish: { species: 'Walleye', length: 21 } });
    await post(user.token, '/api/logs/create', { type: 'Bite', location: GULL_LAKE });
    const res = await t.request({ method: 'GET', url: `/api/user/outing/${id}`, token: user.token });
    const body = res.json();
    expect(body.outing).toEqual(expect.objectContaining({ startDate: expect.any(String), endDate: expect.any(String), logs: expect.any(Array) }));
    expect(body.outing.lunar).toEqual(expect.objectContaining({ moonPhase: expect.any(String), moonRise: expect.toBeOneOf([null, expect.any(String)]) }));
    expect(body.lunar).toEqual(body.outing.lunar);
    for (const peak of body.solunarPeaks) expect(['Major', 'Minor']).toContain(peak.type);
    expect(body.outing.logs).toEqual([
      expect.objectContaining({ type: 'Catch', name: 'Walleye', size: 21, photos: { angler: photo }, showInfo: false }),
      expect.objectContaining({ type: 'Bite', name: 'Bite', size: null, photos: { angler: null }, showInfo: false }),
    ]);
  });

  it('a log made while an outing is in progress joins it; another angler\'s log and a log from before it do not', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const before = (await post(user.token, '/api/logs/create', { type: 'Bite', location: GULL_LAKE, date: new Date(Date.now() - 3 * 3600_000).toISOString() })).json();
    const started = (await post(user.token, '/api/user/create-outing', { location: GULL_LAKE })).json();
    const during = await post(user.token, '/api/logs/create', { type: 'Bite', location: GULL_LAKE });
    const theirs = await post(other.token, '/api/logs/create', { type: 'Bite', location: GULL_LAKE });
    expect(during.statusCode, during.body).toBe(201);
    expect(during.json().outingId).toBe(started._id);
    expect(theirs.json().outingId).toBeNull();
    expect(before.outingId).toBeNull();
  });

  it('POST api/user/edit-outing/{id} takes the outing object as GET answered it', async () => {
    const user = await registerUser(t);
    const created = (
      await post(user.token, '/api/user/create-outing', {
        startDate: yesterday(),
        startTime: '06:00',
        endDate: yesterday(),
        endTime: '09:00',
        location: GULL_LAKE,
      })
    ).json();
    const held = (await t.request({ method: 'GET', url: `/api/user/outing/${created._id}`, token: user.token })).json();
    const later = held.outing.endDate.replace('T09:00', 'T10:30');
    const res = await post(user.token, `/api/user/edit-outing/${created._id}`, { ...held, outing: { ...held.outing, endDate: later } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outing).toMatchObject({ startDate: held.outing.startDate, endDate: later, active: false });

    const running = (await post(user.token, '/api/user/create-outing', { location: GULL_LAKE })).json();
    const same = await post(user.token, `/api/user/edit-outing/${running._id}`, running);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().outing.active).toBe(true);
  });
});

describe('GET /api/port', () => {
  it('answers where the server listens and is reached', async () => {
    const res = await t.request({ method: 'GET', url: '/api/port' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ port: expect.any(Number), publicUrl: expect.stringMatching(/^https?:\/\//) });
  });
});

describe('GET api/util/geolocate: the fallback when the browser gives no position', () => {
  it('answers a member’s last log, else their last forecast search, else "Geolocation no available"', async () => {
    const visitor = await t.request({ method: 'GET', url: '/api/util/geolocate' });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json().error).toBe('Geolocation no available');

    const user = await registerUser(t);
    expect((await t.request({ method: 'GET', url: '/api/util/geolocate', token: user.token })).statusCode).toBe(404);
    await t.request({ method: 'GET', url: '/api/weather/forecast/56401', token: user.token });
    const searched = await t.request({ method: 'GET', url: '/api/util/geolocate', token: user.token });
    expect(searched.json()).toMatchObject({ source: 'last-search', lat: expect.any(Number), lng: expect.any(Number) });
    await post(user.token, '/api/logs/create', { type: 'Catch', location: { ...GULL_LAKE, lake: 'Gull Lake' } });
    const logged = await t.request({ method: 'GET', url: '/api/util/geolocate', token: user.token });
    expect(logged.json()).toEqual({ ...GULL_LAKE, source: 'last-log', label: 'Gull Lake' });
  });
});

describe('the user’s lakes and a log’s lake.location', () => {
  it('fills lakes with the lakes the member has logged, and lake.location on a log that names its lake', async () => {
    const user = await registerUser(t);
    const log = (await post(user.token, '/api/logs/create', { type: 'Catch', location: { ...GULL_LAKE, lake: 'Gull Lake' } })).json();
    expect(log.lake.location).toEqual(GULL_LAKE);
    await post(user.token, '/api/logs/create', { type: 'Bite', location: { lat: 46.24, lng: -93.66, lake: 'Mille Lacs' } });
    await post(user.token, '/api/logs/create', { type: 'Draft', location: GULL_LAKE });
    const full = (await t.request({ method: 'GET', url: '/api/user/full', token: user.token })).json();
    expect(full.lakes).toEqual([
      { name: 'Gull Lake', location: GULL_LAKE },
      { name: 'Mille Lacs', location: { lat: 46.24, lng: -93.66 } },
    ]);
    // Nobody else's lakes.
    const other = await registerUser(t);
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: other.token })).json().lakes).toEqual([]);
  });
});
