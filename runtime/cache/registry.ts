/**
 * The server's clearable caches in one place. A module that keeps a cache registers how to
 * empty it; "clear the cache" actions and cache-service notifications call `clearCaches`.
 * A cache in process memory clears this process's copy (the others follow the database's
 * `cache_versions` rows, or keep nothing); a cache in the database (./shared-cache.ts) is cleared
 * through the database it is given, for every process at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

type Clear = (db: Kysely<Database>) => void | Promise<void>;

const caches = new Map<string, Clear>();

/** Registers (or replaces) a cache by name; returns a function that unregisters it. */
export function registerCache(name: string, clear: Clear): () => void {
  caches.set(name, clear);
  return () => {
    if (caches.get(name) === clear) caches.delete(name);
  };
}

/** Empties the named caches (all when no names are given); answers the names actually cleared. */
export async function clearCaches(db: Kysely<Database>, names?: string[]): Promise<string[]> {
  const cleared: string[] = [];
  for (const [name, clear] of caches) {
    if (names && !names.includes(name)) continue;
    await clear(db);
    cleared.push(name);
  }
  return cleared;
}

export function registeredCaches(): string[] {
  return [...caches.keys()];
}
