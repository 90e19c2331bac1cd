import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FriendAccess } from '@tightlines/core/circle';
import type { PushTarget } from '../../providers/push/push';
import { friendMaySee } from '../../db/circle-visibility';
import { queryRows } from '../../db/client';
import type { DbContext } from '../../db/context';
import { pushSubscriptions } from '../../db/circle-schema';
import { circleMembers } from '../../db/schema';

/** One relation seen from either end, with what the lists need about the other person. */
export type RelationRow = {
  /** The other person. */
  userId: string;
  username: string;
  email: string;
  hiddenLakes: string[];
  allowedTags: string[];
  addedByEmail: boolean;
  /** The reverse relation exists too (they added me back, or I added them back). */
  mutual: boolean;
  /** Logs shared along this relation: the owner's logs the member may see (the counter the triggers keep). */
  totalLogs: number;
};

/** Who is in whose Inner Circle and what each member may see. */
export class CircleRepo {
  constructor(private readonly ctx: DbContext) {}

  private get db() {
    return this.ctx.db;
  }

  async isMember(ownerId: string, memberId: string): Promise<boolean> {
    return (await this.access(ownerId, memberId)) !== null;
  }

  async access(ownerId: string, memberId: string): Promise<FriendAccess | null> {
    const [row] = await this.db
      .select({ hiddenLakes: circleMembers.hiddenLakes, allowedTags: circleMembers.allowedTags })
      .from(circleMembers)
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)))
      .limit(1);
    return row ?? null;
  }

  async memberIdsOf(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ memberId: circleMembers.memberId })
      .from(circleMembers)
      .where(eq(circleMembers.ownerId, ownerId));
    return rows.map((r) => r.memberId);
  }

  /**
   * Adds the member unless already there or the circle is full, in one statement so two
   * simultaneous adds cannot both pass the size check. Answers what happened.
   */
  async add(ownerId: string, memberId: string, addedByEmail: boolean, maxMembers: number): Promise<'added' | 'already' | 'full'> {
    const inserted = await queryRows<{ ownerId: string }>(
      this.db,
      sql`insert into ${circleMembers} (owner_id, member_id, added_by_email)
          select ${ownerId}, ${memberId}, ${addedByEmail}
          where (select count(*) from ${circleMembers} where owner_id = ${ownerId}) < ${maxMembers}
          on conflict do nothing returning owner_id as "ownerId"`,
    );
    if (inserted.length > 0) return 'added';
    return (await this.isMember(ownerId, memberId)) ? 'already' : 'full';
  }

  async remove(ownerId: string, memberId: string): Promise<void> {
    await this.db.delete(circleMembers).where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)));
  }

  async setAccess(ownerId: string, memberId: string, access: FriendAccess): Promise<boolean> {
    const rows = await this.db
      .update(circleMembers)
      .set({ hiddenLakes: [...access.hiddenLakes], allowedTags: [...access.allowedTags] })
      .where(and(eq(circleMembers.ownerId, ownerId), eq(circleMembers.memberId, memberId)))
      .returning({ memberId: circleMembers.memberId });
    return rows.length > 0;
  }

  /**
   * Keeps a browser's push subscription for the member. A known endpoint is the same browser: it
   * moves to whoever subscribes with it now. Only the newest few browsers of a member are kept.
   */
  async subscribe(userId: string, target: PushTarget, maxPerMember: number): Promise<'subscribed' | 'already'> {
    return this.ctx.transaction(async () => {
      const [existing] = await this.db
        .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, target.endpoint));
      if (existing && existing.userId === userId && existing.p256dh === target.keys.p256dh && existing.auth === target.keys.auth) return 'already';
      await this.db
        .insert(pushSubscriptions)
        .values({ userId, endpoint: target.endpoint, p256dh: target.keys.p256dh, auth: target.keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: target.keys.p256dh, auth: target.keys.auth, createdAt: new Date() },
        });
      await this.db.execute(sql`
        delete from ${pushSubscriptions} where user_id = ${userId} and id not in (
          select id from ${pushSubscriptions} where user_id = ${userId} order by created_at desc limit ${maxPerMember})`);
      return 'subscribed';
    });
  }

  /** The push subscriptions of every friend the owner's circle lets see this log. */
  /** Whether any member of the owner's circle has a push subscription: else no new log of theirs notifies anyone. */
  friendsWithPush(ownerId: string): SQL<boolean> {
    return sql<boolean>`exists (select 1 from ${circleMembers} m join ${pushSubscriptions} ps on ps.user_id = m.member_id where m.owner_id = ${ownerId})`;
  }

  subscriptionsOfFriendsWhoMaySee(logId: string): Promise<Array<{ id: string } & PushTarget>> {
    return queryRows(
      this.db,
      sql`select ps.id, ps.endpoint, json_build_object('p256dh', ps.p256dh, 'auth', ps.auth) as keys
          from logs
          join circle_members m on m.owner_id = logs.user_id
          join push_subscriptions ps on ps.user_id = m.member_id
          where logs.id = ${logId} and ${friendMaySee(sql`m.member_id`)}`,
    );
  }

  async dropSubscription(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** The members of the owner's circle, with how many of the owner's logs each may see. */
  circleOf(ownerId: string): Promise<RelationRow[]> {
    return queryRows<RelationRow>(
      this.db,
      sql`select u.id as "userId", u.username, u.email, m.hidden_lakes as "hiddenLakes", m.allowed_tags as "allowedTags",
            m.added_by_email as "addedByEmail",
            exists (select 1 from circle_members r where r.owner_id = m.member_id and r.member_id = m.owner_id) as mutual,
            m.visible_logs as "totalLogs"
          from circle_members m join users u on u.id = m.member_id
          where m.owner_id = ${ownerId}`,
    );
  }

  /** The circles the member is in: their owners, with how many of each owner's logs the member may see. */
  circlesWith(memberId: string): Promise<RelationRow[]> {
    return queryRows<RelationRow>(
      this.db,
      sql`select u.id as "userId", u.username, u.email, m.hidden_lakes as "hiddenLakes", m.allowed_tags as "allowedTags",
            m.added_by_email as "addedByEmail",
            exists (select 1 from circle_members r where r.owner_id = m.member_id and r.member_id = m.owner_id) as mutual,
            m.visible_logs as "totalLogs"
          from circle_members m join users u on u.id = m.owner_id
          where m.member_id = ${memberId}`,
    );
  }
}
