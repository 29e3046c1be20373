/**
 * The server's clearable caches in one place. A module that keeps a cache registers how to
 * empty it; "clear the cache" actions and cache-service notifications call `clearCaches`.
 * Per process: with several workers each clears its own (a shared cache would register a
 * clear that reaches all of them).
 */
type Clear = () => void | Promise<void>;

const caches = new Map<string, Clear>();

/** Registers (or replaces) a cache by name; returns a function that unregisters it. */
export function registerCache(name: string, clear: Clear): () => void {
  caches.set(name, clear);
  return () => {
    if (caches.get(name) === clear) caches.delete(name);
  };
}

/** Empties the named caches (all when no names are given); answers the names actually cleared. */
export async function clearCaches(names?: string[]): Promise<string[]> {
  const cleared: string[] = [];
  for (const [name, clear] of caches) {
    if (names && !names.includes(name)) continue;
    await clear();
    cleared.push(name);
  }
  return cleared;
}

export function registeredCaches(): string[] {
  return [...caches.keys()];
}
