import * as api from '@tightlines/core/api/outreach';
import { PRIVATE_PATH_PREFIXES, PUBLIC_PAGES } from '@tightlines/core/site';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { perClientLimit } from '../../http/limits';
import { route, type RouteEntry } from '../../http/routes';
import type { OutreachService } from './service';

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function robotsText(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(publicUrl + page.path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function outreachRoutes(app: FastifyInstance, outreach: OutreachService, config: Config): RouteEntry[] {
  const { max, windowSeconds } = config.formRateLimit;
  const robots = robotsText(config.publicUrl);
  const sitemap = sitemapXml(config.publicUrl);
  return [
    route(api.ambassadorApplication, ({ body, principal }) => outreach.apply(body, principal), {
      preValidation: perClientLimit(app, 'ambassador', max, windowSeconds),
    }),
    route(api.ambassadorDirectory, () => outreach.directory()),
    route(api.adminStanding, async ({ principal }) => ({ admin: outreach.isAdmin(principal) })),
    route(api.adminApplications, ({ principal, query }) => outreach.applications(principal, query.status)),
    route(api.adminReview, ({ principal, params, body }) => outreach.review(principal, params.id, body.status)),
    route(api.contact, ({ body, principal }) => outreach.contact(body, principal), {
      preValidation: perClientLimit(app, 'contact', max, windowSeconds),
    }),
    route(api.robots, async ({ reply }) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots)),
    route(api.sitemap, async ({ reply }) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap)),
  ];
}
