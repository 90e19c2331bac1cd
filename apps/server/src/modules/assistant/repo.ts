import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { assistantTokens } from '../../db/schema';

export type AssistantTokenRow = typeof assistantTokens.$inferSelect;

export class AssistantRepo {
  constructor(private readonly ctx: DbContext) {}

  async insert(userId: string, clientId: string, tokenHash: string): Promise<void> {
    await this.ctx.db.insert(assistantTokens).values({ userId, clientId, tokenHash });
  }

  /** A live (unrevoked) token, marking it used. */
  async use(tokenHash: string, at: Date): Promise<AssistantTokenRow | undefined> {
    const [row] = await this.ctx.db
      .update(assistantTokens)
      .set({ lastUsedAt: at })
      .where(and(eq(assistantTokens.tokenHash, tokenHash), isNull(assistantTokens.revokedAt)))
      .returning();
    return row;
  }

  listOf(userId: string): Promise<AssistantTokenRow[]> {
    return this.ctx.db
      .select()
      .from(assistantTokens)
      .where(and(eq(assistantTokens.userId, userId), isNull(assistantTokens.revokedAt)))
      .orderBy(desc(assistantTokens.createdAt));
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const rows = await this.ctx.db
      .update(assistantTokens)
      .set({ revokedAt: at })
      .where(and(eq(assistantTokens.id, id), eq(assistantTokens.userId, userId), isNull(assistantTokens.revokedAt)))
      .returning({ id: assistantTokens.id });
    return rows.length > 0;
  }
}
