/**
 * The oEmbed answer for a post of this site (type `rich`): provider and author, the title, a
 * size derived from `maxwidth` as WordPress derives it (width 200 to 600, a 16:9 height between
 * 200 and 1000), the html to paste (a blockquote fallback, a sandboxed iframe of the post's
 * embed page, and a small script that lets the iframe ask for its height), and a thumbnail
 * when the post has a featured image or is itself an image.
 */
import crypto from 'node:crypto';
import type { App } from '../rest/types.ts';
import { getSiteSettings } from '../settings/site-settings.ts';
import { renderTitle } from '../content/render/index.ts';
import { embedLink, postLink, type PostRow } from './local-posts.ts';
import { ATTACHED_FILE, METADATA, THUMBNAIL, getMeta, type AttachmentMetadata } from '../media/attachments.ts';
import { publicUrl } from '../media/storage.ts';
import { isMediaType } from '../../contract/post-types.ts';

export interface OembedData {
  version: '1.0';
  provider_name: string;
  provider_url: string;
  author_name: string;
  author_url: string;
  title: string;
  type: 'rich';
  width: number;
  height: number;
  html: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

export function embedSize(maxwidth: number): { width: number; height: number } {
  const width = Math.min(Math.max(Number(maxwidth) || 600, 200), 600);
  const height = Math.max(Math.min(Math.ceil((width / 16) * 9), 1000), 200);
  return { width, height };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * esc_attr: markup characters and quotes escaped, but an `&` that already starts an entity is
 * kept, so a rendered title's `&#8220;` stays one (escapeHtml would show it as text).
 */
const escapeAttr = (s: string) =>
  s.replace(/&(?!#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/**
 * Our own listener for the embed protocol: the framed page posts `{secret, message: 'height',
 * value}`; the host page hides the fallback quote and sizes the matching iframe (200..1000px).
 */
const HOST_SCRIPT = `<script>
(function (w, d) {
  if (w.specpressEmbedHost) return;
  w.specpressEmbedHost = true;
  w.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m.secret !== 'string' || /[^a-zA-Z0-9]/.test(m.secret)) return;
    var quotes = d.querySelectorAll('blockquote[data-secret="' + m.secret + '"]');
    for (var i = 0; i < quotes.length; i++) quotes[i].style.display = 'none';
    var frames = d.querySelectorAll('iframe[data-secret="' + m.secret + '"]');
    for (var j = 0; j < frames.length; j++) {
      if (frames[j].contentWindow !== event.source) continue;
      frames[j].removeAttribute('style');
      if (m.message === 'height') frames[j].height = Math.min(1000, Math.max(200, parseInt(m.value, 10) || 0));
    }
  });
})(window, document);
</script>
`;

export function embedHtml(link: string, title: string, siteName: string, size: { width: number; height: number }): string {
  const secret = crypto.randomBytes(8).toString('base64').replace(/[^a-zA-Z0-9]/g, '').slice(0, 10);
  // WordPress's words around the rendered title, as entities: curly quotes, an em dash, the site name.
  const frameTitle = `&#8220;${title}&#8221; &#8212; ${siteName}`;
  return (
    `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${escapeHtml(link)}">${title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escapeHtml(embedLink(link))}#?secret=${secret}" width="${size.width}" height="${size.height}" ` +
    `title="${escapeAttr(frameTitle)}" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>` +
    HOST_SCRIPT
  );
}

async function thumbnailOf(app: App, post: PostRow): Promise<Pick<OembedData, 'thumbnail_url' | 'thumbnail_width' | 'thumbnail_height'>> {
  const imageId = isMediaType(post.type) ? post.id : Number((await getMeta<number>(app.db, post.id, THUMBNAIL)) ?? 0);
  if (!imageId) return {};
  const attached = await getMeta<string>(app.db, imageId, ATTACHED_FILE);
  const metadata = await getMeta<AttachmentMetadata>(app.db, imageId, METADATA);
  if (!attached || !metadata?.width) return {};
  const folder = attached.includes('/') ? attached.slice(0, attached.lastIndexOf('/') + 1) : '';
  const size = metadata.sizes?.medium ?? metadata.sizes?.thumbnail;
  if (size) return { thumbnail_url: publicUrl(app.config, folder + size.file), thumbnail_width: size.width, thumbnail_height: size.height };
  return { thumbnail_url: publicUrl(app.config, attached), thumbnail_width: metadata.width, thumbnail_height: metadata.height };
}

export async function embedDataFor(app: App, post: PostRow, maxwidth: number): Promise<OembedData> {
  const site = await getSiteSettings(app.db, app.deployment.site, app.config.siteUrl);
  const author = await app.db.selectFrom('users').select(['id', 'display_name', 'nicename']).where('id', '=', post.author).executeTakeFirst();
  const link = await postLink(app, post);
  const title = renderTitle(post.title);
  const size = embedSize(maxwidth);
  const structure = link.includes('?') ? '' : 'pretty';
  return {
    version: '1.0',
    provider_name: site.name,
    provider_url: site.home,
    author_name: author?.display_name ?? site.name,
    author_url: author ? (structure ? `${app.config.siteUrl}/author/${author.nicename}/` : `${app.config.siteUrl}/?author=${author.id}`) : site.home,
    title,
    type: 'rich',
    width: size.width,
    height: size.height,
    html: embedHtml(link, title, site.name, size),
    ...(await thumbnailOf(app, post)),
  };
}
