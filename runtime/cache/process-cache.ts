/**
 * Rows of rarely written tables (options, site settings) kept in the process, per database
 * handle, and dropped when they may have changed (see change-signal.ts for the contract).
 * Reads inside a transaction never use it: they must see the transaction's own writes.
 */
import type { Kysely } from 'kysely';
import type { CachedTable, ChangeSignal } from './change-signal.ts';

export class ProcessCache {
  readonly #signal: ChangeSignal;
  #token: string | undefined;
  readonly #entries = new Map<CachedTable, Map<string, unknown>>();
  /** Bumped on each drop: a load that started before a drop does not store its (maybe stale) answer. */
  readonly #generation = new Map<CachedTable, number>();

  constructor(signal: ChangeSignal) {
    this.#signal = signal;
  }

  /** Once per request, before it reads: drops everything when another writer moved the token. */
  async refresh(): Promise<void> {
    const token = await this.#signal.token();
    if (token !== this.#token) {
      for (const table of this.#entries.keys()) this.forget(table);
      this.#token = token;
    }
  }

  async get<T>(table: CachedTable, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.#entries.get(table);
    if (entries?.has(key)) return entries.get(key) as T;
    const generation = this.#generation.get(table) ?? 0;
    const value = await load();
    if ((this.#generation.get(table) ?? 0) === generation) {
      if (!entries) this.#entries.set(table, (entries = new Map()));
      entries.set(key, value);
    }
    return value;
  }

  forget(table: CachedTable): void {
    this.#entries.get(table)?.clear();
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

/**
 * A write to `table` by this process: every cache of the process drops it. The process cannot
 * tell which handle a transaction belongs to, and such writes are rare, so all of them do.
 */
export function forgetInProcess(table: CachedTable): void {
  for (const ref of all) {
    const cache = ref.deref();
    if (cache) cache.forget(table);
    else all.delete(ref);
  }
}
