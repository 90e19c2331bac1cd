import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { registerInputGuard } from './input-guard';

/** Outside plugins first, as fastify/demo does: security headers, compression, limits, uploads, zod. */
export async function registerPlugins(app: FastifyInstance, config: Config) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tiles.openseamap.org'],
        'frame-src': ['https://www.youtube-nocookie.com'],
        'connect-src': ["'self'"],
        // Style attributes stay allowed (the component library sets them); style sheets come from
        // this origin only. Inline styles run no script, so this is what is left of that risk.
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    // HSTS means something only over HTTPS; sent over plain HTTP it is ignored at best.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  registerInputGuard(app);
}
