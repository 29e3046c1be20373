/**
 * Attachments in the store, as WordPress keeps them: a `posts` row of type `attachment`
 * (status `inherit`, `mime_type`, guid = file URL) and its post meta:
 * `_wp_attached_file` (uploads-relative path), `_wp_attachment_metadata` (width, height, file,
 * filesize, sizes, image_meta), `_wp_attachment_image_alt`. Meta values are JSON text.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, PostsTable } from '../store/schema.ts';
import type { SizeMeta } from './subsizes.ts';
import type { ImageMeta } from './image-meta.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type AttachmentRow = Omit<PostsTable, 'id'> & { id: number };

export const ATTACHED_FILE = '_wp_attached_file';
export const METADATA = '_wp_attachment_metadata';
export const ALT_TEXT = '_wp_attachment_image_alt';
export const THUMBNAIL = '_thumbnail_id';

export interface AttachmentMetadata {
  width?: number;
  height?: number;
  file?: string;
  filesize?: number;
  sizes?: Record<string, SizeMeta>;
  image_meta?: ImageMeta;
  /** attachment_id is a string, as WordPress stores the id it read from the URL. */
  parent_image?: { attachment_id: number | string; file: string };
  [key: string]: unknown;
}

export async function getAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return db.selectFrom('posts').selectAll().where('id', '=', id).where('type', '=', 'attachment').executeTakeFirst();
}

export async function insertAttachment(db: Db, row: Omit<AttachmentRow, 'id'>): Promise<number> {
  const result = await db.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(result.id);
}

export async function updateAttachment(db: Db, id: number, changes: Partial<Omit<AttachmentRow, 'id'>>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('posts').set(changes).where('id', '=', id).execute();
}

export async function getMeta<T>(db: Db, postId: number, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('postmeta').select('meta_value').where('post_id', '=', postId).where('meta_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.meta_value) as T;
  } catch {
    return row.meta_value as unknown as T;
  }
}

/** Every meta value of several posts at once (lists), keyed by post id then meta key. */
export async function getAllMeta(db: Db, postIds: number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  if (postIds.length === 0) return out;
  const rows = await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', postIds).execute();
  for (const row of rows) {
    const bag = out.get(row.post_id) ?? {};
    try {
      bag[row.meta_key] = JSON.parse(row.meta_value);
    } catch {
      bag[row.meta_key] = row.meta_value;
    }
    out.set(row.post_id, bag);
  }
  return out;
}

/** Sets one meta value (one row per key); `undefined` deletes it. */
export async function setMeta(db: Db, postId: number, key: string, value: unknown): Promise<void> {
  await db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', key).execute();
  if (value === undefined) return;
  await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: JSON.stringify(value) }).execute();
}

/** Removes the row, its meta and its term links. Files are the caller's (storage.removeFiles). */
export async function deleteAttachmentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('postmeta').where('post_id', '=', id).execute();
  await db.deleteFrom('term_relationships').where('post_id', '=', id).execute();
  await db.deleteFrom('posts').where('id', '=', id).execute();
  // Posts that used it as featured image lose it, as WordPress's wp_delete_attachment does.
  await db.deleteFrom('postmeta').where('meta_key', '=', THUMBNAIL).where('meta_value', '=', String(id)).execute();
}

/** Every uploads-relative file of an attachment: the original, its sub-sizes, an original_image. */
export function filesOf(attachedFile: string, metadata: AttachmentMetadata | undefined): string[] {
  const folder = attachedFile.includes('/') ? attachedFile.slice(0, attachedFile.lastIndexOf('/')) : '';
  const inFolder = (name: string) => (folder ? `${folder}/${name}` : name);
  const files = new Set<string>([attachedFile]);
  for (const size of Object.values(metadata?.sizes ?? {})) files.add(inFolder(size.file));
  if (typeof metadata?.original_image === 'string') files.add(inFolder(metadata.original_image));
  return [...files];
}
