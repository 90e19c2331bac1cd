import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Uploaded files, the built web app, and the history-mode fallback: every page path is the app's
 * and the router in the browser picks the screen; unknown /api and /uploads paths stay JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, config: Config, uploadsRoot: string) {
  await app.register(fastifyStatic, {
    root: uploadsRoot,
    prefix: '/uploads/',
    decorateReply: false,
    // Log photos have their own route that asks who may see them (modules/logs/photo-route.ts);
    // however the path is spelled, the file server never hands them out.
    allowedPath: (pathName) => !/^\/*logs(\/|$)/i.test(pathName),
  });
  const hasWeb = fs.existsSync(`${config.webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/uploads/')) {
      return reply.code(404).send({ error: `No such API route: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').sendFile('index.html', config.webDist, { maxAge: 0 });
  });
}
