/**
 * Where a term's count changes. SQLite has one writer at a time: the caller writes the count in
 * its own statement, as ever. PostgreSQL runs writers side by side and a count written in place
 * holds the term's row until the commit (every create into the default category would wait for
 * the one before): there the caller notes the change and the database applies it at COMMIT
 * (./postgres/term-counts-at-commit.ts, migration 190).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';

/** True when counts are noted (noteTermCounts) instead of written by the caller. */
export function countsAtCommit<DB>(db: Kysely<DB>): boolean {
  return engineOf(db) === 'postgres';
}

/** A term's count raised by `more` (new published posts), or recounted from its posts. */
export type TermCountChange = { termId: number; more: number } | { termId: number; recount: true };

/** Notes count changes for the commit (PostgreSQL; see countsAtCommit), in one statement. */
export async function noteTermCounts<DB>(db: Kysely<DB>, changes: TermCountChange[]): Promise<void> {
  if (!changes.length) return;
  const notes = changes.map((c) => `${Math.trunc(c.termId)}:${'recount' in c ? 'r' : Math.trunc(c.more)}`).join(',');
  await sql`select note_term_counts(${notes})`.execute(db);
}
