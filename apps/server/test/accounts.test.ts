import { messages } from '@tightlines/core/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { accountCount, newAccount, registerUser, storedSecrets } from '@tightlines/testkit/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/register', () => {
  it('creates the user and answers with a bearer token that works', async () => {
    const account = newAccount();
    const res = await t.request({ method: 'POST', url: '/api/user/register', payload: account });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ username: account.username, email: account.email, premiumMember: false });
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).not.toHaveProperty('passwordHash');

    const full = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ _id: user._id, username: account.username, events: { registered: [] } });
  });

  it('stores only hashes of passwords and tokens', async () => {
    const user = await registerUser(t);
    const stored = await storedSecrets(t, user);
    expect(stored.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(stored.passwordHash).not.toContain(user.password);
    expect(stored.tokenHashes).toHaveLength(1);
    expect(stored.tokenHashes).not.toContain(user.token);
  });

  it.each([
    [{}, 'missing every field'],
    [{ username: 'a', email: 'b@c.de', password: 'x' }, 'missing passwordConfirm'],
    [{ username: '', email: 'b@c.de', password: 'xxxxxxxx', passwordConfirm: 'xxxxxxxx' }, 'an empty username'],
    [{ username: 5, email: 'b@c.de', password: 'xxxxxxxx', passwordConfirm: 'xxxxxxxx' }, 'a number for a username'],
  ])('answers 400 "All fields are required" for %j (%s) and stores nothing', async (payload, _case) => {
    const before = await accountCount(t);
    const res = await t.request({ method: 'POST', url: '/api/user/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.allFieldsRequired);
    expect(await accountCount(t)).toBe(before);
  });

  it('names the field in errors.<field>.type for bad values', async () => {
    const base = newAccount();
    const cases = [
      [{ ...base, email: 'not-an-email' }, 'email', messages.emailInvalid],
      [{ ...base, username: 'no spaces allowed' }, 'username', expect.stringContaining('username')],
      [{ ...base, password: 'short', passwordConfirm: 'short' }, 'password', expect.stringContaining('at least 8')],
      [{ ...base, passwordConfirm: 'something else' }, 'password', messages.passwordsMustMatch],
    ] as const;
    for (const [payload, field, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/user/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field].type).toEqual(message);
    }
    const exists = await t.request({ method: 'POST', url: '/api/user/exists', payload: { email: base.email } });
    expect(exists.json()).toEqual({ exists: false });
  });

  it('refuses a taken email or username, whatever the case, with 409', async () => {
    const first = await registerUser(t);
    const byEmail = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...newAccount(), email: first.email.toUpperCase() },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().errors.email.type).toBe(messages.emailTaken);
    const byName = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...newAccount(), username: first.username.toUpperCase() },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().errors.username.type).toBe(messages.usernameTaken);
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const a = newAccount();
    const b = { ...newAccount(), email: a.email };
    const results = await Promise.all([a, b].map((payload) => t.request({ method: 'POST', url: '/api/user/register', payload })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a body over the size limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...newAccount(), notes: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/);
  });
});

describe('exists checks', () => {
  it('reports whether an email or username is taken', async () => {
    const user = await registerUser(t);
    const email = await t.request({ method: 'POST', url: '/api/user/exists', payload: { email: user.email } });
    expect(email.json()).toEqual({ exists: true });
    const name = await t.request({ method: 'POST', url: '/api/username/exists', payload: { username: user.username } });
    expect(name.json()).toEqual({ exists: true });
    const free = await t.request({ method: 'POST', url: '/api/username/exists', payload: { username: 'nobody_here_1' } });
    expect(free.json()).toEqual({ exists: false });
    const bad = await t.request({ method: 'POST', url: '/api/username/exists', payload: {} });
    expect(bad.statusCode).toBe(400);
  });
});

describe('login and logout', () => {
  it('logs in with the right password, case-insensitively on the email', async () => {
    const user = await registerUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, stripe: { subscriptionId: null } });
    expect(res.json().token).not.toBe(user.token);
  });

  it("answers the seed's failure message for a wrong password or an unknown email", async () => {
    const user = await registerUser(t);
    for (const payload of [
      { email: user.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/user/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(messages.loginFailed);
      expect(res.json().errors).toBeDefined();
    }
    const empty = await t.request({ method: 'POST', url: '/api/user/login', payload: { email: user.email } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(messages.allFieldsRequired);
  });

  it('revokes the token on logout', async () => {
    const user = await registerUser(t);
    const out = await t.request({ method: 'POST', url: '/api/user/logout', token: user.token });
    expect(out.statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api/user/full', token: user.token });
    expect(after.statusCode).toBe(401);
  });

  it('refuses member calls without a valid token', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await t.request({ method: 'GET', url: '/api/user/full', ...(token ? { token } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/log in/);
    }
  });
});

describe('user reads and updates', () => {
  it('serves the simple view and another user by id without private fields', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const simple = await t.request({ method: 'GET', url: '/api/user/simple', token: me.token });
    expect(simple.json()).toMatchObject({ _id: me._id, email: me.email, username: me.username });
    const obj = await t.request({ method: 'GET', url: `/api/user/obj/${other._id}`, token: me.token });
    expect(obj.json()).toEqual({ _id: other._id, username: other.username, profilePicture: null });
    const missing = await t.request({ method: 'GET', url: '/api/user/obj/not-an-id', token: me.token });
    expect(missing.statusCode).toBe(404);
  });

  it('checks a new email for validity and uniqueness, and changes it once the mailed link is opened', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const bad = await t.request({ method: 'POST', url: '/api/user/update-email', token: me.token, payload: { email: 'nope', password: me.password } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(messages.emailInvalid);
    const taken = await t.request({ method: 'POST', url: '/api/user/update-email', token: me.token, payload: { email: other.email, password: me.password } });
    expect(taken.statusCode).toBe(409);
    const ok = await t.request({
      method: 'POST',
      url: '/api/user/update-email',
      token: me.token,
      payload: { email: `  New.${me.email} `, password: me.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: me.email, pendingEmail: `new.${me.email}` });
    const link = /confirm-email\/\?token=([A-Za-z0-9_-]+)/.exec(t.mailer.last(`new.${me.email}`)!.text)![1];
    const confirmed = await t.request({ method: 'POST', url: '/api/user/confirm-email', payload: { token: link } });
    expect(confirmed.json()).toEqual({ success: true, email: `new.${me.email}` });
    expect((await t.request({ method: 'GET', url: '/api/user/full', token: me.token })).json().email).toBe(`new.${me.email}`);
  });

  it('updates the username and newsletter choice, refusing a taken name', async () => {
    const me = await registerUser(t);
    const other = await registerUser(t);
    const taken = await t.request({ method: 'POST', url: '/api/user/update', token: me.token, payload: { username: other.username } });
    expect(taken.statusCode).toBe(409);
    const ok = await t.request({
      method: 'POST',
      url: '/api/user/update',
      token: me.token,
      payload: { username: `${me.username}_v2`, newsletter: true },
    });
    expect(ok.json()).toMatchObject({ username: `${me.username}_v2`, newsletter: true });
    const wrongType = await t.request({ method: 'POST', url: '/api/user/update', token: me.token, payload: { newsletter: 'yes' } });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('profile image', () => {
  function multipart(filename: string, content: Buffer, type: string) {
    const boundary = '----tightlines';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores a resized copy without the camera metadata', async () => {
    const me = await registerUser(t);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await t.request({ method: 'POST', url: '/api/user/set-profile-image', token: me.token, ...multipart('me.jpg', photo, 'image/jpeg') });
    expect(res.statusCode).toBe(200);
    const { image } = res.json();
    expect(image).toMatch(/^\/uploads\/profiles\/.+\.jpg$/);
    const served = await t.request({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    expect(meta.exif).toBeUndefined();
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: me.token });
    expect(full.json().profilePicture).toBe(image);
  });

  it('refuses a file that is not an image, and one over the size limit', async () => {
    const me = await registerUser(t);
    const text = await t.request({
      method: 'POST',
      url: '/api/user/set-profile-image',
      token: me.token,
      ...multipart('me.jpg', Buffer.from('just text, renamed'), 'image/jpeg'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatch(/image file/);
    const big = await t.request({
      method: 'POST',
      url: '/api/user/set-profile-image',
      token: me.token,
      ...multipart('big.jpg', Buffer.alloc(t.config.uploadMaxBytes + 10, 1), 'image/jpeg'),
    });
    expect(big.statusCode).toBe(413);
    const full = await t.request({ method: 'GET', url: '/api/user/full', token: me.token });
    expect(full.json().profilePicture).toBeNull();
  });
});

describe('routing', () => {
  it('answers unknown API paths with 404 JSON and health with 200', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const missing = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('/api/does-not-exist');
  });
});
