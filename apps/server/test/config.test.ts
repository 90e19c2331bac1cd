import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, featureFlags: [], publicUrl: 'http://localhost:3000' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('turns the public lake and waterflow services on by default, and off only when told', () => {
    expect(loadConfig({})).toMatchObject({
      usgsUrl: 'https://waterservices.usgs.gov',
      overpassUrl: 'https://overpass-api.de/api/interpreter',
    });
    expect(loadConfig({ USGS_URL: 'off', OVERPASS_URL: 'off' })).toMatchObject({ usgsUrl: undefined, overpassUrl: undefined });
    expect(() => loadConfig({ OVERPASS_URL: 'ftp://x' })).toThrow(/OVERPASS_URL:/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ TEST_COUPONS: 'FREE:150' }, 'TEST_COUPONS'],
    [{ TEST_COUPONS: 'no percent' }, 'TEST_COUPONS'],
    [{ STRIPE_API_URL: 'stripe.local' }, 'STRIPE_API_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET'],
  ])('stops with a message naming the bad setting %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('uses the test processor without a Stripe key, and Stripe with one', () => {
    expect(loadConfig({ TEST_COUPONS: 'free100:100, HALF:50' })).toMatchObject({
      stripe: null,
      testCoupons: { FREE100: 100, HALF: 50 },
      cashRegistrationPassword: null,
    });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      publishableKey: 'pk_live_x',
      apiUrl: undefined,
      prices: { Monthly: 'Monthly', Yearly2020: 'Yearly2020' },
    });
  });
});
