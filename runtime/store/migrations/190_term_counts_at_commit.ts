/**
 * On PostgreSQL, term counts change at COMMIT (runtime/store/postgres/term-counts-at-commit.ts):
 * writers note which terms move, a deferred trigger moves them when the writer commits, so two
 * writers into one category no longer wait for each other from the count to the commit. SQLite
 * (one writer at a time) counts where it writes, as before: nothing to make there. Down makes
 * `note_term_counts` apply its notes at once and drops the deferred triggers.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine.ts';
import { termCountsAtCommitStatements, termCountsAtOnceStatements } from '../postgres/term-counts-at-commit.ts';

async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const termCountsAtCommit: Migration = {
  up: (db: Kysely<any>) => run(db, termCountsAtCommitStatements()),
  down: (db: Kysely<any>) => run(db, termCountsAtOnceStatements()),
};
