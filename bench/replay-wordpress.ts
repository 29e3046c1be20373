/**
 * Replays the exchanges of ../shared/oracle/capture-wordpress.sh (and more: media read,
 * autosaves, OPTIONS on item routes, _embed of author and terms, nested _fields, page 2 of 3
 * with its Link header, errors of many kinds) against the reference WordPress at
 * WordPress 6.8 (http://127.0.0.1:8082; `--wp 6.1` for the 6.1 one on :8081) and against our `studio` deployment started in-process (wp/v2 paths),
 * and reports where the answers differ: status, header names (and order) and values, body keys
 * and their order, value types, and values.
 *
 * What must differ by nature is normalised first: addresses, ids, dates, nonces and hashes,
 * the administrator's name. Lists over each site's own data are compared by shape only.
 * Differences kept on purpose are in bench/WORDPRESS-DIFFERENCES.md and listed apart here.
 *
 * Run: `npx tsx bench/replay-wordpress.ts [--wp 6.8|6.1] [--only name-part] [--max N] [--group editor]`.
 * compare-wordpress.ts stays the place for rendering and slug samples.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { startTestServer } from '../runtime/testing/harness.ts';
import { setOption } from '../runtime/content/options.ts';
import { addTerm, defaultCategory } from '../runtime/content/terms.ts';
import { createSession } from '../runtime/auth/sessions.ts';

const args = process.argv.slice(2);
/** The reference: WordPress 6.8 (oracle on :8082) by default, `--wp 6.1` for the first oracle (:8081). */
const ORACLES = {
  '6.8': { url: 'http://127.0.0.1:8082', credentials: '/tmp/wp-oracle-68/credentials' },
  '6.1': { url: 'http://127.0.0.1:8081', credentials: '/tmp/wp-oracle/credentials' },
} as const;
const VERSION = (args.includes('--wp') ? args[args.indexOf('--wp') + 1] : '6.8') as keyof typeof ORACLES;
if (!ORACLES[VERSION]) throw new Error(`--wp takes ${Object.keys(ORACLES).join(' or ')}`);
const WP = process.env.WP_URL ?? ORACLES[VERSION].url;
const WP_CREDENTIALS = fs.readFileSync(process.env.WP_CREDENTIALS ?? ORACLES[VERSION].credentials, 'utf8').trim();
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const MAX = args.includes('--max') ? Number(args[args.indexOf('--max') + 1]) : 25;
/** `--group editor`: only the block editor's calls (after the setup posts they use). */
const GROUP = args.includes('--group') ? args[args.indexOf('--group') + 1] : undefined;

type Auth = 'app' | 'none' | 'bad' | 'cookie' | 'cookie-no-nonce' | 'cookie-bad-nonce';
type Vars = Record<string, any>;

interface Exchange {
  name: string;
  method: string;
  path: (v: Vars) => string;
  auth: Auth;
  /** JSON body (object, or made from earlier ids), raw text, or a binary upload. */
  body?: unknown;
  bodyOf?: (v: Vars) => unknown;
  raw?: string;
  binary?: { data: Buffer; headers: Record<string, string> };
  keep?: (answer: Answer, v: Vars) => void;
  /**
   * 'full': values compared too (both sites answer about things this run made alike);
   * 'shape': keys, order and types only (each site's own data); 'top': top-level keys only
   * (discovery and indexes, whose route lists differ by design).
   */
  compare: 'full' | 'shape' | 'top';
}

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: any;
  raw: string;
}

interface Target {
  base: string;
  auth: Record<Auth, Record<string, string>>;
  /** Strings that name this site's administrator, replaced by {admin}. */
  adminNames: string[];
}

function send(t: Target, ex: Exchange, v: Vars): Promise<Answer> {
  const url = new URL(t.base + ex.path(v));
  const headers: Record<string, string> = { ...t.auth[ex.auth] };
  let payload: Buffer | undefined;
  if (ex.binary) {
    Object.assign(headers, ex.binary.headers);
    payload = ex.binary.data;
  } else if (ex.raw !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(ex.raw);
  } else if (ex.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(ex.body));
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: ex.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let buf = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') buf = zlib.gunzipSync(buf);
        const raw = buf.toString('utf8');
        let body: any = null;
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body, raw });
      });
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ------------------------------------------------------------------ normalising

/** Keys whose numbers are ids (or counts of each site's data): compared by type only. */
const ID_KEYS = new Set(['id', 'author', 'parent', 'featured_media', 'post', 'count', 'preview_id', 'categories', 'tags', 'media_id', 'attachment_id', 'filesize', 'total', 'totalpages']);
/** Keys whose values are each site's own (time, hashes, versions): compared by type only. */
const OWN_KEYS = new Set(['date', 'date_gmt', 'modified', 'modified_gmt', 'gmt_offset', 'timezone_string', 'timezone', 'name', 'description', 'home', 'url', 'site_logo', 'site_icon', 'site_icon_url', 'created_timestamp', 'file', 'avatar_urls']);

function normaliseString(s: string, t: Target): string {
  let out = s;
  for (const base of [t.base, t.base.replace('http://', 'http:\\/\\/')]) out = out.split(base).join('{site}');
  for (const name of t.adminNames) out = out.split(name).join('{admin}');
  return out
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/g, '{date}')
    .replace(/\b[0-9a-f]{10,}\b/g, '{hash}')
    .replace(/\d+/g, 'N');
}

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Every difference between two JSON values, as "path: ours vs WordPress" lines. */
function diffJson(ours: any, theirs: any, us: Target, wp: Target, mode: Exchange['compare'], path = '$', key = ''): string[] {
  const out: string[] = [];
  const ta = typeOf(ours);
  const tb = typeOf(theirs);
  if (ta !== tb) {
    // An empty PHP array is [] where an object is meant: the same to clients.
    const emptyPair = (ta === 'array' && tb === 'object' && !ours.length && !Object.keys(theirs).length) || (tb === 'array' && ta === 'object' && !theirs.length && !Object.keys(ours).length);
    if (!emptyPair) out.push(`${path}: type ${ta} vs WordPress ${tb}${tb !== 'object' && tb !== 'array' ? ` (${JSON.stringify(theirs)?.slice(0, 80)})` : ''}`);
    return out;
  }
  if (ta === 'array') {
    if (mode !== 'full' || ID_KEYS.has(key)) {
      if (ours.length && theirs.length) out.push(...diffJson(ours[0], theirs[0], us, wp, mode, `${path}[0]`, key));
      return out;
    }
    if (ours.length !== theirs.length) out.push(`${path}: ${ours.length} items vs WordPress ${theirs.length}`);
    for (let i = 0; i < Math.min(ours.length, theirs.length); i++) out.push(...diffJson(ours[i], theirs[i], us, wp, mode, `${path}[${i}]`, key));
    return out;
  }
  if (ta === 'object') {
    const ka = Object.keys(ours);
    const kb = Object.keys(theirs);
    const missing = kb.filter((k) => !ka.includes(k));
    const extra = ka.filter((k) => !kb.includes(k));
    if (missing.length) out.push(`${path}: keys missing ${missing.join(', ')}`);
    if (extra.length) out.push(`${path}: keys WordPress lacks ${extra.join(', ')}`);
    const common = ka.filter((k) => kb.includes(k));
    const orderB = kb.filter((k) => ka.includes(k));
    if (common.join() !== orderB.join() && !(path.endsWith('.meta') || key === 'routes' || key === 'properties')) out.push(`${path}: key order ${common.join(',')} vs WordPress ${orderB.join(',')}`);
    if (mode === 'top' && path === '$') return out;
    for (const k of common) out.push(...diffJson(ours[k], theirs[k], us, wp, mode, `${path}.${k}`, k));
    return out;
  }
  if (mode !== 'full' || ID_KEYS.has(key) || OWN_KEYS.has(key)) return out;
  if (ta === 'string') {
    const a = normaliseString(ours, us);
    const b = normaliseString(theirs, wp);
    if (a !== b) {
      // Long texts are shown from a little before where they part.
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      const from = Math.max(0, i - 40);
      const cut = (t: string) => `${from ? '…' : ''}${JSON.stringify(t.slice(from, from + 160))}`;
      out.push(`${path}: ${cut(a)} vs WordPress ${cut(b)}`);
    }
  } else if (ta === 'number' ? false : ours !== theirs) {
    out.push(`${path}: ${JSON.stringify(ours)} vs WordPress ${JSON.stringify(theirs)}`);
  } else if (ta === 'number' && ours !== theirs && !/(^|\.)(id|\w*_id)$/.test(key)) {
    out.push(`${path}: ${ours} vs WordPress ${theirs}`);
  }
  return out;
}

/** Headers a web server adds around any application, not the REST API's. */
const TRANSPORT = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'vary', 'x-powered-by', 'content-encoding', 'set-cookie', 'etag']);
/** Headers whose values are each site's own (counts of its data), compared by presence. */
const COUNT_HEADERS = new Set(['x-wp-total', 'x-wp-totalpages']);

function diffHeaders(ours: Answer, theirs: Answer, us: Target, wp: Target, mode: Exchange['compare']): string[] {
  const out: string[] = [];
  const pick = (a: Answer) => a.headers.filter(([k]) => !TRANSPORT.has(k.toLowerCase()));
  const a = pick(ours);
  const b = pick(theirs);
  const na = a.map(([k]) => k.toLowerCase());
  const nb = b.map(([k]) => k.toLowerCase());
  const missing = [...new Set(nb.filter((k) => !na.includes(k)))];
  const extra = [...new Set(na.filter((k) => !nb.includes(k)))];
  if (missing.length) out.push(`headers missing: ${missing.join(', ')}`);
  if (extra.length) out.push(`headers WordPress lacks: ${extra.join(', ')}`);
  // Where a Link sits depends on whether the list has pages, which is each site's data.
  const ordered = (k: string) => nb.includes(k) && na.includes(k) && (mode === 'full' || k !== 'link');
  const commonA = na.filter(ordered);
  const commonB = nb.filter(ordered);
  if (commonA.join() !== commonB.join()) out.push(`header order ${commonA.join(',')} vs WordPress ${commonB.join(',')}`);
  for (const name of new Set(commonA)) {
    if (COUNT_HEADERS.has(name) && mode !== 'full') continue;
    const va = a.filter(([k]) => k.toLowerCase() === name).map(([, v]) => normaliseString(v, us)).join(' | ');
    const vb = b.filter(([k]) => k.toLowerCase() === name).map(([, v]) => normaliseString(v, wp)).join(' | ');
    if (name === 'link' && mode !== 'full') continue;
    if (va.toLowerCase() !== vb.toLowerCase()) out.push(`header ${name}: ${va.slice(0, 200)} vs WordPress ${vb.slice(0, 200)}`);
  }
  return out;
}

// ------------------------------------------------------------------ the exchanges

// A real 4x3 PNG, as the capture script makes with GD; BROKEN reads as a PNG but does not decode.
const PIXEL = await sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
const BROKEN = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEklEQVR4nGP4r8EABwwk8gEYAL1sBvmG1ZKmAAAAAElFTkSuQmCC', 'base64');
const upload = (name: string) => ({ data: PIXEL, headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename=${name}` } });

/**
 * The block editor's calls (WordPress 6.8's editor opening, editing and saving a post and a page,
 * uploading an image, reading the site, theme, global styles, patterns and templates), as its
 * fetch layer sends them: cookie + nonce, `_locale=user`, the paths and queries core-data builds.
 * Values of each site's own theme (the reference runs twentytwentyfive, ours the `specpress`
 * theme) are compared by shape. `--group editor` runs only these (after the three setup posts).
 */
const L = '_locale=user';
const EDITOR_EXCHANGES: Exchange[] = [
  // opening the editor: the site, the types and taxonomies, the current user, settings, theme
  { name: 'editor-root-fields', method: 'GET', path: () => `/wp-json/?_fields=description,gmt_offset,home,name,site_icon,site_icon_url,site_logo,timezone_string,url&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-types-view', method: 'GET', path: () => `/wp-json/wp/v2/types?context=view&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-types-edit', method: 'GET', path: () => `/wp-json/wp/v2/types?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-taxonomies-view', method: 'GET', path: () => `/wp-json/wp/v2/taxonomies?context=view&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-users-me', method: 'GET', path: () => `/wp-json/wp/v2/users/me?context=edit&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-settings', method: 'GET', path: () => `/wp-json/wp/v2/settings?${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-options-settings', method: 'OPTIONS', path: () => `/wp-json/wp/v2/settings?${L}`, auth: 'cookie', compare: 'full' },
  {
    name: 'editor-themes-active', method: 'GET', path: () => `/wp-json/wp/v2/themes?context=edit&status=active&${L}`, auth: 'cookie', compare: 'shape',
    keep: (a, v) => { v.theme = a.body?.[0]?.stylesheet; v.gs = /global-styles\\?\/(\d+)/.exec(a.raw)?.[1]; },
  },
  { name: 'editor-global-styles-theme', method: 'GET', path: (v) => `/wp-json/wp/v2/global-styles/themes/${v.theme}?context=view&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-global-styles-user', method: 'GET', path: (v) => `/wp-json/wp/v2/global-styles/${v.gs}?context=edit&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-global-styles-variations', method: 'GET', path: (v) => `/wp-json/wp/v2/global-styles/themes/${v.theme}/variations?context=view&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-options-global-styles', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/global-styles/${v.gs}?${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-block-patterns', method: 'GET', path: () => `/wp-json/wp/v2/block-patterns/patterns?${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-block-pattern-categories', method: 'GET', path: () => `/wp-json/wp/v2/block-patterns/categories?${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-pattern-categories', method: 'GET', path: () => `/wp-json/wp/v2/wp_pattern_category?context=view&per_page=100&_fields=id,name,description,slug&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-options-posts', method: 'OPTIONS', path: () => `/wp-json/wp/v2/posts?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-media', method: 'OPTIONS', path: () => `/wp-json/wp/v2/media?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-blocks', method: 'OPTIONS', path: () => `/wp-json/wp/v2/blocks?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-templates', method: 'OPTIONS', path: () => `/wp-json/wp/v2/templates?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-pages', method: 'OPTIONS', path: () => `/wp-json/wp/v2/pages?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-categories', method: 'OPTIONS', path: () => `/wp-json/wp/v2/categories?${L}`, auth: 'cookie', compare: 'full' },

  // a post: created, read as the editor reads it, its panels, saved, autosaved, given media and terms, published
  { name: 'editor-post-create', method: 'POST', path: () => `/wp-json/wp/v2/posts?${L}`, auth: 'cookie', body: { title: 'Editor post', status: 'draft' }, keep: (a, v) => { v.ed = a.body?.id; }, compare: 'full' },
  { name: 'editor-post-read', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.ed}?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-type-post', method: 'GET', path: () => `/wp-json/wp/v2/types/post?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-post', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/posts/${v.ed}?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-post-autosaves', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.ed}/autosaves?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-blocks', method: 'GET', path: () => `/wp-json/wp/v2/blocks?context=edit&per_page=100&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-templates-for-post', method: 'GET', path: () => `/wp-json/wp/v2/templates?context=edit&post_type=post&per_page=100&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-template-lookup-post', method: 'GET', path: () => `/wp-json/wp/v2/templates/lookup?slug=single-post-editor-post&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-authors', method: 'GET', path: () => `/wp-json/wp/v2/users?context=view&who=authors&per_page=50&_fields=id,name&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-categories', method: 'GET', path: () => `/wp-json/wp/v2/categories?context=view&per_page=100&orderby=name&order=asc&_fields=id,name,parent&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-default-category', method: 'GET', path: () => `/wp-json/wp/v2/categories/1?context=view&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-most-used-tags', method: 'GET', path: () => `/wp-json/wp/v2/tags?context=view&per_page=10&orderby=count&order=desc&_fields=id,name,count&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-post-save-draft', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.ed}?${L}`, auth: 'cookie', body: { title: 'Editor post', content: '<!-- wp:paragraph -->\n<p>First words.</p>\n<!-- /wp:paragraph -->', status: 'draft' }, compare: 'full' },
  { name: 'editor-post-autosave-draft', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.ed}/autosaves?${L}`, auth: 'cookie', body: { title: 'Editor post', content: '<!-- wp:paragraph -->\n<p>First words, more.</p>\n<!-- /wp:paragraph -->', excerpt: '' }, compare: 'full' },
  { name: 'editor-media-upload', method: 'POST', path: () => `/wp-json/wp/v2/media?${L}`, auth: 'cookie', binary: upload('editor-pixel.png'), keep: (a, v) => { v.edMedia = a.body?.id; }, compare: 'full' },
  { name: 'editor-media-read', method: 'GET', path: (v) => `/wp-json/wp/v2/media/${v.edMedia}?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-post-featured-category', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.ed}?${L}`, auth: 'cookie', bodyOf: (v) => ({ featured_media: v.edMedia, categories: [v.cat] }), compare: 'full' },
  { name: 'editor-post-publish', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.ed}?${L}`, auth: 'cookie', body: { status: 'publish' }, compare: 'full' },
  { name: 'editor-post-autosave-published', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.ed}/autosaves?${L}`, auth: 'cookie', body: { title: 'Editor post', content: '<!-- wp:paragraph -->\n<p>Edited after publishing.</p>\n<!-- /wp:paragraph -->', excerpt: '' }, compare: 'full' },
  { name: 'editor-post-autosave-read', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.ed}/autosaves?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-synced-pattern-create', method: 'POST', path: () => `/wp-json/wp/v2/blocks?${L}`, auth: 'cookie', body: { title: 'Editor pattern', content: '<!-- wp:paragraph -->\n<p>Reused.</p>\n<!-- /wp:paragraph -->', status: 'publish' }, keep: (a, v) => { v.edBlock = a.body?.id; }, compare: 'full' },

  // a page: created, read, its parent and template panels, published
  { name: 'editor-page-create', method: 'POST', path: () => `/wp-json/wp/v2/pages?${L}`, auth: 'cookie', body: { title: 'Editor page', status: 'draft' }, keep: (a, v) => { v.edPage = a.body?.id; }, compare: 'full' },
  { name: 'editor-page-read', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.edPage}?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-type-page', method: 'GET', path: () => `/wp-json/wp/v2/types/page?context=edit&${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-options-page', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/pages/${v.edPage}?${L}`, auth: 'cookie', compare: 'full' },
  { name: 'editor-page-parents', method: 'GET', path: (v) => `/wp-json/wp/v2/pages?per_page=100&exclude=${v.edPage}&parent_exclude=${v.edPage}&orderby=menu_order&order=asc&_fields=id,parent,title&context=view&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-templates-for-page', method: 'GET', path: () => `/wp-json/wp/v2/templates?context=edit&post_type=page&per_page=100&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-template-lookup-page', method: 'GET', path: () => `/wp-json/wp/v2/templates/lookup?slug=page-editor-page&${L}`, auth: 'cookie', compare: 'shape' },
  { name: 'editor-page-publish', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.edPage}?${L}`, auth: 'cookie', body: { title: 'Editor page', content: '<!-- wp:paragraph -->\n<p>Page words.</p>\n<!-- /wp:paragraph -->', status: 'publish' }, compare: 'full' },
];

const EXCHANGES: Exchange[] = [
  // Setup alike on both sites: three posts in a category and a tag of their own (made before the
  // run: the interface assigns terms but has no routes that create them), for reads whose values compare.
  ...[1, 2, 3].map((n): Exchange => ({ name: `setup-post-${n}`, method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', bodyOf: (v) => ({ title: `Replay post ${n}`, content: `<p>Replay body ${n}.</p>`, excerpt: `Replay excerpt ${n}`, status: 'publish', categories: [v.cat], tags: [v.tag] }), compare: 'full', keep: (a, v) => { (v.posts ??= []).push(a.body.id); } })),

  // discovery
  { name: 'discovery', method: 'GET', path: () => '/wp-json/', auth: 'none', compare: 'top' },
  { name: 'discovery-rest-route', method: 'GET', path: () => '/?rest_route=/', auth: 'none', compare: 'top' },
  { name: 'namespace-wp-v2', method: 'GET', path: () => '/wp-json/wp/v2', auth: 'none', compare: 'top' },
  { name: 'namespace-wp-v2-rest-route', method: 'GET', path: () => '/?rest_route=/wp/v2', auth: 'none', compare: 'top' },
  { name: 'options-posts', method: 'OPTIONS', path: () => '/wp-json/wp/v2/posts', auth: 'none', compare: 'full' },
  { name: 'options-posts-auth', method: 'OPTIONS', path: () => '/wp-json/wp/v2/posts', auth: 'app', compare: 'full' },
  { name: 'options-post-item', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}`, auth: 'app', compare: 'full' },
  { name: 'options-post-item-anon', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}`, auth: 'none', compare: 'full' },

  // collection + single
  { name: 'posts-list', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=10', auth: 'none', compare: 'shape' },
  { name: 'posts-list-page-2', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=5&page=2', auth: 'none', compare: 'shape' },
  { name: 'posts-list-rest-route', method: 'GET', path: () => '/?rest_route=/wp/v2/posts&per_page=3', auth: 'none', compare: 'shape' },
  { name: 'posts-list-fields', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=3&_fields=id,title,link', auth: 'none', compare: 'shape' },
  { name: 'category-page-2-of-3', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&per_page=1&page=2`, auth: 'none', compare: 'full' },
  { name: 'category-page-1-of-3', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&per_page=1`, auth: 'none', compare: 'full' },
  { name: 'category-page-3-of-3', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&per_page=1&page=3`, auth: 'none', compare: 'full' },
  { name: 'post-view', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}`, auth: 'none', compare: 'full' },
  { name: 'post-view-embed', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_embed`, auth: 'none', compare: 'full' },
  { name: 'post-view-embed-author-terms', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_embed=author,wp:term`, auth: 'none', compare: 'full' },
  { name: 'post-fields-nested', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_fields=id,title.rendered,content.protected,_links.self`, auth: 'none', compare: 'full' },
  { name: 'post-fields-embed', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_fields=id,_links,_embedded&_embed=author`, auth: 'none', compare: 'full' },
  { name: 'post-edit', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'drafts-edit', method: 'GET', path: () => '/wp-json/wp/v2/posts?context=edit&status=draft&per_page=5', auth: 'app', compare: 'shape' },
  { name: 'category-view', method: 'GET', path: (v) => `/wp-json/wp/v2/categories/${v.cat}`, auth: 'none', compare: 'full' },
  { name: 'tag-view', method: 'GET', path: (v) => `/wp-json/wp/v2/tags/${v.tag}`, auth: 'none', compare: 'full' },
  { name: 'users-me', method: 'GET', path: () => '/wp-json/wp/v2/users/me', auth: 'app', compare: 'shape' },

  // errors
  { name: 'err-per-page-500', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=500', auth: 'none', compare: 'full' },
  { name: 'err-per-page-text', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=abc', auth: 'none', compare: 'full' },
  { name: 'err-orderby-invalid', method: 'GET', path: () => '/wp-json/wp/v2/posts?orderby=bogus', auth: 'none', compare: 'full' },
  { name: 'err-two-invalid', method: 'GET', path: () => '/wp-json/wp/v2/posts?orderby=bogus&order=sideways', auth: 'none', compare: 'full' },
  { name: 'err-post-invalid-id', method: 'GET', path: () => '/wp-json/wp/v2/posts/999999', auth: 'none', compare: 'full' },
  { name: 'err-no-route', method: 'GET', path: () => '/wp-json/wp/v2/nope', auth: 'none', compare: 'full' },
  { name: 'err-wrong-method', method: 'PATCH', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: {}, compare: 'full' },
  { name: 'err-edit-context-unauth', method: 'GET', path: () => '/wp-json/wp/v2/posts?context=edit', auth: 'none', compare: 'full' },
  { name: 'err-drafts-unauth', method: 'GET', path: () => '/wp-json/wp/v2/posts?status=draft', auth: 'none', compare: 'full' },
  { name: 'err-create-unauth', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'none', body: { title: 'nope' }, compare: 'full' },
  { name: 'err-bad-app-password', method: 'GET', path: () => '/wp-json/wp/v2/users/me', auth: 'bad', compare: 'full' },
  { name: 'err-users-me-anon', method: 'GET', path: () => '/wp-json/wp/v2/users/me', auth: 'none', compare: 'full' },
  { name: 'err-invalid-json', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', raw: '{"title": ', compare: 'full' },
  { name: 'err-invalid-status', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', status: 'bogus' }, compare: 'full' },
  { name: 'err-invalid-categories', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', categories: 'abc' }, compare: 'full' },
  { name: 'err-invalid-date', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', date: 'yesterday' }, compare: 'full' },
  { name: 'err-term-missing', method: 'GET', path: () => '/wp-json/wp/v2/categories/999999', auth: 'none', compare: 'full' },
  { name: 'err-user-missing', method: 'GET', path: () => '/wp-json/wp/v2/users/999999', auth: 'none', compare: 'full' },
  // users, terms, types and taxonomies (what front ends and the block editor read)
  { name: 'users-list-anon', method: 'GET', path: () => '/wp-json/wp/v2/users?per_page=1', auth: 'none', compare: 'shape' },
  { name: 'users-list-edit', method: 'GET', path: () => '/wp-json/wp/v2/users?per_page=1&context=edit', auth: 'app', compare: 'shape' },
  { name: 'err-users-context-edit-anon', method: 'GET', path: () => '/wp-json/wp/v2/users?context=edit', auth: 'none', compare: 'full' },
  { name: 'err-users-orderby-email-anon', method: 'GET', path: () => '/wp-json/wp/v2/users?orderby=email', auth: 'none', compare: 'full' },
  { name: 'err-users-roles-anon', method: 'GET', path: () => '/wp-json/wp/v2/users?roles=editor', auth: 'none', compare: 'full' },
  { name: 'tag-view', method: 'GET', path: (v) => `/wp-json/wp/v2/tags/${v.tag}`, auth: 'none', compare: 'full' },
  { name: 'tags-by-slug', method: 'GET', path: () => `/wp-json/wp/v2/tags?slug=replay-tag-${process.pid}`, auth: 'none', compare: 'full' },
  { name: 'categories-list-edit', method: 'GET', path: () => '/wp-json/wp/v2/categories?per_page=1&context=edit', auth: 'app', compare: 'shape' },
  { name: 'err-categories-edit-anon', method: 'GET', path: () => '/wp-json/wp/v2/categories?context=edit', auth: 'none', compare: 'full' },
  { name: 'tag-create', method: 'POST', path: () => '/wp-json/wp/v2/tags', auth: 'app', body: { name: `  Rock & <b>Roll</b> ${process.pid} `, description: 'Loud' }, keep: (a, v) => { v.tag2 = a.body?.id; }, compare: 'full' },
  { name: 'err-tag-create-duplicate', method: 'POST', path: () => '/wp-json/wp/v2/tags', auth: 'app', body: { name: `Rock &amp; Roll ${process.pid}` }, compare: 'shape' },
  { name: 'err-tag-create-anon', method: 'POST', path: () => '/wp-json/wp/v2/tags', auth: 'none', body: { name: 'x' }, compare: 'full' },
  { name: 'tag-update', method: 'POST', path: (v) => `/wp-json/wp/v2/tags/${v.tag2}`, auth: 'app', body: { name: `Jazz ${process.pid}`, slug: `jazz-${process.pid}` }, compare: 'full' },
  { name: 'err-tag-delete-no-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/tags/${v.tag2}`, auth: 'app', compare: 'full' },
  { name: 'tag-delete-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/tags/${v.tag2}?force=true`, auth: 'app', compare: 'full' },
  { name: 'types-post', method: 'GET', path: () => '/wp-json/wp/v2/types/post', auth: 'none', compare: 'full' },
  { name: 'types-page-edit', method: 'GET', path: () => '/wp-json/wp/v2/types/page?context=edit', auth: 'app', compare: 'shape' },
  { name: 'err-type-missing', method: 'GET', path: () => '/wp-json/wp/v2/types/nope', auth: 'none', compare: 'full' },
  { name: 'taxonomies-for-post', method: 'GET', path: () => '/wp-json/wp/v2/taxonomies?type=post', auth: 'none', compare: 'full' },
  { name: 'taxonomy-tag-edit', method: 'GET', path: () => '/wp-json/wp/v2/taxonomies/post_tag?context=edit', auth: 'app', compare: 'shape' },
  { name: 'err-user-create-anon', method: 'POST', path: () => '/wp-json/wp/v2/users', auth: 'none', body: { username: 'x', email: 'x@example.com', password: 'x' }, compare: 'full' },
  { name: 'err-users-me-update-anon', method: 'POST', path: () => '/wp-json/wp/v2/users/me', auth: 'none', body: { name: 'x' }, compare: 'full' },
  { name: 'user-create', method: 'POST', path: () => '/wp-json/wp/v2/users', auth: 'app', body: { username: `replay-${process.pid}`, email: `replay-${process.pid}@example.com`, password: 'Replay-pass-1', first_name: 'Re', last_name: 'Play', roles: ['author'] }, keep: (a, v) => { v.user = a.body?.id; }, compare: 'full' },
  { name: 'err-user-create-bad-username', method: 'POST', path: () => '/wp-json/wp/v2/users', auth: 'app', body: { username: 'bad name!', email: `bad-${process.pid}@example.com`, password: 'p' }, compare: 'full' },
  { name: 'err-user-create-duplicate', method: 'POST', path: () => '/wp-json/wp/v2/users', auth: 'app', body: { username: `replay-${process.pid}`, email: `other-${process.pid}@example.com`, password: 'p' }, compare: 'full' },
  { name: 'user-update', method: 'POST', path: (v) => `/wp-json/wp/v2/users/${v.user}`, auth: 'app', body: { description: 'Words about me', nickname: 'Rep', locale: 'en_US' }, compare: 'full' },
  { name: 'err-user-update-username', method: 'POST', path: (v) => `/wp-json/wp/v2/users/${v.user}`, auth: 'app', body: { username: 'renamed' }, compare: 'full' },
  { name: 'err-user-update-role-missing', method: 'POST', path: (v) => `/wp-json/wp/v2/users/${v.user}`, auth: 'app', body: { roles: ['wizard'] }, compare: 'full' },
  { name: 'options-user-item', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/users/${v.user}`, auth: 'app', compare: 'full' },
  { name: 'err-user-delete-no-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/users/${v.user}?reassign=${v.adminId}`, auth: 'app', compare: 'full' },
  { name: 'err-user-delete-no-reassign', method: 'DELETE', path: (v) => `/wp-json/wp/v2/users/${v.user}?force=true`, auth: 'app', compare: 'full' },
  { name: 'err-user-delete-reassign-self', method: 'DELETE', path: (v) => `/wp-json/wp/v2/users/${v.user}?force=true&reassign=${v.user}`, auth: 'app', compare: 'full' },
  { name: 'user-delete', method: 'DELETE', path: (v) => `/wp-json/wp/v2/users/${v.user}?force=true&reassign=${v.adminId}`, auth: 'app', keep: (a, v) => { v.userGone = a.status === 200; }, compare: 'full' },
  { name: 'comments-of-missing-post', method: 'GET', path: () => '/wp-json/wp/v2/comments?post=999999', auth: 'none', compare: 'full' },
  { name: 'err-media-missing', method: 'GET', path: () => '/wp-json/wp/v2/media/999999', auth: 'none', compare: 'full' },

  // media
  { name: 'media-create', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: upload('oracle-pixel.png'), keep: (a, v) => { v.media = a.body?.id; v.mediaUrl = a.body?.source_url; }, compare: 'full' },
  { name: 'media-read', method: 'GET', path: (v) => `/wp-json/wp/v2/media/${v.media}`, auth: 'none', compare: 'full' },
  { name: 'media-read-edit', method: 'GET', path: (v) => `/wp-json/wp/v2/media/${v.media}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'options-media-item', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/media/${v.media}`, auth: 'app', compare: 'full' },
  { name: 'err-media-edit-missing-src', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/edit`, auth: 'app', body: {}, compare: 'full' },
  { name: 'err-media-edit-missing-src-unauth', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/edit`, auth: 'none', body: {}, compare: 'full' },
  { name: 'err-media-no-body', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', body: {}, compare: 'full' },
  { name: 'err-media-create-unauth', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'none', binary: upload('anon.png'), compare: 'full' },

  // CRUD + revisions + autosaves
  { name: 'post-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'Oracle test post', content: '<p>First version.</p>', status: 'publish', categories: [1], excerpt: 'Short' }, keep: (a, v) => { v.new = a.body.id; }, compare: 'full' },
  { name: 'post-update', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.new}`, auth: 'app', body: { title: 'Oracle test post (edited)', content: '<p>Second version.</p>' }, compare: 'full' },
  { name: 'post-update-put', method: 'PUT', path: (v) => `/wp-json/wp/v2/posts/${v.new}`, auth: 'app', body: { content: '<p>Third version.</p>' }, compare: 'full' },
  { name: 'post-revisions', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions`, auth: 'app', keep: (a, v) => { v.rev = a.body?.[0]?.id; }, compare: 'full' },
  { name: 'post-revision-single', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions/${v.rev}`, auth: 'app', compare: 'full' },
  { name: 'options-revision-item', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions/${v.rev}`, auth: 'app', compare: 'full' },
  { name: 'err-revision-other-parent', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}/revisions/${v.rev}`, auth: 'app', compare: 'full' },
  { name: 'err-revision-delete-no-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions/${v.rev}`, auth: 'app', compare: 'full' },
  { name: 'err-revision-delete-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions/${v.rev}?force=true`, auth: 'app', compare: 'full' },
  { name: 'autosave-create', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves`, auth: 'app', body: { title: 'Oracle test post (edited)', content: '<p>Autosaved.</p>' }, keep: (a, v) => { v.autosave = a.body?.id; }, compare: 'full' },
  { name: 'autosave-list', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves`, auth: 'app', compare: 'full' },
  { name: 'autosave-single', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves/${v.autosave}`, auth: 'app', compare: 'full' },
  { name: 'autosave-equal-to-post', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves`, auth: 'app', body: { title: 'Oracle test post (edited)', content: '<p>Third version.</p>' }, compare: 'full' },
  { name: 'revisions-paged', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions?per_page=1&page=2`, auth: 'app', compare: 'full' },
  { name: 'revisions-orderby-id', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions?orderby=id&order=asc&_fields=title`, auth: 'app', compare: 'full' },
  { name: 'err-revisions-page-past-end', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions?per_page=1&page=99`, auth: 'app', compare: 'full' },
  { name: 'err-autosave-as-revision-id', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves/${v.rev}`, auth: 'app', compare: 'full' },
  { name: 'err-revision-bad-id', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}/revisions/99999999`, auth: 'app', compare: 'full' },
  { name: 'err-autosave-unauth', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.new}/autosaves`, auth: 'none', body: { content: 'x' }, compare: 'full' },
  { name: 'post-patch', method: 'PATCH', path: (v) => `/wp-json/wp/v2/posts/${v.new}`, auth: 'app', body: { excerpt: 'Patched' }, compare: 'full' },
  { name: 'post-method-override-put', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.new}?_method=PUT`, auth: 'app', body: { comment_status: 'closed' }, compare: 'full' },
  { name: 'err-force-text', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}?force=maybe`, auth: 'app', compare: 'full' },
  { name: 'post-trash', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}`, auth: 'app', compare: 'full' },
  { name: 'err-post-trash-again', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}`, auth: 'app', compare: 'full' },
  { name: 'post-delete-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.new}?force=true`, auth: 'app', compare: 'full' },
  { name: 'err-post-after-delete', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.new}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'err-delete-unauth', method: 'DELETE', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}`, auth: 'none', compare: 'full' },

  // pages, envelopes, more lists and errors
  { name: 'page-create', method: 'POST', path: () => '/wp-json/wp/v2/pages', auth: 'app', body: { title: 'Replay page', content: '<p>Page body.</p>', status: 'publish', menu_order: 3 }, keep: (a, v) => { v.page = a.body?.id; }, compare: 'full' },
  { name: 'page-child-create', method: 'POST', path: () => '/wp-json/wp/v2/pages', auth: 'app', bodyOf: (v) => ({ title: 'Replay child', status: 'publish', parent: v.page }), keep: (a, v) => { v.child = a.body?.id; }, compare: 'full' },
  { name: 'page-view', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.child}`, auth: 'none', compare: 'full' },
  { name: 'page-edit', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.child}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'pages-by-parent', method: 'GET', path: (v) => `/wp-json/wp/v2/pages?parent=${v.page}`, auth: 'none', compare: 'full' },
  { name: 'options-page-item', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/pages/${v.page}`, auth: 'app', compare: 'full' },
  { name: 'page-autosave', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.page}/autosaves`, auth: 'app', body: { title: 'Replay page', content: '<p>Page draft.</p>' }, compare: 'full' },
  { name: 'pages-menu-order', method: 'GET', path: (v) => `/wp-json/wp/v2/pages?menu_order=3&include=${v.page},${v.child}&_fields=slug,menu_order,parent`, auth: 'none', compare: 'full' },
  { name: 'pages-parent-exclude', method: 'GET', path: (v) => `/wp-json/wp/v2/pages?parent_exclude=${v.page}&include=${v.page},${v.child}&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'pages-orderby-menu-order', method: 'GET', path: (v) => `/wp-json/wp/v2/pages?include=${v.page},${v.child}&orderby=menu_order&order=desc&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'page-embed-up', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.child}?_embed=up&_fields=id,_embedded`, auth: 'none', compare: 'full' },
  { name: 'err-page-sticky', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.child}`, auth: 'app', body: { sticky: true, menu_order: 'x' }, compare: 'full' },
  { name: 'err-page-read-as-post', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.page}`, auth: 'none', compare: 'full' },
  { name: 'err-page-unknown-parent', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.child}`, auth: 'app', body: { parent: 99999999 }, compare: 'full' },
  { name: 'post-view-envelope', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_envelope&_fields=id,slug`, auth: 'none', compare: 'full' },
  { name: 'list-fields-links', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&_fields=id,_links.self`, auth: 'none', compare: 'full' },
  { name: 'list-search', method: 'GET', path: () => '/wp-json/wp/v2/posts?search=replay%20post&orderby=relevance', auth: 'none', compare: 'shape' },
  { name: 'list-include-order', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include=${v.posts[2]},${v.posts[0]}&orderby=include&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'list-tags-and-categories', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?tags=${v.tag}&categories_exclude=999998&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'media-list-images', method: 'GET', path: () => '/wp-json/wp/v2/media?media_type=image&per_page=1', auth: 'none', compare: 'shape' },
  { name: 'err-page-past-end', method: 'GET', path: () => '/wp-json/wp/v2/posts?page=9999', auth: 'none', compare: 'full' },
  { name: 'err-per-page-zero', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=0', auth: 'none', compare: 'full' },
  { name: 'err-include-text', method: 'GET', path: () => '/wp-json/wp/v2/posts?include=abc', auth: 'none', compare: 'full' },
  { name: 'err-create-with-id', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { id: 1, title: 'x' }, compare: 'full' },
  { name: 'err-sticky-password', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', sticky: true, password: 'p' }, compare: 'full' },
  { name: 'err-bad-author', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', author: 99999 }, compare: 'full' },
  { name: 'err-protected-wrong-password', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?password=nope`, auth: 'none', compare: 'full' },
  { name: 'err-upload-no-disposition', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: { data: PIXEL, headers: { 'content-type': 'image/png' } }, compare: 'full' },
  { name: 'err-upload-empty', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: { data: Buffer.alloc(0), headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=empty.png' } }, compare: 'full' },
  { name: 'err-jsonp-bad-callback', method: 'GET', path: () => '/wp-json/wp/v2/posts?_jsonp=a(b)', auth: 'none', compare: 'full' },
  { name: 'err-method-override-delete-unauth', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_method=DELETE`, auth: 'none', compare: 'full' },

  // more writes, reads and errors
  { name: 'post-create-full', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', bodyOf: (v) => ({ title: 'Full post', content: 'Line one\n\nLine "two" -- here', excerpt: 'Hand excerpt', status: 'publish', date: '2024-03-04T05:06:07', format: 'aside', sticky: true, tags: [v.tag], featured_media: v.media, comment_status: 'closed', slug: 'full-post-slug' }), keep: (a, v) => { v.full = a.body?.id; }, compare: 'full' },
  { name: 'post-full-embed-featured', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.full}?_embed=wp:featuredmedia`, auth: 'none', compare: 'full' },
  { name: 'post-full-embed-context', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.full}?context=embed`, auth: 'none', compare: 'full' },
  { name: 'media-embed-context', method: 'GET', path: (v) => `/wp-json/wp/v2/media/${v.media}?context=embed`, auth: 'none', compare: 'full' },
  { name: 'post-update-tags-date-gmt', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.full}`, auth: 'app', body: { tags: [], date_gmt: '2024-03-05T00:00:00', sticky: false }, compare: 'full' },
  { name: 'list-sticky', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?sticky=false&include=${v.full}&_fields=id,sticky`, auth: 'none', compare: 'full' },
  { name: 'list-slug', method: 'GET', path: () => '/wp-json/wp/v2/posts?slug=full-post-slug&_fields=slug,format,date', auth: 'none', compare: 'full' },
  { name: 'list-after-before', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?after=2024-03-01T00:00:00&before=2024-03-10T00:00:00&include=${v.full}&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'list-status-any', method: 'GET', path: () => '/wp-json/wp/v2/posts?status=any&per_page=2&context=edit', auth: 'app', compare: 'shape' },
  { name: 'list-trailing-slash', method: 'GET', path: () => '/wp-json/wp/v2/posts/?per_page=1', auth: 'none', compare: 'shape' },
  { name: 'protected-post-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'Locked replay', content: 'secret words', excerpt: 'secret excerpt', password: 'pw', status: 'publish' }, keep: (a, v) => { v.locked = a.body?.id; }, compare: 'full' },
  { name: 'protected-post-view', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.locked}`, auth: 'none', compare: 'full' },
  { name: 'protected-post-with-password', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.locked}?password=pw`, auth: 'none', compare: 'full' },
  { name: 'list-password', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include=${v.locked}&password=pw&_fields=title,content,excerpt`, auth: 'none', compare: 'full' },
  { name: 'list-wrong-password', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include=${v.locked}&password=nope&_fields=title,content,excerpt`, auth: 'none', compare: 'full' },
  { name: 'media-update', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}`, auth: 'app', body: { alt_text: 'A "pixel"', caption: 'Cap -- tion', description: 'Desc' }, compare: 'full' },
  { name: 'err-media-delete-no-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/media/${v.media}`, auth: 'app', compare: 'full' },
  { name: 'err-invalid-date-gmt', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', date_gmt: 'soon' }, compare: 'full' },
  { name: 'err-featured-missing', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', featured_media: 99999999 }, compare: 'full' },
  { name: 'err-invalid-format', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', format: 'poem' }, compare: 'full' },
  { name: 'err-invalid-template', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', template: 'nope.php' }, compare: 'full' },
  { name: 'err-tags-missing', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'x', tags: [99999999] }, compare: 'full' },
  { name: 'err-title-number', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 5, status: 'draft', sticky: 'maybe' }, compare: 'full' },
  { name: 'err-method-override-delete-admin', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.locked}?_method=DELETE`, auth: 'app', compare: 'full' },
  { name: 'page-revisions', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.page}/revisions`, auth: 'app', compare: 'full' },
  { name: 'err-revisions-anon', method: 'GET', path: (v) => `/wp-json/wp/v2/pages/${v.page}/revisions`, auth: 'none', compare: 'full' },
  { name: 'options-pages', method: 'OPTIONS', path: () => '/wp-json/wp/v2/pages', auth: 'app', compare: 'full' },
  { name: 'options-media', method: 'OPTIONS', path: () => '/wp-json/wp/v2/media', auth: 'app', compare: 'full' },
  { name: 'options-autosaves', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}/autosaves`, auth: 'app', compare: 'full' },
  { name: 'options-media-edit', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/media/${v.media}/edit`, auth: 'app', compare: 'full' },
  { name: 'options-media-post-process', method: 'OPTIONS', path: (v) => `/wp-json/wp/v2/media/${v.media}/post-process`, auth: 'app', compare: 'full' },
  { name: 'options-unknown-route', method: 'OPTIONS', path: () => '/wp-json/wp/v2/nope', auth: 'none', compare: 'full' },
  { name: 'list-embed-context', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&context=embed`, auth: 'none', compare: 'full' },
  { name: 'options-cors-preflight', method: 'OPTIONS', path: () => '/wp-json/wp/v2/posts', auth: 'none', compare: 'top' },

  // the REST items of issue 11's list: ?rest_route= paging links, media statuses, uploads, pages, _fields with _embed
  { name: 'rest-route-page-2-of-3', method: 'GET', path: (v) => `/?rest_route=/wp/v2/posts&categories=${v.cat}&per_page=1&page=2`, auth: 'none', compare: 'full' },
  { name: 'err-media-status-publish-anon', method: 'GET', path: () => '/wp-json/wp/v2/media?status=publish', auth: 'none', compare: 'full' },
  { name: 'err-media-status-publish', method: 'GET', path: () => '/wp-json/wp/v2/media?status=publish', auth: 'app', compare: 'full' },
  { name: 'media-upload-upper-extension', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: upload('Upper-Case.PNG'), keep: (a, v) => { v.upper = a.body?.id; }, compare: 'full' },
  { name: 'media-upload-text-file', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: { data: Buffer.from('plain words\n'), headers: { 'content-type': 'text/plain', 'content-disposition': `attachment; filename=notes-${process.pid}.txt` } }, keep: (a, v) => { v.text = a.body?.id; }, compare: 'full' },
  { name: 'err-upload-text-as-png', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: { data: Buffer.from('plain words\n'), headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=words.png' } }, compare: 'full' },
  { name: 'err-page-own-parent', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.page}`, auth: 'app', bodyOf: (v) => ({ parent: v.page }), compare: 'full' },
  { name: 'page-child-autosave', method: 'POST', path: (v) => `/wp-json/wp/v2/pages/${v.child}/autosaves`, auth: 'app', body: { title: 'Replay child', content: '<p>Child draft.</p>' }, compare: 'full' },
  { name: 'post-fields-embedded-author', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}?_fields=id,slug,_embedded.author&_embed`, auth: 'none', compare: 'full' },
  { name: 'list-fields-embedded-author', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&_fields=id,_embedded.author.name&_embed=author`, auth: 'none', compare: 'full' },

  // statuses, dates, attachments
  { name: 'draft-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'Floating draft', content: 'draft body' }, keep: (a, v) => { v.draft = a.body?.id; }, compare: 'full' },
  { name: 'draft-edit', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.draft}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'err-draft-anon', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.draft}`, auth: 'none', compare: 'full' },
  { name: 'future-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'Later post', status: 'publish', date: '2099-01-01T10:00:00' }, keep: (a, v) => { v.future = a.body?.id; }, compare: 'full' },
  { name: 'private-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: 'Private post', status: 'private' }, keep: (a, v) => { v.private = a.body?.id; }, compare: 'full' },
  { name: 'err-private-anon', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.private}`, auth: 'none', compare: 'full' },
  { name: 'draft-autosave', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.draft}/autosaves`, auth: 'app', body: { title: 'Floating draft', content: 'autosaved draft body', excerpt: 'draft excerpt' }, compare: 'full' },
  { name: 'draft-autosaves-list', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.draft}/autosaves`, auth: 'app', compare: 'full' },
  { name: 'draft-after-autosave', method: 'GET', path: (v) => `/wp-json/wp/v2/posts/${v.draft}?context=edit`, auth: 'app', compare: 'full' },
  { name: 'draft-publish', method: 'POST', path: (v) => `/wp-json/wp/v2/posts/${v.draft}`, auth: 'app', body: { status: 'publish' }, compare: 'full' },
  { name: 'media-attached-create', method: 'POST', path: (v) => `/wp-json/wp/v2/media?post=${v.posts[1]}`, auth: 'app', binary: upload('attached-pixel.png'), keep: (a, v) => { v.attached = a.body?.id; }, compare: 'full' },
  { name: 'media-by-parent', method: 'GET', path: (v) => `/wp-json/wp/v2/media?parent=${v.posts[1]}`, auth: 'none', compare: 'full' },
  { name: 'media-delete-force', method: 'DELETE', path: (v) => `/wp-json/wp/v2/media/${v.attached}?force=true`, auth: 'app', compare: 'full' },
  { name: 'list-embed', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&per_page=1&_embed=wp:featuredmedia`, auth: 'none', compare: 'full' },
  { name: 'list-no-match', method: 'GET', path: () => '/wp-json/wp/v2/posts?search=zzzqqqnomatch', auth: 'none', compare: 'full' },
  { name: 'list-orderby-modified', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include=${v.posts.join(',')}&orderby=modified&order=asc&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'err-order-by-include-missing', method: 'GET', path: () => '/wp-json/wp/v2/posts?orderby=include', auth: 'none', compare: 'full' },
  { name: 'head-post', method: 'HEAD', path: (v) => `/wp-json/wp/v2/posts/${v.posts[0]}`, auth: 'none', compare: 'full' },
  { name: 'batch-update-delete', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', bodyOf: (v) => ({ requests: [{ method: 'PUT', path: `/wp/v2/posts/${v.future}`, body: { title: 'Later post (batched)' } }, { method: 'DELETE', path: `/wp/v2/posts/${v.private}?force=true` }] }), compare: 'full' },

  // params in their many forms, form bodies, media editing
  { name: 'list-include-array', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include[]=${v.posts[0]}&include[]=${v.posts[1]}&_fields[]=slug&_fields[]=status&orderby=id&order=asc`, auth: 'none', compare: 'full' },
  { name: 'list-status-comma', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?status=publish,private&include=${v.posts[0]}&_fields=slug`, auth: 'app', compare: 'full' },
  { name: 'list-offset', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&offset=1&per_page=1&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'list-tax-relation-or', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories=${v.cat}&tags=999998&tax_relation=OR&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'list-categories-children', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?categories[terms]=${v.cat}&categories[include_children]=true&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'list-modified-after', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?modified_after=2000-01-01T00:00:00&categories=${v.cat}&_fields=slug`, auth: 'none', compare: 'full' },
  { name: 'err-post-zero', method: 'GET', path: () => '/wp-json/wp/v2/posts/0', auth: 'none', compare: 'full' },
  { name: 'err-post-negative', method: 'GET', path: () => '/wp-json/wp/v2/posts/-1', auth: 'none', compare: 'full' },
  { name: 'err-title-array', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: ['a'], status: 'draft' }, compare: 'full' },
  { name: 'err-author-exclude-text', method: 'GET', path: () => '/wp-json/wp/v2/posts?author_exclude=me', auth: 'none', compare: 'full' },
  { name: 'err-after-bad', method: 'GET', path: () => '/wp-json/wp/v2/posts?after=yesterday', auth: 'none', compare: 'full' },
  { name: 'err-categories-operator', method: 'GET', path: () => '/wp-json/wp/v2/posts?categories[terms]=1&categories[operator]=XOR', auth: 'none', compare: 'full' },
  { name: 'media-put', method: 'PUT', path: (v) => `/wp-json/wp/v2/media/${v.media}`, auth: 'app', body: { title: 'Pixel title', post: 0 }, compare: 'full' },
  { name: 'media-edit-rotate', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/edit`, auth: 'app', bodyOf: (v) => ({ src: v.mediaUrl, rotation: 90 }), keep: (a, v) => { v.edited = a.body?.id; }, compare: 'full' },
  { name: 'media-broken-create', method: 'POST', path: () => '/wp-json/wp/v2/media', auth: 'app', binary: { data: BROKEN, headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=broken-pixel.png' } }, keep: (a, v) => { v.broken = a.body?.id; v.brokenUrl = a.body?.source_url; }, compare: 'shape' },
  { name: 'err-media-edit-broken', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.broken}/edit`, auth: 'app', bodyOf: (v) => ({ src: v.brokenUrl, rotation: 90 }), compare: 'full' },
  { name: 'err-media-edit-foreign-src', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/edit`, auth: 'app', body: { src: 'http://example.com/a.png', rotation: 90 }, compare: 'full' },
  { name: 'media-post-process', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/post-process`, auth: 'app', body: { action: 'create-image-subsizes' }, compare: 'full' },
  { name: 'err-media-post-process-action', method: 'POST', path: (v) => `/wp-json/wp/v2/media/${v.media}/post-process`, auth: 'app', body: { action: 'nope' }, compare: 'full' },

  // cookie sessions (the block editor's way): nonce checked, refreshed in X-WP-Nonce
  { name: 'cookie-users-me', method: 'GET', path: () => '/wp-json/wp/v2/posts?per_page=1&context=edit&_fields=id', auth: 'cookie', compare: 'shape' },
  { name: 'cookie-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'cookie', body: { title: 'Cookie post', status: 'draft' }, keep: (a, v) => { v.cookiePost = a.body?.id; }, compare: 'full' },
  { name: 'err-cookie-no-nonce-edit', method: 'GET', path: () => '/wp-json/wp/v2/posts?context=edit', auth: 'cookie-no-nonce', compare: 'full' },
  { name: 'err-cookie-no-nonce-create', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'cookie-no-nonce', body: { title: 'x' }, compare: 'full' },
  { name: 'err-cookie-bad-nonce', method: 'GET', path: () => '/wp-json/wp/v2/posts', auth: 'cookie-bad-nonce', compare: 'full' },

  // batch
  { name: 'batch-two-creates', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch A', status: 'draft' } }, { method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch B', status: 'publish' } }] }, keep: (a, v) => { (v.batch ??= []).push(...(a.body?.responses ?? []).map((r: any) => r.body?.id).filter(Boolean)); }, compare: 'full' },
  { name: 'batch-require-all-validate-one-invalid', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { validation: 'require-all-validate', requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch C' } }, { method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch D', status: 'bogus' } }] }, compare: 'full' },
  { name: 'batch-normal-one-invalid', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch E', status: 'draft' } }, { method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch F', status: 'bogus' } }] }, keep: (a, v) => { (v.batch ??= []).push(...(a.body?.responses ?? []).map((r: any) => r.body?.id).filter(Boolean)); }, compare: 'full' },
  { name: 'err-batch-unauth', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'none', body: { requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch G' } }] }, compare: 'full' },
  { name: 'err-batch-disallowed-route', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: '/wp/v2/media', body: {} }] }, compare: 'full' },
  { name: 'batch-require-all-validate-disallowed-route', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { validation: 'require-all-validate', requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch H', status: 'draft' } }, { method: 'POST', path: '/wp/v2/media', body: {} }] }, compare: 'full' },
  { name: 'err-batch-too-many', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: Array.from({ length: 26 }, () => ({ method: 'POST', path: '/wp/v2/posts', body: { title: 'x' } })) }, compare: 'full' },
  { name: 'err-batch-get-inside', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'GET', path: '/wp/v2/posts' }] }, compare: 'full' },
  { name: 'err-batch-no-route', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: '/wp/v2/nope', body: {} }] }, compare: 'full' },
  { name: 'err-batch-bad-path', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: 'http://example.com/wp/v2/posts', body: {} }] }, compare: 'full' },
  { name: 'batch-query-in-path', method: 'POST', path: () => '/wp-json/batch/v1', auth: 'app', body: { requests: [{ method: 'POST', path: '/wp/v2/posts?_fields=id,title', body: { title: 'Batch query', status: 'draft' } }] }, keep: (a, v) => { (v.batch ??= []).push(...(a.body?.responses ?? []).map((r: any) => r.body?.id).filter(Boolean)); }, compare: 'full' },
  { name: 'err-envelope-error', method: 'GET', path: () => '/wp-json/wp/v2/posts/999999?_envelope', auth: 'none', compare: 'full' },
  { name: 'err-batch-get', method: 'GET', path: () => '/wp-json/batch/v1', auth: 'app', compare: 'full' },
  { name: 'options-batch', method: 'OPTIONS', path: () => '/wp-json/batch/v1', auth: 'none', compare: 'full' },
  // The residue of issue 30 (part 4): each also held by test/core/wp68-parity-residue.test.ts.
  { name: 'list-relevance-asc', method: 'GET', path: () => '/wp-json/wp/v2/posts?search=replay%20post&orderby=relevance&order=asc&_fields=slug', auth: 'none', compare: 'shape' },
  { name: 'list-fields-id-embedded', method: 'GET', path: (v) => `/wp-json/wp/v2/posts?include=${v.posts[0]}&_embed&_fields=id,_embedded`, auth: 'none', compare: 'full' },
  { name: 'err-pretty-any-value', method: 'GET', path: () => '/wp-json/wp/v2/posts/999999?_pretty=0', auth: 'none', compare: 'full' },
  { name: 'err-default-category-delete', method: 'DELETE', path: () => '/wp-json/wp/v2/categories/1?force=true', auth: 'app', compare: 'full' },

  ...EDITOR_EXCHANGES,
];
/**
 * Differences kept on purpose, each with its reason (bench/WORDPRESS-DIFFERENCES.md explains
 * them at more length). `ex`: an exchange name or a pattern of names; `contains`: a part of the
 * difference line.
 */
const KNOWN: Array<{ ex: string | RegExp; contains: string; why: string }> = [
  { ex: /./, contains: 'meta: type object vs WordPress array', why: 'our deployments register meta keys (theme/builder keys, document 2.6); the reference registers none, so PHP prints []' },
  { ex: /./, contains: 'meta.properties: type object vs WordPress array', why: 'registered meta keys, as above' },
  { ex: /./, contains: 'keys WordPress lacks site-sidebar-layout', why: 'the theme and builder meta keys the interface registers (2.6); the reference registers none' },
  { ex: /./, contains: 'keys WordPress lacks _builder_edit_mode', why: 'the builder meta keys the interface registers (2.6)' },
  { ex: /^discovery/, contains: 'args.media_type', why: 'the interface (media list) takes media_type as an array of the five kinds (later WordPress)' },
  { ex: /^discovery/, contains: 'args.mime_type', why: 'the interface (media list) takes mime_type as an array of strings (later WordPress)' },
  { ex: /^discovery|^namespace|^(editor-)?options-media$/, contains: 'generate_sub_sizes, convert_format, url', why: 'upload fields the interface declares (2.4: generate_sub_sizes, convert_format, url sideloading)' },
  { ex: /^discovery/, contains: 'keys missing site_logo, site_icon, site_icon_url, _links', why: 'the interface (2.1) lists the discovery fields; site logo/icon and the help link are not among them' },
  { ex: /^discovery/, contains: 'page_for_posts, page_on_front, show_on_front', why: 'the interface (2.1) declares them (WordPress 6.7 added them)' },
  { ex: /^options-|^namespace/, contains: 'keys WordPress lacks search_semantics, search_columns', why: 'list params the interface declares (later WordPress)' },
  { ex: /^namespace/, contains: 'lacks excerpt_length', why: 'excerpt_length is an interface param (later WordPress)' },
  { ex: /^namespace|^(editor-)?options-media$/, contains: 'args.media_type', why: 'the interface (media list) takes media_type as an array of the five kinds (later WordPress)' },
  { ex: /^namespace|^(editor-)?options-media$/, contains: 'args.mime_type', why: 'the interface (media list) takes mime_type as an array of strings (later WordPress)' },
  { ex: /^namespace/, contains: 'featured_media, generate_sub_sizes, convert_format, url', why: 'upload fields the interface declares (2.4: featured_media, generate_sub_sizes, convert_format, url sideloading)' },
  { ex: /^namespace/, contains: 'args: keys WordPress lacks featured_media', why: 'the interface (2.4) gives media a featured_media field' },
  { ex: /^namespace|^discovery/, contains: '/edit].endpoints[0].args', why: 'the interface declares media edit as later WordPress has it: a flip modifier and the copy\'s fields (title, caption, description, alt_text, post)' },
  { ex: 'options-media-edit', contains: 'endpoints[0].args', why: 'the interface declares media edit as later WordPress has it: a flip modifier and the copy\'s fields (title, caption, description, alt_text, post)' },
  { ex: /^options-/, contains: 'lacks excerpt_length', why: 'excerpt_length is an interface param (later WordPress)' },
  { ex: /^options-/, contains: 'lacks class_list', why: 'class_list is an interface field (WordPress 6.5+)' },
  { ex: /^(editor-)?options-/, contains: '.title: "The current user may', why: 'action link titles are our own wording; WordPress text is not copied' },
  { ex: /^types-post$|^editor-types?-/, contains: 'dashicons-', why: 'the normaliser replaces the administrator name `admin`, also inside the icon name: not a difference' },
  { ex: 'err-invalid-template', contains: 'is not one of', why: "each site's theme offers its own templates (the reference theme has 'blank'; ours none)" },
  { ex: /^options-media|^media-|featured/, contains: 'featured_media', why: 'the interface (2.4) gives media a featured_media field (later WordPress)' },
  { ex: /revision|autosave/, contains: 'lacks meta', why: 'revision meta (WordPress 6.4+) is in the spec resources' },
  { ex: 'err-bad-app-password', contains: '', why: 'the reference answers a wrong application password as anonymous (rest_not_logged_in here); we keep the 401 incorrect_password WordPress documents and its auth code raises' },
  { ex: /^(post-revision-single|options-revision-item|err-revision-delete-no-force|err-revision-delete-force)$/, contains: '', why: 'the interface makes revision delete with force=true work (WordPress 6.1 maps it to do_not_allow, so 403 and Allow: GET)' },
  { ex: /^revisions-(paged|orderby-id)$/, contains: '', why: 'one revision fewer here: the interface let err-revision-delete-force delete one, WordPress 6.1 refused' },
  { ex: 'err-revision-other-parent', contains: '', why: 'WordPress 6.1 serves a revision under any parent id; we answer 404 rest_revision_parent_id_mismatch as later WordPress does' },
  { ex: /^(discovery|namespace)/, contains: 'routes[/wp/v2/comments]', why: 'comments are served only as far as `replies` embedding needs (issue 11): no comment is stored, so there is no POST /comments' },
  { ex: 'err-user-create-duplicate', contains: '', why: "WordPress answers a taken login with a 500 and data null (wp_insert_user's error has no status); bad input is never a 500 here: 400 with the same code and message" },
  { ex: 'err-upload-text-as-png', contains: '', why: "WordPress answers an upload whose bytes are not of its extension's type with a 500; the project's rule is that bad input is never a 500, so it is a 400 with the reason" },
  { ex: /^(discovery|namespace)/, contains: 'has_published_posts.items.enum: keys missing', why: "the enum lists each site's own post types; the reference has block-theme types (wp_block, wp_template...) this server does not store" },
  { ex: 'err-jsonp-bad-callback', contains: '', why: 'WordPress answers a bare {code, message} typed as JavaScript; the project keeps every error in the interface shape (code, message, data.status) as JSON' },
  { ex: /autosave-create|autosave-equal-to-post|page-autosave|page-child-autosave|^editor-post-autosave/, contains: 'preview_nonce', why: 'we serve no front-end previews, so no preview nonce to check; the link carries preview_id and preview=true' },
  // The block editor's calls (issue 30): differences kept on purpose, each listed in bench/WORDPRESS-DIFFERENCES.md.
  { ex: /^editor-types?-/, contains: '.labels.', why: "type labels are our own words (their keys, order and nulls are 6.8's); WordPress's text is not copied" },
  { ex: /^editor-global-styles-(theme|variations)$/, contains: '', why: "each site's theme is its own: ours is the specpress block theme (spec/data/theme.yaml), its theme.json settings, styles and their order; the reference runs twentytwentyfive with WordPress's core theme.json defaults merged in" },
  { ex: 'editor-block-patterns', contains: '$[0]: keys', why: "each site's patterns are its own: the first of ours is one of the specpress theme's five (unset fields left out), the reference's a core pattern with block_types" },
  { ex: /^discovery|^namespace|^editor-options-global-styles$/, contains: 'keys missing allow_batch', why: "the theme and global styles routes' allow_batch: {v1: false} is not published (no route of theirs takes batches either way)" },
  { ex: /^discovery|^namespace|^editor-options-templates$/, contains: 'slug.pattern', why: "6.8's `\\%` is not a valid escape in a Unicode regular expression: the pattern is published as [a-zA-Z0-9_%-]+" },
  { ex: /^discovery|^namespace|^editor-options-blocks$/, contains: 'wp_pattern_sync_status: keys missing default', why: "6.8 publishes default '' outside its own enum [partial, unsynced]; the spec refuses a default that is not one of the enum values (SP032)" },
  { ex: 'editor-options-blocks', contains: 'schema.properties: keys WordPress lacks wp_pattern_sync_status', why: "synced patterns answer wp_pattern_sync_status (6.8 too); the schema here lists what the answer holds" },
  { ex: 'editor-options-templates', contains: 'schema.properties: keys missing plugin', why: 'no plugin registers templates here: the field is not published' },
  { ex: 'editor-options-templates', contains: '"boolean" vs WordPress "bool"', why: "`bool` is not a JSON Schema type; has_theme_file and is_custom are published as boolean" },
  { ex: 'editor-options-templates', contains: '.type: type array vs WordPress string', why: "origin (null for a theme's file) and modified (false for a template never edited) are described as the values answered; 6.8 says string and answers null and false" },
  { ex: 'editor-options-settings', contains: 'site_logo.type: type array', why: "site_logo is described as integer or null, as answered when no logo is set; 6.8 says integer and answers null" },
];

function isKnown(ex: string, line: string): string | undefined {
  return KNOWN.find((k) => (typeof k.ex === 'string' ? k.ex === ex : k.ex.test(ex)) && line.includes(k.contains))?.why;
}

/** Logs in to the reference site as its administrator (oracle README) and reads a wp_rest nonce. */
async function wordpressSession(): Promise<{ cookie: string; nonce: string }> {
  const login = await fetch(`${WP}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: 'admin', pwd: process.env.WP_ADMIN_PASSWORD ?? 'oracle-admin-password', 'wp-submit': 'Log In', testcookie: '1' }).toString(),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => c.startsWith('wordpress_')).join('; ');
  const nonce = await (await fetch(`${WP}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { cookie } })).text();
  return { cookie, nonce };
}

async function main(): Promise<void> {
  // The replay compares behaviour with WordPress's: answers are not checked against our own OpenAPI document here.
  const server = await startTestServer({ deployment: 'studio', config: { checkAnswers: false } });
  await setOption(server.app.db, 'permalink_structure', '/%postname%/');
  const admin = server.users.administrator;
  const session = await createSession(server.app.db, admin.id);
  const ourCookie = `${session.cookieName}=${session.cookieValue}`;
  const wpSession = await wordpressSession();
  const cookieAuth = (cookie: string, nonce: string) => ({ cookie: { cookie, 'x-wp-nonce': nonce }, 'cookie-no-nonce': { cookie }, 'cookie-bad-nonce': { cookie, 'x-wp-nonce': 'bad' } });
  const us: Target = {
    base: server.siteUrl,
    auth: { app: server.authHeaders('administrator'), none: {}, bad: { authorization: `Basic ${Buffer.from(`${admin.login}:wrongwrongwrongwrongwrong`).toString('base64')}` }, ...cookieAuth(ourCookie, session.nonce) },
    adminNames: [admin.login],
  };
  const wp: Target = {
    base: WP,
    auth: { app: { authorization: `Basic ${Buffer.from(WP_CREDENTIALS).toString('base64')}` }, none: {}, bad: { authorization: `Basic ${Buffer.from('admin:wrongwrongwrongwrongwrong').toString('base64')}` }, ...cookieAuth(wpSession.cookie, wpSession.nonce) },
    adminNames: ['admin'],
  };
  const vu: Vars = { adminId: admin.id };
  const vw: Vars = { adminId: 1 };
  const name = `Replay ${process.pid}`;
  // Uncategorized first, so that category id 1 names it on both sites (exchanges post categories: [1]).
  await defaultCategory(server.app.db);
  vu.cat = (await addTerm(server.app.db, { taxonomy: 'category', name })).id;
  vu.tag = (await addTerm(server.app.db, { taxonomy: 'post_tag', name: `replay-tag-${process.pid}` })).id;
  const wpTerm = async (type: string, body: unknown) => ((await (await fetch(`${WP}/wp-json/wp/v2/${type}`, { method: 'POST', headers: { ...wp.auth.app, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: number }).id;
  // The reference site is seeded (seed-wordpress.sh); ours gets a dozen posts so lists have pages.
  for (let n = 1; n <= 12; n++) await send(us, { name: 'seed', method: 'POST', path: () => '/wp-json/wp/v2/posts', auth: 'app', body: { title: `Seeded post ${n}`, content: `<p>Seeded ${n}.</p>`, status: 'publish' }, compare: 'shape' }, vu);
  vw.cat = await wpTerm('categories', { name });
  vw.tag = await wpTerm('tags', { name: `replay-tag-${process.pid}` });
  let total = 0;
  let known = 0;
  try {
    const selected = GROUP === 'editor' ? EXCHANGES.filter((e) => e.name.startsWith('setup-') || e.name.startsWith('editor-')) : EXCHANGES;
    for (const ex of selected) {
      const run = async (t: Target, v: Vars) => send(t, ex.bodyOf ? { ...ex, body: ex.bodyOf(v) } : ex, v);
      const ours = await run(us, vu);
      const theirs = await run(wp, vw);
      ex.keep?.(ours, vu);
      ex.keep?.(theirs, vw);
      if (ONLY && !ex.name.includes(ONLY)) continue;
      const lines: string[] = [];
      if (ours.status !== theirs.status) lines.push(`status ${ours.status} vs WordPress ${theirs.status}`);
      lines.push(...diffHeaders(ours, theirs, us, wp, ex.compare));
      if (theirs.body === null && ours.body === null) {
        if (normaliseString(ours.raw, us) !== normaliseString(theirs.raw, wp)) lines.push(`raw body ${JSON.stringify(ours.raw.slice(0, 120))} vs WordPress ${JSON.stringify(theirs.raw.slice(0, 120))}`);
      } else {
        lines.push(...diffJson(ours.body, theirs.body, us, wp, ex.compare));
        // `_pretty` answers are compared as text too: their layout is what the param asks for.
        if (ex.path(vu).includes('_pretty') && normaliseString(ours.raw, us) !== normaliseString(theirs.raw, wp)) lines.push(`pretty text ${JSON.stringify(ours.raw.slice(0, 120))} vs WordPress ${JSON.stringify(theirs.raw.slice(0, 120))}`);
        // Indexes: the routes both sites serve are compared in full (descriptions by type: ours are our own words).
        if (ex.compare === 'top' && ours.body?.routes && theirs.body?.routes) {
          for (const route of Object.keys(theirs.body.routes).filter((r) => r in ours.body.routes)) {
            lines.push(...diffJson(ours.body.routes[route], theirs.body.routes[route], us, wp, 'full', `$.routes[${route}]`));
          }
        }
      }
      const open = lines.filter((l) => !isKnown(ex.name, l));
      const kept = lines.filter((l) => isKnown(ex.name, l));
      total += open.length;
      known += kept.length;
      const mark = open.length ? '✗' : kept.length ? '~' : '✓';
      console.log(`${mark} ${ex.name} (${ex.method} ${ex.path(vu).replace(/\d+/g, 'N')})`);
      for (const l of open.slice(0, MAX)) console.log(`    ${l}`);
      if (open.length > MAX) console.log(`    … ${open.length - MAX} more`);
      for (const l of kept) console.log(`    (known) ${l.slice(0, 160)} — ${isKnown(ex.name, l)}`);
    }
  } finally {
    // Leave the reference site as it was (ids still advance).
    const del = (p: string) => fetch(`${WP}/wp-json/wp/v2/${p}`, { method: 'DELETE', headers: wp.auth.app }).catch(() => undefined);
    for (const id of [...(vw.posts ?? []), ...(vw.batch ?? [])]) await del(`posts/${id}?force=true`);
    if (vw.new) await del(`posts/${vw.new}?force=true`);
    if (vw.child) await del(`pages/${vw.child}?force=true`);
    if (vw.full) await del(`posts/${vw.full}?force=true`);
    if (vw.cookiePost) await del(`posts/${vw.cookiePost}?force=true`);
    for (const key of ['draft', 'future', 'private']) if (vw[key]) await del(`posts/${vw[key]}?force=true`);
    if (vw.attached) await del(`media/${vw.attached}?force=true`);
    if (vw.edited) await del(`media/${vw.edited}?force=true`);
    if (vw.broken) await del(`media/${vw.broken}?force=true`);
    if (vw.locked) await del(`posts/${vw.locked}?force=true`);
    if (vw.page) await del(`pages/${vw.page}?force=true`);
    if (vw.media) await del(`media/${vw.media}?force=true`);
    if (vw.upper) await del(`media/${vw.upper}?force=true`);
    if (vw.text) await del(`media/${vw.text}?force=true`);
    if (vw.user && !vw.userGone) await del(`users/${vw.user}?force=true&reassign=1`);
    if (vw.cat) await del(`categories/${vw.cat}?force=true`);
    if (vw.tag) await del(`tags/${vw.tag}?force=true`);
    if (vw.ed) await del(`posts/${vw.ed}?force=true`);
    if (vw.edPage) await del(`pages/${vw.edPage}?force=true`);
    if (vw.edMedia) await del(`media/${vw.edMedia}?force=true`);
    if (vw.edBlock) await del(`blocks/${vw.edBlock}?force=true`);
    await server.close();
  }
  console.log(`\n${GROUP === 'editor' ? EXCHANGES.filter((e) => e.name.startsWith('setup-') || e.name.startsWith('editor-')).length : EXCHANGES.length} exchanges: ${total} differences, ${known} known on purpose.`);
}

await main();
