/**
 * better-sqlite3 under Kysely with each SQL text prepared once. Kysely's SqliteDriver calls
 * `prepare(sql)` for every query; preparing (parsing and planning the SQL) costs more than
 * running a small indexed read, and a page of posts runs a dozen queries. The handful of
 * distinct texts the application issues are kept, least recently used first out.
 *
 * It is also where a commit is seen (for ./commit-sync.ts): after a statement that wrote, or one
 * that ends a transaction (COMMIT, END, RELEASE, ROLLBACK: read-only to SQLite, as they write
 * nothing themselves), `onCommit` is told when the connection is then out of a transaction
 * and something was written since the last time: a read-only transaction commits nothing to
 * sync, and a rolled-back one nothing either. `onStatement` is told of every statement before it
 * runs (./data-version.ts: whether a reading of `data_version` still covers what was read; the
 * driver prepares each query right before running it, and no query here is streamed).
 *
 * SQLite-specific: the PostgreSQL driver (pg) keeps its own prepared statements per connection.
 */
import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept; lists with variable-length IN (...) make new texts, hence a bound. */
const MAX_STATEMENTS = 500;

const ENDS_TRANSACTION = /^\s*(commit|end|release|rollback)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

export function withStatementCache(sqlite: Database.Database, onCommit: () => void, onStatement: () => void = () => {}): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement & { busy: boolean }>({ max: MAX_STATEMENTS });
  let wrote = false;
  const after = (writes: boolean, rollsBack: boolean) => {
    if (writes) wrote = true;
    if (sqlite.inTransaction) return;
    if (wrote && !rollsBack) onCommit();
    wrote = false;
  };
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      onStatement();
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it is done.
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      const writes = !statement.readonly;
      const rollsBack = ROLLBACK.test(sql);
      const usable = writes || ENDS_TRANSACTION.test(sql) ? noticingCommit(statement, () => after(writes, rollsBack)) : statement;
      statements.set(sql, usable as SqliteStatement & { busy: boolean });
      return usable as unknown as SqliteStatement;
    },
  };
}

/** The statement, calling `after` each time it has run. */
function noticingCommit(statement: Database.Statement, after: () => void) {
  return {
    get reader() {
      return statement.reader;
    },
    get busy() {
      return statement.busy;
    },
    all(parameters: readonly unknown[]) {
      const rows = statement.all(parameters);
      after();
      return rows;
    },
    run(parameters: readonly unknown[]) {
      const result = statement.run(parameters);
      after();
      return result;
    },
    iterate(parameters: readonly unknown[]) {
      return statement.iterate(parameters);
    },
  };
}
