/**
 * Post meta as the deployment registers it: the keys, types and defaults come from the `meta`
 * field's properties (endpoint args, else the resource schema). Values are kept in `postmeta`
 * as JSON text, one row per key.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { ArgSchema } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';
import { reusableQuery } from '../store/reusable-query.ts';
import { batchWritesOf } from '../store/batch-writes.ts';

type Db = Kysely<Database> | Transaction<Database>;

const META_OF_ONE = reusableQuery((db: Kysely<Database>, postId: number) => db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', '=', postId));
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
 * Every registered key at its empty value. The values are worked out once per schema and turned
 * into a function whose body is that object as a literal: each call makes a fresh, unshared copy
 * (nested defaults included) the way V8 copies a literal, with no per-key walk or JSON.parse —
 * that copy was a visible share of a post list's CPU (a schema of dozens of keys with nested
 * defaults; bench/profile-serve.bench.ts).
 * The literal is the JSON text of plain JSON values (the spec's defaults, read from YAML), which
 * is valid JavaScript; a `__proto__` key anywhere would set a prototype in a literal rather than
 * make a key, so such a schema is copied through JSON.parse instead.
 */
type MakeEmpty = () => Record<string, unknown>;
const emptyMetas = new WeakMap<MetaSchema, MakeEmpty>();
export function emptyMeta(schema: MetaSchema): Record<string, unknown> {
  let make = emptyMetas.get(schema);
  if (make === undefined) {
    make = compileEmptyMeta(schema);
    emptyMetas.set(schema, make);
  }
  return make();
}

function compileEmptyMeta(schema: MetaSchema): MakeEmpty {
  // fromEntries makes own keys even of `__proto__` (an assignment would set the prototype).
  const empty: Record<string, unknown> = Object.fromEntries(Object.keys(schema).map((key) => [key, emptyValue(schema[key]!)]));
  const json = JSON.stringify(empty);
  // Not plain JSON after all (NaN, Infinity): every call clones the values themselves.
  if (!isDeepStrictEqual(JSON.parse(json), empty)) return () => structuredClone(empty);
  if (json.includes('"__proto__"')) return () => JSON.parse(json) as Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the body is JSON text made above, not input
  return new Function(`return ${json};`) as MakeEmpty;
}

/** The meta object of each post in `postIds`, with every registered key. */
export async function readMeta(db: Db, postIds: number[], schema: MetaSchema): Promise<Map<number, Record<string, unknown>>> {
  const keys = Object.keys(schema);
  const out = new Map<number, Record<string, unknown>>();
  for (const id of postIds) out.set(id, emptyMeta(schema));
  if (!keys.length || !postIds.length) return out;
  // One post (every answer about a single post): all its meta in a statement compiled once, the
  // keys picked here; a page of posts: only the schema's keys.
  const rows =
    postIds.length === 1
      ? (await META_OF_ONE(db as Kysely<Database>, postIds[0]!)).filter((r) => Object.hasOwn(schema, r.meta_key))
      : await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', postIds).where('meta_key', 'in', keys).execute();
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
    // Own keys only: `constructor` or `toString` are not registered because every object has them.
    if (!Object.hasOwn(schema, key)) continue;
    await db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', key).execute();
    if (value === null) continue;
    await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: JSON.stringify(value) }).execute();
  }
}

/**
 * writeMeta for a post created in this transaction, which has no meta yet: in a batch its rows
 * are written with the other creates' at once (store/batch-writes.ts), else at once here.
 */
export async function writeNewPostMeta(db: Db, postId: number, values: Record<string, unknown>, schema: MetaSchema): Promise<void> {
  const pending = batchWritesOf(db as Kysely<Database>);
  if (!pending) return writeMeta(db, postId, values, schema);
  for (const [key, value] of Object.entries(values)) {
    if (Object.hasOwn(schema, key) && value !== null) pending.addMeta(postId, key, JSON.stringify(value));
  }
}

export async function copyMeta(db: Db, fromId: number, toId: number, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const rows = await db.selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', fromId).where('meta_key', 'in', keys).execute();
  if (rows.length) await db.insertInto('postmeta').values(rows.map((r) => ({ post_id: toId, meta_key: r.meta_key, meta_value: r.meta_value }))).execute();
}
