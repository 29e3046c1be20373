/**
 * better-sqlite3 under Kysely with each SQL text prepared once. Kysely's SqliteDriver calls
 * `prepare(sql)` for every query; preparing (parsing and planning the SQL) costs more than
 * running a small indexed read, and a page of posts runs a dozen queries. The handful of
 * distinct texts the application issues are kept, least recently used first out.
 *
 * SQLite-specific: the PostgreSQL driver (pg) keeps its own prepared statements per connection.
 */
import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept; lists with variable-length IN (...) make new texts, hence a bound. */
const MAX_STATEMENTS = 500;

export function withStatementCache(sqlite: Database.Database): SqliteDatabase {
  const statements = new LRUCache<string, Database.Statement>({ max: MAX_STATEMENTS });
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it is done.
      if (cached && !cached.busy) return cached as unknown as SqliteStatement;
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}
