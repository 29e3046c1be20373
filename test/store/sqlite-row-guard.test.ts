/**
 * Two serve processes on one SQLite file each have a connection: a transaction that read and then
 * writes after the other committed fails at once (SQLITE_BUSY_SNAPSHOT). lockRows
 * (runtime/store/write-guards.ts) takes SQLite's write lock before the read, so the other
 * connection's writer waits (here: is refused, with no wait allowed) until it commits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { lockRows } from '../../runtime/store/write-guards.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-row-guard-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lockRows on SQLite', () => {
  it('holds the write lock from before the read until the commit', async () => {
    const file = path.join(dir, 'guard.sqlite');
    const db = openSqlite(file);
    const other = new Database(file, { timeout: 0 });
    try {
      await sql`CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT)`.execute(db);
      await sql`INSERT INTO posts (id, title) VALUES (1, 'one')`.execute(db);
      const tryWrite = (): string => {
        try {
          other.exec("UPDATE posts SET title = 'other' WHERE id = 1");
          return 'written';
        } catch (error) {
          return (error as { code?: string }).code ?? 'failed';
        }
      };
      await db.transaction().execute(async (trx) => {
        await lockRows(trx, 'posts', [1]);
        // Another connection's writer cannot commit between this transaction's read and its write.
        expect(tryWrite()).toBe('SQLITE_BUSY');
        const { rows } = await sql<{ title: string }>`SELECT title FROM posts WHERE id = 1`.execute(trx);
        await sql`UPDATE posts SET title = ${`${rows[0]!.title}, then two`} WHERE id = 1`.execute(trx);
      });
      expect(tryWrite()).toBe('written');
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM posts`.execute(db);
      expect(rows[0]!.n).toBe(1);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
