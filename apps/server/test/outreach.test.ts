import { AMBASSADOR_TRIVIA } from '@tightlines/core/ambassador';
import { messages } from '@tightlines/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEAM_EMAIL: 'crew@tightlines.test' });
});
afterAll(() => t.close());

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Walleye',
  email: 'Jordan@Example.com',
  state: 'Minnesota',
  age: 34,
  occupation: 'Guide',
  sponsors: 'None yet',
  waterFished: 'Mille Lacs, Leech Lake',
  species: 'Walleye, muskie',
  technique: 'Jigging',
  fishPerYear: '120',
  facebook: '',
  youtube: 'https://youtube.com/@jordan',
  instagram: '',
  twitter: '',
  otherUrls: '',
  valueAdded: 'Weekly reports from the lake.',
  learnedAboutLabs: 'A friend',
  using: 'Since 2019',
  answer: 'PERCH',
  agreement: true,
  ...overrides,
});

const apply = (body: unknown, token?: string) =>
  t.request({ method: 'POST', url: '/api/ambassador-application', payload: body as object, ...(token ? { token } : {}) });

describe('ambassador application', () => {
  it('stores a valid application, mails every field to the team and answers the seed’s message', async () => {
    const before = t.mailer.sent.length;
    const res = await apply(application());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: messages.ambassadorReceived });
    const mail = t.mailer.sent.slice(before).find((m) => m.to === 'crew@tightlines.test');
    expect(mail?.subject).toBe('Ambassador application: Jordan Walleye');
    expect(mail?.text).toContain('email: jordan@example.com');
    expect(mail?.text).toContain('waterFished: Mille Lacs, Leech Lake');
    expect(mail?.text).not.toContain('PERCH');
  });

  it.each([
    ['a name of 4 characters', { name: 'Jord' }, messages.ambassadorName, 'name'],
    ['no name', { name: undefined }, messages.ambassadorName, 'name'],
    ['a bad e-mail', { email: 'jordan@' }, messages.ambassadorEmail, 'email'],
    ['no age', { age: undefined }, messages.ambassadorAge, 'age'],
    ['an empty age', { age: '' }, messages.ambassadorAge, 'age'],
    ['age 17', { age: 17 }, messages.ambassadorAdult, 'age'],
    ['no occupation', { occupation: '  ' }, messages.ambassadorOccupation, 'occupation'],
    ['a wrong answer', { answer: 'walleye' }, messages.ambassadorAnswer, 'answer'],
    ['no agreement', { agreement: false }, messages.ambassadorAgreement, 'agreement'],
    ['agreement as text', { agreement: 'true' }, messages.ambassadorAgreement, 'agreement'],
  ])('refuses %s with the seed’s message and stores nothing', async (_label, overrides, message, field) => {
    const before = t.mailer.sent.length;
    const res = await apply(application(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, errors: { [field]: { type: message } } });
    expect(t.mailer.sent.length).toBe(before);
  });

  it('accepts the answer in any case with spaces around it, and age 18 as text', async () => {
    expect((await apply(application({ answer: `  ${AMBASSADOR_TRIVIA.answer.toUpperCase()} `, age: '18' }))).statusCode).toBe(201);
  });

  it('refuses oversize free text', async () => {
    const res = await apply(application({ valueAdded: 'x'.repeat(2001) }));
    expect(res.statusCode).toBe(400);
  });
});

describe('contact form', () => {
  const message = { name: 'Pat', email: 'pat@example.com', subject: 'Hello', message: 'Love the lunar calendar.' };

  it('mails the team with the sender as reply address and answers thanks', async () => {
    const res = await t.request({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const mail = t.mailer.last('crew@tightlines.test');
    expect(mail?.subject).toBe('Contact: Hello');
    expect(mail?.text).toContain('From: Pat <pat@example.com>');
    expect(mail?.text).toContain('Love the lunar calendar.');
  });

  it('answers a filled honeypot like a success and mails nobody', async () => {
    const before = t.mailer.sent.length;
    const res = await t.request({ method: 'POST', url: '/api/contact', payload: { ...message, website: 'http://spam.example' } });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('refuses an empty message, a bad address and an oversize message', async () => {
    for (const body of [{ ...message, message: ' ' }, { ...message, email: 'nope' }, { ...message, message: 'x'.repeat(5001) }]) {
      expect((await t.request({ method: 'POST', url: '/api/contact', payload: body })).statusCode).toBe(400);
    }
  });
});

describe('form rate limit', () => {
  it('stops a client after FORM_RATE_LIMIT sends, valid or not', async () => {
    const limited = await createTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const send = () => limited.request({ method: 'POST', url: '/api/contact', payload: { name: 'x' } });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('robots.txt and the sitemap', () => {
  it('are real files naming the public pages and keeping crawlers off the API and members’ pages', async () => {
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);

    const sitemap = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>${t.config.publicUrl}/ambassador-program</loc>`);
    expect(sitemap.body).not.toContain('/dashboard');
  });
});

describe('app links', () => {
  it('are null until IOS_APP_URL and ANDROID_APP_URL are set', async () => {
    expect((await t.request({ method: 'GET', url: '/api/util/app-links' })).json()).toEqual({ iphone: null, android: null });
    const withApps = await createTestApp({ IOS_APP_URL: 'https://apps.apple.com/app/id1', ANDROID_APP_URL: 'https://tightlines.example/tightlines.apk' });
    try {
      expect((await withApps.request({ method: 'GET', url: '/api/util/app-links' })).json()).toEqual({
        iphone: 'https://apps.apple.com/app/id1',
        android: 'https://tightlines.example/tightlines.apk',
      });
    } finally {
      await withApps.close();
    }
  }, 120_000);
});
