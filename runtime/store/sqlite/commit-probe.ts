/**
 * Whether anything was committed to the database since the last time this was asked: by another
 * connection (another `serve` worker, the CLI, a second handle in this process), which SQLite's
 * `PRAGMA data_version` tells (it moves on another connection's commit, never on this one's), or
 * by this connection, which its statement cache counts (./statement-cache.ts).
 *
 * The process caches read the `cache_versions` rows before every request (cache/change-signal.ts).
 * Asking this first skips that read while nothing was committed, a few times cheaper than the
 * read (which was a visible share of a single post's answer). Most requests are reads.
 *
 * Run on the raw handle, outside Kysely's turn-taking: it writes nothing, and inside another
 * flow's transaction it sees that snapshot, so a change shows at the next ask, never not at all.
 */
import type { Kysely } from 'kysely';

const probes = new WeakMap<object, () => boolean>();

/**
 * Registers the probe of `db`'s connection: `dataVersion` reads its `PRAGMA data_version`,
 * `ownCommits` counts the commits this connection made.
 */
export function attachCommitProbe(db: Kysely<any>, dataVersion: () => unknown, ownCommits: () => number): void {
  let lastVersion: unknown;
  let lastOwn = -1;
  probes.set(db.getExecutor().adapter, () => {
    const version = dataVersion();
    const own = ownCommits();
    const moved = version !== lastVersion || own !== lastOwn;
    lastVersion = version;
    lastOwn = own;
    return moved;
  });
}

/**
 * `() => true` once anything was committed since its last call (and on its first call), for a
 * database or any of its transactions; undefined where there is no such probe (PostgreSQL).
 */
export function commitProbeOf(db: Kysely<any>): (() => boolean) | undefined {
  return probes.get(db.getExecutor().adapter);
}
