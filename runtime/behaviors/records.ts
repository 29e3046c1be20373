/**
 * The storage every declarative behaviour shares: JSON records keyed by (collection, key) in the
 * `records` table. User-scoped behaviours keep one record per user by prefixing the key.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { containsText } from '../store/portable-sql.ts';
import { nextId } from '../store/next-id.ts';
import { lockName } from '../store/write-guards.ts';

export interface StoredRecord {
  id: number;
  key: string;
  data: Record<string, unknown>;
  created: string;
  modified: string;
}

type Db = Kysely<Database>;

const nowText = () => new Date().toISOString().slice(0, 19);

function toRecord(row: { id: number; key: string; data: string; created: string; modified: string }): StoredRecord {
  return { id: row.id, key: row.key, data: JSON.parse(row.data) as Record<string, unknown>, created: row.created, modified: row.modified };
}

/** The key a user-scoped record lives under; site-scoped keys are used as they are. */
export function scopedKey(key: string, userId: number | null, scope: 'site' | 'user' | undefined): string {
  return scope === 'user' ? `user:${userId ?? 0}:${key}` : key;
}

export async function getRecord(db: Db, collection: string, key: string): Promise<StoredRecord | undefined> {
  const row = await db.selectFrom('records').selectAll().where('collection', '=', collection).where('key', '=', key).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * The record as it stands, for a transaction that writes it back changed (a merge, a state
 * change): concurrent writers of the same key take turns from here to their commit, so neither
 * loses what the other wrote. The key is locked by name, as the record may not exist yet.
 */
export async function getRecordToChange(trx: Db, collection: string, key: string): Promise<StoredRecord | undefined> {
  await lockName(trx, 'records', collection, key);
  return getRecord(trx, collection, key);
}

/** Writes a record whole (inserted, or replacing the stored one) in one statement. */
export async function putRecord(db: Db, collection: string, key: string, data: Record<string, unknown>): Promise<StoredRecord> {
  const now = nowText();
  const row = await db
    .insertInto('records')
    .values({ collection, key, data: JSON.stringify(data), created: now, modified: now })
    .onConflict((oc) => oc.columns(['collection', 'key']).doUpdateSet({ data: JSON.stringify(data), modified: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/**
 * Inserts a record only when its key is free, in one statement: answers undefined when the key
 * is taken, so two concurrent creates of one key never both succeed (nor overwrite each other).
 */
export async function insertRecord(db: Db, collection: string, key: string, data: Record<string, unknown>, id?: number): Promise<StoredRecord | undefined> {
  const now = nowText();
  const row = await db
    .insertInto('records')
    .values({ ...(id === undefined ? {} : { id }), collection, key, data: JSON.stringify(data), created: now, modified: now })
    .onConflict((oc) => oc.columns(['collection', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Deletes a record in one statement; answers what it held, or undefined when there was none. */
export async function deleteRecord(db: Db, collection: string, key: string): Promise<StoredRecord | undefined> {
  const row = await db.deleteFrom('records').where('collection', '=', collection).where('key', '=', key).returningAll().executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export interface ListOptions {
  keyPrefix?: string;
  search?: string;
  limit: number;
  offset: number;
}

/** A page of records in creation order, and the total, for X-WP-Total. */
export async function listRecords(db: Db, collection: string, opts: ListOptions): Promise<{ items: StoredRecord[]; total: number }> {
  let q = db.selectFrom('records').where('collection', '=', collection);
  // substr and containsText rather than LIKE: user input needs no escaping and matches literally.
  if (opts.keyPrefix) q = q.where(sql<boolean>`substr(key, 1, ${opts.keyPrefix.length}) = ${opts.keyPrefix}`);
  // The key is searched too (a record keyed by its slug, a plugin, may hold no other text),
  // unless it carries a user prefix, which every search for "user" would match.
  if (opts.search) {
    q = opts.keyPrefix
      ? q.where(containsText('data', opts.search))
      : q.where(sql<boolean>`(${containsText('data', opts.search)} or ${containsText('key', opts.search)})`);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('id', 'asc').limit(opts.limit).offset(opts.offset).execute();
  return { items: rows.map(toRecord), total };
}

/**
 * Inserts a record under a key of its own: the row's own id (store/next-id.ts), so keys grow like
 * the ids clients are used to and a deleted record's key is never handed out again (the id comes
 * from SQLite's AUTOINCREMENT sequence or PostgreSQL's, never from the largest id still stored),
 * or the next free number after it when a client chose that key. Run it inside a write
 * transaction, which on PostgreSQL takes the site's write lock.
 */
export async function insertWithNextKey(trx: Db, collection: string, keyPrefix: string, data: Record<string, unknown>): Promise<StoredRecord> {
  for (let n = await nextId(trx, 'records'); ; n = Math.max(n + 1, await nextId(trx, 'records'))) {
    const record = await insertRecord(trx, collection, keyPrefix + String(n), data, n);
    if (record) return record;
  }
}
