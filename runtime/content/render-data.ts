/**
 * The attachments the media shortcodes of some posts may show, read before rendering (rendering
 * itself stays a pure function, render/gallery.ts): for `[gallery]` the images named by `ids`,
 * and images attached to the post (or to the post `id="N"` names), as gallery_shortcode asks
 * for them (type attachment, status inherit, image mime types); for `[audio]`/`[video]` the first
 * audio/video attached to the post (get_attached_media: menu order); for images inserted from the
 * library (class wp-image-N) their attachments, whose sizes give them width, height and srcset;
 * for embeds (addresses alone
 * on a line, `[embed]`) the published posts of this site they name.
 */
import type { App } from '../rest/types.ts';
import type { Permalinks } from './links.ts';
import { galleriesIn, galleryQuery, type SiteData, type GalleryImage } from './render/gallery.ts';
import { shortcodeAttrsOf, type ShortcodeAttrs } from './render/shortcodes.ts';
import { ALT_TEXT, ATTACHED_FILE, METADATA, getAllMeta, type AttachmentMetadata, type AttachmentRow } from '../media/attachments.ts';
import { attachmentLink, parentLinks } from '../media/attachment-links.ts';
import { publicUrl } from '../media/storage.ts';
import { createHash } from 'node:crypto';
import { autoembedCandidates, type LocalEmbed } from './render/embeds.ts';
import { renderTitle } from './render/index.ts';
import { embedLink, isEmbeddable, postFromUrl, postLink } from '../oembed/local-posts.ts';
import { getSiteSettings } from '../settings/site-settings.ts';

/** Post id → its gallery data, for the posts whose content has a `[gallery]`. */
export async function loadSiteData(app: App, posts: Array<{ id: number; content: string }>, permalinks: Permalinks): Promise<Map<number, SiteData>> {
  const wanted = new Map<number, { include: Set<number>; parents: Set<number> }>();
  const players: number[] = [];
  const playlistQueries = new Map<number, ShortcodeAttrs[]>();
  const embedUrls = new Map<number, string[]>();
  for (const post of posts) {
    if (post.content.includes('[audio') || post.content.includes('[video')) players.push(post.id);
    const own = ownAddresses(app, post.content);
    if (own.length) embedUrls.set(post.id, own);
    const galleries = post.content.includes('[gallery') ? galleriesIn(post.content) : [];
    // Images inserted from the library carry their attachment id as class wp-image-N.
    const inserted = post.content.includes('wp-image-') ? [...post.content.matchAll(/wp-image-([0-9]+)/gi)].map((m) => Number(m[1])) : [];
    const playlists = post.content.includes('[playlist') ? shortcodeAttrsOf(post.content, 'playlist') : [];
    if (playlists.length) playlistQueries.set(post.id, playlists);
    if (!galleries.length && !players.includes(post.id) && !own.length && !inserted.length && !playlists.length) continue;
    const want = { include: new Set<number>(inserted), parents: new Set<number>() };
    for (const attrs of galleries) {
      const q = galleryQuery(attrs, post.id);
      if ('include' in q) q.include.forEach((id) => want.include.add(id));
      else if (q.parent > 0) want.parents.add(q.parent);
    }
    wanted.set(post.id, want);
  }
  const out = new Map<number, SiteData>();
  if (!wanted.size) return out;
  const include = [...new Set([...wanted.values()].flatMap((w) => [...w.include]))];
  const parents = [...new Set([...wanted.values()].flatMap((w) => [...w.parents]))];
  const rows = include.length || parents.length
    ? ((await app.db
        .selectFrom('posts')
        .selectAll()
        .where('type', '=', 'attachment')
        .where('status', '=', 'inherit')
        .where('mime_type', 'like', 'image/%')
        .where((eb) => eb.or([...(include.length ? [eb('id', 'in', include)] : []), ...(parents.length ? [eb('parent', 'in', parents)] : [])]))
        .execute()) as AttachmentRow[])
    : [];
  const images = await galleryImages(app, rows, permalinks);
  const attached = await firstAttachedMedia(app, players);
  const embeds = await localEmbeds(app, [...new Set([...embedUrls.values()].flat())]);
  for (const [postId, want] of wanted) {
    const own = Object.fromEntries((embedUrls.get(postId) ?? []).filter((u) => embeds.has(u)).map((u) => [u, embeds.get(u)!]));
    out.set(postId, {
      postId,
      images: images.filter((i) => want.include.has(i.id) || want.parents.has(i.parent)),
      ...attached.get(postId),
      ...(Object.keys(own).length ? { embeds: own } : {}),
      ...(playlistQueries.has(postId) ? { playlists: await playlistsFound(app, postId, playlistQueries.get(postId)!) } : {}),
    });
  }
  return out;
}

/** Whether each playlist names any attachment of its type (wp_playlist_shortcode's query). */
async function playlistsFound(app: App, postId: number, playlists: ShortcodeAttrs[]): Promise<boolean[]> {
  const found: boolean[] = [];
  for (const attrs of playlists) {
    const q = galleryQuery(attrs, postId);
    const type = attrs.type === 'audio' || attrs.type === undefined ? 'audio' : 'video';
    let query = app.db.selectFrom('posts').select('id').where('type', '=', 'attachment').where('status', '=', 'inherit').where('mime_type', 'like', `${type}/%`);
    query = 'include' in q ? query.where('id', 'in', q.include) : query.where('parent', '=', q.parent);
    if (!('include' in q) && q.exclude.length) query = query.where('id', 'not in', q.exclude);
    found.push((await query.limit(1).execute()).length > 0);
  }
  return found;
}

/** Addresses of this site the content may embed: alone on a line or paragraph, or in [embed]. */
function ownAddresses(app: App, content: string): string[] {
  if (!content.includes(app.config.siteUrl)) return [];
  const shortcodes = [...content.matchAll(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/g)].map((m) => m[1].trim());
  return [...new Set([...autoembedCandidates(content), ...shortcodes])].filter((u) => u.startsWith(app.config.siteUrl));
}

/** The embed of each address that names a published post of this site. */
async function localEmbeds(app: App, urls: string[]): Promise<Map<string, LocalEmbed>> {
  const found = new Map<string, LocalEmbed>();
  if (!urls.length) return found;
  const site = await getSiteSettings(app.db, app.deployment.site, app.config.siteUrl);
  for (const url of urls) {
    const post = await postFromUrl(app, url);
    if (!post || !(await isEmbeddable(app, post))) continue;
    const link = await postLink(app, post);
    // WordPress draws random secrets; these are fixed per post version so the render memo works.
    const seed = createHash('sha256').update(`${url}\n${post.id}\n${post.modified_gmt}`).digest('base64').replace(/[^a-zA-Z0-9]/g, '');
    found.set(url, { link, embedUrl: embedLink(link), title: renderTitle(post.title), siteName: site.name, secrets: [seed.slice(0, 10), seed.slice(10, 20)] });
  }
  return found;
}

/** The URL of the first audio and the first video attached to each post. */
async function firstAttachedMedia(app: App, postIds: number[]): Promise<Map<number, { audio?: string; video?: string }>> {
  const found = new Map<number, { audio?: string; video?: string }>();
  if (!postIds.length) return found;
  const rows = await app.db
    .selectFrom('posts')
    .select(['id', 'parent', 'mime_type', 'guid'])
    .where('type', '=', 'attachment')
    .where('parent', 'in', postIds)
    .where((eb) => eb.or([eb('mime_type', 'like', 'audio/%'), eb('mime_type', 'like', 'video/%')]))
    .orderBy('menu_order')
    .orderBy('id')
    .execute();
  const files = await getAllMeta(app.db, rows.map((r) => r.id));
  for (const row of rows) {
    const kind = row.mime_type.startsWith('audio/') ? 'audio' : 'video';
    const entry = found.get(row.parent) ?? {};
    if (entry[kind] !== undefined) continue;
    const file = files.get(row.id)?.[ATTACHED_FILE];
    entry[kind] = file ? publicUrl(app.config, String(file)) : row.guid;
    found.set(row.parent, entry);
  }
  return found;
}

async function galleryImages(app: App, rows: AttachmentRow[], permalinks: Permalinks): Promise<GalleryImage[]> {
  if (!rows.length) return [];
  const [meta, parentLink] = await Promise.all([getAllMeta(app.db, rows.map((r) => r.id)), parentLinks(app.db, rows, permalinks)]);
  return rows.map((row) => {
    const bag = meta.get(row.id) ?? {};
    const metadata = (bag[METADATA] as AttachmentMetadata | undefined) ?? {};
    const file = String(bag[ATTACHED_FILE] ?? metadata.file ?? '');
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    const sizes: GalleryImage['sizes'] = {};
    for (const [name, size] of Object.entries(metadata.sizes ?? {})) sizes[name] = { file: size.file, width: size.width, height: size.height };
    return {
      id: row.id,
      parent: row.parent,
      menuOrder: row.menu_order,
      title: row.title,
      date: row.date,
      caption: row.excerpt,
      alt: String(bag[ALT_TEXT] ?? ''),
      link: attachmentLink(permalinks, row, parentLink.get(row.parent)),
      url: file ? publicUrl(app.config, file) : row.guid,
      baseUrl: publicUrl(app.config, folder),
      file,
      width: metadata.width,
      height: metadata.height,
      sizes,
    };
  });
}
