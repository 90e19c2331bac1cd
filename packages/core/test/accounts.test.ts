import { describe, expect, it } from 'vitest';
import { passwordRule, PASSWORD_TOO_COMMON, safeRedirectPath } from '../src/accounts';

describe('safeRedirectPath', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirectPath('forecast')).toBe('/forecast');
    expect(safeRedirectPath('/log/view/abc?x=1')).toBe('/log/view/abc?x=1');
    expect(safeRedirectPath(null)).toBe('/dashboard');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com', '/javascript:alert(1)', '/\t/evil.com', '/\n/evil.com', '\t//evil.com', '/\u00a0/evil.com'])(
    'sends %j to the dashboard instead of another site',
    (value) => expect(safeRedirectPath(value)).toBe('/dashboard'),
  );
});

describe('passwordRule', () => {
  it('refuses the passwords at the top of breach lists, in any case', () => {
    for (const p of ['password123', 'PASSWORD1', 'qwertyuiop', '12345678']) {
      expect(passwordRule.safeParse(p).error?.issues[0]?.message).toBe(PASSWORD_TOO_COMMON);
    }
    expect(passwordRule.safeParse('correct horse 42').success).toBe(true);
  });
});
