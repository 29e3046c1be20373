/**
 * Reads and writes site options stored as JSON text in the `options` table (the runtime's
 * settings store writes them the same way). Values that are not JSON are returned as text.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { processCacheOf } from '../cache/process-cache.ts';

/** The stored text of an option, from the process cache when the server keeps one (runtime/cache/). */
function storedText(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const load = async () => (await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst())?.value;
  const cache = processCacheOf(db as Kysely<unknown>);
  return cache ? cache.get('options', `option:${name}`, load) : load();
}

/** Parsed on each call from the stored text, so a caller changing the value changes no one else's. */
export async function getOption<T>(db: Kysely<Database>, name: string, fallback: T): Promise<T> {
  const value = await storedText(db, name);
  if (value === undefined) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return value as unknown as T;
  }
}

export async function setOption(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('options')
    .values({ name, value: text })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: text }))
    .execute();
}
