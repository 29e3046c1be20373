/**
 * A media item as the API answers it (WordPress's attachments prepare_item_for_response): the
 * common post fields, then alt text, caption, description (with the image shown first),
 * media type, mime type, media_details (sizes with their URLs, plus `full`), parent post,
 * source URL and the sizes still missing; `_links`; filtered to the request's context.
 * The field contexts come from the deployment's `media` resource.
 */
import type { Context, ArgSchema } from '../../contract/model.ts';
import type { HandlerContext } from '../rest/types.ts';
import { filterByContext, metaSchemaOf } from '../content/context.ts';
import { postClassList } from '../content/class-list.ts';
import { allowedItemMethods } from '../content/target-hints.ts';
import { restDate } from '../content/dates.ts';
import { restBase } from '../content/links.ts';
import { readMeta } from '../content/meta.ts';
import { getOption } from '../content/options.ts';
import { renderContent, renderExcerpt, renderTitle } from '../content/render/index.ts';
import { decodeSlug, sampleSlug, sanitizeTitle } from '../content/slugs.ts';
import { ALT_TEXT, ATTACHED_FILE, METADATA, THUMBNAIL, getAllMeta, type AttachmentMetadata, type AttachmentRow } from './attachments.ts';
import { registeredImageSizes, planResize } from './image-sizes.ts';
import { RESIZABLE_IMAGES } from './mime-types.ts';
import { publicUrl } from './storage.ts';
import { attachmentLink, attachmentPermalinkTemplate, parentLinks } from './attachment-links.ts';
import { uprightSize } from './subsizes.ts';

const VE: Context[] = ['view', 'edit'];
const VEE: Context[] = ['view', 'edit', 'embed'];
const E: Context[] = ['edit'];
const rendered = (ctx: Context[]): ArgSchema => ({ type: 'object', properties: { raw: { context: E }, rendered: { context: ctx } } });

/** WordPress 6.1's media field contexts, for deployments whose spec has no `media` resource. */
const FALLBACK_FIELDS: Record<string, ArgSchema> = {
  id: { context: VEE }, date: { context: VEE }, date_gmt: { context: VE }, guid: { context: VE, ...rendered(VE) },
  modified: { context: VE }, modified_gmt: { context: VE }, slug: { context: VEE }, status: { context: VE },
  type: { context: VEE }, link: { context: VEE }, title: { context: VEE, ...rendered(VEE) }, author: { context: VEE },
  featured_media: { context: VEE }, comment_status: { context: VE }, ping_status: { context: VE }, template: { context: VE },
  meta: { context: VE }, permalink_template: { context: E }, generated_slug: { context: E },
  description: { context: VE, ...rendered(VE) }, caption: { context: VEE, ...rendered(VEE) }, alt_text: { context: VEE },
  media_type: { context: VEE }, mime_type: { context: VEE }, media_details: { context: VEE }, post: { context: VE },
  source_url: { context: VEE }, missing_image_sizes: { context: E },
};

function mediaFields(ctx: HandlerContext<unknown>): Record<string, ArgSchema> {
  return ctx.app.deployment.resources?.media?.schema?.properties ?? FALLBACK_FIELDS;
}

/** The item's files as the response shows them: sizes get `mime_type` and `source_url`, and `full` is added. */
function mediaDetails(ctx: HandlerContext<unknown>, row: AttachmentRow, metadata: AttachmentMetadata | undefined, attached: string): Record<string, unknown> {
  if (!metadata || Object.keys(metadata).length === 0) return {};
  const { sizes } = metadata;
  const folder = attached.includes('/') ? attached.slice(0, attached.lastIndexOf('/') + 1) : '';
  // Same keys, same order as stored (width, height, file, filesize, sizes, image_meta...).
  const out: Record<string, unknown> = { ...metadata };
  if (!sizes || Object.keys(sizes).length === 0) {
    out.sizes = {};
    return out;
  }
  const shown: Record<string, unknown> = {};
  for (const [name, size] of Object.entries(sizes)) {
    shown[name] = {
      file: size.file,
      width: size.width,
      height: size.height,
      filesize: size.filesize,
      mime_type: size['mime-type'],
      source_url: publicUrl(ctx.app.config, folder + size.file),
    };
  }
  shown.full = {
    file: attached.slice(folder.length),
    width: metadata.width,
    height: metadata.height,
    mime_type: row.mime_type,
    source_url: publicUrl(ctx.app.config, attached),
  };
  out.sizes = shown;
  return out;
}

/** Registered sizes the image is big enough for but does not have yet. */
function missingSizes(ctx: HandlerContext<unknown>, row: AttachmentRow, metadata: AttachmentMetadata | undefined): string[] {
  if (!RESIZABLE_IMAGES.has(row.mime_type) || !metadata?.width || !metadata.height) return [];
  const [w, h] = uprightSize(metadata.width, metadata.height, Number(metadata.image_meta?.orientation) || 1);
  const have = metadata.sizes ?? {};
  return Object.entries(registeredImageSizes(ctx.app.deployment.settings))
    .filter(([name, size]) => !have[name] && planResize(w, h, size) !== null)
    .map(([name]) => name);
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An empty caption is made as WordPress makes an excerpt: from the description as displayed,
 * which starts with the attachment's own link (its title, for a file that is not an image).
 */
function captionOf(row: AttachmentRow, prepended: string): string {
  if (row.excerpt.trim()) return renderExcerpt(row.excerpt, '');
  return renderExcerpt('', prepended + row.content);
}

/** The picture WordPress puts before an image's description: the medium size with a srcset. */
function attachmentHtml(ctx: HandlerContext<unknown>, row: AttachmentRow, metadata: AttachmentMetadata | undefined, attached: string, alt: string): string {
  const url = publicUrl(ctx.app.config, attached);
  if (!RESIZABLE_IMAGES.has(row.mime_type) || !metadata?.width || !metadata.height) {
    return `<p class="attachment"><a href='${escapeAttr(url)}'>${renderTitle(row.title)}</a></p>\n`;
  }
  const folder = attached.includes('/') ? attached.slice(0, attached.lastIndexOf('/') + 1) : '';
  const sizes = metadata.sizes ?? {};
  const shown = sizes.medium ?? { file: attached.slice(folder.length), width: metadata.width, height: metadata.height };
  // The class names the size asked for (wp_get_attachment_image), even when the original stands in.
  // WordPress 6.8 writes loading and decoding first (wp_get_attachment_image's attribute order).
  const sizeName = 'medium';
  const ratio = metadata.width / metadata.height;
  // Sizes of the same shape as the original, and the original itself, as srcset candidates.
  const candidates = Object.values(sizes)
    .filter((s) => Math.abs(s.width / s.height - ratio) < 0.02)
    .map((s) => `${publicUrl(ctx.app.config, folder + s.file)} ${s.width}w`);
  candidates.push(`${url} ${metadata.width}w`);
  // A lazy image's sizes start with "auto, " (wp_get_attachment_image since 6.7).
  const srcset = candidates.length > 1 ? ` srcset="${escapeAttr(candidates.join(', '))}" sizes="auto, (max-width: ${shown.width}px) 100vw, ${shown.width}px"` : '';
  const src = publicUrl(ctx.app.config, folder + shown.file);
  return `<p class="attachment"><a href='${escapeAttr(url)}'><img loading="lazy" decoding="async" width="${shown.width}" height="${shown.height}" src="${escapeAttr(src)}" class="attachment-${sizeName} size-${sizeName}" alt="${escapeAttr(alt)}"${srcset} /></a></p>\n`;
}


function links(ctx: HandlerContext<unknown>, row: AttachmentRow, context: Context, allow: string[]): Record<string, unknown[]> {
  const base = restBase(ctx);
  const out: Record<string, unknown[]> = {
    self: [{ href: `${base}/media/${row.id}`, targetHints: { allow } }],
    collection: [{ href: `${base}/media` }],
    about: [{ href: `${base}/types/attachment` }],
  };
  if (row.author) out.author = [{ embeddable: true, href: `${base}/users/${row.author}` }];
  out.replies = [{ embeddable: true, href: `${base}/comments?post=${row.id}` }];
  // What this user may do to the item, in the edit context (WordPress's wp:action-* links).
  if (context === 'edit') {
    const self = [{ href: `${base}/media/${row.id}` }];
    if (ctx.user?.caps.has('unfiltered_html')) out['wp:action-unfiltered-html'] = self;
    if (ctx.user?.caps.has('edit_others_posts')) out['wp:action-assign-author'] = self;
  }
  // WordPress lists the curie only when some relation uses it.
  if (Object.keys(out).some((rel) => rel.startsWith('wp:'))) out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

export async function prepareAttachments(ctx: HandlerContext<unknown>, rows: AttachmentRow[], context: Context): Promise<Record<string, unknown>[]> {
  const ids = rows.map((r) => r.id);
  const [all, meta, structure] = await Promise.all([
    getAllMeta(ctx.app.db, ids),
    readMeta(ctx.app.db, ids, metaSchemaOf(ctx, 'media')),
    getOption(ctx.app.db, 'permalink_structure', ''),
  ]);
  const permalinks = { structure: String(structure ?? ''), siteUrl: ctx.app.config.siteUrl };
  const allowed = await Promise.all(rows.map((row) => allowedItemMethods(ctx.app, ctx.user, { ...row, type: 'attachment' })));
  const parents = await parentLinks(ctx.app.db, rows, permalinks);
  // get_sample_permalink's slug: from the title, unique among every item (edit context only).
  const generated = context === 'edit'
    ? await Promise.all(rows.map(async (row) => decodeSlug(await sampleSlug(ctx.app.db, sanitizeTitle(row.title) || String(row.id), { id: row.id, type: 'attachment', status: 'inherit', parent: row.parent, slug: row.slug }))))
    : rows.map(() => '');
  return rows.map((row, i) => {
    const bag = all.get(row.id) ?? {};
    const metadata = bag[METADATA] as AttachmentMetadata | undefined;
    const attached = String(bag[ATTACHED_FILE] ?? '');
    const alt = String(bag[ALT_TEXT] ?? '');
    const prepended = attachmentHtml(ctx, row, metadata, attached, alt);
    const data: Record<string, unknown> = {
      id: row.id,
      date: restDate(row.date),
      date_gmt: restDate(row.date_gmt),
      guid: { rendered: row.guid, raw: row.guid },
      modified: restDate(row.modified),
      modified_gmt: restDate(row.modified_gmt),
      slug: row.slug,
      status: row.status,
      type: 'attachment',
      link: attachmentLink(permalinks, row, parents.get(row.parent)),
      title: { raw: row.title, rendered: renderTitle(row.title) },
      author: row.author,
      featured_media: Number(bag[THUMBNAIL] ?? 0) || 0,
      comment_status: row.comment_status,
      ping_status: row.ping_status,
      template: row.template,
      meta: meta.get(row.id) ?? {},
      permalink_template: attachmentPermalinkTemplate(permalinks, row, parents.get(row.parent)),
      generated_slug: generated[i],
      class_list: postClassList({ id: row.id, type: 'attachment', status: row.status, hasPassword: false, passwordRequired: false, hasThumbnail: false }),
      description: { raw: row.content, rendered: prepended + renderContent(row.content) },
      caption: { raw: row.excerpt, rendered: captionOf(row, prepended) },
      alt_text: alt,
      media_type: row.mime_type.startsWith('image/') ? 'image' : 'file',
      mime_type: row.mime_type,
      media_details: mediaDetails(ctx, row, metadata, attached),
      post: row.parent > 0 ? row.parent : null,
      source_url: attached ? publicUrl(ctx.app.config, attached) : row.guid,
      missing_image_sizes: missingSizes(ctx, row, metadata),
    };
    const filtered = filterByContext(data, mediaFields(ctx), context);
    filtered._links = links(ctx, row, context, allowed[i]!);
    return filtered;
  });
}

export async function prepareAttachment(ctx: HandlerContext<unknown>, row: AttachmentRow, context: Context): Promise<Record<string, unknown>> {
  return (await prepareAttachments(ctx, [row], context))[0];
}
