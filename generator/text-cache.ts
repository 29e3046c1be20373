/**
 * A text made by a slow, pure step (ajv's standalone code of every validator), kept under
 * `node_modules/.cache/specpress/texts/` with a hash of everything it was made from: a run whose
 * inputs to that step are the same (a description edited, a route of another deployment) reuses
 * it instead of making it again. One entry per kind of text, the last one made: the edit loop
 * goes back and forth between nearby versions, and a key covering every input can only miss.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'specpress', 'texts');

/** Values JSON leaves out or writes as `{}` (a format's pattern, a function) written as their source, so they are part of the key. */
const keyed = (_key: string, value: unknown): unknown => (value instanceof RegExp ? `RegExp ${value.source} ${value.flags}` : typeof value === 'function' ? `Function ${String(value)}` : value);

/** `make()`'s text, from the cache when `inputs` (JSON-serialisable) are those it was last made from; `enabled` false neither reads nor writes. */
export function cachedText(kind: string, inputs: unknown, make: () => string, enabled: boolean): string {
  if (!enabled) return make();
  const key = createHash('sha256').update(JSON.stringify(inputs, keyed)).digest('hex');
  const file = join(CACHE_DIR, `${kind}.json`);
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { key: string; text: string };
    if (entry.key === key && typeof entry.text === 'string') return entry.text;
  } catch {
    // No entry yet, or an unreadable one: make the text.
  }
  const text = make();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Write then rename, so that a concurrent run never reads half an entry.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temp, JSON.stringify({ key, text }));
    renameSync(temp, file);
  } catch {
    // A read-only tree still generates; it only makes the text every time.
  }
  return text;
}
