/**
 * Posts and pages as the API answers them (WordPress's prepare_item_for_response): every field
 * computed from the row and its relations, `_links`, then filtered to the request's context.
 * Relations of a whole page of items are loaded with one query each.
 */
import { isHierarchical, restBaseOf, supports, supportsFeature } from '../../contract/post-types.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext } from '../rest/types.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Database, PostsTable } from '../store/schema.ts';
import { has, typeCap } from './access.ts';
import { canEditPost } from '../auth/post-access.ts';
import { filterByContext, metaSchemaOf, resourceFields } from './context.ts';
import { gmtFromLocal, restDate, siteZone, ZERO_DATE } from './dates.ts';
import { linkFor, permalinkTemplate, restBase, type Permalinks } from './links.ts';
import { readMeta } from './meta.ts';
import { getOption } from './options.ts';
import { blockVersion, renderContent, renderExcerpt, renderTitle, type SiteData } from './render/index.ts';
import { loadSiteData } from './render-data.ts';
import { decodeSlug, sampleSlug, sanitizeTitle } from './slugs.ts';
import { termsOfPosts } from './terms.ts';
import { postClassList } from './class-list.ts';
import { contentError } from './errors.ts';
import { allowedItemMethods } from './target-hints.ts';
import { preparedThroughCache } from './item-cache.ts';
import { reusableQuery } from '../store/reusable-query.ts';

export type PostRow = Selectable<PostsTable>;

/**
 * What a list query reads of each row: enough to order, check who may read and find a kept
 * prepared item (item-cache.ts). The full row is read only for items prepared anew.
 */
export const HEAD_COLUMNS = ['id', 'type', 'status', 'author', 'parent', 'password'] as const;
export type PostHead = Pick<PostRow, (typeof HEAD_COLUMNS)[number]>;

export interface PrepareOptions {
  context: Context;
  /** The `password` param of a single read. */
  password?: string;
  excerptLength?: number;
  /** generated_slug of items whose slug was settled earlier (a batch's creates, each as of its own write). */
  generatedSlugs?: ReadonlyMap<number, string>;
}

interface Relations {
  terms: Awaited<ReturnType<typeof termsOfPosts>>;
  /** Slug and name of every term the items have (class_list names terms by slug, in name order). */
  termInfo: Map<number, { id: number; slug: string; name: string }>;
  meta: Map<number, Record<string, unknown>>;
  thumbnails: Map<number, number>;
  revisions: Map<number, { count: number; last: number }>;
  sticky: Set<number>;
  paths: Map<number, string>;
  permalinks: Permalinks;
  /** What rendering reads from the rest of the site (galleries, players, embeds), for the posts that need it. */
  siteData: Map<number, SiteData>;
}

export const THUMBNAIL_KEY = '_thumbnail_id';

export async function thumbnailsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (!ids.length) return map;
  const rows = ids.length === 1 ? await THUMBNAIL_OF_ONE(db, ids[0]!) : await db.selectFrom('postmeta').select(['post_id', 'meta_value']).where('post_id', 'in', ids).where('meta_key', '=', THUMBNAIL_KEY).execute();
  for (const r of rows) map.set(r.post_id, Number(JSON.parse(r.meta_value)) || 0);
  return map;
}

// Single-post answers (most of them) read their relations through statements compiled once.
const THUMBNAIL_OF_ONE = reusableQuery((db: Kysely<Database>, id: number) => db.selectFrom('postmeta').select(['post_id', 'meta_value']).where('post_id', '=', id).where('meta_key', '=', THUMBNAIL_KEY));
const revisionCounts = (db: Kysely<Database>) =>
  db
    .selectFrom('posts')
    .select((eb) => ['parent', eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .where('type', '=', 'revision')
    // Autosaves count too: WordPress counts every revision row (wp_get_latest_revision_id_and_total_count).
    .groupBy('parent');
const REVISIONS_OF_ONE = reusableQuery((db: Kysely<Database>, id: number) => revisionCounts(db).where('parent', '=', id));
const TERM_OF_ONE = reusableQuery((db: Kysely<Database>, id: number) => db.selectFrom('terms').select(['id', 'slug', 'name']).where('id', '=', id));

async function revisionsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, { count: number; last: number }>> {
  const map = new Map<number, { count: number; last: number }>();
  if (!ids.length) return map;
  const rows = ids.length === 1 ? await REVISIONS_OF_ONE(db, ids[0]!) : await revisionCounts(db).where('parent', 'in', ids).execute();
  for (const r of rows) map.set(r.parent, { count: Number(r.n), last: Number(r.last) });
  return map;
}

export async function stickyIds(db: Kysely<Database>): Promise<Set<number>> {
  const list = await getOption<unknown>(db, 'sticky_posts', []);
  return new Set(Array.isArray(list) ? list.map(Number) : []);
}

/** Page paths for pretty links: ancestors' slugs joined by `/`. */
async function pagePaths(db: Kysely<Database>, rows: PostRow[]): Promise<Map<number, string>> {
  const paths = new Map<number, string>();
  const slugs = new Map<number, { slug: string; parent: number }>();
  rows.forEach((r) => slugs.set(r.id, { slug: r.slug, parent: r.parent }));
  let missing = rows.map((r) => r.parent).filter((p) => p && !slugs.has(p));
  for (let depth = 0; missing.length && depth < 20; depth++) {
    const found = await db.selectFrom('posts').select(['id', 'slug', 'parent']).where('id', 'in', missing).execute();
    found.forEach((r) => slugs.set(r.id, { slug: r.slug, parent: r.parent }));
    missing = found.map((r) => r.parent).filter((p) => p && !slugs.has(p));
  }
  for (const r of rows) {
    const parts: string[] = [];
    let cur: number = r.id;
    for (let i = 0; cur && i < 20; i++) {
      const s = slugs.get(cur);
      if (!s) break;
      parts.unshift(s.slug);
      cur = s.parent;
    }
    paths.set(r.id, parts.join('/'));
  }
  return paths;
}

async function loadRelations(ctx: HandlerContext, rows: PostRow[], resource: string): Promise<Relations> {
  const db = ctx.app.db;
  const ids = rows.map((r) => r.id);
  const [terms, meta, thumbnails, revisions, sticky, structure, paths] = await Promise.all([
    termsOfPosts(db, ids),
    readMeta(db, ids, metaSchemaOf(ctx, resource)),
    thumbnailsOf(db, ids),
    revisionsOf(db, ids),
    stickyIds(db),
    getOption(db, 'permalink_structure', ''),
    pagePaths(db, rows.filter((r) => isHierarchical(r.type))),
  ]);
  const termIds = [...new Set([...terms.values()].flatMap((t) => [...t.category, ...t.post_tag]))];
  const termRows =
    termIds.length === 1 ? await TERM_OF_ONE(db, termIds[0]!) : termIds.length ? await db.selectFrom('terms').select(['id', 'slug', 'name']).where('id', 'in', termIds).execute() : [];
  const termInfo = new Map(termRows.map((t) => [t.id, t]));
  const permalinks = { structure: String(structure ?? ''), siteUrl: ctx.app.config.siteUrl };
  const siteData = await loadSiteData(ctx.app, rows, permalinks);
  return { terms, termInfo, meta, thumbnails, revisions, sticky, paths, permalinks, siteData };
}

/** WordPress's can_access_password_content: editors in edit context, or the right password. */
async function passwordPassed(ctx: HandlerContext, post: PostRow, opts: PrepareOptions): Promise<boolean> {
  if (!post.password) return false;
  if (opts.password && opts.password === post.password) return true;
  return opts.context === 'edit' && (await canEditPost(ctx, post));
}

function buildLinks(ctx: HandlerContext, post: PostRow, rel: Relations, context: Context, allow: string[]): Record<string, unknown[]> {
  const base = restBase(ctx);
  const plural = restBaseOf(post.type);
  const self = `${base}/${plural}/${post.id}`;
  const links: Record<string, unknown[]> = {
    self: [{ href: self, targetHints: { allow } }],
    collection: [{ href: `${base}/${plural}` }],
    about: [{ href: `${base}/types/${post.type}` }],
  };
  // Authors and replies are linked only for types that have them, as WordPress's prepare_links
  // asks post_type_supports (a navigation menu has neither).
  if (post.author && supportsFeature(post.type, 'author')) links.author = [{ embeddable: true, href: `${base}/users/${post.author}` }];
  if (supportsFeature(post.type, 'comments')) links.replies = [{ embeddable: true, href: `${base}/comments?post=${post.id}` }];
  const revs = rel.revisions.get(post.id);
  links['version-history'] = [{ count: revs?.count ?? 0, href: `${self}/revisions` }];
  if (revs?.count) links['predecessor-version'] = [{ id: revs.last, href: `${self}/revisions/${revs.last}` }];
  // A child page points up to its parent (hierarchical types, as WordPress's prepare_links).
  if (isHierarchical(post.type) && post.parent) links.up = [{ embeddable: true, href: `${base}/${plural}/${post.parent}` }];
  const thumb = rel.thumbnails.get(post.id);
  if (thumb) links['wp:featuredmedia'] = [{ embeddable: true, href: `${base}/media/${thumb}` }];
  links['wp:attachment'] = [{ href: `${base}/media?parent=${post.id}` }];
  if (supports(post.type, 'terms')) {
    links['wp:term'] = [
      { taxonomy: 'category', embeddable: true, href: `${base}/categories?post=${post.id}` },
      { taxonomy: 'post_tag', embeddable: true, href: `${base}/tags?post=${post.id}` },
    ];
  }
  if (context === 'edit') Object.assign(links, actionLinks(ctx.user, post.type, self));
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return links;
}

/** The `wp:action-*` links of the edit context: what this user may do to the item. */
function actionLinks(user: CurrentUser | null, type: string, self: string): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const link = [{ href: self }];
  if (has(user, typeCap(type, 'publish'))) out['wp:action-publish'] = link;
  if (has(user, 'unfiltered_html')) out['wp:action-unfiltered-html'] = link;
  if (supports(type, 'sticky') && has(user, 'edit_others_posts')) out['wp:action-sticky'] = link;
  if (supportsFeature(type, 'author') && has(user, typeCap(type, 'edit_others'))) out['wp:action-assign-author'] = link;
  if (supports(type, 'terms')) {
    if (has(user, 'manage_categories')) out['wp:action-create-categories'] = link;
    if (has(user, 'edit_posts')) out['wp:action-assign-categories'] = link;
    if (has(user, 'manage_categories')) out['wp:action-create-tags'] = link;
    if (has(user, 'edit_posts')) out['wp:action-assign-tags'] = link;
  }
  return out;
}


function prepareOne(ctx: HandlerContext, post: PostRow, rel: Relations, opts: PrepareOptions, zoneGmt: (local: string) => string, unlocked: boolean, generatedSlug: string, allow: string[]): Record<string, unknown> {
  // Fields by what the type supports, as WordPress's posts controller adds them to its schema.
  const pageAttributes = supports(post.type, 'pageAttributes');
  const hasTerms = supports(post.type, 'terms');
  const open = !post.password || unlocked;
  const dateGmt = post.date_gmt === ZERO_DATE ? zoneGmt(post.date) : post.date_gmt;
  const terms = rel.terms.get(post.id);
  const data: Record<string, unknown> = {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restDate(dateGmt),
    guid: { rendered: post.guid, raw: post.guid },
    modified: restDate(post.modified),
    modified_gmt: restDate(post.modified_gmt),
    password: post.password,
    slug: post.slug,
    status: post.status,
    type: post.type,
    link: linkFor(rel.permalinks, post, rel.paths.get(post.id) ?? post.slug),
    // WordPress 6.8's controller turns off get_the_title's "Private: " and "Protected: " prefixes.
    title: { raw: post.title, rendered: renderTitle(post.title) },
    content: {
      raw: post.content,
      rendered: open ? renderContent(post.content, rel.siteData.get(post.id) ?? null) : '',
      protected: !!post.password,
      block_version: blockVersion(post.content),
    },
    excerpt: {
      raw: post.excerpt,
      rendered: open ? renderExcerpt(post.excerpt, post.content, opts.excerptLength, rel.siteData.get(post.id) ?? null) : '',
      protected: !!post.password,
    },
    author: post.author,
    featured_media: rel.thumbnails.get(post.id) ?? 0,
  };
  if (pageAttributes) {
    data.parent = post.parent;
    data.menu_order = post.menu_order;
  }
  data.comment_status = post.comment_status;
  data.ping_status = post.ping_status;
  if (supports(post.type, 'sticky')) data.sticky = rel.sticky.has(post.id);
  data.template = post.template;
  if (supports(post.type, 'formats')) data.format = post.format || 'standard';
  data.meta = rel.meta.get(post.id) ?? {};
  if (hasTerms) {
    data.categories = terms?.category ?? [];
    data.tags = terms?.post_tag ?? [];
  }
  // A page's template keeps its ancestors' path before %pagename% (get_sample_permalink).
  const ancestors = isHierarchical(post.type) ? (rel.paths.get(post.id) ?? '').split('/').slice(0, -1).join('/') : '';
  data.permalink_template = permalinkTemplate(rel.permalinks, post.type, post.id, post.status, ancestors);
  data.generated_slug = generatedSlug;
  const byName = (ids: number[] | undefined) =>
    (ids ?? []).map((id) => rel.termInfo.get(id)).filter((t) => t !== undefined).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  data.class_list = postClassList({
    id: post.id,
    type: post.type,
    status: post.status,
    format: post.format,
    hasPassword: !!post.password,
    // post_password_required reads the visitor's cookie, which REST requests do not carry.
    passwordRequired: !!post.password,
    hasThumbnail: (rel.thumbnails.get(post.id) ?? 0) > 0,
    categories: hasTerms ? byName(terms?.category) : [],
    tags: hasTerms ? byName(terms?.post_tag) : [],
  });
  const filtered = filterByContext(data, resourceFields(ctx, post.type), opts.context);
  filtered._links = buildLinks(ctx, post, rel, opts.context, allow);
  return filtered;
}

/**
 * WordPress's get_sample_permalink slug, in readable (decoded) form. The REST controller asks
 * for it with an empty name, which makes WordPress derive it from the current title whatever
 * the stored slug (a published post retitled shows the slug a new title would give).
 */
export async function generatedSlug(db: Kysely<Database>, post: PostRow): Promise<string> {
  const base = sanitizeTitle(post.title) || String(post.id);
  return decodeSlug(await sampleSlug(db, base, { ...post, status: 'publish' }));
}

export async function preparePosts(ctx: HandlerContext, rows: Array<PostRow | PostHead>, opts: PrepareOptions): Promise<Record<string, unknown>[]> {
  if (!rows.length) return [];
  return preparedThroughCache(ctx, rows, opts, async (missing) => {
    const full = await fullRows(ctx.app.db, missing);
    const present = full.filter((r): r is PostRow => r !== undefined);
    const prepared = await prepareRows(ctx, present, opts);
    const byRow = new Map(present.map((r, i) => [r, prepared[i]!]));
    return full.map((r) => (r ? byRow.get(r) : undefined));
  });
}

/**
 * The full rows of `heads`, in their order (one query for those that are only heads). A row
 * deleted since the list read it is undefined: the list leaves it out, as WordPress skips a
 * post it can no longer load.
 */
async function fullRows(db: Kysely<Database>, heads: Array<PostRow | PostHead>): Promise<Array<PostRow | undefined>> {
  const partial = heads.filter((h) => !('content' in h)).map((h) => h.id);
  if (!partial.length) return heads as PostRow[];
  const loaded = new Map((await db.selectFrom('posts').selectAll().where('id', 'in', partial).execute()).map((r) => [r.id, r]));
  return heads.map((h) => ('content' in h ? h : loaded.get(h.id)));
}

async function prepareRows(ctx: HandlerContext, rows: PostRow[], opts: PrepareOptions): Promise<Record<string, unknown>[]> {
  const rel = await loadRelations(ctx, rows, rows[0].type);
  const zone = await siteZone(ctx.app.db);
  const toGmt = (local: string) => gmtFromLocal(local, zone);
  const unlocked = await Promise.all(rows.map((row) => passwordPassed(ctx, row, opts)));
  // generated_slug is an edit-context field: the unique slug the item would get if published now.
  const generated = opts.context === 'edit' ? await Promise.all(rows.map((row) => opts.generatedSlugs?.get(row.id) ?? generatedSlug(ctx.app.db, row))) : rows.map(() => '');
  const allowed = await Promise.all(rows.map((row) => allowedItemMethods(ctx.app, ctx.user, row)));
  return rows.map((row, i) => prepareOne(ctx, row, rel, opts, toGmt, unlocked[i], generated[i], allowed[i]));
}

export async function preparePost(ctx: HandlerContext, row: PostRow | PostHead, opts: PrepareOptions): Promise<Record<string, unknown>> {
  const [item] = await preparePosts(ctx, [row], opts);
  // Only a row deleted since it was read has no item: it is not there any more.
  if (!item) throw contentError('rest_post_invalid_id');
  return item;
}
