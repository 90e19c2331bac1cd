// The SMTP mailer against a mail host that is up but stuck (a loopback socket that takes the
// connection and never answers, or greets and then never answers): a send gives up within
// SMTP_TIMEOUT_SECONDS, and the request waiting for it answers with a message instead of hanging.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser } from '@tightlines/testkit/fixtures';
import { startStalledMailServer, type StalledMailServer } from '@tightlines/testkit/mail';
import { SmtpMailer } from '../../src/providers/mail/smtp';

let stalled: StalledMailServer | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  await stalled?.close();
  t = undefined;
  stalled = undefined;
});

// Without a bound of its own, nodemailer waits 30 s for a greeting and 10 minutes for each answer
// after it.
describe.each([
  ['takes the connection and never answers', false],
  ['greets and then never answers', true],
])('a mail server that %s', (_, greet) => {
  it('fails the send instead of holding it', async () => {
    stalled = await startStalledMailServer({ greet });
    const mailer = new SmtpMailer(stalled.url, 'Tightlines <no-reply@tightlines.local>', 500);
    await expect(mailer.send({ to: 'angler@example.com', subject: 'Hello', text: 'Tight lines' })).rejects.toThrow();
    expect(stalled.connections).toBe(1);
  }, 20_000);

  it('answers the contact form with a message, and the password reset as usual', async () => {
    stalled = await startStalledMailServer({ greet });
    t = await createTestApp({ SMTP_URL: stalled.url, SMTP_TIMEOUT_SECONDS: '1' }, { configuredMailer: true });
    const contact = await t.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Is the lake open?' },
    });
    expect([contact.statusCode, contact.json().error]).toEqual([502, 'Your message could not be sent just now. Please try again in a few minutes.']);

    // The reset mail is sent after the answer, so a stuck mail host never shows in it.
    const member = await registerUser(t);
    const reset = await t.request({ method: 'POST', url: '/api/user/forgot-password', payload: { email: member.email } });
    expect(reset.statusCode).toBe(200);
  }, 240_000);
});
