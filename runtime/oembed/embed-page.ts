/**
 * The page an oEmbed iframe shows: `<post link>embed/` (pretty links) or `?p=ID&embed=true`.
 * A small card (title, excerpt, image, site name) that tells the page hosting the iframe its
 * height, using the secret the iframe address carries after `#?secret=`.
 *
 * The page is served from the site's own origin, where the login cookie lives, and shows text
 * authors wrote: it is sent with a Content-Security-Policy (EMBED_PAGE_CSP) under which only its
 * own script runs (named by its hash) and nothing is fetched but images and media. Framing is
 * allowed from anywhere, since being framed by other sites is the page's purpose. The title is
 * escaped in `<title>` as WordPress's document title is; in the card it is printed as WordPress's
 * embed template prints it (the_title), filtered when it was saved.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { getSiteSettings } from '../settings/site-settings.ts';
import { renderExcerpt, renderTitle } from '../content/render/index.ts';
import { embedDataFor } from './embed-data.ts';
import { isEmbeddable, postFromUrl, postLink, type PostRow } from './local-posts.ts';
import { isMediaType } from '../../contract/post-types.ts';
import { escHtml } from '../content/render/escape-html.ts';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Reports the card's height to the host page, on load and whenever it changes. */
const FRAME_SCRIPT_CODE = `
(function (w, d) {
  var match = /[#&]\\?secret=([a-zA-Z0-9]+)/.exec(w.location.hash) || /secret=([a-zA-Z0-9]+)/.exec(w.location.hash);
  if (!match || w.parent === w) return;
  var secret = match[1];
  function report() {
    w.parent.postMessage({ secret: secret, message: 'height', value: Math.ceil(d.documentElement.getBoundingClientRect().height) }, '*');
  }
  w.addEventListener('load', report);
  w.addEventListener('resize', report);
  d.addEventListener('DOMContentLoaded', report);
})(window, document);
`;
const FRAME_SCRIPT = `<script>${FRAME_SCRIPT_CODE}</script>`;

/**
 * No script but the one above (its SHA-256), no requests but images and media (the card's
 * thumbnail, an excerpt's pictures), no forms, no <base>; any page may frame it.
 */
export const EMBED_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${crypto.createHash('sha256').update(FRAME_SCRIPT_CODE).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  'img-src * data:',
  'media-src *',
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const STYLE = `<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1e1e1e;background:#fff}
.card{border:1px solid #dcdcde;padding:20px;overflow:hidden}
.card h1{font-size:20px;margin:0 0 8px}.card h1 a{color:inherit;text-decoration:none}
.card img{max-width:100%;height:auto;display:block;margin:0 0 12px}
.card footer{margin-top:12px;color:#646970;font-size:13px}
</style>`;

export async function renderEmbedPage(app: App, post: PostRow): Promise<string> {
  const site = await getSiteSettings(app.db, app.deployment.site, app.config.siteUrl);
  const link = await postLink(app, post);
  const data = await embedDataFor(app, post, 600);
  const title = renderTitle(post.title);
  const image = data.thumbnail_url ? `<img src="${escapeHtml(data.thumbnail_url)}" width="${data.thumbnail_width}" height="${data.thumbnail_height}" alt="">` : '';
  const excerpt = isMediaType(post.type) ? '' : renderExcerpt(post.excerpt, post.content);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, follow">
<title>${escHtml(title)} – ${escapeHtml(site.name)}</title>${STYLE}</head>
<body><article class="card">
${image}<h1><a href="${escapeHtml(link)}" target="_top">${title}</a></h1>
<div class="excerpt">${excerpt}</div>
<footer><a href="${escapeHtml(site.home)}" target="_top">${escapeHtml(site.name)}</a></footer>
</article>
${FRAME_SCRIPT}
</body></html>
`;
}

/** Answers one embed-page request for `address` (the full URL), or null when it names no embeddable post. */
export async function embedPageFor(app: App, address: string): Promise<string | null> {
  const post = await postFromUrl(app, address);
  if (!post || !(await isEmbeddable(app, post))) return null;
  return renderEmbedPage(app, post);
}

/**
 * Registers `/<path>/embed/` on the server (pretty links). The plain form `/?p=ID&embed=true`
 * belongs to the `/` route, which can call `embedPageFor`.
 */
export function registerEmbedPages(fastify: FastifyInstance, app: App): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    // Anything else under `/` is not ours: the server's own not-found page answers it.
    if (!/\/embed\/?$/.test(path)) return reply.callNotFound();
    const html = await embedPageFor(app, `${app.config.siteUrl}${path}`);
    if (!html) return reply.callNotFound();
    // The card is meant to be framed by other sites; nothing else of the site is.
    return reply.code(200).type('text/html; charset=UTF-8').header('x-robots-tag', 'noindex').header('content-security-policy', EMBED_PAGE_CSP).send(html);
  };
  fastify.get('/*', handler);
  // The plain form is answered by the `/` route (http/server.ts): its embed pages get the same
  // policy here. A callback hook, and the address looked at first: every answer passes through.
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (isEmbedPageAnswer(req, reply) && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', EMBED_PAGE_CSP);
    done(null, payload);
  });
}

/** An embed page as embedPageFor answers it: an HTML page marked noindex, for `?embed=` or `/embed/`. */
function isEmbedPageAnswer(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!req.url.includes('embed') || reply.statusCode !== 200 || reply.getHeader('x-robots-tag') !== 'noindex') return false;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return false;
  const [path, query = ''] = req.url.split('?');
  return /\/embed\/?$/.test(path ?? '') || new URLSearchParams(query).has('embed');
}
