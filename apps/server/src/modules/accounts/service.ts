import { randomUUID } from 'node:crypto';
import {
  emailRule,
  isPremium,
  hasActiveSubscription,
  passwordRule,
  usernameRule,
  type LoginInput,
  type RegisterInput,
  type UserView,
  type PublicUserView,
} from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import type { Config } from '../../config';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { prepareImage } from '../../lib/images';
import { hashPassword, newCode, newToken, sha256, verifyPassword } from '../../lib/secrets';
import type { Mailer } from '../../providers/mail/mailer';
import type { FileStorage } from '../../providers/storage/storage';
import type { AccountsRepo, UserRow } from './repo';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;


type Deps = {
  repo: AccountsRepo;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  /** The member's saved forecast searches, newest first (the forecast module's table). */
  forecastSearches: (userId: string) => Promise<string[]>;
  /** The lakes the member has logged, with where (the logs module). */
  loggedLakes: (userId: string) => Promise<Array<{ name: string; location: { lat: number; lng: number } }>>;
  /** The member's payment processor customer id, once billing made one (the billing module's table). */
  customerId?: (userId: string) => Promise<string | null>;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  now?: () => Date;
};

/** A hash to compare against when the e-mail is unknown, so a login takes as long either way. */
let decoyHash: Promise<string> | undefined;

export class AccountsService {
  private readonly repo: AccountsRepo;
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.repo = deps.repo;
    this.now = deps.now ?? (() => new Date());
  }

  async register(input: RegisterInput): Promise<UserView> {
    const email = emailRule.safeParse(input.email);
    if (!email.success) throw badRequest(messages.emailInvalid, { email: { type: messages.emailInvalid } });
    const username = usernameRule.safeParse(input.username);
    if (!username.success) {
      const message = username.error.issues[0]?.message ?? 'That username is not valid.';
      throw badRequest(message, { username: { type: message } });
    }
    const password = passwordRule.safeParse(input.password);
    if (!password.success) {
      const message = password.error.issues[0]?.message ?? 'That password is not valid.';
      throw badRequest(message, { password: { type: message } });
    }
    if (input.password !== input.passwordConfirm) {
      throw badRequest(messages.passwordsMustMatch, { password: { type: messages.passwordsMustMatch } });
    }
    await this.assertAvailable(email.data, username.data);

    let user: UserRow;
    try {
      user = await this.repo.create({
        email: email.data,
        username: username.data,
        passwordHash: await hashPassword(input.password),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two sign-ups raced past the check above; the unique index decided, so say which field lost.
      await this.assertAvailable(email.data, username.data);
      throw error;
    }
    return this.startSession(user);
  }

  private async assertAvailable(email: string, username: string): Promise<void> {
    if (await this.repo.findByEmail(email)) {
      throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
    }
    if (await this.repo.findByUsername(username)) {
      throw conflict(messages.usernameTaken, { username: { type: messages.usernameTaken } });
    }
  }

  async login(input: LoginInput): Promise<UserView> {
    const user = await this.repo.findByEmail(input.email.trim());
    decoyHash ??= hashPassword(randomUUID());
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !ok) {
      throw new HttpError(401, messages.loginFailed, { login: { type: messages.loginFailed } });
    }
    return this.startSession(user);
  }

  private async startSession(user: UserRow): Promise<UserView> {
    const token = newToken();
    await this.repo.createSession(user.id, sha256(token));
    return { ...(await this.view(user)), token };
  }

  /** The caller behind a token, with premium decided once by the one rule; null when unknown. */
  async authenticate(token: string): Promise<Principal | null> {
    if (!token) return null;
    const found = await this.repo.findSessionUser(sha256(token));
    if (!found) return null;
    const { user, sessionId } = found;
    const { premium } = await this.premiumOf(user.id);
    return { userId: user.id, username: user.username, email: user.email, sessionId, premium, demo: user.isDemo };
  }

  logout(principal: Principal): Promise<void> {
    return this.repo.deleteSession(principal.sessionId);
  }

  private async row(userId: string): Promise<UserRow> {
    const user = await this.repo.findById(userId);
    if (!user) throw notFound('No user was found with that id.');
    return user;
  }

  async viewOf(userId: string): Promise<UserView> {
    return this.view(await this.row(userId));
  }

  async simpleView(userId: string) {
    const user = await this.row(userId);
    return { _id: user.id, email: user.email, username: user.username, profilePicture: user.profilePicture };
  }

  async subscriptionStatus(userId: string) {
    const { premium, activeSubscription } = await this.premiumOf(userId);
    return { status: activeSubscription ? 'active' : premium ? 'free-for-all' : 'none', premium, activeSubscription } as const;
  }

  async premiumOf(userId: string): Promise<{ premium: boolean; activeSubscription: boolean }> {
    const subs = await this.repo.subscriptionsOf(userId);
    const now = this.now();
    return {
      premium: isPremium(subs, this.deps.config.featureFlags, now),
      activeSubscription: hasActiveSubscription(subs, now),
    };
  }

  private async view(user: UserRow): Promise<UserView> {
    const [subs, forecastSearches, customerId] = await Promise.all([
      this.repo.subscriptionsOf(user.id),
      this.deps.forecastSearches(user.id),
      this.deps.customerId?.(user.id) ?? null,
    ]);
    const now = this.now();
    const active = subs.find((s) => hasActiveSubscription([s], now));
    return {
      _id: user.id,
      email: user.email,
      username: user.username,
      profilePicture: user.profilePicture,
      premiumMember: isPremium(subs, this.deps.config.featureFlags, now),
      activeSubscription: active !== undefined,
      newsletter: user.newsletter,
      events: { registered: [] },
      forecastSearches,
      lakes: await this.deps.loggedLakes(user.id),
      stripe: { id: customerId, subscriptionId: active?.providerId ?? null },
    };
  }

  async publicView(id: string): Promise<PublicUserView> {
    const user = await this.row(id);
    return { _id: user.id, username: user.username, profilePicture: user.profilePicture };
  }

  async emailExists(email: string): Promise<boolean> {
    return (await this.repo.findByEmail(email.trim())) !== undefined;
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.repo.findByUsername(username.trim())) !== undefined;
  }

  async update(principal: Principal, input: { username?: string | undefined; newsletter?: boolean | undefined }): Promise<UserView> {
    const user = await this.row(principal.userId);
    if (input.username !== undefined && (await this.repo.usernameTakenByOther(input.username, user.id))) {
      throw conflict(messages.usernameTaken, { username: { type: messages.usernameTaken } });
    }
    const updated = await this.repo.update(user.id, {
      ...(input.username !== undefined && { username: input.username }),
      ...(input.newsletter !== undefined && { newsletter: input.newsletter }),
    });
    return this.view(updated ?? user);
  }

  async updateEmail(principal: Principal, email: string): Promise<UserView> {
    const user = await this.row(principal.userId);
    if (await this.repo.emailTakenByOther(email, user.id)) {
      throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
    }
    try {
      const updated = await this.repo.update(user.id, { email });
      return this.view(updated ?? user);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
      throw error;
    }
  }

  async setProfileImage(principal: Principal, upload: Buffer): Promise<{ image: string; user: UserView }> {
    const user = await this.row(principal.userId);
    const image = await prepareImage(upload, { width: 400, height: 400, fit: 'cover' });
    const stored = await this.deps.storage.put(`profiles/${user.id}/${randomUUID()}.jpg`, image.body, image.contentType);
    const updated = await this.repo.update(user.id, { profilePicture: stored.url });
    const previous = user.profilePicture?.match(/^\/uploads\/(profiles\/.+)$/)?.[1];
    if (previous) await this.deps.storage.remove(previous);
    return { image: stored.url, user: await this.view(updated ?? user) };
  }

  /** Answers the same whether or not the address exists, so it cannot be used to find accounts. */
  async forgotPassword(email: string, refer: string | undefined): Promise<void> {
    const user = await this.repo.findByEmail(email.trim());
    if (!user) return;
    const code = newCode();
    await this.repo.createPasswordReset(user.id, sha256(code), new Date(this.now().getTime() + RESET_LIFETIME_MS));
    const query = new URLSearchParams({ code, ...(refer ? { refer } : {}) });
    const link = `${this.deps.config.publicUrl}/confirm-reset-password/?${query.toString()}`;
    // Not awaited: the answer must not take longer for a known address than for an unknown one,
    // and a slow mail server must not hold the request. A failed delivery is logged.
    void this.deps.mailer
      .send({
        to: user.email,
        subject: 'Your Tightlines password reset code',
        text: [
          `Hello ${user.username},`,
          '',
          `Your password reset code is: ${code}`,
          '',
          `Enter it on the reset page, or open this link: ${link}`,
          '',
          'The code works once and expires in one hour. If you did not ask for a reset, ignore this e-mail;',
          'your password stays as it is.',
        ].join('\n'),
      })
      .catch((error: unknown) => this.deps.log.error({ err: error, to: user.email }, 'password reset mail failed'));
  }

  async exchangeResetCode(code: string): Promise<string> {
    const token = newToken();
    const ok = await this.repo.exchangeResetCode(sha256(code.trim().toUpperCase()), sha256(token), this.now());
    if (!ok) throw badRequest('That code is not valid or has expired. Please request a new one.');
    return token;
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const userId = await this.repo.completePasswordReset(sha256(token), await hashPassword(password), this.now());
    if (!userId) throw badRequest('This reset link is not valid or has already been used. Please start again.');
  }
}
