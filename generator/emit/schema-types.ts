/**
 * json-schema-to-typescript's `compile`, remembered by its input: the same shape is compiled for
 * every deployment that serves it (and for the shared types), and an edit leaves all but a few
 * schemas as they were. The text depends only on the schema, the name, the options and the
 * library's version, which make the key. Remembered for the process, and (with the cache on) in
 * the cache store (cache-store.ts), read by key as each schema is compiled.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { JSONSchema, Options } from 'json-schema-to-typescript';
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { compileSchemaTypeInTsThread } from '../ts-thread.ts';

const VERSION = (createRequire(import.meta.url)('json-schema-to-typescript/package.json') as { version: string }).version;

const known = new Map<string, string>();
let store: CacheStore | undefined;
/** Keys of this run's texts compiled anew (or known only in memory): put in the store by saveSchemaTypes(). */
let made = new Map<string, string>();

/** Starts a run: with `cache`, what earlier runs compiled is looked up in the cache store. */
export function openSchemaTypes(cache: boolean): void {
  store = cache ? cacheStore() : undefined;
  made = new Map();
}

/** `compile(schema, name, options)`, or the text it gave for the same input before. */
export async function compileSchemaType(schema: JSONSchema, name: string, options: Partial<Options>): Promise<string> {
  const key = createHash('sha256').update(VERSION).update('\0').update(JSON.stringify([schema, name, options])).digest('hex').slice(0, 40);
  let text = known.get(key);
  if (text === undefined) {
    text = store?.get('schema-type', key);
    if (text === undefined) {
      // On the ts-morph thread, where the library is loaded (with the prettier it loads) off this thread's path.
      text = compileSchemaTypeInTsThread(schema, name, options);
      made.set(key, text);
    }
    known.set(key, text);
  }
  return text;
}

/** Ends a run: with the cache on, the texts compiled anew go to the cache store (written by its flush). */
export async function saveSchemaTypes(): Promise<void> {
  if (store !== undefined) for (const [key, text] of made) store.put('schema-type', key, text);
  made = new Map();
}
