import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AmbassadorApplication, AmbassadorListing } from '@tightlines/core/ambassador';
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

  async review(id: string, status: 'approved' | 'declined', at: Date): Promise<boolean> {
    const rows = await this.ctx.db
      .update(ambassadorApplications)
      .set({ status, reviewedAt: at })
      .where(eq(ambassadorApplications.id, id))
      .returning({ id: ambassadorApplications.id });
    return rows.length > 0;
  }
}
