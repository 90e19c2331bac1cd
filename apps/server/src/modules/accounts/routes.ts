import type { RegisterInput, UserView } from '@tightlines/core/accounts';
import * as api from '@tightlines/core/api/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { clientKey } from '../../http/client-key';
import { route, type RouteEntry } from '../../http/routes';
import { HttpError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import type { QuotasService } from '../quotas/service';
import { cachedRoute, expiringRoute, type AnswerCache } from '../util/answer-cache';
import type { AccountsService } from './service';

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/** Runs the limits in order; the first one over its count answers 429 with how long to wait. */
function limiter(limits: Array<{ limit: Limit; applies?: (r: FastifyRequest) => boolean }>) {
  return async (request: FastifyRequest) => {
    for (const { limit, applies } of limits) {
      if (applies && !applies(request)) continue;
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new HttpError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
      }
    }
  };
}

const emailOf = (r: FastifyRequest) => String((r.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
const hasEmail = (r: FastifyRequest) => typeof (r.body as { email?: unknown } | undefined)?.email === 'string';

/**
 * Per client (an IPv6 client by its /64): every attempt counts, so one client cannot try many
 * accounts. Wrong passwords are counted per account in the service (failures, not attempts), so
 * nobody locks an owner out by typing their address. Mail is limited per address as well, so
 * nobody floods one inbox from many clients.
 */
function limits(app: FastifyInstance, config: Config) {
  const timeWindow = config.authRateLimit.windowSeconds * 1000;
  const perClient = (name: string) =>
    app.createRateLimit({ max: config.authRateLimit.max, timeWindow, keyGenerator: (r) => `${name}:${clientKey(r.ip)}` });
  const signIn = perClient('sign-in');
  const mailPerAddress = app.createRateLimit({
    max: Math.max(3, Math.ceil(config.authRateLimit.max / 3)),
    timeWindow,
    keyGenerator: (r) => `mail:${emailOf(r)}`,
  });
  return {
    signIn: limiter([{ limit: signIn }]),
    mail: limiter([{ limit: signIn }, { limit: mailPerAddress, applies: hasEmail }]),
    // The sign-up form asks as the member types: enough for that, too few to list accounts.
    lookups: limiter([{ limit: perClient('lookup') }]),
  };
}

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

/**
 * `register` replaces the plain sign-up when billing is wired: a paid plan or the cash variant
 * goes through the billing module, which calls back into accounts.
 */
export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  config: Config,
  quotas: QuotasService,
  answers: AnswerCache,
  register: (input: RegisterInput, userAgent: string | null) => Promise<UserView> = (input, userAgent) => accounts.register(input, userAgent),
): RouteEntry[] {
  const limit = limits(app, config);
  // Runs before validation, so a flood of malformed bodies is limited as well.
  const signIn = { preValidation: limit.signIn };
  return [
    route(api.register, ({ body, request }) => register(body, userAgentOf(request)), signIn),
    route(api.login, ({ body, request }) => accounts.login(body, userAgentOf(request)), signIn),
    route(api.loginNative, ({ body, request }) => accounts.login(body, userAgentOf(request)), signIn),
    route(api.logout, async ({ principal }) => {
      await accounts.logout(principal);
      return { success: true };
    }),
    expiringRoute(answers, api.fullUser, ({ principal }) => accounts.fullView(principal.userId)),
    cachedRoute(answers, api.simpleUser, ({ principal }) => accounts.simpleView(principal.userId)),
    route(api.userById, ({ params }) => accounts.publicView(params.id)),
    route(api.emailExists, async ({ body }) => ({ exists: await accounts.emailExists(body.email) }), { preValidation: limit.lookups }),
    route(api.usernameExists, async ({ body }) => ({ exists: await accounts.usernameExists(body.username) }), { preValidation: limit.lookups }),
    route(api.updateUser, ({ principal, body }) => accounts.update(principal, body)),
    // A stolen session guessing the password it needs is slowed like a sign-in.
    route(api.updateEmail, ({ principal, body }) => accounts.updateEmail(principal, body), signIn),
    route(api.confirmEmail, ({ body }) => accounts.confirmEmail(body.token), signIn),
    route(
      api.changePassword,
      async ({ principal, body }) => {
        await accounts.changePassword(principal, body);
        return { success: true };
      },
      signIn,
    ),
    route(api.sessions, ({ principal }) => accounts.sessions(principal)),
    route(api.endSession, async ({ principal, params }) => {
      await accounts.endSession(principal, params.id);
      return { success: true };
    }),
    route(api.logoutEverywhere, async ({ principal }) => ({ success: true, ended: await accounts.logoutEverywhere(principal) })),
    route(api.setProfileImage, async ({ principal, request }) => {
      const upload = await readUpload(request, config.uploadMaxBytes);
      await quotas.spend(principal, 'uploads', upload.body.length);
      return accounts.setProfileImage(principal, upload.body);
    }),
    route(api.hasSubscription, ({ principal }) => accounts.subscriptionStatus(principal.userId)),
    route(
      api.forgotPassword,
      async ({ body }) => {
        await accounts.forgotPassword(body.email, body.refer);
        return { success: true };
      },
      { preValidation: limit.mail },
    ),
    route(api.passwordToken, async ({ body }) => ({ token: await accounts.exchangeResetCode(body.token, body.email) }), signIn),
    route(
      api.resetPassword,
      async ({ params, body, request }) => ({
        ...(await accounts.resetPassword(params.token, body.password, userAgentOf(request))),
        success: true as const,
      }),
      signIn,
    ),
  ];
}
