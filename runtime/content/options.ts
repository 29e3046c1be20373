/**
 * Reads and writes site options stored as JSON text in the `options` table (the runtime's
 * settings store writes them the same way). Values that are not JSON are returned as text.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export async function getOption<T>(db: Kysely<Database>, name: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  if (!row) return fallback;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return row.value as unknown as T;
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
