import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { billingAccounts, billingCards, billingCharges, billingConnectAccounts, billingDiscounts, billingWebhookEvents, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CardRow = typeof billingCards.$inferSelect;
export type ChargeRow = typeof billingCharges.$inferSelect;
export type DiscountRow = typeof billingDiscounts.$inferSelect;
export type ConnectRow = typeof billingConnectAccounts.$inferSelect;

/** Statuses of a subscription that still exists at the processor (the others are over). */
export const LIVE_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'] as const;

export class BillingRepo {
  constructor(
    private readonly ctx: DbContext,
    /** Told after a subscription changes, since a member's sessions carry whether they are premium. */
    private readonly premiumChanged: (userId: string) => Promise<void> = async () => {},
  ) {}

  private get db() {
    return this.ctx.db;
  }

  async account(userId: string) {
    const [row] = await this.db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).limit(1);
    return row;
  }

  async saveAccount(userId: string, values: { customerId?: string; paysCash?: boolean }): Promise<void> {
    await this.db
      .insert(billingAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: billingAccounts.userId, set: values });
  }

  cards(userId: string): Promise<CardRow[]> {
    return this.db.select().from(billingCards).where(eq(billingCards.userId, userId)).orderBy(asc(billingCards.createdAt));
  }

  async card(userId: string, providerCardId: string): Promise<CardRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingCards)
      .where(and(eq(billingCards.userId, userId), eq(billingCards.providerCardId, providerCardId)))
      .limit(1);
    return row;
  }

  async addCard(values: typeof billingCards.$inferInsert): Promise<CardRow> {
    // The same card token saved twice (a retried request) answers the card saved the first time.
    const [row] = await this.db
      .insert(billingCards)
      .values(values)
      .onConflictDoUpdate({ target: billingCards.providerCardId, set: { brand: values.brand } })
      .returning();
    if (!row) throw new Error('insert returned no card');
    return row;
  }

  async deleteCard(id: string): Promise<void> {
    await this.db.delete(billingCards).where(eq(billingCards.id, id));
  }

  /** The member's subscription that has not ended, if any (at most one: a unique index says so). */
  async liveSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
      .limit(1);
    return row;
  }

  /** The newest subscription with a processor id, live or not: what the member last had. */
  async latestSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerId)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row;
  }

  async subscriptionByProviderId(providerId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.providerId, providerId)).limit(1);
    return row;
  }

  /**
   * Claims the member's one live subscription slot before the processor is asked; false when
   * another purchase holds it (the unique index decides between concurrent requests).
   */
  async claimSubscription(values: { userId: string; plan: string }): Promise<string | null> {
    const [row] = await this.db
      .insert(subscriptions)
      .values({ ...values, status: 'incomplete' })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    return row?.id ?? null;
  }

  async updateSubscription(id: string, values: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
    const [row] = await this.db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning({ userId: subscriptions.userId });
    if (row) await this.premiumChanged(row.userId);
  }

  async deleteSubscription(id: string): Promise<void> {
    const [row] = await this.db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ userId: subscriptions.userId });
    if (row) await this.premiumChanged(row.userId);
  }

  /** Subscriptions whose paid period has ended and that may renew, oldest first. */
  dueForRenewal(now: Date, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
          isNotNull(subscriptions.providerId),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(limit);
  }

  /** Claims an idempotency key; undefined when it was claimed before (the earlier row answers instead). */
  async claimCharge(values: {
    userId: string | null;
    idempotencyKey: string;
    kind: string;
    description: string;
    amount: number;
  }): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .insert(billingCharges)
      .values({ ...values, status: 'pending' })
      .onConflictDoNothing({ target: billingCharges.idempotencyKey })
      .returning();
    return row;
  }

  /** A payment the processor made on its own (a subscription's invoice), kept once as a receipt. */
  async recordReceipt(values: { userId: string; paymentId: string; description: string; amount: number }): Promise<void> {
    await this.db
      .insert(billingCharges)
      .values({
        userId: values.userId,
        idempotencyKey: `receipt:${values.paymentId}`,
        kind: 'subscription',
        description: values.description,
        amount: values.amount,
        status: 'succeeded',
        providerChargeId: values.paymentId,
      })
      .onConflictDoNothing({ target: billingCharges.idempotencyKey });
  }

  async chargeByKey(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db.select().from(billingCharges).where(eq(billingCharges.idempotencyKey, idempotencyKey)).limit(1);
    return row;
  }

  async chargeByProviderId(providerChargeId: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db.select().from(billingCharges).where(eq(billingCharges.providerChargeId, providerChargeId)).limit(1);
    return row;
  }

  async settleCharge(id: string, values: { status: 'succeeded' | 'failed'; providerChargeId?: string; failureMessage?: string }) {
    await this.db.update(billingCharges).set(values).where(eq(billingCharges.id, id));
  }

  async releaseCharge(id: string): Promise<void> {
    await this.db.delete(billingCharges).where(eq(billingCharges.id, id));
  }

  receipts(userId: string, limit: number): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.userId, userId), eq(billingCharges.status, 'succeeded')))
      .orderBy(desc(billingCharges.createdAt))
      .limit(limit);
  }

  /** Records a webhook delivery by event id; false when that event was recorded before. */
  async recordEvent(id: string, type: string): Promise<boolean> {
    const rows = await this.db.insert(billingWebhookEvents).values({ id, type }).onConflictDoNothing().returning({ id: billingWebhookEvents.id });
    return rows.length === 1;
  }

  async connectAccount(userId: string): Promise<ConnectRow | undefined> {
    const [row] = await this.db.select().from(billingConnectAccounts).where(eq(billingConnectAccounts.userId, userId)).limit(1);
    return row;
  }

  /**
   * Keeps the member's first account: a concurrent second request answers the row the first made.
   * No conflict target: that request carries the same account id, so on PostgreSQL it can meet the
   * account id's unique index first, which a target of user_id alone would raise as an error.
   */
  async saveConnectAccount(userId: string, accountId: string): Promise<ConnectRow> {
    await this.db.insert(billingConnectAccounts).values({ userId, accountId }).onConflictDoNothing();
    const row = await this.connectAccount(userId);
    if (!row) throw new Error('connected account row missing after insert');
    return row;
  }

  async updateConnectAccount(
    userId: string,
    values: { onboarded: boolean; chargesEnabled: boolean; payoutsEnabled: boolean },
    at: Date,
  ): Promise<void> {
    await this.db.update(billingConnectAccounts).set({ ...values, updatedAt: at }).where(eq(billingConnectAccounts.userId, userId));
  }

  /** Claims the member's discount for this reason; undefined when it was granted before. */
  async claimDiscount(values: { userId: string; reason: string; code: string; percentOff: number }): Promise<DiscountRow | undefined> {
    const [row] = await this.db
      .insert(billingDiscounts)
      .values(values)
      .onConflictDoNothing({ target: [billingDiscounts.userId, billingDiscounts.reason] })
      .returning();
    return row;
  }

  async releaseDiscount(id: string): Promise<void> {
    await this.db.delete(billingDiscounts).where(eq(billingDiscounts.id, id));
  }

  async markDiscountApplied(id: string, subscriptionId: string): Promise<void> {
    await this.db.update(billingDiscounts).set({ appliedTo: subscriptionId }).where(eq(billingDiscounts.id, id));
  }

  /** The member's largest standing discount, if any. */
  async bestDiscount(userId: string): Promise<DiscountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingDiscounts)
      .where(eq(billingDiscounts.userId, userId))
      .orderBy(desc(billingDiscounts.percentOff))
      .limit(1);
    return row;
  }

  async discountsFor(userIds: string[], reason: string): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: billingDiscounts.userId, percentOff: billingDiscounts.percentOff })
      .from(billingDiscounts)
      .where(and(inArray(billingDiscounts.userId, userIds), eq(billingDiscounts.reason, reason)));
    return new Map(rows.map((r) => [r.userId, r.percentOff]));
  }
}
