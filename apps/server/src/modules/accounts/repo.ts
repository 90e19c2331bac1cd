import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { emailChanges, passwordResets, serverSecrets, sessions, subscriptions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Told after every write that changes what a member's sessions resolve to (SessionCache.revoke). */
export type SessionsChanged = (userId: string) => Promise<void>;

export class AccountsRepo {
  constructor(
    private readonly ctx: DbContext,
    private readonly sessionsChanged: SessionsChanged = async () => {},
  ) {}

  private get db() {
    return this.ctx.db;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  /** The one demo account, found by what it is rather than by an address its users could change. */
  async findDemo(): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.isDemo, true)).limit(1);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  async create(values: { email: string; username: string; passwordHash: string; isDemo?: boolean }): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no user');
    return row;
  }

  async update(id: string, values: Partial<Pick<UserRow, 'email' | 'username' | 'profilePicture' | 'newsletter' | 'passwordHash'>>) {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await this.sessionsChanged(id);
    return row;
  }

  async createSession(userId: string, tokenHash: string, userAgent: string | null, now: Date): Promise<void> {
    await this.db.insert(sessions).values({ userId, tokenHash, userAgent, createdAt: now, lastSeenAt: now });
  }

  async findSessionUser(
    tokenHash: string,
  ): Promise<{ user: UserRow; sessionId: string; createdAt: Date; lastSeenAt: Date } | undefined> {
    const [row] = await this.db
      .select({ user: users, sessionId: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  async deleteSession(sessionId: string): Promise<void> {
    const [row] = await this.db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
    if (row) await this.sessionsChanged(row.userId);
  }

  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }

  sessionsOf(userId: string) {
    return this.db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** Only the user's own session can be ended by id. */
  async deleteSessionOf(userId: string, sessionId: string): Promise<boolean> {
    const rows = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    await this.sessionsChanged(userId);
    return rows.length === 1;
  }

  /** Ends every session of the user but `keep` (none kept when it is null); how many ended. */
  async deleteSessionsOf(userId: string, keep: string | null): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    await this.sessionsChanged(userId);
    return rows.length;
  }

  /** One more wrong password in a row; answers how many there are now. */
  async recordFailedLogin(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1`, lastFailedLoginAt: now })
      .where(eq(users.id, userId))
      .returning({ failedLogins: users.failedLogins });
    return row?.failedLogins ?? 0;
  }

  async clearFailedLogins(userId: string): Promise<void> {
    await this.db.update(users).set({ failedLogins: 0, lastFailedLoginAt: null }).where(eq(users.id, userId));
  }

  /** The named key, made by `make` the first time any process asks; every process gets the same one. */
  async secret(name: string, make: () => string): Promise<string> {
    await this.db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
    const [row] = await this.db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`server secret ${name} missing`);
    return row.value;
  }

  /** A newer request replaces the older ones, so only the last link mailed works. */
  async createEmailChange(userId: string, newEmail: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.ctx.transaction(async () => {
      await this.db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
      await this.db.insert(emailChanges).values({ userId, newEmail, tokenHash, expiresAt });
    });
  }

  /** The new address waiting for its link, and when that link stops working. */
  async pendingEmailOf(userId: string, now: Date): Promise<{ newEmail: string; expiresAt: Date } | null> {
    const [row] = await this.db
      .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Marks the change confirmed and moves the address in one transaction; the conditional update
   * makes a second use of the link find nothing. A unique violation (the address was taken in the
   * meantime) rolls both back.
   */
  async confirmEmailChange(tokenHash: string, now: Date): Promise<{ userId: string; newEmail: string } | undefined> {
    const confirmed = await this.ctx.transaction(async () => {
      const [change] = await this.db
        .update(emailChanges)
        .set({ confirmedAt: now })
        .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!change) return undefined;
      await this.db.update(users).set({ email: change.newEmail, updatedAt: now }).where(eq(users.id, change.userId));
      return change;
    });
    if (confirmed) await this.sessionsChanged(confirmed.userId);
    return confirmed;
  }

  async subscriptionsOf(userId: string) {
    return this.db
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        providerId: subscriptions.providerId,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt));
  }

  async usernamesOf(ids: string[]): Promise<Array<{ id: string; username: string }>> {
    if (ids.length === 0) return [];
    return this.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  }

  /** A new code ends every earlier one of the user that is still waiting, so only the last mail works. */
  async createPasswordReset(userId: string, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.ctx.transaction(async () => {
      await this.db
        .update(passwordResets)
        .set({ expiresAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.completedAt), gt(passwordResets.expiresAt, now)));
      await this.db.insert(passwordResets).values({ userId, codeHash, expiresAt });
    });
  }

  /**
   * Marks the code used and attaches the reset token in one statement, so a code works once; with
   * `userId` (the address the code was mailed to) only that account's code matches.
   */
  async exchangeResetCode(codeHash: string, resetTokenHash: string, now: Date, userId?: string): Promise<boolean> {
    const rows = await this.db
      .update(passwordResets)
      .set({ codeUsedAt: now, resetTokenHash })
      .where(
        and(
          eq(passwordResets.codeHash, codeHash),
          isNull(passwordResets.codeUsedAt),
          gt(passwordResets.expiresAt, now),
          userId === undefined ? undefined : eq(passwordResets.userId, userId),
        ),
      )
      .returning({ id: passwordResets.id });
    return rows.length === 1;
  }

  /**
   * Sets the new password, closes the reset and every session of the user in one transaction;
   * the conditional update makes a second use of the same token find nothing.
   */
  async completePasswordReset(resetTokenHash: string, passwordHash: string, now: Date): Promise<string | undefined> {
    const userId = await this.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ completedAt: now })
        .where(
          and(
            eq(passwordResets.resetTokenHash, resetTokenHash),
            isNull(passwordResets.completedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!reset) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
      await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
      await tx
        .update(passwordResets)
        .set({ completedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.completedAt)));
      return reset.userId;
    });
    if (userId) await this.sessionsChanged(userId);
    return userId;
  }

  async emailTakenByOther(email: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  }

  async usernameTakenByOther(username: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  }
}
