/**
 * SQLite's compiler writes a whole-number LIMIT into the SQL (a bound LIMIT runs several times
 * slower there) and binds everything else: OFFSET, and any LIMIT that is not a safe whole number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';

let db: Kysely<any>;

beforeAll(async () => {
  db = openSqlite(':memory:') as Kysely<any>;
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  await db.insertInto('items').values(Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` }))).execute();
});
afterAll(() => db.destroy());

describe('LIMIT on SQLite', () => {
  it('writes a whole-number limit into the text and keeps the offset bound', async () => {
    const query = db.selectFrom('items').select('id').orderBy('id').limit(2).offset(3);
    const compiled = query.compile();
    expect(compiled.sql).toMatch(/limit 2 offset \?$/);
    expect(compiled.parameters).toEqual([3]);
    expect((await query.execute()).map((r) => r.id)).toEqual([4, 5]);
  });

  it('gives the same rows for every page size, each its own text', async () => {
    for (const size of [0, 1, 5, 100]) {
      const query = db.selectFrom('items').select('id').orderBy('id').limit(size);
      expect(query.compile().sql).toMatch(new RegExp(`limit ${size}$`));
      expect((await query.execute()).length).toBe(Math.min(size, 6));
    }
  });

  it('binds a limit that is not a safe whole number, so nothing else reaches the SQL text', async () => {
    for (const odd of [1.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
      const compiled = db.selectFrom('items').select('id').limit(odd).compile();
      expect(compiled.sql).toMatch(/limit \?$/);
      expect(compiled.parameters).toEqual([odd]);
    }
    const text = db.selectFrom('items').select('id').limit(sql`(select 1)` as never).compile();
    expect(text.sql).toMatch(/limit \(select 1\)$/);
    // SQLite answers a negative limit with every row, as when it was bound.
    expect((await db.selectFrom('items').select('id').limit(-1).execute()).length).toBe(6);
  });
});
