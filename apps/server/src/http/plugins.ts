import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';

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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
}
