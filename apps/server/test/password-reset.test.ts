import { messages } from '@tightlines/core/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { moveClock, outboxMail, registerUser } from '@tightlines/testkit/fixtures';
import { startMailServer } from '@tightlines/testkit/mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function codeFrom(text: string): string {
  const match = /reset code is: ([A-Z0-9]{13})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail:\n${text}`);
  return match[1];
}

async function startReset(email: string, refer?: string) {
  const res = await t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email, ...(refer ? { refer } : {}) } });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('password reset', () => {
  it('mails a code and a link, exchanges the code once, sets the password once and ends every session', async () => {
    const user = await registerUser(t);
    await startReset(user.email, 'forecast');
    const mail = t.mailer.last(user.email)!;
    expect(mail.subject).toMatch(/password reset/i);
    const code = codeFrom(mail.text);
    expect(mail.text).toContain(`${t.config.publicUrl}/confirm-reset-password/?${new URLSearchParams({ code, email: user.email, refer: 'forecast' })}`);
    expect(mail.text).toMatch(/expires in one hour/);

    const exchange = await t.request({ method: 'POST', url: '/api/user/password-token/', payload: { token: code.toLowerCase() } });
    expect(exchange.statusCode).toBe(200);
    const { token } = exchange.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reused = await t.request({ method: 'POST', url: '/api/user/password-token/', payload: { token: code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatch(/not valid or has expired/);

    const mismatch = await t.request({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'brand new pass', passwordConfirm: 'other' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe(messages.passwordsMustMatch);

    const reset = await t.request({ method: 'POST', url: `/api/user/reset-password/${token}`, payload: { password: 'brand new pass' } });
    expect(reset.statusCode).toBe(200);
    // signed in again with a fresh session, as the seed's reset page expects
    expect(reset.json()).toMatchObject({ success: true, email: user.email, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: reset.json().token })).statusCode).toBe(200);

    const again = await t.request({ method: 'POST', url: `/api/user/reset-password/${token}`, payload: { password: 'third pass 123' } });
    expect(again.statusCode).toBe(400);

    const oldSession = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(oldSession.statusCode).toBe(401);
    const oldPassword = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: user.password } });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: 'brand new pass' } });
    expect(newPassword.statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const unknown = await startReset('nobody-at-all@example.com');
    const user = await registerUser(t);
    const known = await startReset(user.email);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('refuses a code after its hour is up', async () => {
    const user = await registerUser(t);
    await startReset(user.email);
    const code = codeFrom(t.mailer.last(user.email)!.text);
    moveClock(t, 61 * 60_000);
    const res = await t.request({ method: 'POST', url: '/api/user/password-token/', payload: { token: code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/not valid or has expired/);
  });

  it('refuses a reset token after the hour is up', async () => {
    const user = await registerUser(t);
    await startReset(user.email);
    const code = codeFrom(t.mailer.last(user.email)!.text);
    const exchange = await t.request({ method: 'POST', url: '/api/user/password-token/', payload: { token: code } });
    moveClock(t, 61 * 60_000);
    const reset = await t.request({ method: 'POST', url: `/api/user/reset-password/${exchange.json().token}`, payload: { password: 'brand new pass' } });
    expect(reset.statusCode).toBe(400);
    const login = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a short new password, an unknown token and a missing code', async () => {
    const short = await t.request({ method: 'POST', url: '/api/user/reset-password/whatever', payload: { password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8/);
    const unknown = await t.request({ method: 'POST', url: '/api/user/reset-password/whatever', payload: { password: 'long enough 1' } });
    expect(unknown.statusCode).toBe(400);
    const missing = await t.request({ method: 'POST', url: '/api/user/password-token/', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('mail delivery', () => {
  it('goes through SMTP when SMTP_URL is set', async () => {
    const smtpServer = await startMailServer();
    const smtp = await createTestApp({ SMTP_URL: smtpServer.url }, { configuredMailer: true });
    try {
      const user = await registerUser(smtp);
      await smtp.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
      const mail = await smtpServer.mailbox.waitFor(user.email);
      expect(mail.to).toEqual([user.email]);
      expect(mail.raw).toContain(`To: ${user.email}`);
      expect(mail.text).toMatch(/reset code is: [A-Z0-9]{8}/);
    } finally {
      await smtp.close();
      await smtpServer.close();
    }
  });

  it('lands in the outbox table without SMTP_URL', async () => {
    const outbox = await createTestApp({}, { configuredMailer: true });
    try {
      const user = await registerUser(outbox);
      await outbox.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
      await vi.waitFor(async () => expect(await outboxMail(outbox)).toHaveLength(1));
      const [mail] = await outboxMail(outbox);
      expect(mail?.to).toBe(user.email);
      expect(mail?.text).toMatch(/reset code is/);
    } finally {
      await outbox.close();
    }
  });
});

describe('rate limits', () => {
  it('slows one client trying many addresses', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const attempt = (email: string) =>
        limited.request({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong password' } });
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt(`other${i}@example.com`)).statusCode);
      expect(codes).toEqual([401, 401, 429, 429]);
      expect((await attempt('other9@example.com')).json().error).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
