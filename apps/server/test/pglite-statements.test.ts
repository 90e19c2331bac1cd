import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInsert, usePreparedStatements } from '../src/db/pglite-statements';

const SCHEMA = `
  create table items (id serial primary key, name text not null unique, data jsonb, at timestamptz, tags text[]);
  create function items_told() returns trigger language plpgsql as $$
  begin perform pg_notify('items', (select string_agg(name, ',') from new_rows)); return null; end $$;
  create trigger items_insert after insert on items referencing new table as new_rows for each statement execute function items_told();
`;
const INSERT = 'insert into items (name, data, at, tags) values ($1, $2, $3, $4) returning id, name, data, at, tags';

describe('isInsert', () => {
  it('finds the statement’s own command, past its CTEs, parentheses and quotes', () => {
    expect(isInsert(' insert into a (x) values ($1)')).toBe(true);
    expect(isInsert('INSERT INTO "a" values (\'x)\')')).toBe(true);
    expect(isInsert('with "t" as (insert into a values (1) returning 1) insert into b select * from t')).toBe(true);
    expect(isInsert('with t as (insert into a values (1) returning 1) select * from t')).toBe(false);
    expect(isInsert("with recursive n(k) as ((select 'insert' from a)) select * from n")).toBe(false);
    expect(isInsert('select 1')).toBe(false);
    expect(isInsert('update a set x = 1')).toBe(false);
    expect(isInsert('delete from a')).toBe(false);
  });
});

describe('prepared inserts on PGlite', () => {
  let pg: PGlite;
  let plain: PGlite;

  beforeAll(async () => {
    pg = new PGlite();
    plain = new PGlite();
    await pg.exec(SCHEMA);
    await plain.exec(SCHEMA);
    usePreparedStatements(pg);
  }, 60_000);

  afterAll(async () => {
    await pg.close();
    await plain.close();
  });

  const count = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n;

  it('answers as PGlite’s own query does, values of every kind included', async () => {
    const params = ['a', { deep: [1, 'two', null] }, new Date('2026-01-02T03:04:05.678Z'), ['x', 'y"z', null]];
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const name = `a-${options?.rowMode ?? 'object'}`;
      const mine = await pg.query(INSERT, [name, ...params.slice(1)], options);
      const theirs = await plain.query(INSERT, [name, ...params.slice(1)], options);
      expect(mine).toEqual(theirs);
    }
    const again = await pg.query(INSERT, ['b', null, null, null]);
    expect(again).toEqual(await plain.query(INSERT, ['b', null, null, null]));
    expect(await count()).toBe(1);
  });

  it('keeps at most its limit of statements, closing the one used longest ago', async () => {
    const small = new PGlite();
    try {
      await small.exec(SCHEMA);
      const kept = usePreparedStatements(small, 2);
      const texts = ['insert into items (name) values ($1)', 'insert into items (name) values ($1) returning id', 'insert into items (name) values ($1) returning name'];
      for (const text of texts) await small.query(text, [text]);
      const left = (await small.query<{ statement: string }>('select statement from pg_prepared_statements')).rows;
      expect(kept.size).toBe(2);
      expect(left).toEqual([{ statement: texts[2] }]);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('plans reads for their values each time, keeping no statement, and answers as PGlite does', async () => {
    const before = await count();
    const read = 'select id, name, data, at, tags from items where name = any($1) order by id';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      expect(await pg.query(read, [['a-object', 'b']], options)).toEqual(await plain.query(read, [['a-object', 'b']], options));
    }
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(await count()).toBe(before);
  });

  it('throws the database’s error with its query, and runs the statement again afterwards', async () => {
    const error = await pg.query(INSERT, ['a-object', null, null, null]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: INSERT, params: ['a-object', null, null, null] });
    const notNull = await pg.query(INSERT, [null, null, null, null]).catch((e: unknown) => e);
    expect(notNull).toMatchObject({ code: '23502', column: 'name' });
    expect((await pg.query(INSERT, ['f', null, null, null])).rows).toHaveLength(1);
  });

  it('takes part in transactions: a rollback undoes the insert, and another query waits for the commit', async () => {
    await pg
      .transaction(async (tx) => {
        await tx.query(INSERT, ['g', null, null, null]);
        throw new Error('undo');
      })
      .catch(() => {});
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await pg.transaction(async (tx) => {
      await tx.query(INSERT, ['h', null, null, null]);
      outside = pg.query(INSERT, ['i', null, null, null]).then(() => order.push('outside'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside']);
    const names = (await pg.query<{ name: string }>("select name from items where name in ('g', 'h', 'i') order by name")).rows.map((r) => r.name);
    expect(names).toEqual(['h', 'i']);
  });

  it('hands the notifications of an insert’s trigger to the listeners', async () => {
    const heard: string[] = [];
    const stop = await pg.listen('items', (payload) => heard.push(payload));
    await pg.query(INSERT, ['j', null, null, null]);
    await stop();
    expect(heard).toEqual(['j']);
  });
});
