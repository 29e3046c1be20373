/**
 * One writing transaction at a time across every process on the database, as SQLite has by
 * nature. Every read-check-write the code base does inside a transaction (a free slug, the next
 * variable watermark, an entry counter, a batch validated as a whole, a post and its terms) was
 * written against SQLite's single writer; taking one transaction-scoped advisory lock at BEGIN
 * keeps each of them correct on PostgreSQL without a second, engine-specific version of each.
 * Reads outside transactions stay fully concurrent; the lock is released at COMMIT or ROLLBACK,
 * and by the server if the process dies.
 */
import { CompiledQuery, PostgresDialect, PostgresDriver, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';

/** An arbitrary constant that names "the site's write lock" among advisory locks. */
export const WRITE_LOCK_KEY = 0x5370_7273; // "Sprs"

class SerializedWritesDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw('select pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]));
  }
}

export class SerializedWritesDialect extends PostgresDialect {
  readonly #config: ConstructorParameters<typeof PostgresDialect>[0];

  constructor(config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new SerializedWritesDriver(this.#config);
  }
}
