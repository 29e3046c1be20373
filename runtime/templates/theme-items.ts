/**
 * Rows of the items a site keeps about its theme: its own versions of templates and template
 * parts, and its changes to the theme's styles. WordPress stores each as a post of its type
 * (wp_template, wp_template_part, wp_global_styles); so does this server, in the posts table,
 * with the theme (and a part's area, a template's origin) in postmeta.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { App } from '../rest/types.ts';
import type { Database, PostsTable } from '../store/schema.ts';
import { gmtNow, localFromGmt, siteZone } from '../content/dates.ts';

export type ItemRow = Selectable<PostsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Postmeta keys of these items (private: no meta route answers them). */
export const THEME_KEY = '_specpress_theme';
export const AREA_KEY = '_specpress_template_part_area';
export const ORIGIN_KEY = '_specpress_template_origin';

export interface NewThemeItem {
  type: string;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  author: number;
  meta: Record<string, string>;
}

/** Now, in the site's zone and in GMT; read through `db`, which may be the caller's open transaction. */
async function stamps(db: Db, app: Pick<App, 'now'>): Promise<{ local: string; gmt: string }> {
  const gmt = gmtNow(app.now());
  return { local: localFromGmt(gmt, await siteZone(db as Kysely<Database>)), gmt };
}

export async function insertThemeItem(db: Db, app: Pick<App, 'now'>, item: NewThemeItem): Promise<number> {
  const { local, gmt } = await stamps(db, app);
  const row = await db.insertInto('posts').values({
    author: item.author, type: item.type, status: 'publish', slug: item.slug, title: item.title, content: item.content,
    excerpt: item.excerpt, password: '', parent: 0, menu_order: 0, comment_status: 'closed', ping_status: 'closed', format: 'standard',
    template: '', mime_type: '', guid: '', date: local, date_gmt: gmt, modified: local, modified_gmt: gmt, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  const meta = Object.entries(item.meta);
  if (meta.length) await db.insertInto('postmeta').values(meta.map(([meta_key, value]) => ({ post_id: id, meta_key, meta_value: JSON.stringify(value) }))).execute();
  return id;
}

export async function updateThemeItem(db: Db, app: Pick<App, 'now'>, id: number, changes: Partial<Pick<ItemRow, 'title' | 'content' | 'excerpt' | 'author' | 'status' | 'slug'>>, meta: Record<string, string> = {}): Promise<void> {
  const { local, gmt } = await stamps(db, app);
  await db.updateTable('posts').set({ ...changes, modified: local, modified_gmt: gmt }).where('id', '=', id).execute();
  for (const [key, value] of Object.entries(meta)) {
    await db.deleteFrom('postmeta').where('post_id', '=', id).where('meta_key', '=', key).execute();
    await db.insertInto('postmeta').values({ post_id: id, meta_key: key, meta_value: JSON.stringify(value) }).execute();
  }
}

/** The private meta of many items at once: id → key → value. */
export async function themeItemMeta(db: Db, ids: number[]): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value'])
    .where('post_id', 'in', ids).where('meta_key', 'in', [THEME_KEY, AREA_KEY, ORIGIN_KEY]).execute();
  for (const r of rows) {
    const entry = out.get(r.post_id) ?? {};
    entry[r.meta_key] = String(JSON.parse(r.meta_value));
    out.set(r.post_id, entry);
  }
  return out;
}
