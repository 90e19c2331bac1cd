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
  private readonly current = new AsyncLocalStorage<Db>();

  constructor(private readonly root: Db) {}

  get db(): Db {
    return this.current.getStore() ?? this.root;
  }

  readonly transaction: Transaction = (work) => {
    if (this.current.getStore()) return work();
    return this.root.transaction((tx) => this.current.run(tx as unknown as Db, work));
  };
}
