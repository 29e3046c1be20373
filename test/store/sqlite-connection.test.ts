/**
 * The settings every SQLite connection is opened with (runtime/store/sqlite/open.ts): they decide
 * durability (WAL, synced before a write is acknowledged) and the cost of every write (statement journals in memory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-connection-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function pragma(name: string): Promise<unknown> {
  const db = openSqlite(path.join(dir, `${name}.sqlite`));
  try {
    const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
    return Object.values(rows[0]!)[0];
  } finally {
    await db.destroy();
  }
}

describe('an SQLite connection', () => {
  it('writes ahead to a log, which SQLite syncs before each checkpoint', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1); // NORMAL: the log is synced before a write is acknowledged (commit-sync.test.ts)
  });

  it('keeps statement journals in memory (2 = MEMORY), so an insert with triggers writes no temporary file', async () => {
    expect(await pragma('temp_store')).toBe(2);
  });

  it('checks foreign keys and waits for a busy writer', async () => {
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });
});
