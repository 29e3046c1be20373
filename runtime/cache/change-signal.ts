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
 *   3. `versions()` reads the committed versions of all tracked tables in one cheap query.
 *   4. A process reads them once at the start of each request (ProcessCache.refresh) and drops
 *      what it cached of each table whose version moved. Its own writes also drop the table's cache
 *      at once (the write-watch plugin), so a write is visible to the very next read, in the
 *      same request and in any process's next request.
 */
export interface ChangeSignal {
  /** The committed versions, or undefined when the engine can tell that nothing was committed since the last call. */
  versions(): Promise<Map<string, number> | undefined>;
}

/**
 * What processes keep in memory, each with a `cache_versions` row and triggers: `options`
 * (options and site settings), `posts` (list totals; bumped by writes to posts and to
 * term_relationships, the two tables a list's filters read), `answers` (whole anonymous answers
 * of core routes; bumped by writes to any table they show, migration 100).
 */
export const CACHED_TABLES = ['options', 'posts', 'answers'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

/**
 * Caches without a version row of their own: each follows a table's row and is dropped with it.
 * `items` (prepared posts and pages, runtime/content/item-cache.ts) and `embeds` (answers embedded
 * by `_embed`, runtime/rest/embed.ts) show what anonymous answers show, and `queries` (a list's
 * compiled SQL, runtime/content/query.ts) is built from options and terms: all follow `answers`.
 */
export const FOLLOWERS = { items: 'answers', embeds: 'answers', queries: 'answers' } as const satisfies Record<string, CachedTable>;
export type CacheName = CachedTable | keyof typeof FOLLOWERS;

/** The caches to drop when `table`'s version moves: itself and its followers. */
export function cachesOf(table: CachedTable): CacheName[] {
  return [table, ...(Object.keys(FOLLOWERS) as Array<keyof typeof FOLLOWERS>).filter((f) => FOLLOWERS[f] === table)];
}
