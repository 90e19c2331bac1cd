import { and, eq } from 'drizzle-orm';
import type { DbContext } from '../../db/context';
import { circleMembers } from '../../db/schema';

/** The read side of the Inner Circle: who is in whose circle. Nothing writes it yet. */
export class CircleRepo {
  constructor(private readonly ctx: DbContext) {}

  async isMember(ownerId: string, memberId: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ ownerId: circleMembers.ownerId })
      .from(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)))
      .limit(1);
    return row !== undefined;
  }

  async memberIdsOf(ownerId: string): Promise<string[]> {
    const rows = await this.ctx.db
      .select({ memberId: circleMembers.memberId })
      .from(circleMembers)
      .where(eq(circleMembers.ownerId, ownerId));
    return rows.map((r) => r.memberId);
  }
}
