import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/** Runs work in one database transaction: every repository call inside it joins that transaction. */
export type Transaction = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The database as repositories see it. Outside a transaction `db` is the pool; inside
 * `transaction(work)` it is that transaction, for every repository `work` reaches, so a use case
 * can write through several modules' repositories (a log, its tags, a new lake) all or nothing
 * without handing a transaction object through their services. A transaction started inside
 * another joins it.
 */
export class DbContext {
  private readonly current = new AsyncLocalStorage<{ db: Db; committed: (() => Promise<void>)[] }>();

  constructor(private readonly root: Db) {}

  get db(): Db {
    return this.current.getStore()?.db ?? this.root;
  }

  readonly transaction: Transaction = async (work) => {
    if (this.current.getStore()) return work();
    const committed: (() => Promise<void>)[] = [];
    const result = await this.root.transaction((tx) => this.current.run({ db: tx as unknown as Db, committed }, work));
    for (const then of committed) await then();
    return result;
  };

  /**
   * Runs reads side by side on the pool, or one after another inside a transaction: its one
   * connection takes one statement at a time (node-postgres queues the others and warns; pg 9
   * refuses them).
   */
  async reads<T extends readonly unknown[]>(...reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
    if (!this.current.getStore()) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as unknown as T;
  }

  /**
   * Runs `then` once the current transaction has committed (at once outside one), before the
   * request that wrote answers: a cache told of a write before its commit could be filled again
   * from the rows as they were.
   */
  async afterCommit(then: () => Promise<void>): Promise<void> {
    const store = this.current.getStore();
    if (store) store.committed.push(then);
    else await then();
  }
}
