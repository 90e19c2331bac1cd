import { logView } from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';

let weather: FakeOpenMeteo;
let t: TestApp;

beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  t = await createTestApp(weather.env);
});
afterAll(async () => {
  await t.close();
  await weather.close();
});

const POINT = { lat: 46.41, lng: -94.35 };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

async function create(token: string, payload: object) {
  return t.request({ method: 'POST', url: '/api/logs/create', token, payload });
}

describe('the rules of a log, from the caller’s side', () => {
  it('refuses to move a log into the future on edit, and keeps it as it was', async () => {
    const user = await registerUser(t);
    const log = (await create(user.token, { type: 'Catch', date: hoursAgo(3), location: POINT })).json();
    const res = await t.request({
      method: 'POST',
      url: `/api/log/update/${log._id}`,
      token: user.token,
      payload: { type: 'Catch', date: new Date(Date.now() + 86_400_000).toISOString(), location: POINT },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A log cannot be dated in the future.');
    const after = await t.request({ method: 'GET', url: `/api/log/edit/${log._id}`, token: user.token });
    expect(after.json().date).toBe(log.date);
  });

  it('reads a local time written without seconds on the clock of the place', async () => {
    const user = await registerUser(t);
    const res = await create(user.token, { type: 'Catch', date: '2026-01-15T06:30', location: POINT });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().date).toBe('2026-01-15T06:30:00-06:00');
  });

  it('remembers neither the tags nor the lake of a log the allowance refuses', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 5; i += 1) expect((await create(user.token, { type: 'Draft', location: POINT })).statusCode).toBe(201);
    const refused = await create(user.token, {
      type: 'Catch',
      tags: ['never saved'],
      location: { lat: 45.5, lng: -95.5, lake: 'Lake Nowhere' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.allowanceExceeded);
    expect((await t.request({ method: 'GET', url: '/api/user/tags', token: user.token })).json()).toEqual([]);
    expect((await t.request({ method: 'POST', url: '/api/util/find-lake', payload: { lat: 45.5, lng: -95.5 } })).json()).toBeNull();
  });

  it('answers a malformed id as not found, with the route’s own sentence', async () => {
    const user = await registerUser(t);
    for (const [url, error] of [
      ['/api/log/edit/not-a-log', 'This log does not exist or is not yours.'],
      ['/api/log/view/1%20or%201=1', 'This log does not exist or is not shared with you.'],
      ['/api/user/outing/123', 'This outing does not exist or is not yours.'],
    ] as const) {
      const res = await t.request({ method: 'GET', url, token: user.token });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 404, error]);
    }
  });

  it('tells a stranger nothing about another angler’s log, even where the service is off', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const log = (await create(owner.token, { type: 'Catch', privacy: 'private', location: POINT })).json();
    const waterflow = await t.request({ method: 'POST', url: `/api/log/get-waterflow/${log._id}`, token: stranger.token, payload: POINT });
    expect(waterflow.statusCode).toBe(404);
    expect(waterflow.json().error).toBe('This log does not exist or is not yours.');
    const tag = await t.request({ method: 'POST', url: '/api/user/add-tag-log', token: stranger.token, payload: { id: log._id, tag: 'mine now' } });
    expect(tag.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/user/tags', token: stranger.token })).json()).toEqual([]);
  });

  it('shows a public log to a visitor with the documented fields only', async () => {
    const owner = await registerUser(t);
    const log = (await create(owner.token, { type: 'Catch', privacy: 'public', location: POINT })).json();
    const res = await t.request({ method: 'GET', url: `/api/log/view/${log._id}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(logView.shape).sort());
    expect(res.json().username).toBe(owner.username);
  });
});
