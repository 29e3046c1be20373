/**
 * Migration 130 on a site that already has posts (SQLite): the full-text index is rebuilt from the
 * marked view, so a two-character term at a column's end is found through the index, the index
 * agrees with its content (FTS5's own integrity check), and going back down restores 072's shape.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { MIGRATIONS } from '../../runtime/store/open-database.ts';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import type { Database } from '../../runtime/store/schema.ts';

const UPGRADE = '130_posts_fulltext_end_mark';
const before: MigrationProvider = { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < UPGRADE)) };
// Up to 130 itself, so that going down once undoes 130 whatever comes after it.
const all: MigrationProvider = { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name <= UPGRADE)) };

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function matching(match: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ${match} ORDER BY rowid`.execute(db!);
  return rows.map((r) => Number(r.id));
}

async function integrity(): Promise<void> {
  // FTS5 compares every indexed entry with what its content source gives: throws on a mismatch.
  await sql`INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)`.execute(db!);
}

// Its own in-memory SQLite database whichever engine the run tests: migration 130 is SQLite's alone.
describe('migration 130: the full-text index with a column-end mark', () => {
  it('rebuilds an existing index with the mark, keeps it in step with writes, and goes back down', async () => {
    db = openSqlite(':memory:');
    expect((await new Migrator({ db, provider: before }).migrateToLatest()).error).toBeUndefined();
    const ids: number[] = [];
    for (const [slug, title] of [['a', 'Entry 42'], ['b', 'Entry 420'], ['c', 'No number']]) {
      ids.push((await db.insertInto('posts').values({ ...BLANK_POST, slug, title, status: 'publish' }).returning('id').executeTakeFirstOrThrow()).id);
    }
    // Before: "Entry 42" ends with the term, so no trigram begins with it there.
    expect(await matching('{title} : "420"')).toEqual([ids[1]]);
    expect(await matching('{title} : "42\u0001"')).toEqual([]);

    expect((await new Migrator({ db, provider: all }).migrateToLatest()).error).toBeUndefined();
    await integrity();
    // After: the mark follows every column, so "42" at the end begins the trigram "42\u0001".
    expect(await matching('{title} : "42\u0001"')).toEqual([ids[0]]);
    // New and changed rows go through the triggers with the same mark.
    const added = (await db.insertInto('posts').values({ ...BLANK_POST, slug: 'd', title: 'Also 42', status: 'publish' }).returning('id').executeTakeFirstOrThrow()).id;
    await db.updateTable('posts').set({ title: 'Now 42' }).where('id', '=', ids[2]!).execute();
    await db.deleteFrom('posts').where('id', '=', ids[0]!).execute();
    await integrity();
    expect(await matching('{title} : "42\u0001"')).toEqual([ids[2], added]);

    expect((await new Migrator({ db, provider: all }).migrateDown()).error).toBeUndefined();
    await integrity();
    expect(await matching('{title} : "42\u0001"')).toEqual([]);
    expect(await matching('{title} : "420"')).toEqual([ids[1]]);
  });
});
