import * as api from '@tightlines/core/api/circle';
import type { FastifyRequest } from 'fastify';
import { route, type RouteEntry } from '../../http/routes';
import type { CircleService } from './service';
import { NOTIFICATION_WORKER } from './worker';

export function circleRoutes(circle: CircleService, pushPublicKey: string): RouteEntry[] {
  // Adding looks people up by name or address: a slow pace keeps the lookup from being a directory.
  const lookupLimit = {
    config: {
      rateLimit: { max: 30, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (r: FastifyRequest) => `circle-add:${r.principal?.userId ?? r.ip}` },
    },
  } as const;
  return [
    route(api.innerCircle, ({ principal }) => circle.circle(principal)),
    route(api.allowedCircles, ({ principal }) => circle.allowedCircles(principal)),
    route(api.innerCircleLogs, ({ principal, query }) => circle.feed(principal, query.filters, query.limit, query.page, query.after)),
    route(api.innerCircleCharts, ({ principal, query }) => circle.charts(principal, query.filters)),
    route(api.innerCircleMarkers, ({ principal, query }) => circle.markers(principal, query.filters)),
    route(api.addToCircle, ({ principal, body }) => circle.add(principal, body.user), lookupLimit),
    route(api.removeFromCircle, ({ principal, body }) => circle.remove(principal, body.username)),
    route(api.editCircleMember, ({ principal, body }) => circle.edit(principal, body)),
    route(api.leaveCircle, ({ principal, body }) => circle.leave(principal, body.username)),
    route(api.subscribeToCircle, ({ principal, body }) => circle.subscribe(principal, body)),
    route(api.pushPublicKey, async () => ({ publicKey: pushPublicKey })),
    route(api.notificationWorker, async ({ reply }) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('service-worker-allowed', '/')
        .header('cache-control', 'no-cache')
        .send(NOTIFICATION_WORKER),
    ),
  ];
}
