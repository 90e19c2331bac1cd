import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { newAccount, registerUser } from '@tightlines/testkit/fixtures';

/** The server's log as it goes out: one JSON object per line. */
const lines: string[] = [];
/** The process warnings seen since the app was built: a deprecated option warns once, at start. */
const warnings: Array<Error & { code?: string }> = [];
let t: TestApp;

beforeAll(async () => {
  process.on('warning', (w) => void warnings.push(w));
  t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t.close();
});

/** The log lines written while `act` ran. */
async function logged(act: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const from = lines.length;
  await act();
  return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the request log', () => {
  it('writes one line per request: method, redacted URL, status and time', async () => {
    const entries = await logged(() => t.request({ method: 'GET', url: '/api/health' }));
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(entries.filter((e) => /incoming request|request completed/.test(String(e.msg)))).toEqual([]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/health', statusCode: 200 });
    expect(typeof requests[0]!.ms).toBe('number');
  });

  it('never writes a password, cookie, bearer token, reset token or secret query parameter', async () => {
    const account = newAccount('logsecret');
    const member = await registerUser(t, account);
    const entries = await logged(async () => {
      await t.request({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password: account.password } });
      await t.request({ method: 'GET', url: '/api/user/full', headers: { authorization: `Bearer ${member.token}`, cookie: `session=${member.token}` } });
      await t.request({ method: 'GET', url: '/api/user/reset-password/s3cr3t-reset-token' });
      await t.request({ method: 'GET', url: `/api/health?token=s3cr3t-query-token&email=${encodeURIComponent(account.email)}&password=hunter2` });
    });
    const text = JSON.stringify(entries);
    expect(entries.filter((e) => e.msg === 'request')).toHaveLength(4);
    for (const secret of [account.password, member.token, 's3cr3t-reset-token', 's3cr3t-query-token', account.email, 'hunter2']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/api/user/reset-password/REDACTED');
  });

  it('starts without Fastify deprecation warnings', () => {
    expect(warnings.filter((w) => w.name === 'FastifyDeprecation').map((w) => w.code)).toEqual([]);
  });

  it('censors credentials wherever a log call passes them', async () => {
    const entries = await logged(async () => {
      t.app.log.info({ headers: { authorization: 'Bearer abc123', cookie: 'session=abc123' }, body: { password: 'pw-abc123', token: 'tk-abc123' } }, 'probe');
    });
    const text = JSON.stringify(entries);
    expect(text).toContain('probe');
    expect(text).not.toContain('abc123');
  });
});
