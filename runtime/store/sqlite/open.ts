/** Opens the embedded SQLite file (better-sqlite3, WAL) for Kysely. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { PortableSqlPlugin } from '../portable-sql.ts';
import { sqliteDialect } from './dialect.ts';
import { withStatementCache } from './statement-cache.ts';
import { LiteralLimitSqliteDialect } from './literal-limit-compiler.ts';
import { attachCommitSync, CommitSync, commitSyncOf } from './commit-sync.ts';
import { attachCommitProbe } from './commit-probe.ts';
import { DataVersion } from './data-version.ts';

/** `file` is a path, or ':memory:' for tests. Creates the folder when missing. */
export function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  // An acknowledged write survives a power cut, not just a process crash: with a log, the log is
  // synced before the write is acknowledged, off the event loop and shared by concurrent commits
  // (./commit-sync.ts); without one (a database in memory), by SQLite inside each COMMIT.
  // Moves on every other connection's commit: the commit probe reads it afresh at each request,
  // CommitSync.noteOthers only when a statement ran since the last reading.
  const dataVersion = new DataVersion(sqlite);
  const commits = wal ? new CommitSync(`${path.resolve(file)}-wal`, undefined, () => dataVersion.covering()) : undefined;
  sqlite.pragma(commits ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals (a statement with triggers, each savepoint of a batch) in memory: a post's
  // insert touches its row and 16 index pages, past the 64 KiB SQLite keeps before spilling the
  // journal to a temporary file, so every insert wrote one. They only undo a statement; the WAL
  // alone makes a commit durable, and an insert no longer writes a temporary file.
  sqlite.pragma('temp_store = MEMORY');
  let ownCommits = 0;
  const committed = () => {
    ownCommits++;
    // Looked up at each commit: the database's CommitSync is the one attached to it (a test may attach another).
    commitSyncOf(db)?.note();
  };
  const db = new Kysely<Database>({
    dialect: new LiteralLimitSqliteDialect({ database: withStatementCache(sqlite, committed, () => dataVersion.noteStatement()) }),
    plugins: [new PortableSqlPlugin(sqliteDialect)],
  });
  if (commits) attachCommitSync(db, commits);
  attachCommitProbe(db, () => dataVersion.read(), () => ownCommits);
  return db;
}
