import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { registerInputGuard } from './input-guard';
import { COMPRESS_FROM_BYTES } from './routes';

/**
 * The Content-Security-Policy of every answer. Style sheets come from this origin only; the
 * `<style>` elements the component library creates at run time carry the page's nonce, which
 * http/web.ts adds to `style-src` for the one answer that is a page. Style properties set through
 * the CSSOM (React's `style` prop, Leaflet) are not governed by CSP; style attributes in HTML are
 * refused.
 */
// Stripe.js (the card Element of the subscription, sign-up and event checkouts) loads from
// js.stripe.com, draws its fields in frames from there and hooks.stripe.com, and talks to
// api.stripe.com: any event's organiser may take cards through Stripe, so these are always allowed.
export const CSP_DIRECTIVES = {
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tiles.openseamap.org'],
  'script-src': ["'self'", 'https://js.stripe.com'],
  'frame-src': ['https://www.youtube-nocookie.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'style-src': ["'self'"],
};

/** Outside plugins first, as fastify/demo does: security headers, compression, limits, uploads, zod. */
export async function registerPlugins(app: FastifyInstance, config: Config) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    // HSTS means something only over HTTPS; sent over plain HTTP it is ignored at best.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES });
  await app.register(rateLimit, { global: false, ...sharedLimitStore(app, config) });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  registerInputGuard(app);
}

/**
 * With REDIS_URL, every limiter counts in Redis, so N app processes behind a load balancer share
 * one count per client instead of each allowing the limit. Redis unreachable: the limits are
 * skipped (logged) rather than failing every request; the per-account login failure count lives
 * in the database and still holds. Commands give up fast so a dead Redis never holds a request.
 */
function sharedLimitStore(app: FastifyInstance, config: Config) {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (shared rate limits) is unreachable; limits are skipped until it is back'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true };
}
