/**
 * Posts of this site that can be embedded, found from an address the way WordPress's
 * url_to_postid does for the links this site makes: `?p=ID`, `?page_id=ID`,
 * `?attachment_id=ID`, and with pretty permalinks `/slug/` or `/parent/child/` (pages), with or
 * without a trailing `embed/`. Only published items (and media attached to them) embed.
 */
import type { Selectable } from 'kysely';
import type { App } from '../rest/types.ts';
import type { PostsTable } from '../store/schema.ts';
import { getOption } from '../content/options.ts';
import { linkFor } from '../content/links.ts';
import { isHierarchical, isLinkedByPagePath, isMediaType, POST_TYPE_NAMES, postTypeEntry, publicStatusOf } from '../../contract/post-types.ts';

export type PostRow = Selectable<PostsTable>;

const ID_PARAMS = ['p', 'page_id', 'attachment_id'];

async function byId(app: App, id: number): Promise<PostRow | undefined> {
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The last path segments, read as a page path or a post / attachment slug. */
async function byPath(app: App, segments: string[]): Promise<PostRow | undefined> {
  if (segments.length === 0) return undefined;
  const slug = segments[segments.length - 1];
  const candidates = await app.db.selectFrom('posts').selectAll().where('slug', '=', slug)
    .where('type', 'in', [...POST_TYPE_NAMES]).orderBy('id').execute();
  if (segments.length === 1) return candidates[0];
  for (const row of candidates.filter((r) => isHierarchical(r.type))) {
    // A child page: its ancestors' slugs, read upwards, must be the rest of the path.
    let parentId = row.parent;
    let i = segments.length - 2;
    for (; i >= 0; i--) {
      const parent = await byId(app, parentId);
      if (!parent || parent.slug !== segments[i]) break;
      parentId = parent.parent;
    }
    if (i < 0 && parentId === 0) return row;
  }
  return undefined;
}

/** The post an address of this site names, whatever its status; undefined for other sites. */
export async function postFromUrl(app: App, address: string): Promise<PostRow | undefined> {
  let url: URL;
  let site: URL;
  try {
    url = new URL(address);
    site = new URL(app.config.siteUrl);
  } catch {
    return undefined;
  }
  if (url.host.toLowerCase() !== site.host.toLowerCase()) return undefined;
  for (const name of ID_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) return byId(app, Number(value));
  }
  const base = site.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(base)) return undefined;
  const segments = url.pathname.slice(base.length).split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segments[segments.length - 1] === 'embed') segments.pop();
  return byPath(app, segments);
}

/** Published posts and pages embed; media embeds when its parent is published or it has none. */
export async function isEmbeddable(app: App, post: PostRow): Promise<boolean> {
  // Only types with public pages embed: not synced patterns, templates or global styles.
  if (!postTypeEntry(post.type)?.viewable) return false;
  if (!isMediaType(post.type)) return post.status === publicStatusOf(post.type) && post.password === '';
  if (post.status !== publicStatusOf(post.type)) return false;
  if (post.parent === 0) return true;
  const parent = await byId(app, post.parent);
  return !parent || parent.status === 'publish';
}

async function pagePath(app: App, post: PostRow): Promise<string> {
  const parts = [post.slug];
  let parentId = post.parent;
  for (let depth = 0; parentId && depth < 20; depth++) {
    const parent = await byId(app, parentId);
    if (!parent) break;
    parts.unshift(parent.slug);
    parentId = parent.parent;
  }
  return parts.join('/');
}

/** The public address of a post, page or media item, as the content service links it. */
export async function postLink(app: App, post: PostRow): Promise<string> {
  const structure = String((await getOption(app.db, 'permalink_structure', '')) ?? '');
  const siteUrl = app.config.siteUrl;
  if (isMediaType(post.type)) {
    return structure && post.slug && post.parent === 0 ? `${siteUrl}/${post.slug}/` : `${siteUrl}/?attachment_id=${post.id}`;
  }
  const path = isLinkedByPagePath(post.type) ? await pagePath(app, post) : post.slug;
  return linkFor({ structure, siteUrl }, post, path);
}

/** The address of the post's embed page: `<link>embed/` for pretty links, `&embed=true` otherwise. */
export function embedLink(link: string): string {
  if (link.includes('?')) return `${link}&embed=true`;
  return `${link.replace(/\/?$/, '/')}embed/`;
}
