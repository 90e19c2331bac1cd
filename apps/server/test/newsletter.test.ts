import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { sendJson, startLoopbackServer, type LoopbackServer } from '@tightlines/testkit/loopback';

let t: TestApp;
let mailchimp: LoopbackServer;
let mailchimpDown = false;

beforeAll(async () => {
  // Mailchimp's Marketing API as documented: PUT /lists/{id}/members/{md5 of the address}, basic auth.
  mailchimp = await startLoopbackServer((request, res, req) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('tightlines:key-us9').toString('base64')}`) return sendJson(res, { title: 'API Key Invalid' }, 401);
    if (mailchimpDown) return sendJson(res, { title: 'Service Unavailable' }, 503);
    const body = JSON.parse(request.body) as { email_address: string; status: string };
    return sendJson(res, { id: 'x', email_address: body.email_address, status: body.status });
  });
  t = await createTestApp({ MAILCHIMP_URL: `${mailchimp.url}/3.0`, MAILCHIMP_API_KEY: 'key-us9', MAILCHIMP_LIST_ID: 'list1' });
});
afterAll(async () => {
  await t.close();
  await mailchimp.close();
});

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const linkIn = (text: string, kind: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`/newsletter\\?${kind}=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${kind} link in:\n${text}`);
  return match[1];
};
const lastSync = () => {
  const r = mailchimp.requests.at(-1)!;
  return { method: r.method, url: r.url, body: JSON.parse(r.body) };
};

describe('newsletter: members', () => {
  it('is unknown-free: a new member is not subscribed; subscribe and unsubscribe set it, sync the list and the user view', async () => {
    const member = await registerUser(t);
    const status = () => t.request({ method: 'GET', url: '/api/user/mailchimp', token: member.token });
    expect((await status()).json()).toEqual({ subscribed: false });

    const sub = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', token: member.token });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toMatchObject({ subscribed: true, pending: false });
    expect((await status()).json()).toEqual({ subscribed: true });
    expect(lastSync()).toEqual({
      method: 'PUT',
      url: `/3.0/lists/list1/members/${md5(member.email.toLowerCase())}`,
      body: { email_address: member.email.toLowerCase(), status_if_new: 'subscribed', status: 'subscribed' },
    });
    expect(t.mailer.last(member.email)?.text).toMatch(/Unsubscribe at any time: .*\/newsletter\?unsubscribe=/);
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: member.token })).json().newsletter).toBe(true);

    const unsub = await t.request({ method: 'POST', url: '/api/user/mailchimp/unsubscribe', token: member.token });
    expect(unsub.json()).toMatchObject({ subscribed: false });
    expect((await status()).json()).toEqual({ subscribed: false });
    expect(lastSync().body.status).toBe('unsubscribed');
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: member.token })).json().newsletter).toBe(false);
  });

  it('the settings toggle (POST api/user/update newsletter) writes the same list', async () => {
    const member = await registerUser(t);
    await t.request({ method: 'POST', url: '/api/user/update', token: member.token, payload: { newsletter: true } });
    expect((await t.request({ method: 'GET', url: '/api/user/mailchimp', token: member.token })).json()).toEqual({ subscribed: true });
  });

  it('keeps the member’s choice when the list service is down', async () => {
    const member = await registerUser(t);
    mailchimpDown = true;
    try {
      const sub = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', token: member.token });
      expect(sub.statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/user/mailchimp', token: member.token })).json()).toEqual({ subscribed: true });
    } finally {
      mailchimpDown = false;
    }
  });

  it('refuses visitors on the member calls', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/mailchimp' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user/mailchimp/unsubscribe' })).statusCode).toBe(401);
  });
});

describe('newsletter: visitors (double opt-in)', () => {
  it('is pending until the mailed link is followed; the link works once; the unsubscribe link works without signing in', async () => {
    const email = `visitor${process.pid}@example.com`;
    const syncsBefore = mailchimp.requests.length;
    const res = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email: email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: false, pending: true });
    expect(mailchimp.requests.length).toBe(syncsBefore);
    const mail = t.mailer.last(email)!;
    expect(mail.subject).toMatch(/Confirm/);
    const confirm = linkIn(mail.text, 'confirm');

    const confirmed = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirm } });
    expect(confirmed.json()).toMatchObject({ subscribed: true });
    expect(lastSync().body).toMatchObject({ email_address: email, status: 'subscribed' });
    expect((await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirm } })).statusCode).toBe(400);

    const unsubscribe = linkIn(t.mailer.last(email)!.text, 'unsubscribe');
    const out = await t.request({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: unsubscribe } });
    expect(out.json()).toMatchObject({ subscribed: false });
    expect(lastSync().body).toMatchObject({ email_address: email, status: 'unsubscribed' });
  });

  it('answers the same for an address already subscribed and mails it nothing', async () => {
    const member = await registerUser(t);
    await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', token: member.token });
    const mails = t.mailer.sent.length;
    const res = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email: member.email } });
    expect(res.json()).toMatchObject({ subscribed: false, pending: true });
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('tells the visitor when the confirmation could not be mailed, and a later try mails a link that works', async () => {
    const email = `unlucky${process.pid}@example.com`;
    const send = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('SMTP connection refused'));
    try {
      const failed = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email } });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toBe('We could not send the confirmation email just now. Please try again in a few minutes.');
      expect(failed.body).not.toContain('SMTP');
    } finally {
      send.mockRestore();
    }
    const again = await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email } });
    expect(again.json()).toMatchObject({ subscribed: false, pending: true, message: 'Almost done: we sent you an email. Follow the link inside it to confirm your subscription.' });
    const confirmed = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: linkIn(t.mailer.last(email)!.text, 'confirm') } });
    expect(confirmed.json()).toMatchObject({ subscribed: true });
  });

  it('refuses no e-mail, a bad e-mail, and made-up tokens', async () => {
    expect((await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: {} })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/user/mailchimp/subscribe', payload: { email: 'nope' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: 'made-up' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 'made-up' } })).statusCode).toBe(400);
  });
});
