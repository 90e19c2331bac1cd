import { z } from 'zod';
import { circleFilters, circleMember, innerCircleUser } from '../circle';
import { filterFields, filterQuery, toFilters } from '../filters';
import { logView } from '../logs';
import { chartsAnswer, mapMarker } from './analysis';
import { contract, isUuid, jsonBody, raw } from './contract';
import { LOG_NOT_SHARED } from './logs';

const username = z.string({ error: 'A username is required.' }).trim().min(1, 'A username is required.').max(100);

export const circleFeed = z.object({
  logs: z.array(logView),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CircleFeed = z.infer<typeof circleFeed>;

export const innerCircle = contract({
  method: 'GET',
  path: '/api/user/inner-circle',
  access: 'member',
  summary: 'The people in the member’s Inner Circle (they follow the member), sorted by username, each with what they may see.',
  response: z.array(innerCircleUser),
});

export const allowedCircles = contract({
  method: 'GET',
  path: '/api/user/allowed-circles',
  access: 'member',
  summary: 'The anglers whose Inner Circle the member is in (the member follows them), sorted by username.',
  response: z.array(circleMember),
});

/**
 * The feed's query: the data page's, and `after`, the `_id` of the last log of the page before (the
 * feed then goes on right behind it instead of counting `page` pages from the top, so a deep page
 * reads one page a friend; `page` is then only echoed).
 */
const circleFeedQuery = z
  .object({ ...filterFields, after: z.string().refine(isUuid, LOG_NOT_SHARED).optional() })
  .transform((q, ctx) => ({ ...toFilters(q, ctx), after: q.after }));

export const innerCircleLogs = contract({
  method: 'GET',
  path: '/api/user/inner-circle-logs',
  access: 'member',
  summary:
    'Premium: the public and protected logs of the anglers whose circle the member is in, each narrowed by what its owner allows the member, filtered like the data page (plus `username`), newest first, a page at a time (or, with `after`, the page behind that log of the feed).',
  query: circleFeedQuery,
  response: circleFeed,
});

export const innerCircleCharts = contract({
  method: 'GET',
  path: '/api/user/inner-circle-logs/charts',
  access: 'member',
  summary: 'Premium: the data page’s charts over the same logs as the Inner Circle feed.',
  query: filterQuery,
  response: chartsAnswer,
});

export const innerCircleMarkers = contract({
  method: 'GET',
  path: '/api/user/inner-circle-logs/markers',
  access: 'member',
  summary: 'Premium: map markers of the same logs as the Inner Circle feed, newest first, 20,000 at most.',
  query: filterQuery,
  response: z.array(mapMarker.extend({ username: z.string() })),
});

export const addToCircle = contract({
  method: 'POST',
  path: '/api/user/add/inner-circle',
  access: 'member',
  status: 201,
  summary:
    'Premium: adds an angler (by e-mail or username, in `user`) to the member’s Inner Circle; they may then see the member’s logs. Answers the updated circle.',
  body: jsonBody(z.object({ user: z.string({ error: 'Enter an e-mail address or a username.' }).trim().min(1, 'Enter an e-mail address or a username.').max(254) })),
  response: z.array(innerCircleUser),
});

export const removeFromCircle = contract({
  method: 'POST',
  path: '/api/user/remove/inner-circle',
  access: 'member',
  summary: 'Takes an angler out of the member’s Inner Circle (no premium needed: nobody pays to stop sharing). Answers the updated circle.',
  body: jsonBody(z.object({ username })),
  response: z.array(innerCircleUser),
});

export const editCircleMember = contract({
  method: 'POST',
  path: '/api/user/edit/inner-circle',
  access: 'member',
  summary: 'Premium: saves which lakes and tags one member of the circle may see (the inner circle user with its `filters`).',
  body: jsonBody(z.object({ username, _id: z.string().max(100).optional(), filters: circleFilters })),
  response: z.object({ message: z.string(), user: innerCircleUser }),
});

export const leaveCircle = contract({
  method: 'POST',
  path: '/api/user/leave/allowed-circle',
  access: 'member',
  summary: 'Leaves another angler’s Inner Circle (no premium needed). Answers the circles the member is still in.',
  body: jsonBody(z.object({ username })),
  response: z.array(circleMember),
});

export const ALREADY_SUBSCRIBED = 'already subscribed';

/** A browser's push subscription (PushSubscription.toJSON()); bounded, as any input. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'The push endpoint must be a URL.' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/, 'The p256dh key is not a base64url key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{8,64}={0,2}$/, 'The auth secret is not base64url.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const subscribeToCircle = contract({
  method: 'POST',
  path: '/api/notifications/subscribe/inner-circle',
  access: 'member',
  summary:
    'Registers this browser for a Web Push notification when a friend logs something the member may see; a repeat answers `already subscribed`.',
  body: jsonBody(pushSubscriptionInput),
  response: z.object({ message: z.string() }),
});

export const pushPublicKey = contract({
  method: 'GET',
  path: '/api/notifications/public-key',
  access: 'public',
  summary: 'The server’s VAPID public key (base64url), which browsers subscribe with.',
  response: z.object({ publicKey: z.string() }),
});

export const notificationWorker = contract({
  method: 'GET',
  path: '/api/notification-worker.js',
  access: 'public',
  summary: 'The push service worker (scope `/`): shows a pushed notification and opens its log when clicked.',
  response: raw('text/javascript'),
});
