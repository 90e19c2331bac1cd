// The audit's two High findings, from the attacker's side: one request must not stall the
// server, and the demo account must not be a way to stop it.
import { DEMO_ACCOUNT_LOCKED } from '@tightlines/core/accounts';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { OUTING_TOO_EARLY, OUTING_TOO_LONG } from '@tightlines/core/outings';
import { loadConfig } from '../src/config';
import { seedDemoData } from '../src/demo/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { accountCount, registerUser } from '@tightlines/testkit/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const place = { lat: 46.41, lng: -94.35 };

describe('an outing is bounded, so its timeline is bounded work', () => {
  it('refuses a start before 1970 and a span longer than the longest outing, on create', async () => {
    const angler = await registerUser(t);
    const create = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/user/create-outing', token: angler.token, payload: { location: place, ...payload } });

    const ancient = await create({ startDate: '1900-01-01', startTime: '06:00', endDate: '1900-01-01', endTime: '09:00' });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error).toBe(OUTING_TOO_EARLY);

    // decades in progress: the attack the audit timed at 4.9 s for ten years
    const open = await create({ startDate: '2016-01-01', startTime: '06:00' });
    expect(open.statusCode).toBe(400);
    expect(open.json().error).toBe(OUTING_TOO_LONG);

    const long = await create({ startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-10', endTime: '06:00' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(OUTING_TOO_LONG);

    const weekend = await create({ startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-03', endTime: '18:00' });
    expect(weekend.statusCode, weekend.body).toBe(201);
  });

  it('refuses the same on edit, so a short outing cannot be stretched afterwards', async () => {
    const angler = await registerUser(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/user/create-outing',
      token: angler.token,
      payload: { startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-01', endTime: '09:00', location: place },
    });
    const id = created.json()._id;
    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `/api/user/edit-outing/${id}`, token: angler.token, payload });

    const stretched = await edit({ startDate: '2015-06-01T06:00:00-05:00', endDate: '2025-06-01T09:00:00-05:00' });
    expect(stretched.statusCode).toBe(400);
    expect(stretched.json().error).toBe(OUTING_TOO_LONG);
    const reopened = await edit({ startDate: '2025-06-01T06:00:00-05:00', endDate: null });
    expect(reopened.statusCode).toBe(400);
    const early = await edit({ startDate: '1901-06-01T06:00:00-05:00', endDate: '1901-06-01T09:00:00-05:00' });
    expect(early.json().error).toBe(OUTING_TOO_EARLY);
    const impossible = await edit({ startDate: '2025-02-30T06:00:00-05:00', endDate: '2025-02-30T09:00:00-05:00' });
    expect(impossible.statusCode).toBe(400);
  });
});

describe('the demo account', () => {
  it('is on for a laptop start and off by default in production', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' }).demoData).toBe(true);
  });

  it('cannot be taken over: no new e-mail, username or password, and no reset mail', async () => {
    const logged: string[] = [];
    const log = { ...t.app.log, info: (msg: string) => logged.push(msg), warn: (msg: string) => logged.push(msg) } as typeof t.app.log;
    await seedDemoData(t.database.db, log, { now: new Date('2025-11-20T15:00:00Z') });
    expect(logged.join('\n')).not.toContain(DEMO_ACCOUNT.password);
    const login = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
    const token = login.json().token as string;

    const email = await t.request({ method: 'POST', url: '/api/user/update-email', token, payload: { email: 'mine@example.com', password: DEMO_ACCOUNT.password } });
    expect(email.statusCode).toBe(403);
    expect(email.json().error).toBe(DEMO_ACCOUNT_LOCKED);
    const username = await t.request({ method: 'POST', url: '/api/user/update', token, payload: { username: 'taken_over' } });
    expect(username.statusCode).toBe(403);
    const newsletter = await t.request({ method: 'POST', url: '/api/user/update', token, payload: { newsletter: true } });
    expect(newsletter.statusCode).toBe(200);

    // Joining the newsletter may mail the demo address; what matters is that a reset adds no mail.
    const mailed = () => t.mailer.sent.filter((m) => m.to === DEMO_ACCOUNT.email).length;
    const before = mailed();
    await t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: DEMO_ACCOUNT.email } });
    expect(mailed()).toBe(before);
  });

  it('seeds by its identity, so no member action can stop the next start', async () => {
    const accounts = await accountCount(t);
    await seedDemoData(t.database.db, t.app.log);
    expect(await accountCount(t)).toBe(accounts);

    // a fresh database where a member holds the demo's username: the start goes on without a demo
    const other = await createTestApp();
    try {
      await registerUser(other, { username: DEMO_ACCOUNT.username, email: 'early@example.com', password: 'correct horse 42', passwordConfirm: 'correct horse 42' });
      await expect(seedDemoData(other.database.db, other.app.log)).resolves.toBeUndefined();
      expect(await accountCount(other)).toBe(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
