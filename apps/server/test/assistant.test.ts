import { messages } from '@tightlines/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

const CLIENT = 'tightlines-assistant-test';
const REDIRECT = 'https://oauth-redirect.example.com/r/tightlines';

let t: TestApp;
let weather: FakeOpenMeteo;
let angler: Member;
let assistantToken: string;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp({ ...weather.env, GOOGLE_ACTIONS_CLIENT_ID: CLIENT, GOOGLE_ACTIONS_REDIRECT_URIS: `${REDIRECT}, https://other.example.com/cb` });
  angler = await registerUser(t);
  await givePremium(t, angler);
  const res = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: angler.token, payload: { client_id: CLIENT, redirect_uri: REDIRECT, state: 'xyz 1' } });
  expect(res.statusCode).toBe(200);
  assistantToken = res.json().token;
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

/** Dialogflow ES's webhook request; the token as Actions forwards it, or in the header. */
const dialogflow = (intent: string, parameters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  responseId: 'r-1',
  session: 'projects/tightlines/agent/sessions/s-1',
  queryResult: { queryText: 'hello', parameters, intent: { displayName: intent }, languageCode: 'en' },
  originalDetectIntentRequest: { source: 'google', payload: { ...extra } },
});

/** The Alexa Skills Kit's IntentRequest with the linked token in context.System.user. */
const alexa = (intent: string, slots: Record<string, string> = {}, token = assistantToken, geo?: { lat: number; lng: number }) => ({
  version: '1.0',
  session: { new: true, sessionId: 'amzn1.echo-api.session.1', user: { userId: 'amzn1.ask.account.X', accessToken: token } },
  context: {
    System: { user: { userId: 'amzn1.ask.account.X', accessToken: token } },
    ...(geo && { Geolocation: { coordinate: { latitudeInDegrees: geo.lat, longitudeInDegrees: geo.lng, accuracyInMeters: 10 } } }),
  },
  request: {
    type: 'IntentRequest',
    requestId: 'amzn1.echo-api.request.1',
    locale: 'en-US',
    intent: { name: intent, confirmationStatus: 'NONE', slots: Object.fromEntries(Object.entries(slots).map(([name, value]) => [name, { name, value }])) },
  },
});

const fulfil = (body: unknown, token?: string) =>
  t.request({ method: 'POST', url: '/api/assistant/fulfillment', payload: body as object, ...(token ? { token } : {}) });

describe('account linking (implicit grant)', () => {
  it('checks the client and the redirect against the settings', async () => {
    const ask = async (query: string) => (await t.request({ method: 'GET', url: `/api/assistant/link?${query}` })).json();
    expect(await ask(`client_id=${CLIENT}&redirect_uri=${encodeURIComponent(REDIRECT)}`)).toEqual({ enabled: true, valid: true });
    expect(await ask(`client_id=someone-else&redirect_uri=${encodeURIComponent(REDIRECT)}`)).toEqual({ enabled: true, valid: false });
    expect(await ask(`client_id=${CLIENT}&redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}`)).toEqual({ enabled: true, valid: false });
  });

  it('issues a bearer token with the redirect carrying it, its type and the state in the fragment', async () => {
    const res = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: angler.token, payload: { client_id: CLIENT, redirect_uri: REDIRECT, state: 'a&b=c' } });
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    const url = new URL(body.redirect);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('access_token')).toBe(body.token);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('state')).toBe('a&b=c');
    expect(body.token).not.toBe(angler.token);
  });

  it('refuses an unlisted redirect (no open redirect), another client, a visitor, and the assistant token itself', async () => {
    const evil = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: angler.token, payload: { client_id: CLIENT, redirect_uri: `${REDIRECT}.evil.com` } });
    expect(evil.statusCode).toBe(400);
    const other = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: angler.token, payload: { client_id: 'nope', redirect_uri: REDIRECT } });
    expect(other.statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: assistantToken, payload: {} })).statusCode).toBe(403);
  });

  it('is off without the settings', async () => {
    const off = await createTestApp();
    try {
      const member = await registerUser(off);
      expect((await off.request({ method: 'GET', url: `/api/assistant/link?client_id=${CLIENT}` })).json()).toEqual({ enabled: false, valid: false });
      const res = await off.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: member.token, payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 120_000);
});

describe('the assistant token’s scope', () => {
  it('is accepted on the calls the assistant speaks', async () => {
    expect((await t.request({ method: 'GET', url: '/api/logs/can-create', token: assistantToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/logs', token: assistantToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/stats', token: assistantToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/weather/lunar', token: assistantToken, payload: { lat: 46, lng: -93 } })).statusCode).toBe(200);
    const draft = await t.request({ method: 'POST', url: '/api/logs/create', token: assistantToken, payload: { type: 'Draft', location: { lat: 46.23, lng: -93.65 } } });
    expect(draft.statusCode).toBe(201);
  });

  it('is refused on account, password, e-mail and session management', async () => {
    const calls = [
      { method: 'GET', url: '/api/user/full' },
      { method: 'POST', url: '/api/user/update', payload: { username: 'hijacked' } },
      { method: 'POST', url: '/api/user/update-email', payload: { email: 'x@example.com' } },
      { method: 'POST', url: '/api/user/logout' },
      { method: 'GET', url: '/api/user/assistant-tokens' },
      { method: 'GET', url: '/api/user/export-logs' },
    ] as const;
    for (const call of calls) {
      const res = await t.request({ ...call, token: assistantToken });
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
    }
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: angler.token })).json().username).toBe(angler.username);
  });
});

describe('fulfillment', () => {
  it('refuses a web session token, no token and a body of neither format', async () => {
    expect((await fulfil(dialogflow('LogsThisMonth'), angler.token)).statusCode).toBe(401);
    expect((await fulfil(alexa('LogsThisMonth', {}, angler.token))).statusCode).toBe(401);
    expect((await fulfil(dialogflow('LogsThisMonth'))).statusCode).toBe(401);
    expect((await fulfil({ hello: 'world' }, assistantToken)).statusCode).toBe(400);
  });

  it('logs a catch from Dialogflow ("walleye, 22 inches, on a jig") at the device position, and the log is the member’s', async () => {
    const body = dialogflow('LogCatch', { species: 'walleye', length: { amount: 22, unit: 'inch' }, lure: 'jig' }, {
      user: { accessToken: assistantToken },
      device: { location: { coordinates: { latitude: 46.23, longitude: -93.65 } } },
    });
    const res = await fulfil(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().fulfillmentText).toMatch(/^Logged a 22 inch Walleye on a jig/);
    const logs = (await t.request({ method: 'GET', url: '/api/user/logs?limit=5', token: angler.token })).json().docs;
    const log = logs.find((l: { fish?: { species?: string } }) => l.fish?.species === 'Walleye');
    expect(log).toMatchObject({ type: 'Catch', fish: { species: 'Walleye', length: 22 }, lure: { category: 'Jig' }, privacy: 'private' });
    expect(log.location).toMatchObject({ lat: 46.23, lng: -93.65 });
  });

  it('speaks Alexa: a draft at the last log’s position, the month’s count, moon phase, solunar times and weather', async () => {
    const draft = await fulfil(alexa('InstantDraft'));
    expect(draft.json()).toEqual({ version: '1.0', response: { outputSpeech: { type: 'PlainText', text: messages.draftCreated }, shouldEndSession: true } });
    const count = (await fulfil(alexa('LogsThisMonth'))).json().response.outputSpeech.text;
    expect(count).toBe('You have saved 3 logs this month.');
    expect((await fulfil(alexa('MoonPhase'))).json().response.outputSpeech.text).toMatch(/^The moon is [A-Za-z ]+, \d+ percent lit\.$/);
    expect((await fulfil(alexa('SolunarTimes'))).json().response.outputSpeech.text).toMatch(/major period/);
    const said = (await fulfil(alexa('Weather', {}, assistantToken, { lat: 44.98, lng: -93.27 }))).json().response.outputSpeech.text;
    expect(said).toMatch(/^It is -?\d+ degrees and .+, wind \d+ miles per hour from the [A-Z ya-z]+, pressure [\d.]+ inches\.$/);
  });

  it('answers a free member that the assistant is premium, and writes nothing', async () => {
    const free = await registerUser(t);
    const link = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: free.token, payload: {} });
    const token = link.json().token;
    const res = await fulfil(alexa('LogCatch', { species: 'bass' }, token, { lat: 46, lng: -93 }));
    expect(res.json().response.outputSpeech.text).toMatch(/premium/);
    expect((await t.request({ method: 'GET', url: '/api/user/logs', token: free.token })).json().docs).toHaveLength(0);
  });

  it('stops working once revoked from My Account; another member cannot revoke it', async () => {
    const link = await t.request({ method: 'POST', url: '/api/user/create/googleActionsToken', token: angler.token, payload: {} });
    const token = link.json().token;
    const list = (await t.request({ method: 'GET', url: '/api/user/assistant-tokens', token: angler.token })).json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    const newest = list[0];
    const stranger = await registerUser(t);
    expect((await t.request({ method: 'DELETE', url: `/api/user/assistant-tokens/${newest.id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await fulfil(alexa('LogsThisMonth', {}, token))).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/user/assistant-tokens/${newest.id}`, token: angler.token })).statusCode).toBe(200);
    expect((await fulfil(alexa('LogsThisMonth', {}, token))).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/logs/can-create', token })).statusCode).toBe(401);
  });
});
