/**
 * How a process learns that data it keeps in memory changed in the database, whoever changed
 * it (this process, another `serve` worker on the same database, the CLI, an import).
 *
 * The contract, for every engine:
 *   1. Each cached table has a row in `cache_versions` (name = table name, version = integer).
 *   2. The database itself bumps that row in the same transaction as any insert, update or
 *      delete on the table (triggers), so no code path can forget and a rolled-back write
 *      bumps nothing. SQLite: migration 070; PostgreSQL: the same table and a trigger
 *      function (the twin sits beside the SQLite migration).
 *   3. `token()` reads the committed versions of all tracked tables in one cheap query and
 *      returns them as one string; a different string means something changed.
 *   4. A process reads the token once at the start of each request (ProcessCache.refresh) and
 *      drops what it cached when the token moved. Its own writes also drop the table's cache
 *      at once (the write-watch plugin), so a write is visible to the very next read, in the
 *      same request and in any process's next request.
 */
export interface ChangeSignal {
  token(): Promise<string>;
}

/** Tables whose rows processes keep in memory; each has a `cache_versions` row and triggers. */
export const CACHED_TABLES = ['options'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];
