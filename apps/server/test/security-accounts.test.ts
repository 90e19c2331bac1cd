// The audit's account findings (4 lock-out, 5 reset codes, 6 secrets in logs, 7 sessions,
// 8 e-mail change, 10 enumeration) and the seed's account calls (issue 10), from the attacker's side.
import { CURRENT_PASSWORD_WRONG, PASSWORD_TOO_COMMON } from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { moveClock, newAccount, outboxMail, registerUser } from '@tightlines/testkit/fixtures';
import { clientKey } from '../src/http/client-key';
import { redactUrl } from '../src/http/log-redact';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/user/login', payload: { email, password }, headers });
const full = (authorization: string) => t.request({ method: 'GET', url: '/api/user/full', headers: { authorization } });
const codeFrom = (text: string) => /reset code is: ([A-Z0-9]+)/.exec(text)![1]!;

describe('lock-out (finding 4)', () => {
  it('counts wrong passwords per account, not attempts: typing someone’s address cannot lock them out', async () => {
    const owner = await registerUser(t);
    // an attacker hammers the address with wrong passwords
    const codes = [];
    for (let i = 0; i < 12; i += 1) codes.push((await login(owner.email, `wrong guess ${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes).toContain(429);
    const waiting = await login(owner.email, owner.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toMatch(/^Too many wrong passwords for this account\. Please wait \d+ seconds? and try again\.$/);
    // the wait is short (half a minute at most), and then the right password works
    moveClock(t, 31_000);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    // and a success starts the count again
    expect((await login(owner.email, 'wrong again')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('keys IPv6 clients by their /64, so one subscriber cannot rotate addresses past the limit', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe('reset codes (finding 5)', () => {
  it('are 64-bit, tied to the address, stored with a keyed hash, and only the newest works', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    await t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
    const first = codeFrom(t.mailer.last(user.email)!.text);
    expect(first).toHaveLength(13);
    await t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
    const second = codeFrom(t.mailer.last(user.email)!.text);
    const exchange = (token: string, email?: string) =>
      t.request({ method: 'POST', url: '/api/user/password-token/', payload: { token, ...(email ? { email } : {}) } });

    expect((await exchange(first)).statusCode).toBe(400);
    // the right code with another account's address is refused, and does not use the code up
    expect((await exchange(second, other.email)).statusCode).toBe(400);
    expect((await exchange(second, 'nobody@example.com')).statusCode).toBe(400);
    expect((await exchange(second.toLowerCase(), user.email)).statusCode).toBe(200);
  });
});

describe('secrets in logs (finding 6)', () => {
  it('redacts the reset token in the path and codes, tokens and addresses in the query', () => {
    expect(redactUrl('/api/user/reset-password/abcDEF123_-')).toBe('/api/user/reset-password/REDACTED');
    expect(redactUrl('/reset-password/abc?refer=forecast')).toBe('/reset-password/REDACTED?refer=forecast');
    expect(redactUrl('/confirm-reset-password/?code=ABCDEFGHJKMNP&email=a%40b.c&refer=x')).toBe(
      '/confirm-reset-password/?code=REDACTED&email=REDACTED&refer=x',
    );
    expect(redactUrl('/confirm-email/?token=secret')).toBe('/confirm-email/?token=REDACTED');
  });

  it('keeps the mail out of the log when there is no SMTP server', async () => {
    const lines: string[] = [];
    const outbox = await createTestApp({}, { configuredMailer: true });
    try {
      const user = await registerUser(outbox);
      const info = vi.spyOn(outbox.app.log, 'info').mockImplementation((...args: unknown[]) => void lines.push(inspect(args, { depth: 3 })));
      await outbox.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
      await vi.waitFor(async () => expect(await outboxMail(outbox)).toHaveLength(1));
      const code = codeFrom((await outboxMail(outbox))[0]!.text);
      info.mockRestore();
      expect(lines.join('\n')).toContain('a mail is in the outbox');
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      await outbox.close();
    }
  }, 120_000);
});

describe('sessions (finding 7)', () => {
  it('end after 30 idle days and after 180 days whatever happens', async () => {
    const user = await registerUser(t);
    moveClock(t, 29 * 24 * 3600_000);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(200);
    moveClock(t, 29 * 24 * 3600_000);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(200);
    moveClock(t, 31 * 24 * 3600_000);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(401);

    const busy = await registerUser(t);
    for (let day = 0; day < 181; day += 20) {
      moveClock(t, 20 * 24 * 3600_000);
      const res = await full(`Bearer ${busy.token}`);
      if (day + 20 < 180) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(401);
    }
  });

  it('are listed, can be ended one by one or everywhere, and never another member’s', async () => {
    const user = await registerUser(t);
    const phone = (await login(user.email, user.password, { 'user-agent': 'Tightlines-iOS/2.1' })).json().token;
    const list = await t.request({ method: 'GET', url: '/api/user/sessions', token: user.token });
    expect(list.json()).toHaveLength(2);
    const mine = list.json().find((s: { current: boolean }) => s.current);
    const other = list.json().find((s: { userAgent: string | null }) => s.userAgent === 'Tightlines-iOS/2.1');
    expect(mine).toBeTruthy();

    const stranger = await registerUser(t);
    expect((await t.request({ method: 'DELETE', url: `/api/user/sessions/${other._id}`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/user/sessions/${other._id}`, token: user.token })).statusCode).toBe(200);
    expect((await full(`Bearer ${phone}`)).statusCode).toBe(401);

    const again = (await login(user.email, user.password)).json().token;
    const everywhere = await t.request({ method: 'POST', url: '/api/user/logout-everywhere', token: user.token });
    expect(everywhere.json()).toEqual({ success: true, ended: 2 });
    expect((await full(`Bearer ${again}`)).statusCode).toBe(401);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(401);
  });

  it('change the password with the current one, ending every other session', async () => {
    const user = await registerUser(t);
    const other = (await login(user.email, user.password)).json().token;
    const change = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/user/change-password', token: user.token, payload });
    const wrong = await change({ currentPassword: 'not it at all', password: 'a new long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(CURRENT_PASSWORD_WRONG);
    expect((await change({ currentPassword: user.password, password: 'password123' })).json().error).toBe(PASSWORD_TOO_COMMON);
    expect((await change({ currentPassword: user.password, password: 'a new long password' })).statusCode).toBe(200);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(200);
    expect((await full(`Bearer ${other}`)).statusCode).toBe(401);
    expect((await login(user.email, 'a new long password')).statusCode).toBe(200);
  });
});

describe('e-mail change (finding 8)', () => {
  it('needs the current password, tells the old address, and waits for the new one’s link', async () => {
    const user = await registerUser(t);
    const target = `taken-over-${user.username}@example.com`;
    const update = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/user/update-email', token: user.token, payload });
    expect((await update({ email: target })).statusCode).toBe(400);
    const wrong = await update({ email: target, password: 'guessing' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password.type).toBe(CURRENT_PASSWORD_WRONG);
    expect(t.mailer.last(target)).toBeUndefined();

    const asked = await update({ email: target, password: user.password });
    expect(asked.json()).toMatchObject({ email: user.email, pendingEmail: target });
    expect(t.mailer.last(user.email)!.text).toContain(target);
    // a sign-in with the new address does not work until the link is opened
    expect((await login(target, user.password)).statusCode).toBe(401);
    const token = /confirm-email\/\?token=([A-Za-z0-9_-]+)/.exec(t.mailer.last(target)!.text)![1]!;
    expect((await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token: 'forged' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token } })).statusCode).toBe(400);
    expect((await login(target, user.password)).statusCode).toBe(200);
  });

  it('answers a link whose address was taken meanwhile with 409, and changes nothing', async () => {
    const user = await registerUser(t);
    const target = `wanted-${user.username}@example.com`;
    await t.request({ method: 'POST', url: '/api/user/update-email', token: user.token, payload: { email: target, password: user.password } });
    const token = /token=([A-Za-z0-9_-]+)/.exec(t.mailer.last(target)!.text)![1]!;
    await registerUser(t, { ...newAccount(), email: target });
    const late = await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(messages.emailTaken);
  });
});

describe('enumeration (finding 10)', () => {
  it('limits the exists checks per client', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    try {
      const codes = [];
      for (let i = 0; i < 7; i += 1) {
        codes.push((await limited.request({ method: 'POST', url: i % 2 ? '/api/user/exists' : '/api/username/exists', payload: { email: `a${i}@example.com`, username: `a${i}` } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('the seed’s account calls (issue 10)', () => {
  it('accepts the token with the active e-mail, and refuses it with someone else’s', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    expect((await full(`Bearer ${user.token}`)).statusCode).toBe(200);
    expect((await full(`${user.token} ${user.email}`)).statusCode).toBe(200);
    expect((await full(`Bearer ${user.token} ${user.email.toUpperCase()}`)).statusCode).toBe(200);
    expect((await full(`${user.token},${user.email}`)).statusCode).toBe(200);
    const swapped = await full(`${user.token} ${other.email}`);
    expect(swapped.statusCode).toBe(401);
    // on a public route too: the pair is refused, not quietly treated as a visitor
    expect((await t.request({ method: 'GET', url: '/api/util/featureflags', headers: { authorization: `${user.token} ${other.email}` } })).statusCode).toBe(401);
  });

  it('answers an empty or partial sign-up with "All fields are required" before anything else, and a full one with 200', async () => {
    for (const payload of [{}, { username: 'x' }, { email: 'not-an-email', password: 'short' }, { username: 'ok_name', email: 'a@b.co', password: 'long enough 1' }]) {
      const res = await t.request({ method: 'POST', url: '/api/user/register', payload });
      expect([res.statusCode, res.json().error]).toEqual([400, messages.allFieldsRequired]);
    }
    const account = newAccount();
    const res = await t.request({ method: 'POST', url: '/api/user/register', payload: account });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: account.email, token: expect.any(String) });
  });

  it('keeps what user/update does not change when the client posts its whole user', async () => {
    const user = await registerUser(t);
    const before = (await full(`Bearer ${user.token}`)).json();
    const res = await t.request({ method: 'POST', url: '/api/user/update', token: user.token, payload: { ...before, newsletter: true, email: 'sneaky@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...before, newsletter: true });
  });
});
