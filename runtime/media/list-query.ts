/**
 * The media collection's params as one query over attachments (WordPress's attachments
 * prepare_items_query on top of the posts one): status (inherit by default), media_type and
 * mime_type, parent and parent_exclude, author, include/exclude, slug, search (title, caption,
 * description and the file name), dates, ordering, paging.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';
import { restError } from '../rest/errors.ts';
import { filterDateToLocal, siteZone } from '../content/dates.ts';
import { ALLOWED_TYPES, mimeTypesOfMediaType } from './mime-types.ts';
import { ATTACHED_FILE } from './attachments.ts';
import { containsText } from '../linking/text-match.ts';
import { positionInList } from '../store/portable-sql.ts';

/**
 * What the media list reads, as its route's args hand them over (defaults applied: the id lists
 * are empty, not absent). The lists are still read leniently (list() below), since a route
 * declared elsewhere may default one to a single value.
 */
export type MediaListParams = {
  page: number;
  per_page: number;
  offset?: number;
  search?: string;
  search_semantics?: 'exact';
  search_columns: string[];
  after?: string;
  before?: string;
  modified_after?: string;
  modified_before?: string;
  author: number[];
  author_exclude: number[];
  include: number[];
  exclude: number[];
  parent: number[];
  parent_exclude: number[];
  slug?: string[];
  status: string[];
  media_type?: string[];
  mime_type?: string[];
  order: 'asc' | 'desc';
  orderby: string;
};

/** The attachments' query; `O` is what it selects (nothing while filtering, the ids when ordering). */
type Query<O = object> = SelectQueryBuilder<Database, 'posts', O>;

const ORDER_COLUMNS: Record<string, string> = {
  author: 'author', date: 'date', id: 'id', modified: 'modified', parent: 'parent', slug: 'slug', title: 'title',
};

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
/** The params are validated against the list's args first: the lists hold ids or text, as declared. */
const ids = (v: unknown): number[] => list(v).map(Number);
const texts = (v: unknown): string[] => list(v).map(String);

/** The mime types the `media_type` and `mime_type` params allow together, or null for "any". */
function mimeFilter(params: MediaListParams): string[] | null {
  const mimes = new Set<string>();
  let asked = false;
  for (const mediaType of list(params.media_type)) {
    asked = true;
    mimeTypesOfMediaType(String(mediaType)).forEach((m) => mimes.add(m));
  }
  const known = new Set(Object.values(ALLOWED_TYPES));
  for (const mime of list(params.mime_type)) {
    asked = true;
    if (known.has(String(mime))) mimes.add(String(mime));
  }
  // WordPress ignores the filters when nothing they name is an allowed type.
  return asked && mimes.size > 0 ? [...mimes] : null;
}

async function applyFilters(db: Kysely<Database>, q: Query, params: MediaListParams): Promise<Query> {
  q = q.where('type', '=', 'attachment');
  const statuses = texts(params.status ?? 'inherit');
  q = q.where('status', 'in', statuses.length ? statuses : ['inherit']);
  const mimes = mimeFilter(params);
  if (mimes) q = q.where('mime_type', 'in', mimes);
  if (list(params.parent).length) q = q.where('parent', 'in', ids(params.parent));
  if (list(params.parent_exclude).length) q = q.where('parent', 'not in', ids(params.parent_exclude));
  if (list(params.author).length) q = q.where('author', 'in', ids(params.author));
  if (list(params.author_exclude).length) q = q.where('author', 'not in', ids(params.author_exclude));
  if (list(params.include).length) q = q.where('id', 'in', ids(params.include));
  if (list(params.exclude).length) q = q.where('id', 'not in', ids(params.exclude));
  if (list(params.slug).length) q = q.where('slug', 'in', texts(params.slug));
  const zone = await siteZone(db);
  for (const [param, column, op] of [
    ['after', 'date', '>'], ['before', 'date', '<'], ['modified_after', 'modified', '>'], ['modified_before', 'modified', '<'],
  ] as const) {
    if (!params[param]) continue;
    const local = filterDateToLocal(String(params[param]), zone);
    if (local) q = q.where(column, op, local);
  }
  const search = typeof params.search === 'string' ? params.search.trim() : '';
  if (search) q = applySearch(q, search, params);
  return q;
}

function applySearch(q: Query, search: string, params: MediaListParams): Query {
  if (params.search_semantics === 'exact') return q.where('title', '=', search);
  const columns = texts(params.search_columns);
  const wanted = columns.length ? columns : ['post_title', 'post_excerpt', 'post_content'];
  const map: Record<string, 'title' | 'excerpt' | 'content'> = { post_title: 'title', post_excerpt: 'excerpt', post_content: 'content' };
  const words = search.split(/\s+/).filter(Boolean);
  for (const word of words) {
    q = q.where((eb) => eb.or([
      ...wanted.filter((c) => map[c]).map((c) => containsText(`posts.${map[c]}`, word)),
      // The file name too, as WordPress searches attachments, unless the columns were named.
      ...(columns.length ? [] : [eb.exists(eb.selectFrom('postmeta').select('postmeta.id')
        .whereRef('postmeta.post_id', '=', 'posts.id')
        .where('postmeta.meta_key', '=', ATTACHED_FILE)
        .where(containsText('postmeta.meta_value', word)))]),
    ]));
  }
  return q;
}

function applyOrder<O>(q: Query<O>, params: MediaListParams): Query<O> {
  const dir = params.order === 'asc' ? 'asc' : 'desc';
  const orderby = String(params.orderby ?? 'date');
  if (orderby === 'relevance') {
    if (!params.search) throw restError('rest_no_search_term_defined');
    const phrase = String(params.search).trim();
    return q.orderBy(sql`case when ${containsText('title', phrase)} then 0 when ${containsText('excerpt', phrase)} then 1 else 2 end`, 'asc').orderBy('date', dir);
  }
  if (orderby === 'include' && list(params.include).length) {
    return q.orderBy(sql`coalesce(${positionInList('posts.id', list(params.include).map(Number))}, 999999)`);
  }
  if (orderby === 'include_slugs' && list(params.slug).length) {
    return q.orderBy(sql`coalesce(${positionInList('posts.slug', list(params.slug).map(String))}, 999999)`);
  }
  const column = ORDER_COLUMNS[orderby] ?? 'date';
  return q.orderBy(sql.ref(column), dir).orderBy('id', dir);
}

export interface MediaPage {
  ids: number[];
  total: number;
  pages: number;
}

export async function queryMedia(db: Kysely<Database>, params: MediaListParams): Promise<MediaPage> {
  const perPage = Math.max(1, Number(params.per_page ?? 10));
  const page = Math.max(1, Number(params.page ?? 1));
  const offset = params.offset !== undefined ? Number(params.offset) : (page - 1) * perPage;
  const base = await applyFilters(db, db.selectFrom('posts'), params);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  // WordPress subtracts an explicit offset from the total it reports.
  const total = Math.max(0, Number(countRow?.n ?? 0) - (params.offset !== undefined ? Number(params.offset) : 0));
  const pages = Math.ceil(total / perPage);
  if (page > pages && total > 0) throw restError('rest_post_invalid_page_number');
  const rows = await applyOrder(base.select('id'), params).limit(perPage).offset(offset).execute();
  return { ids: rows.map((r) => Number(r.id)), total, pages };
}
