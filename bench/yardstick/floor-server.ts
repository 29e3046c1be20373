/**
 * The floor: the least a server can do to answer a WordPress-shaped post list and single post
 * from SQLite on this machine. fastify + better-sqlite3, statements prepared once, rows rendered
 * when they are seeded, JSON.stringify. No auth, no validation beyond numbers, no rendering at
 * read time: whatever specpress does on top of this is what the ratio in the bench measures.
 *
 * Run: `tsx bench/yardstick/floor-server.ts <database file> <port>`; prints `listening <port>`.
 * Seeded by `seedFloor` (bench/yardstick/seed.ts) before it starts.
 */
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';

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

const [file, portArg] = process.argv.slice(2);
const db = new SQLite(file, { readonly: true });
db.pragma('journal_mode = WAL');
const listStatement = db.prepare('SELECT * FROM posts WHERE status = ? ORDER BY date DESC, id DESC LIMIT ? OFFSET ?');
const countStatement = db.prepare('SELECT count(*) AS n FROM posts WHERE status = ?');
const oneStatement = db.prepare('SELECT * FROM posts WHERE id = ?');

function origin(host: string | undefined): string {
  return `http://${host ?? '127.0.0.1'}`;
}

/** The fields WordPress's posts controller sends in the view context, in its order. */
function shape(row: FloorRow, base: string) {
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
    meta: { footnotes: '' },
    categories: [row.category],
    tags: [],
    class_list: [`post-${row.id}`, 'post', 'type-post', `status-${row.status}`, 'format-standard', 'hentry'],
    _links: {
      self: [{ href: `${base}/wp-json/wp/v2/posts/${row.id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${base}/wp-json/wp/v2/posts` }],
      about: [{ href: `${base}/wp-json/wp/v2/types/post` }],
      author: [{ embeddable: true, href: `${base}/wp-json/wp/v2/users/1` }],
      replies: [{ embeddable: true, href: `${base}/wp-json/wp/v2/comments?post=${row.id}` }],
      'wp:term': [{ taxonomy: 'category', embeddable: true, href: `${base}/wp-json/wp/v2/categories?post=${row.id}` }],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    },
  };
}

const app = Fastify({ logger: false });

app.get<{ Querystring: { per_page?: string; page?: string } }>('/wp-json/wp/v2/posts', async (req, reply) => {
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 10) || 10));
  const page = Math.max(1, Number(req.query.page ?? 1) || 1);
  const base = origin(req.headers.host);
  const rows = listStatement.all('publish', perPage, (page - 1) * perPage) as FloorRow[];
  const total = (countStatement.get('publish') as { n: number }).n;
  reply.header('X-WP-Total', total).header('X-WP-TotalPages', Math.ceil(total / perPage));
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

const address = await app.listen({ host: '127.0.0.1', port: Number(portArg ?? 0) });
console.log(`listening ${new URL(address).port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
