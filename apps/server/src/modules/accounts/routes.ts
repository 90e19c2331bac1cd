import type { RegisterInput, UserView } from '@tightlines/core/accounts';
import * as api from '@tightlines/core/api/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';
import { HttpError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import type { AccountsService } from './service';

/**
 * Guessing passwords or flooding inboxes is slowed per client address and per e-mail address:
 * both limits apply, so neither many addresses from one client nor one address from many
 * clients gets through.
 */
function authLimiter(app: FastifyInstance, config: Config) {
  const timeWindow = config.authRateLimit.windowSeconds * 1000;
  const perIp = app.createRateLimit({ max: config.authRateLimit.max, timeWindow, keyGenerator: (r) => `ip:${r.ip}` });
  const perAddress = app.createRateLimit({
    max: Math.max(3, Math.ceil(config.authRateLimit.max / 3)),
    timeWindow,
    keyGenerator: (r) => `email:${String((r.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  return async (request: FastifyRequest) => {
    const hasEmail = typeof (request.body as { email?: unknown } | undefined)?.email === 'string';
    for (const limit of hasEmail ? [perIp, perAddress] : [perIp]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new HttpError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
      }
    }
  };
}

/**
 * `register` replaces the plain sign-up when billing is wired: a paid plan or the cash variant
 * goes through the billing module, which calls back into accounts.
 */
export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  config: Config,
  register: (input: RegisterInput) => Promise<UserView> = (input) => accounts.register(input),
): RouteEntry[] {
  // Runs before validation, so a flood of malformed bodies is limited as well.
  const limited = { preValidation: authLimiter(app, config) };
  return [
    route(api.register, ({ body }) => register(body), limited),
    route(api.login, ({ body }) => accounts.login(body), limited),
    route(api.loginNative, ({ body }) => accounts.login(body), limited),
    route(api.logout, async ({ principal }) => {
      await accounts.logout(principal);
      return { success: true };
    }),
    route(api.fullUser, ({ principal }) => accounts.viewOf(principal.userId)),
    route(api.simpleUser, ({ principal }) => accounts.simpleView(principal.userId)),
    route(api.userById, ({ params }) => accounts.publicView(params.id)),
    route(api.emailExists, async ({ body }) => ({ exists: await accounts.emailExists(body.email) })),
    route(api.usernameExists, async ({ body }) => ({ exists: await accounts.usernameExists(body.username) })),
    route(api.updateUser, ({ principal, body }) => accounts.update(principal, body)),
    route(api.updateEmail, ({ principal, body }) => accounts.updateEmail(principal, body.email)),
    route(api.setProfileImage, async ({ principal, request }) => {
      const upload = await readUpload(request, config.uploadMaxBytes);
      return accounts.setProfileImage(principal, upload.body);
    }),
    route(api.hasSubscription, ({ principal }) => accounts.subscriptionStatus(principal.userId)),
    route(
      api.forgotPassword,
      async ({ body }) => {
        await accounts.forgotPassword(body.email, body.refer);
        return { success: true };
      },
      limited,
    ),
    route(api.passwordToken, async ({ body }) => ({ token: await accounts.exchangeResetCode(body.token) }), limited),
    route(
      api.resetPassword,
      async ({ params, body }) => {
        await accounts.resetPassword(params.token, body.password);
        return { success: true };
      },
      limited,
    ),
  ];
}
