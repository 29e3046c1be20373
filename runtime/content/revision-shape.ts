/**
 * Revisions and autosaves as the API answers them (WordPress's revisions controller
 * prepare_item_for_response): the saved title, content and excerpt with their rendering, the
 * dates, and a `parent` link; filtered by the `<type>-revision` / `<type>-autosave` schema.
 */
import { restBaseOf } from '../../contract/post-types.ts';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext } from '../rest/types.ts';
import { filterByContext, metaSchemaOf, resourceFields } from './context.ts';
import { readMeta } from './meta.ts';
import { restDate, ZERO_DATE } from './dates.ts';
import { restBase } from './links.ts';
import { postLink } from '../oembed/local-posts.ts';
import type { PostRow } from './prepare.ts';
import { renderContent, renderExcerpt, renderTitle } from './render/index.ts';

export function isAutosave(row: PostRow): boolean {
  return row.slug.endsWith('-autosave-v1');
}

function prepareRevision(ctx: HandlerContext<unknown>, row: PostRow, parent: PostRow, context: Context, kind: 'revision' | 'autosave', meta: Record<string, unknown>, previewLink: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    author: row.author,
    // The revisions controller reads both dates through the GMT one: a floating draft (answered
    // here when its own autosave saved it) has neither.
    date: row.date_gmt === ZERO_DATE ? null : restDate(row.date),
    date_gmt: restDate(row.date_gmt),
    id: row.id,
    modified: restDate(row.modified),
    modified_gmt: restDate(row.modified_gmt),
    parent: row.parent,
    slug: row.slug,
    guid: { rendered: row.guid, raw: row.guid },
    title: { raw: row.title, rendered: renderTitle(row.title) },
    content: { raw: row.content, rendered: renderContent(row.content) },
    // A revision's excerpt is only filtered, never made from the content (the revisions
    // controller applies the_excerpt to the saved text): empty stays empty.
    excerpt: { raw: row.excerpt, rendered: row.excerpt.trim() === '' ? '' : renderExcerpt(row.excerpt, row.content) },
    meta,
  };
  if (kind === 'autosave') data.preview_link = previewLink;
  const fields = ctx.app.deployment.resources?.[`${parent.type}-${kind}`] ? resourceFields(ctx, `${parent.type}-${kind}`) : REVISION_FALLBACK;
  const out = filterByContext(data, fields, context);
  // The link names the row's own parent, as WordPress does: an own draft saved in place by its
  // autosave has no parent (0), so the answer has no `_links` at all.
  if (row.parent) out._links = { parent: [{ href: `${restBase(ctx)}/${restBaseOf(parent.type)}/${row.parent}` }] };
  return out;
}

/**
 * Where the parent is previewed with its autosave: its link plus `preview=true`, and for a
 * published parent `preview_id` too, as get_preview_post_link gives it (without WordPress's
 * preview nonce: specpress serves no preview page that would check it).
 */
async function previewLinkOf(ctx: HandlerContext<unknown>, parent: PostRow): Promise<string> {
  // The parent's own address: a child page's includes its ancestors' slugs.
  const link = await postLink(ctx.app, parent);
  const query = parent.status === 'publish' ? `preview_id=${parent.id}&preview=true` : 'preview=true';
  return `${link}${link.includes('?') ? '&' : '?'}${query}`;
}

/** Revisions or autosaves of one parent, with the meta each kept (WordPress 6.4+ revisions meta). */
export async function prepareRevisions(ctx: HandlerContext<unknown>, rows: PostRow[], parent: PostRow, context: Context, kind: 'revision' | 'autosave'): Promise<Record<string, unknown>[]> {
  const meta = await readMeta(ctx.app.db, rows.map((r) => r.id), metaSchemaOf(ctx, parent.type));
  const preview = kind === 'autosave' ? await previewLinkOf(ctx, parent) : '';
  // A null context (a JSON body may send one) is the default one, as in WordPress.
  return rows.map((r) => prepareRevision(ctx, r, parent, context ?? 'view', kind, meta.get(r.id) ?? {}, preview));
}

export async function prepareOneRevision(ctx: HandlerContext<unknown>, row: PostRow, parent: PostRow, context: Context, kind: 'revision' | 'autosave'): Promise<Record<string, unknown>> {
  return (await prepareRevisions(ctx, [row], parent, context, kind))[0];
}

const VE: Context[] = ['view', 'edit'];
const VEE: Context[] = ['view', 'edit', 'embed'];
const rendered = (ctxs: Context[]) => ({ context: ctxs, properties: { raw: { context: ['edit'] as Context[] }, rendered: { context: ctxs } } });

/** WordPress 6.1's revision field contexts, for deployments without a revision schema. */
const REVISION_FALLBACK = {
  author: { context: VEE },
  date: { context: VEE },
  date_gmt: { context: VE },
  guid: rendered(VE),
  id: { context: VEE },
  modified: { context: VE },
  modified_gmt: { context: VE },
  parent: { context: VEE },
  slug: { context: VEE },
  title: rendered(VEE),
  content: rendered(VE),
  excerpt: rendered(VEE),
  meta: { context: VE },
  preview_link: { context: ['edit'] as Context[] },
};
