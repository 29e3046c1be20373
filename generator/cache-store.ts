/**
 * The generator's caches in one SQLite file, `node_modules/.cache/specpress/store.sqlite` under
 * the working directory: formatted pieces, deployments' files, parsed spec files, compiled types,
 * slow texts. Each kind is a set of entries found by key, so a run reads only the entries it asks
 * for (a one-line edit needs a few kilobytes of megabytes kept) and writes only the entries that
 * are new, all in one transaction when it saves (flush()), instead of rewriting whole JSON files.
 *
 * Each kind has a budget of characters: beyond it, the entries used least recently are dropped
 * (down to nine tenths of it), so that the file holds what the last runs needed (another output
 * folder's, the version before an edit) and does not grow with every edit.
 *
 * Everything here is a cache: a store that cannot be opened or written (a read-only tree, a
 * damaged file, a lock held too long by another run) means no cache, never an error. Concurrent
 * runs (the tests run several) share the file through SQLite's write-ahead log and wait for each
 * other's short write transactions. Commits are not synced to disk: entries lost in a crash only
 * miss. A file found damaged (or not a database) is made afresh.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

/** The kinds of entries and how many characters of each the store keeps at most. */
export const BUDGETS = {
  /** format.ts: prettier's output of a file or of one of its top-level statements. */
  piece: 12_000_000,
  /** deployment-cache.ts: a deployment's files (paths and hashes), with the context questions they depend on. */
  deployment: 2_000_000,
  /** spec/parse-cache.ts: a spec file's data and the positions a load asked of it. */
  'spec-file': 8_000_000,
  /** emit/schema-types.ts: json-schema-to-typescript's output for one schema. */
  'schema-type': 6_000_000,
  /** text-cache.ts: a text made by a slow, pure step (validators' code and module, the JSON documents' laid-out members, clean checks). */
  text: 24_000_000,
} as const;

export type CacheKind = keyof typeof BUDGETS;

/**
 * The layout of the file. Entries (small: kind, key, size, last use) and their values (up to
 * megabytes) are two tables, so that marking an entry used or summing a kind's size never reads
 * or rewrites a value. An index by kind and last use holds the size and id too: a kind's total
 * and its least recently used entries are read from it alone, in order, with no scan of the
 * table nor sort (with tens of thousands of entries, those took a one-line edit's run 150 ms).
 */
// 6: the kind `printed` (ts-morph's prints) is gone; nothing would trim a file's old entries of it.
const SCHEMA_VERSION = 6;

/**
 * A kind over its budget is brought down to this share of it: the entries an edit adds then fit
 * for a while, and the runs between two such drops only read the kind's total.
 */
const REFILL_SHARE = 0.9;

/** How long a run waits for another run's write transaction before it goes on without the cache. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * An entry read is marked used again only when its mark is older than this: a rerun reads
 * thousands of pieces, and rewriting each one's mark on every run would cost more than it tells.
 */
const MARK_EVERY_MS = 10 * 60_000;

/** Characters from which an entry is marked used on every read (MARK_EVERY_MS does not apply). */
const LARGE_ENTRY = 100_000;

export interface StoreOptions {
  /** The clock that marks entries used (tests set their own). */
  now?: () => number;
  /** A file that is not a database, or a damaged one, is removed and made afresh (else: no cache). */
  replaceDamaged?: boolean;
}

/** SQLite's answers for a file that is no database or a damaged one (not for one busy or read-only). */
const DAMAGED = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

export const storePath = (dir = process.cwd()): string => join(dir, 'node_modules', '.cache', 'specpress', 'store.sqlite');

export class CacheStore {
  /** Entries put since the last flush, by kind then key. */
  private readonly pending = new Map<CacheKind, Map<string, string>>();
  /** Keys read since the last flush: their entries are marked used, so the budget drops others first. */
  private readonly read = new Map<CacheKind, Set<string>>();
  private readonly select: BetterSqlite3.Statement<[string, string], { value: string; used: number }>;

  private constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly now: () => number,
    /** Made by this open (a new file, or one replacing a file of an older layout). */
    readonly fresh: boolean,
  ) {
    this.select = db.prepare('SELECT bodies.value AS value, entries.used AS used FROM entries JOIN bodies ON bodies.id = entries.id WHERE entries.kind = ? AND entries.key = ?');
  }

  /** The store at `path`, or undefined when it cannot be opened (the caller runs without cache). */
  static open(path: string, options: StoreOptions = {}): CacheStore | undefined {
    let db: BetterSqlite3.Database | undefined;
    try {
      // Loaded on first use: the fast rerun path (run-cache.ts) never needs it.
      const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
      mkdirSync(join(path, '..'), { recursive: true });
      db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const version = db.pragma('user_version', { simple: true });
      if (version !== 0 && version !== SCHEMA_VERSION) {
        // A file of an older layout (its page size is fixed when made): replaced by a new one.
        db.close();
        db = undefined;
        for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
        return CacheStore.open(path, options);
      }
      // Before the first table is made (no effect after): values of megabytes take fewer, larger pages.
      db.pragma('page_size = 65536');
      db.pragma('journal_mode = WAL');
      // Commits are not synced (a crash may lose the last runs' entries: they only miss), checkpoints are: the file stays whole.
      db.pragma('synchronous = NORMAL');
      // Read in place: a piece or a deployment's files are copied once, not paged through the cache.
      db.pragma('mmap_size = 268435456');
      const fresh = db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION;
      if (fresh) {
        db.transaction(() => {
          // Another run may have made it while this one waited for the lock.
          if (db!.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return;
          db!.exec(`CREATE TABLE entries (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL, size INTEGER NOT NULL, used INTEGER NOT NULL, UNIQUE (kind, key));
            CREATE INDEX entries_by_use ON entries (kind, used, id, size);
            CREATE TABLE bodies (id INTEGER PRIMARY KEY, value TEXT NOT NULL);
            PRAGMA user_version = ${SCHEMA_VERSION};`);
        }).immediate();
      }
      return new CacheStore(db, options.now ?? Date.now, fresh);
    } catch (error) {
      try {
        db?.close();
      } catch {
        // Closing a store that never opened: nothing to do.
      }
      if (options.replaceDamaged && DAMAGED.has((error as { code?: string }).code ?? '')) {
        try {
          for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
        } catch {
          return undefined;
        }
        return CacheStore.open(path, { ...options, replaceDamaged: false });
      }
      return undefined;
    }
  }

  /** The entry's value: one put this run, else the stored one; undefined when there is none (or the store fails). */
  get(kind: CacheKind, key: string): string | undefined {
    const pending = this.pending.get(kind)?.get(key);
    if (pending !== undefined) return pending;
    let row: { value: string; used: number } | undefined;
    try {
      row = this.select.get(kind, key);
    } catch {
      return undefined;
    }
    if (row === undefined) return undefined;
    // A large entry (validators' code, a large file's pieces) is marked every time: few of them fit
    // the budget, so a mark ten minutes old could drop the one an edit goes back to.
    if (row.used < this.now() - MARK_EVERY_MS || row.value.length >= LARGE_ENTRY) this.touch(kind, key);
    return row.value;
  }

  /** Marks a stored entry used by this run without reading it (a value already held in memory). */
  touch(kind: CacheKind, key: string): void {
    let keys = this.read.get(kind);
    if (keys === undefined) this.read.set(kind, (keys = new Set()));
    keys.add(key);
  }

  /** Remembers `value` under `key`; written at the next flush(). */
  put(kind: CacheKind, key: string, value: string): void {
    let entries = this.pending.get(kind);
    if (entries === undefined) this.pending.set(kind, (entries = new Map()));
    entries.set(key, value);
  }

  /**
   * Writes what was put and marks what was read as used, in one transaction; then, for each kind
   * that grew, drops the least recently used entries beyond its budget. Failures are dropped: the
   * next run only misses.
   */
  flush(): void {
    if (this.pending.size === 0 && this.read.size === 0) return;
    const pending = [...this.pending];
    const read = [...this.read];
    this.pending.clear();
    this.read.clear();
    const now = this.now();
    try {
      const find = this.db.prepare<[string, string], { id: number }>('SELECT id FROM entries WHERE kind = ? AND key = ?');
      const insert = this.db.prepare('INSERT INTO entries (kind, key, size, used) VALUES (?, ?, ?, ?)');
      const update = this.db.prepare('UPDATE entries SET size = ?, used = ? WHERE id = ?');
      const setBody = this.db.prepare('INSERT OR REPLACE INTO bodies (id, value) VALUES (?, ?)');
      const mark = this.db.prepare('UPDATE entries SET used = ? WHERE kind = ? AND key = ? AND used < ?');
      const total = this.db.prepare<[string], { size: number | null }>('SELECT SUM(size) AS size FROM entries WHERE kind = ?');
      const oldest = this.db.prepare<[string], { id: number; size: number }>('SELECT id, size FROM entries WHERE kind = ? ORDER BY used, id');
      const drop = this.db.prepare('DELETE FROM entries WHERE id = ?');
      const dropBody = this.db.prepare('DELETE FROM bodies WHERE id = ?');
      this.db
        .transaction(() => {
          for (const [kind, keys] of read) for (const key of keys) mark.run(now, kind, key, now);
          for (const [kind, entries] of pending) {
            for (const [key, value] of entries) {
              const found = find.get(kind, key);
              let id: number | bigint;
              if (found === undefined) id = insert.run(kind, key, value.length, now).lastInsertRowid;
              else update.run(value.length, now, (id = found.id));
              setBody.run(id, value);
            }
          }
          for (const [kind] of pending) {
            const size = total.get(kind)?.size ?? 0;
            if (size <= BUDGETS[kind]) continue;
            let excess = size - Math.floor(BUDGETS[kind] * REFILL_SHARE);
            const victims: number[] = [];
            for (const row of oldest.iterate(kind)) {
              if (excess <= 0) break;
              victims.push(row.id);
              excess -= row.size;
            }
            for (const id of victims) {
              drop.run(id);
              dropBody.run(id);
            }
          }
        })
        .immediate();
    } catch {
      // Busy beyond the timeout, a full disk, a read-only file: this run's entries are not kept.
    }
  }

  /** How many entries and characters of `kind` the store holds (for tests and reports). */
  size(kind: CacheKind): { entries: number; chars: number } {
    try {
      const row = this.db.prepare<[string], { entries: number; chars: number | null }>('SELECT COUNT(*) AS entries, SUM(size) AS chars FROM entries WHERE kind = ?').get(kind)!;
      return { entries: row.entries, chars: row.chars ?? 0 };
    } catch {
      return { entries: 0, chars: 0 };
    }
  }

  close(): void {
    this.flush();
    try {
      this.db.close();
    } catch {
      // Already closed.
    }
  }
}

/** The store this process has open, and where: one at a time (a test process changes directory between runs, and each store holds files open). */
let current: { path: string; store: CacheStore | undefined } | undefined;
let flushOnExit = false;

/**
 * The store under the current working directory, opened once per process (again after a change
 * of directory, or when its file was removed); undefined when it cannot be opened. What is put
 * and not yet flushed is written when the process exits.
 */
export function cacheStore(): CacheStore | undefined {
  const path = storePath();
  // Removed since it was opened (`rm -rf node_modules/.cache`): a handle on the removed file would keep answering from it.
  if (current !== undefined && (current.path !== path || (current.store !== undefined && !existsSync(path)))) {
    current.store?.close();
    current = undefined;
  }
  if (current === undefined) {
    current = { path, store: CacheStore.open(path, { replaceDamaged: true }) };
    if (current.store?.fresh) removeLegacyCaches(join(path, '..'));
  }
  if (!flushOnExit) {
    flushOnExit = true;
    process.once('exit', closeAtExit);
  }
  return current.store;
}

/** Writes the open store's pending entries (the end of a run, or the process's exit). */
export function flushAll(): void {
  current?.store?.flush();
}

/**
 * At exit the store is written and closed: closing moves the write-ahead log into the file and
 * removes it. A process ended by process.exit() (as `generate` ends) runs no clean-up of its own,
 * so a store left open kept a log growing by every run's entries (100 MB after a few dozen edits),
 * which the next run's open had to read through before its first query.
 */
function closeAtExit(): void {
  current?.store?.close();
}

/** The JSON files the caches were kept in before this store: never read again. */
function removeLegacyCaches(dir: string): void {
  for (const name of ['format', 'deployments', 'texts', 'spec-files.json', 'schema-types.json']) {
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
    } catch {
      // Left for whoever owns it.
    }
  }
}
