import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { passwordResets, sessions, subscriptions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export class AccountsRepo {
  constructor(private readonly ctx: DbContext) {}

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
    return row;
  }

  async createSession(userId: string, tokenHash: string): Promise<void> {
    await this.db.insert(sessions).values({ userId, tokenHash });
  }

  async findSessionUser(tokenHash: string): Promise<{ user: UserRow; sessionId: string } | undefined> {
    const [row] = await this.db
      .select({ user: users, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
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

  async createPasswordReset(userId: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResets).values({ userId, codeHash, expiresAt });
  }

  /** Marks the code used and attaches the reset token in one statement, so a code works once. */
  async exchangeResetCode(codeHash: string, resetTokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(passwordResets)
      .set({ codeUsedAt: now, resetTokenHash })
      .where(
        and(eq(passwordResets.codeHash, codeHash), isNull(passwordResets.codeUsedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ id: passwordResets.id });
    return rows.length === 1;
  }

  /**
   * Sets the new password, closes the reset and every session of the user in one transaction;
   * the conditional update makes a second use of the same token find nothing.
   */
  async completePasswordReset(resetTokenHash: string, passwordHash: string, now: Date): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
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
