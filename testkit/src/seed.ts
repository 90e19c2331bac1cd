// Sample data written straight into a database, the way the demo seed writes the demo angler's
// season: for tests that need many realistic logs at once, and for benches that fill large tables
// before the server starts. It is the one place outside the server that uses the server's bulk
// insert, so a change there is made here once.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@tightlines/server/src/db/client';
import { generateLogs, type GenerateOptions } from '@tightlines/server/src/demo/generator';
import { hashPassword } from '@tightlines/server/src/lib/secrets';
import { DbContext } from '@tightlines/server/src/db/context';
import { toBulkRow, type BulkLog } from '@tightlines/server/src/modules/logs/bulk';
import { LogsRepo } from '@tightlines/server/src/modules/logs/repo';
import { TagsRepo } from '@tightlines/server/src/modules/tags/repo';

export type SampleLog = BulkLog;
export type SeededAngler = { id: string; username: string; email: string };

/** The demo generator's logs (five Minnesota lakes, every column filled), the same ones for the same options. */
export function sampleLogs(options: GenerateOptions): SampleLog[] {
  return generateLogs(options);
}

// One DbContext a database: each holds an AsyncLocalStorage, and every live one adds to the cost of
// every promise the process creates after it (a bench seeding one log at a time slowed tenfold).
const contexts = new WeakMap<Database, DbContext>();
function contextOf(database: Database): DbContext {
  let ctx = contexts.get(database);
  if (!ctx) contexts.set(database, (ctx = new DbContext(database.db)));
  return ctx;
}

/**
 * Saves the logs with the bulk insert the demo seed and the CSV import use (staged 1,000 rows a
 * statement, moved into logs 10,000 a statement, one transaction); with `tags`, their tags join the owner's tag list too. The rows
 * carry their own user ids, so one call may hold the logs of many anglers.
 */
export async function insertSampleLogs(
  database: Database,
  ownerId: string,
  logs: readonly SampleLog[],
  options: { tags?: boolean } = {},
): Promise<number> {
  const tags = options.tags === false ? [] : [...new Set(logs.flatMap((l) => l.tags ?? []))];
  function* rows() {
    for (const log of logs) yield toBulkRow(log);
  }
  const ctx = contextOf(database);
  return ctx.transaction(async () => {
    const inserted = await new LogsRepo(ctx).insertBulk(ownerId, rows());
    await new TagsRepo(ctx).addMany(ownerId, tags);
    return inserted;
  });
}

/**
 * Anglers `<prefix>1` … `<prefix><count>` (e-mail `<prefix><i>@example.com`), all with the same
 * password, in one statement: the password is hashed once, so thousands cost what one does.
 */
export async function insertAnglers(database: Database, count: number, password: string, prefix = 'angler'): Promise<SeededAngler[]> {
  const passwordHash = await hashPassword(password);
  const rows = await queryRows<SeededAngler>(
    database.db,
    sql`insert into users (email, username, password_hash)
        select ${prefix} || i || '@example.com', ${prefix} || i, ${passwordHash}
        from generate_series(1, ${count}) as i
        returning id, username, email`,
  );
  const number = (a: SeededAngler) => Number(a.username.slice(prefix.length));
  return rows.sort((a, b) => number(a) - number(b));
}

/** The bytes one log takes in the bulk insert's JSON: what the CSV import keeps per parsed row until it inserts. */
export function bulkRowBytes(log: SampleLog): number {
  return toBulkRow(log).length;
}
