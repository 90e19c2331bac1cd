// Bad input over every route that takes a JSON body: whatever arrives, the answer is a 4xx with
// a message (or a success where the input happens to be acceptable), never a 500.
import { allContracts } from '@tightlines/core/api/all';
import type { Contract } from '@tightlines/core/api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { givePremium, registerUser, type Member } from '@tightlines/testkit/fixtures';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '@tightlines/testkit/open-meteo';
import { startFakePayPal, type FakePayPal } from '@tightlines/testkit/paypal';

const deep = (n: number): unknown => (n === 0 ? 'bottom' : { a: deep(n - 1) });
const everyField = (value: unknown) =>
  Object.fromEntries(
    ['email', 'password', 'passwordConfirm', 'username', 'token', 'tag', 'id', 'query', 'search', 'term', 'date', 'startDate', 'endDate', 'name', 'type', 'notes', 'lat', 'lng', 'logs'].map((k) => [k, value]),
  );

/** Raw bodies, each sent as application/json. */
const BODIES: Array<[string, string]> = [
  ['not JSON', '{"email":'],
  ['an array', '[1,2,3]'],
  ['a string', '"hello"'],
  ['null', 'null'],
  ['every field a number', JSON.stringify(everyField(42))],
  ['every field negative', JSON.stringify(everyField(-1e308))],
  ['every field an object', JSON.stringify(everyField({ $gt: '' }))],
  ['every field NUL', JSON.stringify(everyField('a\u0000b'))],
  ['every field unicode', JSON.stringify(everyField('🎣 Ünïcødé \u202e\u200b 漁'))],
  ['every field a huge string', JSON.stringify(everyField('x'.repeat(50_000)))],
  ['impossible dates', JSON.stringify({ ...everyField('2025-02-30T25:61:00'), location: { lat: 46, lng: -94 } })],
  ['year 0 and 9999', JSON.stringify({ date: '0000-01-01T00:00:00Z', startDate: '9999-12-31', startTime: '23:59', location: { lat: 46, lng: -94 } })],
  ['numbers out of range', JSON.stringify({ lat: 1.7e308, lng: -Number.MAX_VALUE, alt: '1e400', location: { lat: 91, lng: 181 }, clusterCount: -5, fish: { length: -3, weight: 'NaN' } })],
  ['deep nesting', JSON.stringify(deep(2000))],
  ['over the size limit', JSON.stringify({ notes: 'x'.repeat(1_100_000) })],
];

let weather: FakeOpenMeteo;
let paypal: FakePayPal;
let t: TestApp;
let member: Member;
beforeAll(async () => {
  weather = await startFakeOpenMeteo();
  // PayPal set up (on a loopback PayPal), so its routes judge the bodies instead of answering
  // 503 "not set up" whatever arrives.
  paypal = await startFakePayPal();
  t = await createTestApp({ ...weather.env, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_SECRET: paypal.secret, PAYPAL_SANDBOX_URL: paypal.url });
  member = await registerUser(t);
  await givePremium(t, member);
});
afterAll(async () => {
  await t.close();
  await weather.close();
  await paypal.close();
});

const jsonRoutes = allContracts().filter((c: Contract) => c.body && c.body !== 'multipart');

describe('bad input', () => {
  it.each(jsonRoutes.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers every bad body with a message, never a 500', async (_name, c) => {
    const url = c.path.replace(/:(id)/, '6f1c1a57-63e7-4a53-9c1b-3c1f0c8f2a11').replace(/:\w+/, 'something');
    const problems: string[] = [];
    for (const [label, payload] of BODIES) {
      const res = await t.request({ method: c.method, url, token: member.token, headers: { 'content-type': 'application/json' }, payload });
      const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
      if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (res.statusCode >= 400 && typeof body?.error !== 'string') problems.push(`${label}: ${res.statusCode} without a message`);
    }
    expect(problems).toEqual([]);
  });
});
