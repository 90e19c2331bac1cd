import * as api from '@tightlines/core/api/newsletter';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { perClientLimit } from '../../http/limits';
import { route, type RouteEntry } from '../../http/routes';
import type { NewsletterService } from './service';

export function newsletterRoutes(app: FastifyInstance, newsletter: NewsletterService, config: Config): RouteEntry[] {
  const { max, windowSeconds } = config.formRateLimit;
  const visitorLimit = perClientLimit(app, 'newsletter', max, windowSeconds);
  return [
    route(api.newsletterStatus, ({ principal }) => newsletter.status(principal)),
    route(api.newsletterSubscribe, ({ principal, body }) => newsletter.subscribe(principal, body.email), {
      // Only a visitor's sign-up mails an address someone typed; a member's is their own.
      preValidation: async (request) => {
        if (!request.principal) await visitorLimit(request);
      },
    }),
    route(api.newsletterUnsubscribe, ({ principal }) => newsletter.setMember(principal, false)),
    route(api.newsletterConfirm, ({ body }) => newsletter.confirm(body.token)),
    route(api.newsletterUnsubscribeByLink, ({ body }) => newsletter.unsubscribeByLink(body.token)),
  ];
}
