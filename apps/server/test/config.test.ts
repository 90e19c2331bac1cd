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
  ])('stops with a message naming the bad setting %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
