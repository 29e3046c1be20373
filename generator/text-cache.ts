/**
 * A text made by a slow, pure step (ajv's standalone code of every validator), kept in the cache
 * store (cache-store.ts) under a hash of everything it was made from: a run whose inputs to that
 * step are the same (a description edited, a route of another deployment) reuses it instead of
 * making it again. Several versions of each kind are kept while they fit the budget: the edit loop
 * goes back and forth between nearby versions, and a key covering every input can only miss.
 */
import { createHash } from 'node:crypto';
import { cacheStore } from './cache-store.ts';

/** Values JSON leaves out or writes as `{}` (a format's pattern, a function) written as their source, so they are part of the key. */
const keyed = (_key: string, value: unknown): unknown => (value instanceof RegExp ? `RegExp ${value.source} ${value.flags}` : typeof value === 'function' ? `Function ${String(value)}` : value);

/** `make()`'s text, from the cache when `inputs` (JSON-serialisable) are those it was made from before; `enabled` false neither reads nor writes. */
export function cachedText(kind: string, inputs: unknown, make: () => string, enabled: boolean): string {
  const entry = textEntry(kind, inputs, enabled);
  if (entry.kept !== undefined) return entry.kept;
  const text = make();
  entry.keep(text);
  return text;
}

/**
 * The text kept for `inputs` (undefined when none is), and how to keep the one made: for a step
 * whose text is made on another thread and taken later. `enabled` false neither reads nor writes.
 */
export function textEntry(kind: string, inputs: unknown, enabled: boolean): { kept: string | undefined; keep(text: string): void } {
  const store = enabled ? cacheStore() : undefined;
  if (store === undefined) return { kept: undefined, keep: () => undefined };
  const key = `${kind}:${createHash('sha256').update(JSON.stringify(inputs, keyed)).digest('hex')}`;
  return { kept: store.get('text', key), keep: (text) => store.put('text', key, text) };
}
