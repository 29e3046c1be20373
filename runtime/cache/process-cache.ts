/**
 * Rows of rarely written tables (options, site settings) kept in the process, per database
 * handle, and dropped when they may have changed (see change-signal.ts for the contract).
 * Reads inside a transaction never use it: they must see the transaction's own writes.
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ChangeSignal } from './change-signal.ts';
import { CACHED_TABLES, cachesOf, type CacheName, type CachedTable } from './change-map.ts';
import { registerCache } from './registry.ts';

/** Entries kept per table (keys can come from requests, e.g. a list's filters: hence a bound). */
const MAX_ENTRIES = 2_000;

export type Boxed = { value: unknown; bytes?: number };
/**
 * Whole answers are bounded by their size too, and kept at most a second: an answer can depend
 * on the clock (a scheduled post becomes published when its time comes, checked once a second).
 */
const LIMITS: Partial<Record<CacheName, LRUCache.Options<string, Boxed, unknown>>> = {
  answers: { max: MAX_ENTRIES, maxSize: 64 * 1024 * 1024, sizeCalculation: (box) => box.bytes ?? 1, ttl: 1_000 },
  // Prepared items do not depend on the clock (a scheduled post is published by a write).
  items: { max: 20_000, maxSize: 128 * 1024 * 1024, sizeCalculation: (box) => box.bytes ?? 1 },
  // Keyed by a list's params and SQL, which a request can make long (a 100 KB search): by size too.
  queries: { max: MAX_ENTRIES, maxSize: 32 * 1024 * 1024, sizeCalculation: (box) => box.bytes ?? 1 },
  posts: { max: MAX_ENTRIES, maxSize: 32 * 1024 * 1024, sizeCalculation: (box) => box.bytes ?? 1 },
};

export interface GetOptions<T> {
  /** Whether to remember this value (default: always). */
  keep?: (value: T) => boolean;
  /** Its size in bytes, for tables bounded by size. */
  bytes?: (value: T) => number;
}

export class ProcessCache {
  readonly #signal: ChangeSignal;
  readonly #seen = new Map<string, number>();
  readonly #entries = new Map<CacheName, LRUCache<string, Boxed>>();
  /** Bumped on each drop: a load that started before a drop does not store its (maybe stale) answer. */
  readonly #generation = new Map<CacheName, number>();
  /** Answers served from memory and loaded, per table (for tests and the bench). */
  readonly counts = new Map<CacheName, { hits: number; loads: number }>();

  constructor(signal: ChangeSignal) {
    this.#signal = signal;
  }

  /**
   * Once per request, before it reads: drops each table whose version another writer moved.
   * Undefined (nothing to wait for) when the signal tells at once that nothing was committed.
   */
  refresh(): Promise<void> | undefined {
    return this.#signal.versions()?.then((versions) => this.#drop(versions));
  }

  #drop(versions: Map<string, number> | undefined): void {
    for (const [table, version] of versions ?? []) {
      if (this.#seen.get(table) !== version) {
        for (const name of cachesOf(table as CachedTable)) this.forget(name);
        this.#seen.set(table, version);
      }
    }
  }

  async get<T>(table: CacheName, key: string, load: () => Promise<T>, options: GetOptions<T> = {}): Promise<T> {
    // Boxed, so that a remembered undefined (an option that does not exist) is a hit too.
    const hit = this.lookup(table, key);
    if (hit) return hit.value as T;
    const generation = this.generation(table);
    const value = await load();
    if (options.keep?.(value) ?? true) this.store(table, key, value, generation, options.bytes?.(value));
    return value;
  }

  /** The kept value of `key`, boxed, or undefined (counted as a load: the caller loads it). */
  lookup(table: CacheName, key: string): Boxed | undefined {
    const hit = this.#entries.get(table)?.get(key);
    const counts = this.counts.get(table) ?? this.counts.set(table, { hits: 0, loads: 0 }).get(table)!;
    if (hit) counts.hits++;
    else counts.loads++;
    return hit;
  }

  /** Read before loading, passed to `store`: a drop in between makes the load too old to keep. */
  generation(table: CacheName): number {
    return this.#generation.get(table) ?? 0;
  }

  store(table: CacheName, key: string, value: unknown, generation: number, bytes?: number): void {
    if (this.generation(table) !== generation) return;
    let entries = this.#entries.get(table);
    if (!entries) this.#entries.set(table, (entries = new LRUCache(LIMITS[table] ?? { max: MAX_ENTRIES })));
    entries.set(key, { value, bytes });
  }

  forget(table: CacheName): void {
    const entries = this.#entries.get(table);
    // lru-cache's clear() wipes all its slots, however few are used: a write runs this several
    // times per statement, so an empty cache is left as it is.
    if (entries?.size) entries.clear();
    this.#generation.set(table, (this.#generation.get(table) ?? 0) + 1);
  }
}

const attached = new WeakMap<object, ProcessCache>();
const all = new Set<WeakRef<ProcessCache>>();

/** Turns caching on for this database handle (a serving process); others read through. */
export function attachProcessCache(db: Kysely<unknown>, signal: ChangeSignal): ProcessCache {
  const cache = new ProcessCache(signal);
  attached.set(db, cache);
  all.add(new WeakRef(cache));
  return cache;
}

/** The cache to read through, or undefined (none attached, or inside a transaction). */
export function processCacheOf(db: Kysely<unknown>): ProcessCache | undefined {
  if (db.isTransaction) return undefined;
  return attached.get(db);
}

const writes = new Map<CachedTable, number>();

/** How many writes to `table` this process has seen: memos that cannot use a ProcessCache (reads inside a transaction) compare it. */
export function writesSeen(table: CachedTable): number {
  return writes.get(table) ?? 0;
}

/**
 * A write to `table` by this process: every cache of the process drops it. The process cannot
 * tell which handle a transaction belongs to, and such writes are rare, so all of them do.
 */
export function forgetInProcess(table: CachedTable): void {
  writes.set(table, (writes.get(table) ?? 0) + 1);
  for (const ref of all) {
    const cache = ref.deref();
    if (cache) for (const name of cachesOf(table)) cache.forget(name);
    else all.delete(ref);
  }
}

// "Clear the cache" (runtime/cache/registry.ts) drops every table of every cache of this process.
registerCache('process', () => {
  for (const table of CACHED_TABLES) forgetInProcess(table);
});

// "Clear the cache" (registry.ts) reaches these too; they refill from the database.
for (const table of CACHED_TABLES) registerCache(`process-${table}`, () => forgetInProcess(table));
