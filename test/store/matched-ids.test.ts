/**
 * The kept ids of a search (runtime/store/sqlite/matched-ids.ts), read by the page's condition in
 * SQLite itself: a row passes when its id is in the key's map, the exact condition decides when
 * the key has no map (never kept, or too large to keep), and the map is fetched once per
 * execution, not per row.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { keepMatched, matchedCondition, matchedDecided, registerMatchedFunction, reserveMatchedKey } from '../../runtime/store/sqlite/matched-ids.ts';

const sqlite = new SQLite(':memory:');
sqlite.exec('create table posts (id integer primary key, title text)');
const insert = sqlite.prepare('insert into posts (id, title) values (?, ?)');
for (let id = 1; id <= 50; id++) insert.run(id, `post ${id}`);
registerMatchedFunction(sqlite);
const db = new Kysely<{ posts: { id: number; title: string } }>({ dialect: new SqliteDialect({ database: sqlite }) });
afterAll(() => db.destroy());

// Without a map, the exact condition decides: here, titles ending in 7.
const passing = async (key: number) =>
  (
    await db
      .selectFrom('posts')
      .select('id')
      .where(() => matchedCondition(key))
      .where((eb) => eb.or([matchedDecided(key), eb('title', 'like', '%7')]))
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('a kept map of matched ids', () => {
  it('lets through exactly the ids kept under its key', async () => {
    const key = reserveMatchedKey();
    keepMatched(key, [49, 3, 10]);
    expect(await passing(key)).toEqual([3, 10, 49]);
    // An id above the highest kept one is past the map's end: not matched.
    insert.run(60, 'post 60');
    expect(await passing(key)).toEqual([3, 10, 49]);
    sqlite.prepare('delete from posts where id = 60').run();
  });

  it('falls back to the exact condition for a key without a map, and one whose map would be too large', async () => {
    expect(await passing(reserveMatchedKey())).toEqual([7, 17, 27, 37, 47]);
    const huge = reserveMatchedKey();
    keepMatched(huge, [2, 9_000_000_000]);
    expect(await passing(huge)).toEqual([7, 17, 27, 37, 47]);
  });

  it('does not test the exact condition on rows the map decides', async () => {
    const key = reserveMatchedKey();
    keepMatched(key, [4, 8]);
    // Neither title ends in 7: the map alone let them through.
    expect(await passing(key)).toEqual([4, 8]);
  });

  it('is replaced when kept again (a sabotaged map shows that the condition really reads it)', async () => {
    const key = reserveMatchedKey();
    keepMatched(key, [1, 2, 3]);
    expect(await passing(key)).toEqual([1, 2, 3]);
    keepMatched(key, [2]);
    expect(await passing(key)).toEqual([2]);
  });

  it('is looked up once per execution of a page, not once per row', () => {
    const key = reserveMatchedKey();
    keepMatched(key, [5, 6]);
    const plan = sqlite.prepare(`explain select id from posts where coalesce(substr(specpress_matched(?), id + 1, 1), x'01') = x'01' and (specpress_matched(?) is not null or title like '%7')`).all(key, key) as Array<{ opcode: string; addr: number; p2: number; p4: unknown }>;
    // SQLite factors a deterministic call with constant arguments out: it runs under a Once, which
    // skips it (jumps to p2) on every row after the first.
    const calls = plan.filter((op) => op.opcode === 'Function' && String(op.p4).startsWith('specpress_matched'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(plan.filter((op) => op.opcode === 'Once' && op.addr < call.addr && op.p2 > call.addr)).toHaveLength(1);
  });
});
