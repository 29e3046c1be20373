/**
 * json-schema-to-typescript's `compile`, remembered by its input: the same shape is compiled for
 * every deployment that serves it (and for the shared types), and an edit leaves all but a few
 * schemas as they were. The text depends only on the schema, the name, the options and the
 * library's version, which make the key. Remembered for the process, and (with the cache on) in
 * the cache store (cache-store.ts), read by key as each schema is compiled. A run starts the
 * schemas it does not know on the ts-morph thread as soon as it has the model (startSchemaTypes),
 * and takes them when the types are written.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { compileSchemaTypesInTsThread, startSchemaTypesInTsThread, takeSchemaTypesFromTsThread, type SchemaTypeRequest } from '../ts-thread.ts';

const VERSION = (createRequire(import.meta.url)('json-schema-to-typescript/package.json') as { version: string }).version;

const known = new Map<string, string>();
let store: CacheStore | undefined;
/** Keys of this run's texts compiled anew (or known only in memory): put in the store by saveSchemaTypes(). */
let made = new Map<string, string>();

/** The schemas started by startSchemaTypes and not taken yet: key -> place in that batch. */
let started: Map<string, number> | undefined;

/** Starts a run: with `cache`, what earlier runs compiled is looked up in the cache store. */
export function openSchemaTypes(cache: boolean): void {
  store = cache ? cacheStore() : undefined;
  made = new Map();
  // A batch an earlier run started and never took (it stopped on an error) is not this run's.
  started = undefined;
}

/** Each request's key, worked out once (a schema's JSON is hashed once, however often it is asked for). */
const keys = new WeakMap<SchemaTypeRequest, string>();
function keyOf(request: SchemaTypeRequest): string {
  let key = keys.get(request);
  if (key === undefined) keys.set(request, (key = createHash('sha256').update(VERSION).update('\0').update(JSON.stringify([request.schema, request.name, request.options])).digest('hex').slice(0, 40)));
  return key;
}

const textOf = (key: string): string | undefined => known.get(key) ?? made.get(key) ?? store?.get('schema-type', key);

/**
 * Has the ts-morph thread start compiling the requests not known yet, in one batch, and goes on
 * without waiting: compileSchemaTypes takes the batch when it first asks for one of them. The
 * thread compiles while this one emits what needs no types (validators, documents, routes).
 */
export function startSchemaTypes(requests: SchemaTypeRequest[]): void {
  const batch = new Map<string, SchemaTypeRequest>();
  for (const request of requests) {
    const key = keyOf(request);
    if (!batch.has(key) && textOf(key) === undefined) batch.set(key, request);
  }
  if (batch.size === 0) return;
  startSchemaTypesInTsThread([...batch.values()]);
  started = new Map([...batch.keys()].map((key, i) => [key, i]));
}

/**
 * `compile` of each request, or the text it gave for the same input before. Those not known are
 * compiled together, in one request to the ts-morph thread: one at a time, each a round trip
 * between two threads that wait on each other, they spent more time waking than compiling.
 */
export function compileSchemaTypes(requests: SchemaTypeRequest[]): string[] {
  const keys = requests.map(keyOf);
  const texts = keys.map(textOf);
  if (started !== undefined && keys.some((key, i) => texts[i] === undefined && started!.has(key))) {
    // Taken once, whether it gives texts or an error.
    const batch = started;
    started = undefined;
    const compiled = takeSchemaTypesFromTsThread();
    for (const [key, i] of batch) made.set(key, compiled[i]!);
    keys.forEach((key, i) => (texts[i] ??= made.get(key)));
  }
  const missing = [...new Set(keys.filter((_key, i) => texts[i] === undefined))];
  if (missing.length > 0) {
    const first = new Map(keys.map((key, i) => [key, requests[i]!] as const).reverse());
    const compiled = compileSchemaTypesInTsThread(missing.map((key) => first.get(key)!));
    missing.forEach((key, i) => made.set(key, compiled[i]!));
  }
  return keys.map((key, i) => {
    const text = texts[i] ?? made.get(key)!;
    known.set(key, text);
    return text;
  });
}

/** Ends a run: with the cache on, the texts compiled anew go to the cache store (written by its flush). */
export async function saveSchemaTypes(): Promise<void> {
  if (store !== undefined) for (const [key, text] of made) store.put('schema-type', key, text);
  made = new Map();
}
