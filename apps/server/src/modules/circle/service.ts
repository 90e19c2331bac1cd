import type { Principal } from '../../access/principal';
import type { CircleRepo } from './repo';

type Deps = {
  repo: CircleRepo;
  /** Usernames of members, from the accounts module. */
  usernames: (userIds: string[]) => Promise<Array<{ id: string; username: string }>>;
};

/** The Inner Circle as other areas read it; joining and leaving come with the Inner Circle feature. */
export class CircleService {
  constructor(private readonly deps: Deps) {}

  /** The people in the member's own circle, by username. */
  async membersOf(principal: Principal): Promise<Array<{ _id: string; username: string }>> {
    const ids = await this.deps.repo.memberIdsOf(principal.userId);
    if (ids.length === 0) return [];
    const users = await this.deps.usernames(ids);
    return users
      .map((u) => ({ _id: u.id, username: u.username }))
      .sort((a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1));
  }
}
