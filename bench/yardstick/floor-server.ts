/**
 * The floor: the least a server can do to answer a WordPress-shaped post list and single post
 * from SQLite on this machine, and to take WordPress's batch of post creates. fastify +
 * better-sqlite3, statements prepared once, rows rendered when they are stored, JSON.stringify.
 * No validation beyond numbers and the create's few fields, no rendering at read time: whatever
 * specpress does on top of this is what the ratio in the bench measures.
 *
 * Writes pay what specpress pays for durability: WAL with synchronous = FULL (an acknowledged
 * write survives power loss), so every batch's COMMIT waits for its fsync.
 *
 * Its answers carry what WordPress 6.8's carry for the same post (the links to revisions,
 * attachments and tags included) and the meta the compared site registers: the floor answers what
 * specpress answers, or the ratio would measure a smaller answer instead of a faster server.
 *
 * Run: `tsx bench/yardstick/floor-server.ts <database file> <port> [<meta file>]`; prints
 * `listening <port>`. The meta file is the JSON object of registered meta (with their defaults)
 * every post shows. Seeded by `seedFloor` (bench/yardstick/seed.ts) before it starts.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { renderContent, renderExcerpt, renderTitle } from '../../runtime/content/render/index.ts';

interface FloorRow {
  id: number;
  date: string;
  slug: string;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  category: number;
}

const [file, portArg, metaFile] = process.argv.slice(2);
/** The registered meta every post shows (WordPress's own `footnotes` when none is named). */
const META: Record<string, unknown> = metaFile ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : { footnotes: '' };
const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
// The columns the answers send: the raw text stays on disk, reads never decode it.
const COLUMNS = 'id, date, slug, status, title, content, excerpt, category';
const listStatement = db.prepare(`SELECT ${COLUMNS} FROM posts WHERE type = 'post' AND status = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`);
const countStatement = db.prepare(`SELECT count(*) AS n FROM posts WHERE type = 'post' AND status = ?`);
const oneStatement = db.prepare(`SELECT ${COLUMNS} FROM posts WHERE id = ?`);
// The edit context sends the raw text beside the rendered one: these reads decode it too.
const editListStatement = db.prepare(`SELECT ${COLUMNS}, raw_title, raw_content, raw_excerpt FROM posts WHERE type = 'post' AND status = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`);

// A create: the slug's uniqueness among posts (index posts_type_slug), the row, its category.
const slugTaken = db.prepare(`SELECT 1 FROM posts WHERE type = 'post' AND slug = ? LIMIT 1`);
// The highest N of `slug-N`: `slug-<digit>...` sorts between `slug-0` and `slug-:`, so this is a
// range of the (type, slug) index, read without the table; slugs going on after their digits
// (`slug-2-b`) are not numbers and do not count.
const highestSuffix = db.prepare(`SELECT max(CAST(substr(slug, ?) AS INTEGER)) AS n FROM posts
  WHERE type = 'post' AND slug >= ? AND slug < ? AND substr(slug, ?) NOT GLOB '*[^0-9]*'`);
const insertPost = db.prepare(`INSERT INTO posts (type, date, slug, status, title, content, excerpt, category, raw_title, raw_content, raw_excerpt)
  VALUES ('post', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`);
const setSlug = db.prepare('UPDATE posts SET slug = ? WHERE id = ?');
const relate = db.prepare('INSERT INTO term_relationships (post_id, term_id) VALUES (?, ?)');
/** WordPress's default category, Uncategorized (the fixture's categories start at 2). */
const DEFAULT_CATEGORY = 1;
/** Statuses a create takes here; drafts and pending posts keep no slug until published, as in WordPress. */
const STATUSES = new Set(['publish', 'draft', 'pending', 'private']);
const LOOSE = new Set(['draft', 'pending']);

function origin(host: string | undefined): string {
  return `http://${host ?? '127.0.0.1'}`;
}

/** The fields WordPress's posts controller sends in the view context, in its order. */
function shape(row: FloorRow, base: string, allow: string[] = ['GET']) {
  const date = row.date.replace(' ', 'T');
  return {
    id: row.id,
    date,
    date_gmt: date,
    guid: { rendered: `${base}/?p=${row.id}` },
    modified: date,
    modified_gmt: date,
    slug: row.slug,
    status: row.status,
    type: 'post',
    link: `${base}/?p=${row.id}`,
    title: { rendered: row.title },
    content: { rendered: row.content, protected: false },
    excerpt: { rendered: row.excerpt, protected: false },
    author: 1,
    featured_media: 0,
    comment_status: 'open',
    ping_status: 'open',
    sticky: false,
    template: '',
    format: 'standard',
    meta: META,
    categories: [row.category],
    tags: [],
    class_list: [`post-${row.id}`, 'post', 'type-post', `status-${row.status}`, 'format-standard', 'hentry'],
    _links: {
      self: [{ href: `${base}/wp-json/wp/v2/posts/${row.id}`, targetHints: { allow } }],
      collection: [{ href: `${base}/wp-json/wp/v2/posts` }],
      about: [{ href: `${base}/wp-json/wp/v2/types/post` }],
      author: [{ embeddable: true, href: `${base}/wp-json/wp/v2/users/1` }],
      replies: [{ embeddable: true, href: `${base}/wp-json/wp/v2/comments?post=${row.id}` }],
      'version-history': [{ count: 0, href: `${base}/wp-json/wp/v2/posts/${row.id}/revisions` }],
      'wp:attachment': [{ href: `${base}/wp-json/wp/v2/media?parent=${row.id}` }],
      'wp:term': [
        { taxonomy: 'category', embeddable: true, href: `${base}/wp-json/wp/v2/categories?post=${row.id}` },
        { taxonomy: 'post_tag', embeddable: true, href: `${base}/wp-json/wp/v2/tags?post=${row.id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    },
  };
}

interface FloorEditRow extends FloorRow {
  raw_title: string;
  raw_content: string;
  raw_excerpt: string;
}

/**
 * The fields of the edit context, in WordPress's order: the view's, with the raw text, the
 * password, the permalink template and generated slug, the block version (worked out from the
 * raw content on each request, as WordPress does) and the links an administrator gets.
 */
function editShape(row: FloorEditRow, base: string) {
  const view = shape(row, base, ADMIN_ALLOW);
  const self = `${base}/wp-json/wp/v2/posts/${row.id}`;
  const action = [{ href: self }];
  return {
    id: view.id,
    date: view.date,
    date_gmt: view.date_gmt,
    guid: { rendered: view.guid.rendered, raw: view.guid.rendered },
    modified: view.modified,
    modified_gmt: view.modified_gmt,
    password: '',
    slug: view.slug,
    status: view.status,
    type: view.type,
    link: view.link,
    title: { raw: row.raw_title, rendered: row.title },
    content: { raw: row.raw_content, rendered: row.content, protected: false, block_version: row.raw_content.includes('<!-- wp:') ? 1 : 0 },
    excerpt: { raw: row.raw_excerpt, rendered: row.excerpt, protected: false },
    author: view.author,
    featured_media: view.featured_media,
    comment_status: view.comment_status,
    ping_status: view.ping_status,
    sticky: view.sticky,
    template: view.template,
    format: view.format,
    meta: view.meta,
    categories: view.categories,
    tags: view.tags,
    permalink_template: `${base}/?p=${row.id}`,
    generated_slug: row.slug,
    class_list: view.class_list,
    _links: {
      self: view._links.self,
      collection: view._links.collection,
      about: view._links.about,
      author: view._links.author,
      replies: view._links.replies,
      'version-history': view._links['version-history'],
      'wp:attachment': view._links['wp:attachment'],
      'wp:term': view._links['wp:term'],
      'wp:action-publish': action,
      'wp:action-unfiltered-html': action,
      'wp:action-sticky': action,
      'wp:action-assign-author': action,
      'wp:action-create-categories': action,
      'wp:action-assign-categories': action,
      'wp:action-create-tags': action,
      'wp:action-assign-tags': action,
      curies: view._links.curies,
    },
  };
}

const app = Fastify({ logger: false });

app.get<{ Querystring: { per_page?: string; page?: string; context?: string } }>('/wp-json/wp/v2/posts', async (req, reply) => {
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 10) || 10));
  const page = Math.max(1, Number(req.query.page ?? 1) || 1);
  const base = origin(req.headers.host);
  const total = (countStatement.get('publish') as { n: number }).n;
  reply.header('X-WP-Total', total).header('X-WP-TotalPages', Math.ceil(total / perPage));
  // The edit context is for who may edit: here, whoever sends credentials (see the batch route).
  if (req.query.context === 'edit') {
    if (!req.headers.authorization) {
      reply.code(401);
      return error('rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.', 401);
    }
    const rows = editListStatement.all('publish', perPage, (page - 1) * perPage) as FloorEditRow[];
    reply.header('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
    return rows.map((row) => editShape(row, base));
  }
  const rows = listStatement.all('publish', perPage, (page - 1) * perPage) as FloorRow[];
  return rows.map((row) => shape(row, base));
});

app.get<{ Params: { id: string } }>('/wp-json/wp/v2/posts/:id', async (req, reply) => {
  const row = oneStatement.get(Number(req.params.id)) as FloorRow | undefined;
  if (!row || row.status !== 'publish') {
    reply.code(404);
    return { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } };
  }
  return shape(row, origin(req.headers.host));
});

/** WordPress's sanitize_title, kept simple: tags and entities out, lower case, anything else between words a hyphen. */
function sanitizeTitle(title: string): string {
  return title.replace(/<[^>]*>/g, '').replace(/&[a-z0-9#]+;/gi, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** `slug`, or `slug-N` with N one past the highest taken (from 2): a lookup, and a range read when taken. */
function uniqueSlug(slug: string): string {
  if (!slugTaken.get(slug)) return slug;
  const { n } = highestSuffix.get(slug.length + 2, `${slug}-0`, `${slug}-:`, slug.length + 2) as { n: number | null };
  return `${slug}-${Math.max(2, (n ?? 0) + 1)}`;
}

/** A field WordPress takes as a string or as `{raw}`. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { raw?: unknown }).raw === 'string') return (value as { raw: string }).raw;
  return '';
}

/** A row to insert: a FloorRow before it has an id (the category is the default one). */
type Create = Omit<FloorRow, 'id' | 'category'> & { raw: { title: string; content: string; excerpt: string } };

/** The rows, in one transaction (one COMMIT, one fsync, per batch): slug, insert, category. */
const createAll = db.transaction((creates: Create[]): FloorRow[] =>
  creates.map((c) => {
    const slug = c.slug && !LOOSE.has(c.status) ? uniqueSlug(c.slug) : '';
    const row = insertPost.get(c.date, slug, c.status, c.title, c.content, c.excerpt, DEFAULT_CATEGORY, c.raw.title, c.raw.content, c.raw.excerpt) as FloorRow;
    // A published post without a title gets its id as slug (wp_insert_post does this after the insert).
    if (!row.slug && !LOOSE.has(row.status)) setSlug.run((row.slug = uniqueSlug(String(row.id))), row.id);
    relate.run(row.id, DEFAULT_CATEGORY);
    return row;
  }),
);

function error(code: string, message: string, status: number, extra: Record<string, unknown> = {}) {
  return { code, message, data: { status, ...extra } };
}

interface BatchRequest {
  method?: string;
  path?: string;
  body?: Record<string, unknown>;
}

const ADMIN_ALLOW = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

// Who may write is not checked beyond an authorization header being there: the floor measures
// storing and shaping, not password hashing (specpress checks an application password; what
// that costs is part of what the ratio shows).
app.post<{ Body: { requests?: unknown } }>('/wp-json/batch/v1', async (req, reply) => {
  if (!req.headers.authorization) {
    reply.code(401);
    return error('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', 401);
  }
  const requests = req.body?.requests;
  if (!Array.isArray(requests) || requests.length > 25) {
    reply.code(400);
    const why = Array.isArray(requests) ? 'requests must contain at most 25 items.' : 'requests is not of type array.';
    return error('rest_invalid_param', 'Invalid parameter(s): requests', 400, { params: { requests: why } });
  }
  const base = origin(req.headers.host);
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  // Each item is checked and rendered before the transaction; failures answer in their place.
  const answers: Array<{ body: unknown; status: number; headers: Record<string, string> } | undefined> = [];
  const creates: Create[] = [];
  for (const item of requests as BatchRequest[]) {
    const path = String(item?.path ?? '').replace(/\/+$/, '');
    if (String(item?.method ?? 'POST').toUpperCase() !== 'POST' || path !== '/wp/v2/posts') {
      answers.push({ body: error('rest_no_route', 'No route was found matching the URL and request method.', 404), status: 404, headers: {} });
      continue;
    }
    const body = item.body && typeof item.body === 'object' ? item.body : {};
    const status = body.status === undefined ? 'draft' : String(body.status);
    if (!STATUSES.has(status)) {
      const params = { status: `status is not one of ${[...STATUSES].join(', ')}.` };
      answers.push({ body: error('rest_invalid_param', 'Invalid parameter(s): status', 400, { params }), status: 400, headers: {} });
      continue;
    }
    const raw = { title: text(body.title), content: text(body.content), excerpt: text(body.excerpt) };
    answers.push(undefined);
    creates.push({
      date: now, slug: sanitizeTitle(raw.title), status, raw,
      title: renderTitle(raw.title), content: renderContent(raw.content), excerpt: renderExcerpt(raw.excerpt, raw.content),
    });
  }
  const rows = creates.length ? createAll(creates) : [];
  let next = 0;
  const responses = answers.map((answer) => {
    if (answer) return answer;
    const row = rows[next++];
    return { body: shape(row, base, ADMIN_ALLOW), status: 201, headers: { Location: `${base}/wp-json/wp/v2/posts/${row.id}` } };
  });
  reply.code(207);
  return { responses };
});

const address = await app.listen({ host: '127.0.0.1', port: Number(portArg ?? 0) });
console.log(`listening ${new URL(address).port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
