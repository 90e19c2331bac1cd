import path from 'node:path';
import { z } from 'zod';
import type { StripeSettings } from './providers/payments/stripe';

const flagList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((flag) => flag.trim().toUpperCase())
      .filter((flag) => flag.length > 0),
  );

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || (URL.canParse(value) && protocols.includes(new URL(value).protocol)),
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

/** An assistant's redirect address: https, or http on this machine for tests and local trials. */
function isRedirectUri(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname));
}

/**
 * A public outside service, on by default like Open-Meteo: its URL, or `off` when the operator
 * chooses to run without it.
 */
const serviceUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value) => (value === '' ? fallback : value))
    .refine((value) => value === 'off' || (URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)), {
      message: 'must be off or a URL starting with http:// or https://',
    })
    .transform((value) => (value === 'off' ? undefined : value));

const DAY_MS = 24 * 3600_000;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** `CODE:percent,...`, e.g. `FREE100:100,HALF:50`. */
const couponList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const coupons: Record<string, number> = {};
    for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([A-Za-z0-9_-]{1,40}):(\d{1,3})$/.exec(entry);
      const percent = Number(match?.[2]);
      if (!match?.[1] || percent < 1 || percent > 100) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not CODE:percent with a percent from 1 to 100` });
        return z.NEVER;
      }
      coupons[match[1].toUpperCase()] = percent;
    }
    return coupons;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Tightlines <no-reply@tightlines.local>'),
  SMTP_TIMEOUT_SECONDS: positiveInt(15),
  FEATURE_FLAGS: flagList,
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only, at most 64').default('tightlines:'),
  OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
  OPEN_METEO_ARCHIVE_URL: z.url().default('https://archive-api.open-meteo.com'),
  USGS_URL: serviceUrl('https://waterservices.usgs.gov'),
  OVERPASS_URL: serviceUrl('https://overpass-api.de/api/interpreter'),
  GEOLOCATION_URL: optionalUrl(['http:', 'https:']),
  ENRICH_INTERVAL_SECONDS: positiveInt(60),
  AUTH_RATE_LIMIT: positiveInt(30),
  AUTH_RATE_WINDOW_SECONDS: positiveInt(600),
  UPLOAD_MAX_MB: positiveInt(10),
  QUOTA_UPLOADS_PER_DAY: positiveInt(300),
  QUOTA_UPLOAD_MB_PER_DAY: positiveInt(1000),
  QUOTA_IMPORTS_PER_DAY: positiveInt(20),
  QUOTA_WEATHER_PER_DAY: positiveInt(1000),
  LIVE_CONNECTIONS_PER_CLIENT: positiveInt(200),
  IOS_APP_URL: optionalUrl(['https:']),
  ANDROID_APP_URL: optionalUrl(['http:', 'https:']),
  TEAM_EMAIL: z.email().default('team@tightlines.local'),
  FORM_RATE_LIMIT: positiveInt(5),
  FORM_RATE_WINDOW_SECONDS: positiveInt(3600),
  MAILCHIMP_URL: optionalUrl(['http:', 'https:']),
  MAILCHIMP_API_KEY: z.string().trim().optional().transform((value) => value || undefined),
  MAILCHIMP_LIST_ID: z.string().trim().optional().transform((value) => value || undefined),
  GOOGLE_ACTIONS_CLIENT_ID: z.string().trim().optional().transform((value) => value || undefined),
  GOOGLE_ACTIONS_REDIRECT_URIS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((uri) => uri.trim()).filter((uri) => uri.length > 0))
    .refine((uris) => uris.every(isRedirectUri), {
      message: 'must be comma-separated https:// URLs (http:// only on localhost)',
    }),
  SESSION_IDLE_DAYS: positiveInt(30),
  SESSION_MAX_DAYS: positiveInt(180),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z.string().trim().default('mailto:admin@tightlines.local'),
  PUSH_ALLOW_HTTP: z.enum(['on', 'off']).default('off'),
  EVENT_KEY_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  STRIPE_PRICE_MONTHLY: z.string().trim().min(1).default('Monthly'),
  STRIPE_PRICE_YEARLY: z.string().trim().min(1).default('Yearly2020'),
  TEST_COUPONS: couponList,
  PAYPAL_CLIENT_ID: optionalSecret,
  PAYPAL_SECRET: optionalSecret,
  PAYPAL_SANDBOX_URL: optionalUrl(['http:', 'https:']),
  PAYPAL_LIVE_CLIENT_ID: optionalSecret,
  PAYPAL_LIVE_SECRET: optionalSecret,
  PAYPAL_LIVE_URL: optionalUrl(['http:', 'https:']),
  AMBASSADOR_COUPON: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a promotion code: letters, digits, "-" or "_"')
    .default('AMBASSADOR50'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter((email) => email.length > 0))
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), { message: 'must be comma-separated e-mail addresses' }),
  RENEW_INTERVAL_SECONDS: positiveInt(3600),
  CASH_REGISTRATION_PASSWORD: optionalSecret,
});

/** Every environment variable the server reads, so a harness can start it with none inherited. */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

export type PayPalApp = { clientId: string; secret: string; baseUrl: string };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smtpTimeoutMs: number;
  featureFlags: string[];
  redisUrl: string | undefined;
  /** Every key this app writes to Redis starts with it, so apps (or tests) can share one Redis. */
  redisKeyPrefix: string;
  openMeteoUrl: string;
  openMeteoArchiveUrl: string;
  usgsUrl: string | undefined;
  overpassUrl: string | undefined;
  /** An IP geolocation service speaking ip-api.com's JSON (off unless set). */
  geolocationUrl: string | undefined;
  enrichIntervalMs: number;
  authRateLimit: { max: number; windowSeconds: number };
  uploadMaxBytes: number;
  /** Daily quotas per member (weather: per visitor's network too); see modules/quotas. */
  quotas: { uploadsPerDay: number; uploadBytesPerDay: number; importsPerDay: number; weatherPerDay: number };
  /** Live leaderboard connections one client network may hold open on one process. */
  liveConnectionsPerClient: number;
  teamEmail: string;
  appLinks: { iphone: string | null; android: string | null };
  formRateLimit: { max: number; windowSeconds: number };
  /** The newsletter list service; null keeps the list only in our own table. */
  mailchimp: { url: string; apiKey: string; listId: string } | null;
  /** The voice assistant's account linking; null turns the flow off. */
  assistant: { clientId: string; redirectUris: string[] } | null;
  /**
   * A session ends after this long unused, and this long after sign-in whatever happens. A resolved
   * session is kept in memory for cacheMs (0: every request asks the database); see SessionCache.
   */
  session: { idleMs: number; maxMs: number; cacheMs: number };
  /** The most bytes of JSON the data page's per-member answer cache keeps; 0: none. See AnswerCache. */
  answerCacheBytes: number;
  demoData: boolean;
  /** Web Push: keys from the settings, else generated once and kept under DATA_DIR. */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string; allowHttp: boolean };
  /** Encrypts organisers' payment secrets; without it, events cannot store one. */
  eventKeySecret: string | undefined;
  logLevel: string;
  webDist: string;
  /** Null: the built-in test processor. */
  stripe: StripeSettings | null;
  testCoupons: Record<string, number>;
  /** PayPal apps for event entry fees, by mode (the event picks sandbox or live); null: not offered. */
  paypal: { sandbox: PayPalApp | null; live: PayPalApp | null };
  /** The promotion code an approved ambassador's subscription gets (50 % off). */
  ambassadorCoupon: string;
  /** Members whose account e-mail is listed here are the team: they review ambassador applications. */
  adminEmails: string[];
  renewIntervalMs: number;
  /** Null: /register-cash is refused. */
  cashRegistrationPassword: string | null;
};

/** Mailchimp keys end in their data centre ("...-us21"), which names the API's host. */
function mailchimpUrlOf(apiKey: string): string {
  const dc = /-([a-z]+\d+)$/.exec(apiKey)?.[1] ?? 'us1';
  return `https://${dc}.api.mailchimp.com/3.0`;
}

export class ConfigError extends Error {}

/** Reads every setting once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const c = parsed.data;
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration. STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY, or webhooks could not be verified',
    );
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    trustProxy: c.TRUST_PROXY === 'on',
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smtpTimeoutMs: c.SMTP_TIMEOUT_SECONDS * 1000,
    featureFlags: c.FEATURE_FLAGS,
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    openMeteoUrl: c.OPEN_METEO_URL,
    openMeteoArchiveUrl: c.OPEN_METEO_ARCHIVE_URL,
    usgsUrl: c.USGS_URL,
    overpassUrl: c.OVERPASS_URL,
    geolocationUrl: c.GEOLOCATION_URL,
    enrichIntervalMs: c.ENRICH_INTERVAL_SECONDS * 1000,
    authRateLimit: { max: c.AUTH_RATE_LIMIT, windowSeconds: c.AUTH_RATE_WINDOW_SECONDS },
    uploadMaxBytes: c.UPLOAD_MAX_MB * 1024 * 1024,
    quotas: {
      uploadsPerDay: c.QUOTA_UPLOADS_PER_DAY,
      uploadBytesPerDay: c.QUOTA_UPLOAD_MB_PER_DAY * 1024 * 1024,
      importsPerDay: c.QUOTA_IMPORTS_PER_DAY,
      weatherPerDay: c.QUOTA_WEATHER_PER_DAY,
    },
    liveConnectionsPerClient: c.LIVE_CONNECTIONS_PER_CLIENT,
    teamEmail: c.TEAM_EMAIL,
    appLinks: { iphone: c.IOS_APP_URL ?? null, android: c.ANDROID_APP_URL ?? null },
    formRateLimit: { max: c.FORM_RATE_LIMIT, windowSeconds: c.FORM_RATE_WINDOW_SECONDS },
    mailchimp:
      c.MAILCHIMP_API_KEY && c.MAILCHIMP_LIST_ID
        ? { url: (c.MAILCHIMP_URL ?? mailchimpUrlOf(c.MAILCHIMP_API_KEY)).replace(/\/+$/, ''), apiKey: c.MAILCHIMP_API_KEY, listId: c.MAILCHIMP_LIST_ID }
        : null,
    assistant:
      c.GOOGLE_ACTIONS_CLIENT_ID && c.GOOGLE_ACTIONS_REDIRECT_URIS.length > 0
        ? { clientId: c.GOOGLE_ACTIONS_CLIENT_ID, redirectUris: c.GOOGLE_ACTIONS_REDIRECT_URIS }
        : null,
    session: { idleMs: c.SESSION_IDLE_DAYS * DAY_MS, maxMs: c.SESSION_MAX_DAYS * DAY_MS, cacheMs: c.SESSION_CACHE_SECONDS * 1000 },
    answerCacheBytes: c.ANSWER_CACHE_MB * 1024 * 1024,
    // A laptop's `npm start` sets no NODE_ENV and meets the demo; a deployment that says
    // production gets no shared account with a published password unless it asks for one.
    demoData: c.DEMO_DATA ? c.DEMO_DATA === 'on' : env.NODE_ENV !== 'production',
    push: { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT, allowHttp: c.PUSH_ALLOW_HTTP === 'on' },
    eventKeySecret: c.EVENT_KEY_SECRET,
    logLevel: c.LOG_LEVEL,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    stripe:
      c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: c.STRIPE_SECRET_KEY,
            webhookSecret: c.STRIPE_WEBHOOK_SECRET,
            publishableKey: c.STRIPE_PUBLISHABLE_KEY ?? null,
            apiUrl: c.STRIPE_API_URL,
            prices: { Monthly: c.STRIPE_PRICE_MONTHLY, Yearly2020: c.STRIPE_PRICE_YEARLY },
          }
        : null,
    testCoupons: c.TEST_COUPONS,
    paypal: {
      sandbox:
        c.PAYPAL_CLIENT_ID && c.PAYPAL_SECRET
          ? { clientId: c.PAYPAL_CLIENT_ID, secret: c.PAYPAL_SECRET, baseUrl: c.PAYPAL_SANDBOX_URL ?? 'https://api-m.sandbox.paypal.com' }
          : null,
      live:
        c.PAYPAL_LIVE_CLIENT_ID && c.PAYPAL_LIVE_SECRET
          ? { clientId: c.PAYPAL_LIVE_CLIENT_ID, secret: c.PAYPAL_LIVE_SECRET, baseUrl: c.PAYPAL_LIVE_URL ?? 'https://api-m.paypal.com' }
          : null,
    },
    ambassadorCoupon: c.AMBASSADOR_COUPON.toUpperCase(),
    adminEmails: c.ADMIN_EMAILS,
    renewIntervalMs: c.RENEW_INTERVAL_SECONDS * 1000,
    cashRegistrationPassword: c.CASH_REGISTRATION_PASSWORD ?? null,
  };
}
