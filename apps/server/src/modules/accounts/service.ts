import { randomBytes, randomUUID } from 'node:crypto';
import {
  CURRENT_PASSWORD_WRONG,
  DEMO_ACCOUNT_LOCKED,
  emailRule,
  isPremium,
  hasActiveSubscription,
  passwordRule,
  usernameRule,
  type LoginInput,
  type RegisterInput,
  type UserView,
  type PublicUserView,
  type SessionView,
} from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import type { Config } from '../../config';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { prepareImage } from '../../lib/images';
import { hashPassword, hmac, newCode, newToken, normalizeCode, sha256, verifyPassword } from '../../lib/secrets';
import type { Mailer } from '../../providers/mail/mailer';
import type { FileStorage } from '../../providers/storage/storage';
import type { AccountsRepo, UserRow } from './repo';
import type { SessionCache } from './session-cache';

/** A new account and its first session's token. */
export type SignedUp = { userId: string; email: string; username: string; token: string };

export const RESET_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** Wrong passwords in a row an account takes before each next attempt has to wait. */
export const FREE_FAILED_LOGINS = 5;
/** The longest wait: short enough that an attacker keeping an account busy costs its owner little. */
export const MAX_LOGIN_DELAY_MS = 30_000;

/** How long after the last wrong password the next attempt on the account must wait. */
export function loginDelayMs(failedLogins: number): number {
  if (failedLogins < FREE_FAILED_LOGINS) return 0;
  return Math.min(1000 * 2 ** (failedLogins - FREE_FAILED_LOGINS), MAX_LOGIN_DELAY_MS);
}


type Deps = {
  repo: AccountsRepo;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  /** The member's saved forecast searches, newest first (the forecast module's table). */
  forecastSearches: (userId: string) => Promise<string[]>;
  /** The events the member entered (the events module's tables), for `events.registered`. */
  registeredEvents?: (userId: string) => Promise<Array<{ eventId: string; name: string; startDate: string; endDate: string }>>;
  /** The lakes the member has logged, with where (the logs module). */
  loggedLakes: (userId: string) => Promise<Array<{ name: string; location: { lat: number; lng: number } }>>;
  /** The member's payment processor customer id, once billing made one (the billing module's table). */
  customerId?: (userId: string) => Promise<string | null>;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  /**
   * The newsletter list (the newsletter module's table, the truth): the user's `newsletter` field
   * is read from it and the settings toggle writes to it.
   */
  newsletter?: {
    isSubscribed(user: { id: string; email: string }): Promise<boolean>;
    set(principal: Principal, subscribed: boolean): Promise<unknown>;
  };
  now?: () => Date;
  /** Sessions resolved lately, so most requests resolve theirs without the database. */
  sessionCache?: SessionCache;
};

/** A hash to compare against when the e-mail is unknown, so a login takes as long either way. */
let decoyHash: Promise<string> | undefined;

export class AccountsService {
  private readonly repo: AccountsRepo;
  private readonly now: () => Date;
  private resetKey: Promise<string> | undefined;

  constructor(private readonly deps: Deps) {
    this.repo = deps.repo;
    this.now = deps.now ?? (() => new Date());
  }

  async register(input: RegisterInput, userAgent: string | null = null): Promise<UserView> {
    const { user, token } = await this.createAccount(input, userAgent);
    return { ...(await this.view(user)), token };
  }

  /**
   * Sign-up without the user's view, for a sign-up inside a larger transaction (a paid plan, an
   * event's registration): the view reads several tables side by side, which a transaction's one
   * connection cannot do, so those callers read it once they have committed.
   */
  async signUp(input: RegisterInput, userAgent: string | null = null): Promise<SignedUp> {
    const { user, token } = await this.createAccount(input, userAgent);
    return { userId: user.id, email: user.email, username: user.username, token };
  }

  private async createAccount(input: RegisterInput, userAgent: string | null): Promise<{ user: UserRow; token: string }> {
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
    return { user, token: await this.openSession(user, userAgent) };
  }

  private async assertAvailable(email: string, username: string): Promise<void> {
    if (await this.repo.findByEmail(email)) {
      throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
    }
    if (await this.repo.findByUsername(username)) {
      throw conflict(messages.usernameTaken, { username: { type: messages.usernameTaken } });
    }
  }

  /**
   * Failures are counted per account, not attempts: someone typing another's address cannot lock
   * the owner out. Past a few wrong passwords in a row each next try waits a little longer (at
   * most half a minute), which makes guessing slow and costs the owner seconds.
   */
  async login(input: LoginInput, userAgent: string | null = null): Promise<UserView> {
    const user = await this.repo.findByEmail(input.email.trim());
    if (user?.lastFailedLoginAt) {
      const waitMs = user.lastFailedLoginAt.getTime() + loginDelayMs(user.failedLogins) - this.now().getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, `Too many wrong passwords for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
      }
    }
    decoyHash ??= hashPassword(randomUUID());
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !ok) {
      if (user) await this.repo.recordFailedLogin(user.id, this.now());
      throw new HttpError(401, messages.loginFailed, { login: { type: messages.loginFailed } });
    }
    if (user.failedLogins > 0) await this.repo.clearFailedLogins(user.id);
    return this.startSession(user, userAgent);
  }

  private async startSession(user: UserRow, userAgent: string | null): Promise<UserView> {
    const token = await this.openSession(user, userAgent);
    return { ...(await this.view(user)), token };
  }

  private async openSession(user: UserRow, userAgent: string | null): Promise<string> {
    const token = newToken();
    await this.repo.createSession(user.id, sha256(token), userAgent?.slice(0, 300) ?? null, this.now());
    return token;
  }

  /**
   * The caller behind a token, with premium decided once by the one rule; null when unknown or
   * expired (unused for the idle time, or older than the longest a session lives).
   */
  async authenticate(token: string): Promise<Principal | null> {
    if (!token) return null;
    const tokenHash = sha256(token);
    const now = this.now().getTime();
    const { idleMs, maxMs } = this.deps.config.session;
    const live = (createdAt: number, lastSeenAt: number) => now - lastSeenAt <= idleMs && now - createdAt <= maxMs;
    const cache = this.deps.sessionCache;
    const cached = cache?.get(tokenHash, now);
    if (cached && live(cached.createdAt, cached.lastSeenAt)) {
      if (now - cached.lastSeenAt > TOUCH_EVERY_MS) {
        await this.repo.touchSession(cached.principal.sessionId, new Date(now));
        cache?.touch(tokenHash, now);
      }
      return { ...cached.principal };
    }
    const generation = cache?.generation ?? 0;
    const found = await this.repo.findSessionUser(tokenHash);
    if (!found) return null;
    const { user, sessionId, createdAt, lastSeenAt } = found;
    if (!live(createdAt.getTime(), lastSeenAt.getTime())) {
      await this.repo.deleteSession(sessionId);
      return null;
    }
    let seen = lastSeenAt.getTime();
    if (now - seen > TOUCH_EVERY_MS) {
      await this.repo.touchSession(sessionId, new Date(now));
      seen = now;
    }
    const { premium } = await this.premiumOf(user.id);
    const principal: Principal = { userId: user.id, username: user.username, email: user.email, sessionId, premium, demo: user.isDemo, scope: 'web' };
    cache?.set(tokenHash, { principal, createdAt: createdAt.getTime(), lastSeenAt: seen }, generation, now);
    return principal;
  }

  /** The member behind a voice assistant's token (found by the assistant module), in its narrow scope. */
  async assistantPrincipal(userId: string, tokenId: string): Promise<Principal | null> {
    const user = await this.repo.findById(userId);
    if (!user) return null;
    const { premium } = await this.premiumOf(user.id);
    return { userId: user.id, username: user.username, email: user.email, sessionId: tokenId, premium, demo: user.isDemo, scope: 'assistant' };
  }

  async sessions(principal: Principal): Promise<SessionView[]> {
    const rows = await this.repo.sessionsOf(principal.userId);
    return rows.map((r) => ({
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      userAgent: r.userAgent,
      current: r.id === principal.sessionId,
    }));
  }

  async endSession(principal: Principal, sessionId: string): Promise<void> {
    if (!(await this.repo.deleteSessionOf(principal.userId, sessionId))) throw notFound('That session does not exist or has already ended.');
  }

  /** Every session of the member ends, this one included. */
  logoutEverywhere(principal: Principal): Promise<number> {
    return this.repo.deleteSessionsOf(principal.userId, null);
  }

  private async checkPassword(user: UserRow, password: string, field: string): Promise<void> {
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw badRequest(CURRENT_PASSWORD_WRONG, { [field]: { type: CURRENT_PASSWORD_WRONG } });
    }
  }

  /** A new password with the current one; every other session ends, this one stays. */
  async changePassword(principal: Principal, input: { currentPassword: string; password: string }): Promise<void> {
    if (principal.demo) throw forbidden(DEMO_ACCOUNT_LOCKED);
    const user = await this.row(principal.userId);
    await this.checkPassword(user, input.currentPassword, 'currentPassword');
    await this.repo.update(user.id, { passwordHash: await hashPassword(input.password) });
    await this.repo.deleteSessionsOf(user.id, principal.sessionId);
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
    return (await this.expiringView(user)).value;
  }

  /**
   * The full user, and the first moment it turns false with no write at all: a subscription's
   * period ending (premium and the active subscription go), or the pending address's link expiring.
   */
  async fullView(userId: string): Promise<{ value: UserView; until: Date | null }> {
    return this.expiringView(await this.row(userId));
  }

  private async expiringView(user: UserRow): Promise<{ value: UserView; until: Date | null }> {
    const now = this.now();
    const [subs, forecastSearches, customerId, pending, newsletter, registered, lakes] = await Promise.all([
      this.repo.subscriptionsOf(user.id),
      this.deps.forecastSearches(user.id),
      this.deps.customerId?.(user.id) ?? null,
      this.repo.pendingEmailOf(user.id, now),
      this.deps.newsletter ? this.deps.newsletter.isSubscribed(user) : user.newsletter,
      this.deps.registeredEvents?.(user.id) ?? [],
      this.deps.loggedLakes(user.id),
    ]);
    const active = subs.find((s) => hasActiveSubscription([s], now));
    const ends = [...subs.map((s) => s.currentPeriodEnd), pending?.expiresAt ?? null].filter((at): at is Date => at !== null && at > now);
    const value: UserView = {
      _id: user.id,
      email: user.email,
      username: user.username,
      profilePicture: user.profilePicture,
      premiumMember: isPremium(subs, this.deps.config.featureFlags, now),
      activeSubscription: active !== undefined,
      newsletter,
      events: { registered },
      forecastSearches,
      lakes,
      stripe: { id: customerId, subscriptionId: active?.providerId ?? null },
      pendingEmail: pending?.newEmail ?? null,
    };
    return { value, until: ends.length === 0 ? null : new Date(Math.min(...ends.map((at) => at.getTime()))) };
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
    if (principal.demo && input.username !== undefined && input.username !== user.username) throw forbidden(DEMO_ACCOUNT_LOCKED);
    if (input.username !== undefined && (await this.repo.usernameTakenByOther(input.username, user.id))) {
      throw conflict(messages.usernameTaken, { username: { type: messages.usernameTaken } });
    }
    const updated = await this.repo.update(user.id, {
      ...(input.username !== undefined && { username: input.username }),
      ...(input.newsletter !== undefined && { newsletter: input.newsletter }),
    });
    if (input.newsletter !== undefined && this.deps.newsletter) await this.deps.newsletter.set(principal, input.newsletter);
    return this.view(updated ?? user);
  }

  /**
   * Asks for a new address: the current password proves the owner is asking, the old address is
   * told, and the new one takes effect only when the link mailed to it is opened (confirmEmail).
   */
  async updateEmail(principal: Principal, input: { email: string; password: string }): Promise<UserView> {
    if (principal.demo) throw forbidden(DEMO_ACCOUNT_LOCKED);
    const user = await this.row(principal.userId);
    await this.checkPassword(user, input.password, 'password');
    const email = input.email;
    if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest('That is already your e-mail address.', { email: { type: 'That is already your e-mail address.' } });
    if (await this.repo.emailTakenByOther(email, user.id)) {
      throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
    }
    const token = newToken();
    await this.repo.createEmailChange(user.id, email, sha256(token), new Date(this.now().getTime() + EMAIL_CHANGE_LIFETIME_MS));
    const link = `${this.deps.config.publicUrl}/confirm-email/?${new URLSearchParams({ token }).toString()}`;
    this.mail(email, 'Confirm your new Tightlines e-mail address', [
      `Hello ${user.username},`,
      '',
      `To make this your Tightlines e-mail address, open this link within 24 hours: ${link}`,
      '',
      'If you did not ask for this, ignore this e-mail; nothing changes.',
    ]);
    this.mail(user.email, 'Your Tightlines e-mail address is being changed', [
      `Hello ${user.username},`,
      '',
      `Someone signed in to your account asked to change its e-mail address to ${email}.`,
      'It changes only when the link sent to that address is opened.',
      '',
      'If this was not you, change your password now and log out everywhere from My Account.',
    ]);
    return this.view(user);
  }

  async confirmEmail(token: string): Promise<{ success: true; email: string }> {
    let change;
    try {
      change = await this.repo.confirmEmailChange(sha256(token), this.now());
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.emailTaken, { email: { type: messages.emailTaken } });
      throw error;
    }
    if (!change) throw badRequest('This confirmation link is not valid or has expired. Please change your e-mail again.');
    return { success: true, email: change.newEmail };
  }

  /** Not awaited: a slow mail server must not hold the request. A failed delivery is logged. */
  private mail(to: string, subject: string, lines: string[]): void {
    void this.deps.mailer
      .send({ to, subject, text: lines.join('\n') })
      .catch((error: unknown) => this.deps.log.error({ err: error, subject }, 'mail failed'));
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
    // The demo account's password is published; a reset would take it from everyone else.
    if (!user || user.isDemo) return;
    const code = newCode();
    const now = this.now();
    await this.repo.createPasswordReset(user.id, await this.codeHash(code), now, new Date(now.getTime() + RESET_LIFETIME_MS));
    const query = new URLSearchParams({ code, email: user.email, ...(refer ? { refer } : {}) });
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

  private async codeHash(code: string): Promise<string> {
    this.resetKey ??= this.repo.secret('reset-code-key', () => randomBytes(32).toString('base64url'));
    return hmac(await this.resetKey, normalizeCode(code));
  }

  /** With `email` (the mailed link carries it) only a code sent to that address is taken. */
  async exchangeResetCode(code: string, email?: string): Promise<string> {
    const invalid = badRequest('That code is not valid or has expired. Please request a new one.');
    const user = email ? await this.repo.findByEmail(email) : undefined;
    if (email && !user) throw invalid;
    const token = newToken();
    const ok = await this.repo.exchangeResetCode(await this.codeHash(code), sha256(token), this.now(), user?.id);
    if (!ok) throw invalid;
    return token;
  }

  /** Every session ends with the old password; the one who reset it is signed in with a fresh one. */
  async resetPassword(token: string, password: string, userAgent: string | null = null): Promise<UserView> {
    const userId = await this.repo.completePasswordReset(sha256(token), await hashPassword(password), this.now());
    if (!userId) throw badRequest('This reset link is not valid or has already been used. Please start again.');
    const user = await this.row(userId);
    if (user.failedLogins > 0) await this.repo.clearFailedLogins(user.id);
    return this.startSession(user, userAgent);
  }
}
