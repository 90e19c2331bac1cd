import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import type { TagsRepo } from './repo';

type Deps = {
  repo: TagsRepo;
  transaction: Transaction;
  /** Takes a tag off every log of the member (the logs module's part of removing a tag). */
  stripFromLogs: (principal: Principal, tag: string) => Promise<void>;
};

/** A member's tag list. Logs add the tags they carry to it; removing a tag takes it off every log too. */
export class TagsService {
  constructor(private readonly deps: Deps) {}

  list(principal: Principal): Promise<string[]> {
    return this.deps.repo.list(principal.userId);
  }

  find(principal: Principal, prefix: string): Promise<string[]> {
    return this.deps.repo.find(principal.userId, prefix);
  }

  async add(principal: Principal, tag: string): Promise<string[]> {
    await this.deps.repo.addMany(principal.userId, [tag]);
    return this.list(principal);
  }

  /** Puts the tags a member used on a log on their list; joins the caller's transaction. */
  remember(principal: Principal, tags: readonly string[]): Promise<void> {
    return this.deps.repo.addMany(principal.userId, tags);
  }

  async remove(principal: Principal, tag: string): Promise<string[]> {
    await this.deps.transaction(async () => {
      await this.deps.repo.remove(principal.userId, tag);
      await this.deps.stripFromLogs(principal, tag);
    });
    return this.list(principal);
  }
}
