/**
 * What the layers above the store know of durability, whatever the engine: how many commits were
 * made and how many are on disk, and a promise that every commit made so far is. The HTTP layer
 * answers a request that may show a commit only once it is durable (http/server.ts); closing
 * the database waits for it too.
 *
 * An engine whose COMMIT returns before the disk has it (SQLite in WAL with `synchronous =
 * NORMAL`: store/sqlite/commit-sync.ts) attaches its implementation to the database handle when
 * it opens; where a commit is durable when it returns (PostgreSQL, SQLite in memory) nothing is
 * attached and nobody waits.
 */
import type { Kysely } from 'kysely';

export interface CommitDurability {
  /** How many commits were made so far (a request compares it before and after its work). */
  readonly noted: number;
  /** How many of them are known to be on disk. */
  readonly synced: number;
  /** Counts the commits other connections made since the last call (they may show in a read). */
  noteOthers(): void;
  /** Resolves once every commit noted before the call is on disk; rejects for good once a sync failed. */
  durable(): Promise<void>;
  /** Lets go of what it holds (the database's close calls it after a last `durable()`). */
  close(): Promise<void>;
}

/** Per database: keyed by the dialect's adapter, which the database and its transactions share. */
const byAdapter = new WeakMap<object, CommitDurability>();

export function attachDurability(db: Kysely<any>, durability: CommitDurability): void {
  byAdapter.set(db.getExecutor().adapter, durability);
}

/** The database's durability to wait for, or undefined where commits are durable by themselves. */
export function durabilityOf(db: Kysely<any>): CommitDurability | undefined {
  return byAdapter.get(db.getExecutor().adapter);
}
