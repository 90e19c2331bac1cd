import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { CSP_DIRECTIVES } from './plugins';

/**
 * What the web build writes where each answer's nonce goes (apps/web/vite.config.ts `html.cspNonce`):
 * on its script and style-sheet tags and in `<meta property="csp-nonce">`, which the app reads at
 * start for the `<style>` elements it creates.
 */
export const CSP_NONCE_PLACEHOLDER = 'TIGHTLINES_CSP_NONCE';

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
  const page = hasWeb ? fs.readFileSync(`${config.webDist}/index.html`, 'utf8') : '';
  const prerendered = readPrerendered(config.webDist);
  if (hasWeb) {
    const assets = path.join(path.resolve(config.webDist), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes a .br and a .gz beside each script and style sheet (apps/web/vite.config.ts):
      // sent as they are to a browser that accepts them, so @fastify/compress leaves them alone.
      preCompressed: true,
      // The page is never the file as built: each answer carries its own nonce (sendPage). Dot
      // folders are the build's own bookkeeping (.vite/manifest.json), not the app's.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.split('/').some((part) => part.startsWith('.')),
      // Files under assets/ are named by their content's hash, so a browser may keep them for good.
      setHeaders: (res, filePath) => {
        if (filePath.startsWith(assets)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
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
    return sendPage(reply, (request.method === 'GET' && prerendered.get(request.url)) || { html: page, styleHashes: [] });
  });
}

/**
 * The landing and login pages as a visitor first sees them, rendered by the web build
 * (apps/web/scripts/prerender.mjs) so they paint before the app's JavaScript runs, keyed by the
 * exact address (path and query string) they were rendered for: any other address gets the plain
 * page, which the app draws itself, since hydrating HTML made for another address would leave it wrong.
 */
function readPrerendered(webDist: string): Map<string, Page> {
  const file = path.join(webDist, '.prerendered.json');
  if (!fs.existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Page>));
}

/**
 * A page and the hashes of the `style` attributes in its markup (a prerendered page's components
 * write Mantine's CSS variables there), which its CSP allows by name and no others: 'unsafe-hashes'
 * lets a hash match an attribute, and 'unsafe-inline' stays off.
 */
type Page = { html: string; styleHashes: string[] };

/**
 * The app's page with a fresh nonce, allowed in this answer's `style-src` only. `no-store`: a
 * cache that handed one answer to many visitors would make its nonce known in advance.
 */
function sendPage(reply: FastifyReply, page: Page) {
  const nonce = randomBytes(16).toString('base64');
  const attributes = page.styleHashes.length > 0 ? ["'unsafe-hashes'", ...page.styleHashes.map((hash) => `'${hash}'`)] : [];
  reply.helmet({
    contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, 'style-src': [...CSP_DIRECTIVES['style-src'], `'nonce-${nonce}'`, ...attributes] } },
  });
  reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const html = page.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  // Compressed here: @fastify/compress hooks routes, and this answer is the not-found handler's. A
  // prerendered page is about 50 KB of HTML, 8 KB compressed.
  const accepted = String(reply.request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}
