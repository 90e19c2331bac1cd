import {
  existsEmailInput,
  existsUsernameInput,
  forgotPasswordInput,
  loginInput,
  passwordTokenInput,
  registerInput,
  resetPasswordInput,
  updateEmailInput,
  updateUserInput,
} from '@tightlines/core/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { requireSession } from '../../lib/auth';
import { HttpError, parse } from '../../lib/errors';
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

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, config: Config) {
  const limited = { preHandler: authLimiter(app, config) };

  app.post('/api/user/register', limited, async (request, reply) => {
    const user = await accounts.register(parse(registerInput, request.body));
    return reply.code(201).send(user);
  });

  app.post('/api/user/login', limited, async (request) => accounts.login(parse(loginInput, request.body)));
  app.post('/api/user/login-native', limited, async (request) => accounts.login(parse(loginInput, request.body)));

  app.post('/api/user/logout', async (request) => {
    await accounts.logout(requireSession(request));
    return { success: true };
  });

  app.get('/api/user/full', async (request) => accounts.view(requireSession(request).user));
  app.get('/api/user/simple', async (request) => {
    const { user } = requireSession(request);
    return { _id: user.id, email: user.email, username: user.username, profilePicture: user.profilePicture };
  });
  app.get<{ Params: { id: string } }>('/api/user/obj/:id', async (request) => {
    requireSession(request);
    return accounts.publicView(request.params.id);
  });

  app.post('/api/user/exists', async (request) => ({
    exists: await accounts.emailExists(parse(existsEmailInput, request.body).email),
  }));
  app.post('/api/username/exists', async (request) => ({
    exists: await accounts.usernameExists(parse(existsUsernameInput, request.body).username),
  }));

  app.post('/api/user/update', async (request) =>
    accounts.update(requireSession(request).user, parse(updateUserInput, request.body)),
  );
  app.post('/api/user/update-email', async (request) =>
    accounts.updateEmail(requireSession(request).user, parse(updateEmailInput, request.body).email),
  );
  app.post('/api/user/set-profile-image', async (request) => {
    const { user } = requireSession(request);
    const upload = await readUpload(request, config.uploadMaxBytes);
    return accounts.setProfileImage(user, upload.body);
  });

  app.get('/api/user/has-subscription', async (request) => {
    const { user } = requireSession(request);
    const { premium, activeSubscription } = await accounts.premiumOf(user.id);
    return { status: activeSubscription ? 'active' : premium ? 'free-for-all' : 'none', premium, activeSubscription };
  });

  app.post('/api/user/forgot-password', limited, async (request) => {
    const input = parse(forgotPasswordInput, request.body);
    await accounts.forgotPassword(input.email, input.refer);
    return { success: true };
  });
  app.post('/api/user/password-token', limited, async (request) => ({
    token: await accounts.exchangeResetCode(parse(passwordTokenInput, request.body).token),
  }));
  app.post<{ Params: { token: string } }>('/api/user/reset-password/:token', limited, async (request) => {
    await accounts.resetPassword(request.params.token, parse(resetPasswordInput, request.body).password);
    return { success: true };
  });
}
