/**
 * The storage every declarative behaviour shares: JSON records keyed by (collection, key) in the
 * `records` table. User-scoped behaviours keep one record per user by prefixing the key.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { containsText } from '../store/portable-sql.ts';

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

export async function putRecord(db: Db, collection: string, key: string, data: Record<string, unknown>): Promise<StoredRecord> {
  const now = nowText();
  await db
    .insertInto('records')
    .values({ collection, key, data: JSON.stringify(data), created: now, modified: now })
    .onConflict((oc) => oc.columns(['collection', 'key']).doUpdateSet({ data: JSON.stringify(data), modified: now }))
    .execute();
  return (await getRecord(db, collection, key))!;
}

export async function deleteRecord(db: Db, collection: string, key: string): Promise<boolean> {
  const res = await db.deleteFrom('records').where('collection', '=', collection).where('key', '=', key).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
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
 * A key for a record created without one. Keys only need to be unique within the collection;
 * the table-wide largest id plus one is, and it grows like the ids clients are used to.
 */
export async function nextNumericKey(db: Db): Promise<string> {
  const row = await db.selectFrom('records').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
  return String(Number(row?.m ?? 0) + 1);
}
