import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export function utilRoutes(app: FastifyInstance, config: Config) {
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/util/featureflags', async () => config.featureFlags);
}
