/**
 * SQLite's `PRAGMA data_version` of one connection: it moves on every commit another connection
 * makes (another `serve --workers` process, the CLI), never on this connection's own.
 *
 * Each reading is a statement: SQLite opens and closes a read transaction for it, which in WAL
 * mode takes and drops file locks, system calls that cost more than the rest of a kept read's
 * answer. Two consumers ask: the commit probe at the start of a request (what other processes
 * committed before it arrived: always a fresh reading) and CommitSync.noteOthers after the
 * request's reads (what those reads may show). The second one needs no fresh reading when no
 * statement has run on the connection since the last one: whatever a read could show then, it
 * read from a snapshot taken before that reading, so the reading already counts its commits.
 * A read answered wholly from the process's caches (a kept post) thus costs one reading, not two.
 *
 * Statements are counted by the statement cache (./statement-cache.ts), through which every
 * query of the connection is prepared.
 */
import type SQLite from 'better-sqlite3';

export class DataVersion {
  readonly #statement: SQLite.Statement;
  #statements = 0;
  #statementsAtReading = -1;
  #value: unknown;

  constructor(sqlite: SQLite.Database) {
    this.#statement = sqlite.prepare('PRAGMA data_version').pluck();
  }

  /** A statement is about to run on the connection. */
  noteStatement(): void {
    this.#statements++;
  }

  /** Read now: counts every commit other connections made before this moment. */
  read(): unknown {
    this.#statementsAtReading = this.#statements;
    this.#value = this.#statement.get();
    return this.#value;
  }

  /**
   * A reading that counts every commit any statement run so far may have seen: the last one
   * while no statement has run since it, else a new one.
   */
  covering(): unknown {
    return this.#statements === this.#statementsAtReading ? this.#value : this.read();
  }
}
