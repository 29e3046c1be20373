/**
 * Post meta as the deployment registers it: the keys, types and defaults come from the `meta`
 * field's properties (endpoint args, else the resource schema). Values are kept in `postmeta`
 * as JSON text, one row per key.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ArgSchema } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MetaSchema = Record<string, ArgSchema>;

/** What a registered key reads as when nothing is stored. */
function emptyValue(schema: ArgSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    // Nested objects answer with their properties' defaults, as WordPress fills them.
    if (!schema.properties) return {};
    return Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, emptyValue(s)]));
  }
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return 0;
  return '';
}

/**
 * Every registered key at its empty value, as JSON text worked out once per schema: each post
 * then gets its own copy from one JSON.parse instead of a clone per key (the spec's defaults
 * are plain JSON values, read from YAML).
 */
const emptyMetaJson = new WeakMap<MetaSchema, string>();
function emptyMeta(schema: MetaSchema): Record<string, unknown> {
  let json = emptyMetaJson.get(schema);
  if (json === undefined) {
    json = JSON.stringify(Object.fromEntries(Object.keys(schema).map((k) => [k, emptyValue(schema[k])])));
    emptyMetaJson.set(schema, json);
  }
  return JSON.parse(json) as Record<string, unknown>;
}

/** The meta object of each post in `postIds`, with every registered key. */
export async function readMeta(db: Db, postIds: number[], schema: MetaSchema): Promise<Map<number, Record<string, unknown>>> {
  const keys = Object.keys(schema);
  const out = new Map<number, Record<string, unknown>>();
  for (const id of postIds) out.set(id, emptyMeta(schema));
  if (!keys.length || !postIds.length) return out;
  const rows = await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', postIds).where('meta_key', 'in', keys).execute();
  for (const r of rows) {
    try {
      out.get(r.post_id)![r.meta_key] = JSON.parse(r.meta_value);
    } catch {
      out.get(r.post_id)![r.meta_key] = r.meta_value;
    }
  }
  return out;
}

/** Stores the given keys (null deletes one, as WordPress does); unregistered keys are ignored. */
export async function writeMeta(db: Db, postId: number, values: Record<string, unknown>, schema: MetaSchema): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in schema)) continue;
    await db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', key).execute();
    if (value === null) continue;
    await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: JSON.stringify(value) }).execute();
  }
}

export async function copyMeta(db: Db, fromId: number, toId: number, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const rows = await db.selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', fromId).where('meta_key', 'in', keys).execute();
  if (rows.length) await db.insertInto('postmeta').values(rows.map((r) => ({ post_id: toId, meta_key: r.meta_key, meta_value: r.meta_value }))).execute();
}
