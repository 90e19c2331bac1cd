import { parse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRowMessage = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandCompleteMessage = InstanceType<typeof protocol.messages.CommandCompleteMessage>;
type Field = { name: string; dataTypeID: number };
/** `name` null: parsed and planned again at each run, only its parameters' types are kept. */
type Statement = { name: string | null; paramTypes: number[]; fields: Field[] };

/** The statements kept prepared on PGlite's one session: a few hundred plans' worth of memory. */
export const PREPARED_STATEMENTS_LIMIT = 200;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function fieldsOf(messages: BackendMessage[]): Field[] {
  return messages.flatMap((m) => (m.name === 'rowDescription' ? (m as RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : []));
}

/**
 * PGlite's `query` runs every statement as six protocol messages (parse, describe, bind, describe,
 * execute, sync), each a separate call into the WebAssembly server, and parses, analyses and plans
 * the SQL every time: for the insert of a log that was as much CPU as executing it. Here an insert's
 * text is parsed once into a named prepared statement, and each later run is one call of bind,
 * execute and sync, with the plan PostgreSQL keeps for it (a generic one once it costs no more than
 * those made for the values). Every other statement is one call of parse, bind, describe, execute
 * and sync, planned for its values as before; only its parameters' types (which say how to send the
 * values) are kept. Past `limit` texts the one used longest ago is forgotten, its prepared statement
 * closed. Callers hold PGlite's query lock.
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  private counter = 0;

  constructor(
    private readonly pg: PGlite,
    readonly limit = PREPARED_STATEMENTS_LIMIT,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  private async prepare(text: string, named: boolean, options: QueryOptions | undefined): Promise<Statement> {
    const closes: Uint8Array[] = [];
    for (const [oldText, old] of this.statements) {
      if (this.statements.size < this.limit) break;
      this.statements.delete(oldText);
      if (old.name !== null) closes.push(protocol.serialize.close({ type: 'S', name: old.name }));
    }
    const name = named ? `tl_${++this.counter}` : '';
    const messages = await this.pg.execProtocolStream(
      concat([...closes, protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement: Statement = { name: named ? name : null, paramTypes: parse.parseDescribeStatementResults(messages), fields: fieldsOf(messages) };
    this.statements.set(text, statement);
    return statement;
  }

  /**
   * The first result, as PGlite's parseResults builds it, but looking each parser up where
   * parseResults first copies the session's few hundred parsers with the caller's into one object
   * (a third of a millisecond a statement).
   */
  private results<T>(fields: Field[], messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers;
    const shared = this.pg.parsers;
    const value = (text: string | null, type: number): unknown => {
      if (text === null) return null;
      const parser = (own && type in own ? own[type] : shared[type]) ?? types.parsers[type];
      return parser ? parser(text, type) : text;
    };
    const arrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as DataRowMessage).fields as Array<string | null>;
        if (arrays) {
          rows.push(values.map((text, i) => value(text, fields[i]?.dataTypeID ?? 0)));
        } else {
          const row: Record<string, unknown> = {};
          values.forEach((text, i) => {
            const field = fields[i];
            if (field) row[field.name] = value(text, field.dataTypeID);
          });
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        const words = (message as CommandCompleteMessage).text.split(' ');
        const command = words[0] ?? '';
        const n = parseInt(words[words.length - 1] ?? '', 10);
        const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? n : 0;
        const result: Results<T> = { rows: rows as T[], fields: fields.map((f) => ({ ...f })), command, affectedRows } as Results<T>;
        if (!Number.isNaN(n)) Object.assign(result, { rowCount: n });
        return result;
      }
    }
    return { affectedRows: 0, rows: [], fields: [] };
  }

  /** As PGlite's query (the caller holds its locks); `syncToFs` outside a transaction, as query does. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, syncToFs: boolean): Promise<Results<T>> {
    const named = isInsert(text);
    try {
      let statement = this.statements.get(text);
      if (statement) {
        this.statements.delete(text);
        this.statements.set(text, statement);
      } else {
        statement = await this.prepare(text, named, options);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.pg.execProtocolStream(
        concat(
          statement.name === null
            ? [
                protocol.serialize.parse({ text, types: statement.paramTypes }),
                protocol.serialize.bind({ values }),
                protocol.serialize.describe({ type: 'P' }),
                protocol.serialize.execute({}),
                protocol.serialize.sync(),
              ]
            : [protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()],
        ),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      if (syncToFs) await this.pg.syncToFs();
      return this.results<T>(statement.name === null ? fieldsOf(messages) : statement.fields, messages, options);
    } catch (error) {
      if (error instanceof Error && 'severity' in error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }
}

/**
 * Only inserts (also after a WITH) are prepared: their plans do not depend on how many rows a value
 * matches. A read's plan for one angler's 100 logs can be wrong for another's 100,000, and a kept
 * plan would not see a `set local work_mem`, so the rest are planned for their values every time. Text inside parentheses or quotes is skipped, so
 * the command found is the statement's own, not a CTE's.
 */
export function isInsert(text: string): boolean {
  let depth = 0;
  let word = '';
  let first = true;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i] ?? ' ';
    const code = c.charCodeAt(0) | 32;
    if ((code >= 97 && code <= 122) || c === '_') {
      word += c;
      continue;
    }
    if (word && depth === 0) {
      const w = word.toLowerCase();
      if (first && w !== 'with') return w === 'insert';
      first = false;
      if (w === 'insert') return true;
      if (w === 'select' || w === 'update' || w === 'delete' || w === 'values' || w === 'merge' || w === 'table') return false;
    }
    word = '';
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return false;
      i = end;
    }
  }
  return false;
}

/** Whether PreparedStatements answers this call as PGlite's query would (a blob or given parameter types it leaves to PGlite). */
function handled(options: QueryOptions | undefined): boolean {
  return !options?.blob && !options?.paramTypes;
}

/** Routes the queries of the PGlite instance, and of its transactions, through PreparedStatements. */
export function usePreparedStatements(pg: PGlite, limit = PREPARED_STATEMENTS_LIMIT): PreparedStatements {
  const statements = new PreparedStatements(pg, limit);
  const query = pg.query.bind(pg);
  const transaction = pg.transaction.bind(pg);
  pg.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!handled(options)) return query<T>(text, params, options);
    if (pg.closed) throw new Error('PGlite is closed');
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => statements.run<T>(text, params, options, true)));
  };
  pg.transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const wrapped: Transaction = Object.assign(Object.create(tx) as Transaction, {
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
          if (!handled(options) || tx.closed) return txQuery<R>(text, params, options);
          return pg._runExclusiveQuery(() => statements.run<R>(text, params, options, false));
        },
      });
      return work(wrapped);
    });
  return statements;
}
