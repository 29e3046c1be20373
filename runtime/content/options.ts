/**
 * Reads and writes site options stored as JSON text in the `options` table (the runtime's
 * settings store writes them the same way). Values that are not JSON are returned as text.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { processCacheOf, writesSeen } from '../cache/process-cache.ts';
import { lockName } from '../store/write-guards.ts';

/**
 * Option texts read inside a transaction, per transaction handle. The process cache cannot serve
 * them (a transaction must see its own writes), yet a batch of 25 creates shares one transaction
 * and asks for the same five options about 70 times. Any write to options this process makes
 * (seen by the write-watch plugin) starts the memo again.
 */
const readInTransaction = new WeakMap<object, { writes: number; texts: Map<string, string | undefined> }>();

function memoInTransaction(db: Kysely<Database>, name: string, load: () => Promise<string | undefined>): Promise<string | undefined> {
  const writes = writesSeen('options');
  let memo = readInTransaction.get(db);
  if (!memo || memo.writes !== writes) readInTransaction.set(db, (memo = { writes, texts: new Map() }));
  if (memo.texts.has(name)) return Promise.resolve(memo.texts.get(name));
  const texts = memo.texts;
  return load().then((text) => {
    if (writesSeen('options') === writes) texts.set(name, text);
    return text;
  });
}

/** The stored text of an option, from the process cache when the server keeps one (runtime/cache/). */
function storedText(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const load = async () => (await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst())?.value;
  if (db.isTransaction) return memoInTransaction(db, name, load);
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

/**
 * An option's value for a transaction that writes it back changed (the sticky list): other
 * writers of the option take turns from here to their commit (store/write-guards.ts; locked by
 * name, as the option may not exist yet), and the value is read from the table after the lock,
 * never from what this transaction remembers reading before it (with one writer, SQLite, nothing
 * is locked and the memo stays right).
 */
export async function getOptionToChange<T>(trx: Kysely<Database>, name: string, fallback: T): Promise<T> {
  if (!(await lockName(trx, 'options', name))) return getOption(trx, name, fallback);
  const value = (await trx.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst())?.value;
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
