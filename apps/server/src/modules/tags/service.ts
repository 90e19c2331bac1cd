import { MAX_TAGS, TOO_MANY_TAGS } from '@tightlines/core/logs';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { badRequest } from '../../lib/errors';
import type { TagsAdding, TagsRepo } from './repo';

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
    await this.deps.transaction(() => this.remember(principal, [tag]));
    return this.list(principal);
  }

  /**
   * Puts the tags a member used on a log on their list; joins the caller's transaction, which the
   * list growing past MAX_TAGS rolls back (400), so a log or an import never half-saves.
   */
  async remember(principal: Principal, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    const { added, before } = await this.deps.repo.addMany(principal.userId, tags);
    // Only a list that grew is refused: a log using tags already on a (legacy) long list still saves.
    if (added > 0 && before + added > MAX_TAGS) throw badRequest(TOO_MANY_TAGS);
  }

  /**
   * The tags of a log being inserted, put on the list by the insert itself: its statement must
   * refuse the log when `overLimit` holds, as `remember` would. Null when the log has no tags.
   */
  adding(principal: Principal, tags: readonly string[]): TagsAdding | null {
    return tags.length === 0 ? null : this.deps.repo.adding(principal.userId, tags, MAX_TAGS);
  }

  async remove(principal: Principal, tag: string): Promise<string[]> {
    await this.deps.transaction(async () => {
      await this.deps.repo.remove(principal.userId, tag);
      await this.deps.stripFromLogs(principal, tag);
    });
    return this.list(principal);
  }
}
