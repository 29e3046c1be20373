/**
 * How a process learns that data it keeps in memory changed in the database, whoever changed
 * it (this process, another `serve` worker on the same database, the CLI, an import).
 *
 * The contract, for every engine:
 *   1. Each cache with a version has a row in `cache_versions` (name = cache name, version = integer).
 *   2. The database itself bumps the rows a write reaches in the same transaction as the insert,
 *      update or delete (triggers), so no code path can forget and a rolled-back write bumps
 *      nothing (on PostgreSQL at the transaction's commit, so concurrent writers do not queue
 *      behind a version row: version-triggers.ts). Which write reaches which row is said once, in change-map.ts: the triggers
 *      (version-triggers.ts, migration 160) and this process's write watch are both made from it.
 *   3. `versions()` reads the committed versions of all rows in one cheap query.
 *   4. A process reads them once at the start of each request (ProcessCache.refresh) and drops
 *      each cache whose version moved, with its followers. Its own writes also drop them at once
 *      (the write-watch plugin), so a write is visible to the very next read, in the same request
 *      and in any process's next request.
 */
export interface ChangeSignal {
  /**
   * The committed versions; undefined (at once, or as the promise's value) when the engine can
   * tell that nothing was committed since the last call. At once where it can tell without
   * waiting: most requests then go on without a promise to wait for.
   */
  versions(): Promise<Map<string, number> | undefined> | undefined;
}
