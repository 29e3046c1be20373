/**
 * Capability checks, as WordPress's current_user_can: a meta capability about one object
 * (edit_post 12) is first mapped to the primitive capabilities it needs, following
 * map_meta_cap's rules for posts, pages, attachments and revisions, then every one of them
 * must be among the user's role capabilities.
 */
import type { Kysely } from 'kysely';
import type { App } from '../rest/types.ts';
import type { Database } from '../store/schema.ts';
import type { CurrentUser } from './current-user.ts';
import { processCacheOf } from '../cache/process-cache.ts';

/** Sentinel that no user has: the capability is refused outright (WordPress's do_not_allow). */
const DO_NOT_ALLOW = 'do_not_allow';

export interface PostFacts {
  id: number;
  type: string;
  status: string;
  author: number;
  parent: number;
  /** For a trashed post, the status it had before (meta `_wp_trash_meta_status`). */
  trashedFrom?: string;
}

export { postTypeCaps } from '../../contract/post-types.ts';
import { canBeSitePage, postTypeCaps } from '../../contract/post-types.ts';

/** The facts as stored: with the post's password, which the read rule and the posts service compare. */
export type StoredPostFacts = PostFacts & { password: string };

/**
 * What a capability check needs of a post, and the head of its row the posts service reads. A
 * serving process keeps it with the `posts` rows it caches (runtime/cache/process-cache.ts:
 * dropped when any process writes posts), since one request asks for it several times (the
 * route's rule, the handler, its links, its parent) and on PostgreSQL each ask is a round trip.
 */
export async function loadPostFacts(db: Kysely<Database>, id: number): Promise<StoredPostFacts | undefined> {
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const cache = processCacheOf(db as Kysely<unknown>);
  const facts = cache ? await cache.get('posts', `facts:${id}`, () => readPostFacts(db, id)) : await readPostFacts(db, id);
  return facts && { ...facts };
}

async function readPostFacts(db: Kysely<Database>, id: number): Promise<StoredPostFacts | undefined> {
  const post: StoredPostFacts | undefined = await db.selectFrom('posts').select(['id', 'type', 'status', 'author', 'parent', 'password']).where('id', '=', id).executeTakeFirst();
  // The trash meta is written in the same transaction as the status, so the posts version covers it.
  if (post?.status === 'trash') {
    const meta = await db.selectFrom('postmeta').select('meta_value')
      .where('post_id', '=', id).where('meta_key', '=', '_wp_trash_meta_status').executeTakeFirst();
    if (meta) post.trashedFrom = String(JSON.parse(meta.meta_value));
  }
  return post;
}

type Loader = (id: number) => Promise<PostFacts | undefined>;

/** The ids of the site's front page and posts page, which only administrators may delete. */
type SitePages = () => Promise<number[]>;

const POST_META_CAPS = new Set(['edit_post', 'delete_post', 'read_post', 'publish_post', 'edit_page', 'delete_page', 'read_page']);

/** The primitive capabilities a capability needs; `do_not_allow` when nobody may. */
export async function mapMetaCap(cap: string, user: CurrentUser | null, objectId: number | undefined, load: Loader, sitePages: SitePages = async () => []): Promise<string[]> {
  if (!POST_META_CAPS.has(cap)) return [cap];
  const base = cap.replace(/_page$/, '_post');
  let post = objectId === undefined ? undefined : await load(objectId);
  if (!post) return [DO_NOT_ALLOW];
  // WordPress 6.1 maps delete_post on a revision to do_not_allow, so its REST API refuses every
  // revision DELETE (403, administrators included). The interface document makes deleting a
  // revision with force=true a rule of its own, so here a revision follows its parent instead.
  if (base === 'delete_post' && canBeSitePage(post.type) && (await sitePages()).includes(post.id)) return ['manage_options'];
  // Otherwise a revision is governed by the post it belongs to.
  if (post.type === 'revision') {
    post = await load(post.parent);
    if (!post) return [DO_NOT_ALLOW];
  }
  const caps = postTypeCaps(post.type);
  const userId = user?.id ?? 0;
  const own = post.author !== 0 && post.author === userId;
  const status = await effectiveStatus(post, load);
  switch (base) {
    case 'publish_post':
      return [caps.publish_posts];
    case 'read_post':
      if (status === 'publish') return ['read'];
      if (own) return ['read'];
      if (status === 'private') return [caps.read_private_posts];
      return mapMetaCap('edit_post', user, post.id, load, sitePages);
    case 'edit_post':
    case 'delete_post': {
      const verb = base === 'edit_post' ? 'edit' : 'delete';
      const c = caps as Record<string, string>;
      // The author's own trashed post counts as what it was before trashing; others' do not.
      const judged = own && status === 'trash' && post.trashedFrom ? post.trashedFrom : status;
      const published = judged === 'publish' || judged === 'future';
      if (own) return [published ? c[`${verb}_published_posts`]! : c[`${verb}_posts`]!];
      const out = [c[`${verb}_others_posts`]!];
      if (published) out.push(c[`${verb}_published_posts`]!);
      else if (status === 'private') out.push(c[`${verb}_private_posts`]!);
      return out;
    }
  }
  return [DO_NOT_ALLOW];
}

/**
 * The status capability checks look at: an attachment that inherits is judged by its parent,
 * or as published without one.
 */
async function effectiveStatus(post: PostFacts, load: Loader): Promise<string> {
  if (post.status === 'inherit') {
    const parent = post.parent > 0 ? await load(post.parent) : undefined;
    return parent && parent.id !== post.id ? parent.status : 'publish';
  }
  return post.status;
}

export function hasAll(user: CurrentUser | null, caps: string[]): boolean {
  if (!user) return false;
  return caps.every((c) => c !== DO_NOT_ALLOW && user.caps.has(c));
}

/** Whether `user` (null: anonymous) has `cap`, for the object `objectId` when the cap is a meta one. */
export async function userCan(app: Pick<App, 'db'> & Partial<Pick<App, 'deployment'>>, user: CurrentUser | null, cap: string, objectId?: number): Promise<boolean> {
  if (!user) return false;
  const load: Loader = (id) => loadPostFacts(app.db, id);
  return hasAll(user, await mapMetaCap(cap, user, objectId, load, () => sitePageIds(app)));
}

/** page_on_front and page_for_posts as the site settings store them (`site.<field>`), else the deployment's defaults. */
export async function sitePageIds(app: Pick<App, 'db'> & Partial<Pick<App, 'deployment'>>): Promise<number[]> {
  const rows = await app.db.selectFrom('options').select(['name', 'value']).where('name', 'in', ['site.page_on_front', 'site.page_for_posts']).execute();
  const stored = new Map(rows.map((r) => [r.name, Number(JSON.parse(r.value))]));
  const site = app.deployment?.site;
  const ids = [stored.get('site.page_on_front') ?? site?.page_on_front ?? 0, stored.get('site.page_for_posts') ?? site?.page_for_posts ?? 0];
  return ids.filter((id) => id > 0);
}
