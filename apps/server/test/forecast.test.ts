import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

let weather: FakeOpenMeteo;
let t: TestApp;
let premiumApp: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp(weather.env);
  premiumApp = await createTestApp({ ...weather.env, FEATURE_FLAGS: 'FREEFORALL' });
});
afterAll(async () => {
  await t.close();
  await premiumApp.close();
  await weather.close();
});

describe('GET /api/weather/forecast/{searchTerm}', () => {
  it('answers a visitor with the place, current weather and 7 lunar days, extended panels locked', async () => {
    const res = await t.request({ method: 'GET', url: '/api/weather/forecast/56401' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.location).toMatchObject({ name: 'Brainerd, MN', state: 'MN', zip: '56401', timeZone: 'America/Chicago' });
    expect(body.weatherCurrent).toMatchObject({ airTemp: 71.3, barometer: 1012.4, windDirection: 200 });
    expect(body.weatherError).toBeNull();
    expect(body.weatherForecast).toEqual([]);
    expect(body.locked).toEqual({ extended: true, historic: true });
    expect(body.lunar).toHaveLength(7);
    const [today] = body.lunar;
    expect(today.moon.phase).toMatch(/Moon|Quarter|Crescent|Gibbous/);
    expect(today.moon.illuination).toBe(today.moon.illumination);
    expect(today.sun.riseISO).toMatch(/T\d{2}:\d{2}:00-0[56]:00$/);
    expect(today.sun.rise).toMatch(/^\d{2}:\d{2} (AM|PM)$/);
    expect(new Set(body.lunar.map((d: { date: string }) => d.date)).size).toBe(7);
  });

  it('accepts "city, state" and answers 404 with a clear message when nothing matches', async () => {
    const city = await t.request({ method: 'GET', url: `/api/weather/forecast/${encodeURIComponent('Brainerd, Minnesota')}` });
    expect(city.json().location.name).toBe('Brainerd, MN');
    const none = await t.request({ method: 'GET', url: '/api/weather/forecast/Atlantis' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatch(/could not find "Atlantis"/);
  });

  it('still answers with the lunar data when the weather service fails', async () => {
    weather.failWith = 500;
    try {
      const res = await t.request({ method: 'GET', url: '/api/weather/forecast/55401' });
      expect(res.statusCode).toBe(200);
      expect(res.json().weatherCurrent).toBeNull();
      expect(res.json().weatherError).toMatch(/500/);
      expect(res.json().lunar).toHaveLength(7);
    } finally {
      weather.failWith = null;
    }
    // The answer without weather was not kept: the next visitor gets the weather.
    const again = await t.request({ method: 'GET', url: '/api/weather/forecast/55401' });
    expect([again.json().weatherCurrent?.airTemp, again.json().weatherError]).toEqual([71.3, null]);
  });

  it('sends a visitor the same bytes again with an ETag, and 304 to a client that holds them', async () => {
    const first = await t.request({ method: 'GET', url: '/api/weather/forecast/56401' });
    const second = await t.request({ method: 'GET', url: '/api/weather/forecast/56401' });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const held = await t.request({ method: 'GET', url: '/api/weather/forecast/56401', headers: { 'if-none-match': etag } });
    expect([held.statusCode, held.body]).toEqual([304, '']);
    const stale = await t.request({ method: 'GET', url: '/api/weather/forecast/56401', headers: { 'if-none-match': '"something-else"' } });
    expect([stale.statusCode, stale.body]).toEqual([200, first.body]);
  });

  it('never gives a member the visitors’ forecast: a premium member asking after a visitor gets the extended one, and the search is saved', async () => {
    const visitor = await premiumApp.request({ method: 'GET', url: '/api/weather/forecast/56401' });
    expect(visitor.json().locked).toEqual({ extended: true, historic: true });
    const user = await registerUser(premiumApp);
    const member = await premiumApp.request({ method: 'GET', url: '/api/weather/forecast/56401', token: user.token, headers: { 'if-none-match': visitor.headers.etag as string } });
    expect(member.statusCode).toBe(200);
    expect(member.json().locked).toEqual({ extended: false, historic: false });
    expect(member.json().weatherForecast.length).toBeGreaterThan(0);
    const me = await premiumApp.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(JSON.stringify(me.json())).toContain('56401');
  });

  it("saves a member's searches once each, newest first, and removes one", async () => {
    const user = await registerUser(t);
    for (const term of ['56401', 'Minneapolis, MN', '56401']) {
      await t.request({ method: 'GET', url: `/api/weather/forecast/${encodeURIComponent(term)}`, token: user.token });
    }
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(full.json().forecastSearches).toEqual(['56401', 'Minneapolis, MN']);
    const removed = await t.request({ method: 'POST', url: '/api/weather/remove-search-term', token: user.token, payload: { term: 'minneapolis, mn' } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().forecastSearches).toEqual(['56401']);
    const visitor = await t.request({ method: 'POST', url: '/api/weather/remove-search-term', payload: { term: '56401' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('gives premium members the 7-day forecast', async () => {
    const user = await registerUser(premiumApp);
    const res = await premiumApp.request({ method: 'GET', url: '/api/weather/forecast/56401', token: user.token });
    expect(res.json().locked).toEqual({ extended: false, historic: false });
    expect(res.json().weatherForecast).toHaveLength(7);
    expect(res.json().weatherForecast[0]).toMatchObject({ windDirection: 190, windSpeed: 14.5 });
  });
});

describe('past and hourly weather', () => {
  it('keeps past weather for premium members', async () => {
    const visitor = await t.request({ method: 'POST', url: '/api/weather/historic/forecast/', payload: { search: '56401' } });
    expect(visitor.statusCode).toBe(401);
    const free = await registerUser(t);
    const locked = await t.request({ method: 'POST', url: '/api/weather/historic/forecast/', token: free.token, payload: { search: '56401' } });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatch(/premium feature/);
    const member = await registerUser(premiumApp);
    const open = await premiumApp.request({ method: 'POST', url: '/api/weather/historic/forecast/', token: member.token, payload: { search: '56401' } });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toHaveLength(7);
  });

  it('answers the hours of a day, and 503 with a reason when the service is down', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const res = await t.request({ method: 'POST', url: '/api/weather/forecast/hourly', payload: { search: '56401', date: today } });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThanOrEqual(23);
    expect(res.json()[0].date).toMatch(new RegExp(`^${today}T00:00:00-0[56]:00$`));
    const bad = await t.request({ method: 'POST', url: '/api/weather/forecast/hourly', payload: { search: '56401', date: 'tomorrow' } });
    expect(bad.statusCode).toBe(400);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const visitor = await t.request({ method: 'POST', url: '/api/weather/forecast/hourly', payload: { search: '56401', date: tomorrow } });
    expect(visitor.statusCode).toBe(401);
    const free = await registerUser(t);
    const locked = await t.request({ method: 'POST', url: '/api/weather/forecast/hourly', token: free.token, payload: { search: '56401', date: tomorrow } });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatch(/extended forecast is a premium feature/);
    const member = await registerUser(premiumApp);
    weather.failWith = 500;
    try {
      // another day than today, whose answer is cached for the hour
      const down = await premiumApp.request({ method: 'POST', url: '/api/weather/forecast/hourly', token: member.token, payload: { search: '56401', date: tomorrow } });
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatch(/Weather is unavailable right now/);
    } finally {
      weather.failWith = null;
    }
  });

  it('answers current weather for a point with the display values', async () => {
    const res = await t.request({ method: 'POST', url: '/api/weather/current/', payload: { location: { lat: 46.35, lng: -94.2 } } });
    // The seed's Weather entity at the top level, not under `weather`.
    expect(res.json()).toMatchObject({ reason: null, display: { windLabel: 'SW', barometerInches: 29.9 } });
    expect(res.json()).toEqual(expect.objectContaining({ airTemp: expect.any(Number), windDirection: expect.any(Number), barometer: expect.any(Number), summary: expect.any(String) }));
    expect(res.json()).not.toHaveProperty('weather');
    const bad = await t.request({ method: 'POST', url: '/api/weather/current/', payload: { lat: 95, lng: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Latitude/);
  });

  it('answers the reason beside no weather fields when the weather service is down', async () => {
    weather.failWith = 500;
    try {
      const res = await t.request({ method: 'POST', url: '/api/weather/current/', payload: { location: { lat: 44.9, lng: -93.3 } } });
      expect(res.statusCode).toBe(200);
      expect(res.json().reason).toMatch(/./);
      expect(res.json()).not.toHaveProperty('airTemp');
    } finally {
      weather.failWith = null;
    }
  });
});

describe('lunar calls', () => {
  it('answers the moon and sun of the local day of a time', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/lunar/aeris/past',
      payload: { lat: 46.35, lng: -94.2, time: '2026-06-21T03:30:00Z' },
    });
    const body = res.json();
    // 03:30 UTC on June 21 is still June 20 in Minnesota
    expect(body.date).toBe('2026-06-20');
    expect(body.moon).toHaveProperty('above');
    expect(body.moon).toHaveProperty('underfootISO');
    const day = await t.request({ method: 'POST', url: '/api/weather/lunar', payload: { lat: 46.35, lng: -94.2, date: '2026-06-20' } });
    expect(day.json().moon).toEqual(body.moon);
  });

  it('answers every day of a month for a ZIP or a point, with dashes where an event is missing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/lunar/aeris/monthly?location=56401&month=3&year=2026' });
    const days = res.json();
    expect(days).toHaveLength(31);
    expect(days[0].dateTimeISO).toBe('2026-03-01T00:00:00-06:00');
    // the day after the spring change starts at CDT
    expect(days[8].dateTimeISO).toBe('2026-03-09T00:00:00-05:00');
    expect(days.some((d: { moon: { riseISO: string | null } }) => d.moon.riseISO === null)).toBe(true);
    const point = await t.request({ method: 'POST', url: '/api/lunar/aeris/monthly?location=46.35,-94.2&tz=America/Chicago&month=2&year=2026' });
    expect(point.json()).toHaveLength(28);
    const missing = await t.request({ method: 'POST', url: '/api/lunar/aeris/monthly' });
    expect(missing.statusCode).toBe(400);
    // Asked again: the same bytes, and 304 for a client holding them.
    const again = await t.request({ method: 'POST', url: '/api/lunar/aeris/monthly?location=56401&month=3&year=2026' });
    expect(again.body).toBe(res.body);
    const held = await t.request({ method: 'POST', url: '/api/lunar/aeris/monthly?location=56401&month=3&year=2026', headers: { 'if-none-match': res.headers.etag as string } });
    expect(held.statusCode).toBe(304);
  });
});

describe('POST /api/calendar/ical', () => {
  it('downloads a valid calendar of 30 days of solunar events', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/calendar/ical',
      payload: { location: { name: 'Brainerd, MN', lat: 46.35, lng: -94.2 }, alertType: 'Lunar Event' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="tightlines-solunar.ics"');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const kinds = new Set(events.map((e) => e.summary.split(' · ')[0]));
    expect(kinds).toEqual(new Set(['Major period', 'Minor period', 'Sunrise', 'Sunset']));
    const sunrises = events.filter((e) => e.summary.startsWith('Sunrise'));
    expect(sunrises).toHaveLength(30);
    const majors = events.filter((e) => e.summary.startsWith('Major'));
    for (const m of majors) expect(m.endDate.toUnixTime() - m.startDate.toUnixTime()).toBe(7200);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const again = await t.request({ method: 'POST', url: '/api/calendar/ical', payload: { location: { name: 'Brainerd, MN', lat: 46.35, lng: -94.2 }, alertType: 'Lunar Event' } });
    expect(again.body).toBe(res.body);
  });

  it('lists hourly weather events for Hourly Event, and refuses an unknown type', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/calendar/ical',
      payload: { location: { name: 'Brainerd, MN', lat: 46.35, lng: -94.2 }, alertType: 'Hourly Event' },
    });
    const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(20);
    expect(events[0]!.description).toMatch(/Wind [\d.]+ mph/);
    const bad = await t.request({ method: 'POST', url: '/api/calendar/ical', payload: { location: { lat: 1, lng: 1 }, alertType: 'Weekly' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/util/geolocate/reverse', () => {
  it('names the state of a point, and nothing outside the US', async () => {
    const res = await t.request({ method: 'POST', url: '/api/util/geolocate/reverse', payload: { lat: 46.35, lng: -94.2 } });
    expect(res.json()).toMatchObject({
      state: 'MN',
      results: [{ address_components: [{ short_name: 'MN', long_name: 'Minnesota', types: ['administrative_area_level_1', 'political'] }] }],
    });
    const paris = await t.request({ method: 'POST', url: '/api/util/geolocate/reverse', payload: { lat: 48.85, lng: 2.35 } });
    expect(paris.json()).toMatchObject({ state: null, results: [] });
  });
});

describe('saved searches', () => {
  it('keeps no duplicates whatever the case', async () => {
    const user = await registerUser(t);
    await t.request({ method: 'GET', url: '/api/weather/forecast/brainerd,%20mn', token: user.token });
    await t.request({ method: 'GET', url: '/api/weather/forecast/Brainerd,%20MN', token: user.token });
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(full.json().forecastSearches).toHaveLength(1);
  });
});
