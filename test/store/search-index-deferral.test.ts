/**
 * Posts written in a transaction with the search index deferred (store/search-index-deferral.ts,
 * migration 140) are indexed once at its end exactly as if each write had been indexed at once:
 * creates, changes and deletes of pending and of already indexed posts, an item rolled back to its
 * savepoint, FTS5's own integrity check after each step, migration 140 up and down, and a deferral
 * that was committed by mistake finished when the database opens. SQLite's alone: each test opens
 * its own SQLite file whichever engine the run tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { MIGRATIONS, openDatabase } from '../../runtime/store/open-database.ts';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { withSavepoints } from '../../runtime/store/savepoints.ts';
import { withSearchIndexDeferred } from '../../runtime/store/search-index-deferral.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import type { Database } from '../../runtime/store/schema.ts';

let db: Kysely<Database> | undefined;
let folder: string | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

async function openFile(): Promise<{ file: string; db: Kysely<Database> }> {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-deferral-'));
  const file = path.join(folder, 'site.sqlite');
  return { file, db: (await openDatabase(file)).db };
}

async function matching(match: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ${match} ORDER BY rowid`.execute(db!);
  return rows.map((r) => Number(r.id));
}

async function integrity(): Promise<void> {
  // FTS5 compares every indexed entry with what its content source gives: throws on a mismatch.
  await sql`INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)`.execute(db!);
}

async function pendingRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT (SELECT count(*) FROM posts_fts_pending) + (SELECT count(*) FROM posts_fts_deferring) AS n`.execute(db!);
  return Number(rows[0]!.n);
}

async function addPost(on: Kysely<Database>, title: string): Promise<number> {
  return (await on.insertInto('posts').values({ ...BLANK_POST, slug: title.toLowerCase().replace(/\W+/g, '-'), title, status: 'publish' }).returning('id').executeTakeFirstOrThrow()).id;
}

describe('the search index deferred to the end of a transaction', () => {
  it('indexes what the transaction left, as immediate indexing would have', async () => {
    ({ db } = await openFile());
    const indexedKept = await addPost(db, 'Walrus kept');
    const indexedChanged = await addPost(db, 'Walrus changed');
    const indexedGone = await addPost(db, 'Walrus gone');

    const made = await db.transaction().execute((trx) =>
      withSearchIndexDeferred(trx, async () => {
        const units = withSavepoints(trx);
        const fresh = await addPost(trx, 'Walrus fresh');
        const freshChanged = await addPost(trx, 'Walrus draft title');
        const freshGone = await addPost(trx, 'Walrus short-lived');
        // Inside the transaction the new posts are not in the index yet: they are pending.
        expect(await sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts_pending`.execute(trx).then((r) => Number(r.rows[0]!.n))).toBe(3);
        await trx.updateTable('posts').set({ title: 'Walrus final title' }).where('id', '=', freshChanged).execute();
        await trx.deleteFrom('posts').where('id', '=', freshGone).execute();
        await trx.updateTable('posts').set({ title: 'Seal now' }).where('id', '=', indexedChanged).execute();
        await trx.deleteFrom('posts').where('id', '=', indexedGone).execute();
        // An item whose savepoint rolls back after its insert leaves nothing pending.
        let rolledBack = 0;
        await units
          .transaction()
          .execute(async (unit) => {
            rolledBack = await addPost(unit, 'Walrus rolled back');
            throw new Error('this item fails');
          })
          .catch(() => undefined);
        expect(rolledBack).toBeGreaterThan(0);
        return { fresh, freshChanged };
      }),
    );

    await integrity();
    expect(await pendingRows()).toBe(0);
    expect(await matching('walrus')).toEqual([indexedKept, made.fresh, made.freshChanged]);
    expect(await matching('"final title"')).toEqual([made.freshChanged]);
    expect(await matching('"draft title"')).toEqual([]);
    expect(await matching('seal')).toEqual([indexedChanged]);
    // Writes after the transaction are indexed at once, as before.
    const later = await addPost(db, 'Walrus later');
    await integrity();
    expect(await matching('walrus')).toEqual([indexedKept, made.fresh, made.freshChanged, later]);
  });

  it('leaves nothing behind when the transaction fails', async () => {
    ({ db } = await openFile());
    const before = await addPost(db, 'Otter before');
    await expect(
      db.transaction().execute((trx) =>
        withSearchIndexDeferred(trx, async () => {
          await addPost(trx, 'Otter never');
          throw new Error('the whole transaction fails');
        }),
      ),
    ).rejects.toThrow('the whole transaction fails');
    await integrity();
    expect(await pendingRows()).toBe(0);
    expect(await matching('otter')).toEqual([before]);
    const after = await addPost(db, 'Otter after');
    expect(await matching('otter')).toEqual([before, after]);
  });

  it('finishes a deferral committed by mistake when the database opens', async () => {
    const opened = await openFile();
    db = opened.db;
    await sql`INSERT INTO posts_fts_deferring(id) VALUES (1)`.execute(db);
    const stranded = await addPost(db, 'Stranded heron');
    expect(await matching('heron')).toEqual([]);
    await db.destroy();
    db = (await openDatabase(opened.file)).db;
    expect(await pendingRows()).toBe(0);
    await integrity();
    expect(await matching('heron')).toEqual([stranded]);
  });

  it('migration 140 keeps an existing index, and down restores indexing at once', async () => {
    db = openSqlite(':memory:');
    const UPGRADE = '140_posts_fulltext_deferrable';
    const before: MigrationProvider = { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < UPGRADE)) };
    // Up to 140 itself, so that going down once undoes 140 whatever comes after it.
    const all: MigrationProvider = { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name <= UPGRADE)) };
    expect((await new Migrator({ db, provider: before }).migrateToLatest()).error).toBeUndefined();
    const old = await addPost(db, 'Puffin old');
    expect((await new Migrator({ db, provider: all }).migrateToLatest()).error).toBeUndefined();
    await integrity();
    const added = await addPost(db, 'Puffin new');
    expect(await matching('puffin')).toEqual([old, added]);

    expect((await new Migrator({ db, provider: all }).migrateDown()).error).toBeUndefined();
    await integrity();
    const third = await addPost(db, 'Puffin third');
    await db.updateTable('posts').set({ title: 'Gannet' }).where('id', '=', old).execute();
    await integrity();
    expect(await matching('puffin')).toEqual([added, third]);
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'posts_fts_de%' OR name LIKE 'posts_fts_pe%'`.execute(db);
    expect(rows).toEqual([]);
  });
});
