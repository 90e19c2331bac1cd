/**
 * The settings every boot of the app under test starts from, in process (app.ts) or as a real
 * process (process.ts); a caller's own settings go on top.
 */

/** The discard port on loopback: a call that reaches it fails at once and never leaves the machine. */
export const NOWHERE = 'http://127.0.0.1:9';

export const HARNESS_SETTINGS: Readonly<Record<string, string>> = {
  DEMO_DATA: 'off',
  // Tests sign in far more often than a person could; the limits have their own test.
  AUTH_RATE_LIMIT: '1000',
  FORM_RATE_LIMIT: '1000',
  // Every visitor of a test run is 127.0.0.1; the daily quotas have their own test.
  QUOTA_WEATHER_PER_DAY: '1000000',
  QUOTA_UPLOADS_PER_DAY: '1000000',
  QUOTA_IMPORTS_PER_DAY: '1000000',
  // Background enrichment runs when a test asks for it (runEnrichmentNow), never on a timer mid-test.
  ENRICH_INTERVAL_SECONDS: '3600',
  // Tests move the clock by months (billing periods, renewals) with one sign-in; session expiry
  // has its own test, which sets the real limits.
  SESSION_IDLE_DAYS: '36500',
  SESSION_MAX_DAYS: '36500',
  // Tests write subscriptions and sessions straight into the database (givePremium), which a
  // cached session would not see; the session cache has its own test, which turns it on.
  SESSION_CACHE_SECONDS: '0',
  // Outside services stay off the network unless a test or bench points them at a fake;
  // USGS and Overpass (public services by default) are off unless given.
  OPEN_METEO_URL: NOWHERE,
  OPEN_METEO_ARCHIVE_URL: NOWHERE,
  USGS_URL: 'off',
  OVERPASS_URL: 'off',
};
