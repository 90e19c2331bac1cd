import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AmbassadorApplication, AmbassadorListing, ReviewStatus } from '@tightlines/core/ambassador';
import type { DbContext } from '../../db/context';
import { ambassadorApplications, users } from '../../db/schema';

export class OutreachRepo {
  constructor(private readonly ctx: DbContext) {}

  async insertApplication(application: AmbassadorApplication, userId: string | null): Promise<string> {
    const { name, email, state, age, occupation, agreement: _agreement, answer: _answer, listInDirectory, ...answers } = application;
    const [row] = await this.ctx.db
      .insert(ambassadorApplications)
      .values({ userId, name, email, state, age, occupation, answers, listInDirectory })
      .returning({ id: ambassadorApplications.id });
    return row!.id;
  }

  /** Approved ambassadors who agreed to be listed; the photo is their profile picture when they are members. */
  async directory(): Promise<AmbassadorListing[]> {
    const rows = await this.ctx.db
      .select({ name: ambassadorApplications.name, region: ambassadorApplications.state, photo: users.profilePicture })
      .from(ambassadorApplications)
      .leftJoin(users, eq(users.id, ambassadorApplications.userId))
      .where(
        and(
          eq(ambassadorApplications.status, 'approved'),
          eq(ambassadorApplications.listInDirectory, true),
          isNotNull(ambassadorApplications.reviewedAt),
        ),
      )
      .orderBy(asc(ambassadorApplications.name));
    return rows.map((r) => ({ name: r.name, region: r.region, photo: r.photo ?? null }));
  }

  /** Moves a pending application on; false when it was not pending (reviewed already, or by a concurrent call). */
  async review(id: string, status: 'approved' | 'declined', at: Date): Promise<boolean> {
    const rows = await this.ctx.db
      .update(ambassadorApplications)
      .set({ status, reviewedAt: at })
      .where(and(eq(ambassadorApplications.id, id), eq(ambassadorApplications.status, 'pending')))
      .returning({ id: ambassadorApplications.id });
    return rows.length > 0;
  }

  /** Applications with the member each one belongs to: the applicant's account, else the account with that e-mail. */
  private withMember() {
    // Written out with the table's name: inside a subquery drizzle leaves columns unqualified, and an
    // unqualified "email" would be the inner users row's own.
    const member = sql<
      string | null
    >`coalesce(ambassador_applications.user_id, (select u.id from users u where lower(u.email) = lower(ambassador_applications.email) limit 1))`;
    return this.ctx.db
      .select({
        application: ambassadorApplications,
        memberId: member,
        memberName: sql<string | null>`(select u.username from users u where u.id = ${member})`,
      })
      .from(ambassadorApplications);
  }

  listForReview(status: ReviewStatus, limit: number) {
    return this.withMember().where(eq(ambassadorApplications.status, status)).orderBy(desc(ambassadorApplications.createdAt)).limit(limit);
  }

  async forReview(id: string) {
    const [row] = await this.withMember().where(eq(ambassadorApplications.id, id)).limit(1);
    return row;
  }
}
