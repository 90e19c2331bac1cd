import { eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { newsletterSubscribers } from '../../db/schema';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
type Status = SubscriberRow['status'];

export class NewsletterRepo {
  constructor(private readonly ctx: DbContext) {}

  async findByEmail(email: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  async findByUser(userId: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.userId, userId)).limit(1);
    return row;
  }

  async findByConfirmToken(hash: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmTokenHash, hash)).limit(1);
    return row;
  }

  async findByUnsubscribeToken(token: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
    return row;
  }

  async insert(values: { email: string; userId: string | null; status: Status; confirmTokenHash: string | null; unsubscribeToken: string }): Promise<SubscriberRow> {
    const [row] = await this.ctx.db.insert(newsletterSubscribers).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<Pick<SubscriberRow, 'status' | 'confirmTokenHash' | 'userId' | 'email'>>, at: Date): Promise<SubscriberRow> {
    const [row] = await this.ctx.db
      .update(newsletterSubscribers)
      .set({ ...values, updatedAt: at })
      .where(eq(newsletterSubscribers.id, id))
      .returning();
    return row!;
  }
}
