/**
 * `GET /core/v2/search`: WordPress's search controller, which the block editor's link picker
 * asks. `type=post` finds published posts and pages (WordPress's post search handler: the public
 * types shown over REST, media left out), `type=term` categories and tags, `type=post-format`
 * the formats in use. Everyone may search: only published things are found, and anonymous
 * callers never find password-protected posts (WP_Query's search leaves them out).
 */
import { sql } from 'kysely';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { PostRow } from '../content/prepare.ts';
import { asResult } from '../rest/answer.ts';
import { restError } from '../rest/errors.ts';
import { paginationHeaders } from '../rest/pagination.ts';
import { restBase } from '../content/links.ts';
import { getOption } from '../content/options.ts';
import { parseSearch, relevanceRank, searchCondition } from '../content/search.ts';
import { renderTitle } from '../content/render/index.ts';
import { allowedItemMethods } from '../content/target-hints.ts';
import { postLink } from '../oembed/local-posts.ts';
import { restBaseOf } from '../../contract/post-types.ts';
import { containsText } from '../store/portable-sql.ts';
import { userCan } from '../auth/capabilities.ts';
import { primitiveTermCap, taxonomyByKey } from '../terms/taxonomies.ts';
import { termLink } from '../terms/prepare.ts';
import { postFormatSearch } from './post-formats.ts';

/** The params the search reads (what the spec's defaults make always present is not optional). */
export type SearchParams = {
  page: number;
  per_page: number;
  search?: string;
  type: 'post' | 'term' | 'post-format';
  subtype: string | string[];
  exclude: number[];
  include: number[];
};

/** The subtypes each search type covers, as WordPress's search handlers register them. */
const SUBTYPES: Record<SearchParams['type'], string[]> = {
  post: ['post', 'page'],
  term: ['category', 'post_tag'],
  'post-format': [],
};

/**
 * WordPress's sanitize_subtypes: `any` means every subtype of the type; otherwise the ones asked
 * that the type has. Asking only for another type's subtypes leaves nothing, which WordPress's
 * queries then read as "any" too.
 */
function subtypesOf(params: SearchParams): string[] {
  const all = SUBTYPES[params.type];
  const asked = (Array.isArray(params.subtype) ? params.subtype : String(params.subtype).split(',')).map((s) => s.trim());
  if (asked.includes('any')) return all;
  const kept = all.filter((s) => asked.includes(s));
  return kept.length ? kept : all;
}

type Links = Record<string, Array<Record<string, unknown>>>;

function searchLinks(base: string, self: string | undefined, about: string | undefined, allow?: string[]): Links {
  const links: Links = {};
  if (self) links.self = [{ embeddable: true, href: self, ...(allow ? { targetHints: { allow } } : {}) }];
  if (about) links.about = [{ href: about }];
  links.collection = [{ href: `${base}/search` }];
  return links;
}

async function searchPosts(ctx: HandlerContext, params: SearchParams): Promise<{ items: unknown[]; total: number }> {
  const db = ctx.app.db;
  const text = String(params.search ?? '').trim();
  const terms = text ? parseSearch(text, false) : [];
  let q = db.selectFrom('posts').where('posts.status', '=', 'publish').where('posts.type', 'in', subtypesOf(params));
  if (terms.length) q = q.where((eb) => searchCondition(eb, terms, []));
  if (terms.length && !ctx.user) q = q.where('posts.password', '=', '');
  if (params.include.length) q = q.where('posts.id', 'in', params.include);
  if (params.exclude.length) q = q.where('posts.id', 'not in', params.exclude);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let page = q.selectAll('posts');
  // WP_Query's order for a search: by relevance, then newest first; without one, newest first.
  if (terms.length) page = page.orderBy(relevanceRank(text, terms));
  const rows = (await page.orderBy('posts.date', 'desc').orderBy('posts.id', 'desc')
    .limit(params.per_page).offset((params.page - 1) * params.per_page).execute()) as PostRow[];
  const base = restBase(ctx);
  const items = await Promise.all(rows.map(async (row) => ({
    id: row.id,
    // get_the_title, whose "Protected: " prefix the search handler keeps.
    title: row.password ? `Protected: ${renderTitle(row.title)}` : renderTitle(row.title),
    url: await postLink(ctx.app, row),
    type: 'post',
    subtype: row.type,
    _links: searchLinks(base, `${base}/${restBaseOf(row.type)}/${row.id}`, `${base}/types/${row.type}`, await allowedItemMethods(ctx.app, ctx.user, row)),
  })));
  return { items, total: Number(counted?.n ?? 0) };
}

async function searchTerms(ctx: HandlerContext, params: SearchParams): Promise<{ items: unknown[]; total: number }> {
  const text = String(params.search ?? '').trim();
  let q = ctx.app.db.selectFrom('terms').where('taxonomy', 'in', subtypesOf(params));
  // get_terms' `search`: the text in the name or the slug.
  if (text) q = q.where((eb) => eb.or([containsText('name', text), containsText('slug', text)]));
  if (params.include.length) q = q.where('id', 'in', params.include);
  if (params.exclude.length) q = q.where('id', 'not in', params.exclude);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  // get_terms orders by name, which MySQL's collation compares ignoring case.
  const rows = await q.selectAll().orderBy(sql`lower(name)`, 'asc').orderBy('id', 'asc')
    .limit(params.per_page).offset((params.page - 1) * params.per_page).execute();
  const base = restBase(ctx);
  const permalinkStructure = String(await getOption(ctx.app.db, 'permalink_structure', ''));
  const site = { siteUrl: ctx.app.config.siteUrl, permalinkStructure };
  // Per taxonomy: may the caller manage its terms, and which is its default term (never deletable).
  const rights = new Map<string, { manage: boolean; defaultTerm: number }>();
  const items = [];
  for (const row of rows) {
    const tax = taxonomyByKey(row.taxonomy)!;
    let right = rights.get(tax.taxonomy);
    if (!right) {
      right = {
        manage: await userCan(ctx.app, ctx.user, primitiveTermCap(tax.capabilities.edit_terms)),
        defaultTerm: Number(await getOption(ctx.app.db, `default_${tax.taxonomy}`, 0)),
      };
      rights.set(tax.taxonomy, right);
    }
    const allow = !right.manage ? ['GET'] : row.id === right.defaultTerm ? ['GET', 'POST', 'PUT', 'PATCH'] : ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    items.push({
      id: row.id,
      title: row.name,
      url: termLink(site, tax, row),
      type: row.taxonomy,
      _links: searchLinks(base, `${base}/${tax.restBase}/${row.id}`, `${base}/taxonomies/${row.taxonomy}`, allow),
    });
  }
  return { items, total: Number(counted?.n ?? 0) };
}

/**
 * A JSON body may send a param as null, which skips validation here (WordPress's own check skips
 * null values). WordPress still refuses a null `type`, `exclude` or `include` when it parses them
 * (not a string, not an array); a null `per_page` makes its controller divide by zero (a fatal
 * error): refused the same way here.
 */
function refuseNullParams(params: SearchParams): void {
  for (const [name, type] of [['type', 'string'], ['per_page', 'integer'], ['page', 'integer'], ['exclude', 'array'], ['include', 'array']] as const) {
    if ((params as Record<string, unknown>)[name] !== null) continue;
    const message = `${name} is not of type ${type}.`;
    throw restError('rest_invalid_param', [name], { params: { [name]: message }, details: { [name]: { code: 'rest_invalid_type', message, data: { param: name } } } });
  }
}

export async function search<R>(ctx: HandlerContext<SearchParams>): Promise<HandlerResult<R>> {
  const params = ctx.params;
  refuseNullParams(params);
  const found = params.type === 'term'
    ? await searchTerms(ctx, params)
    : params.type === 'post-format'
      ? await postFormatSearch(ctx, params, (self, about) => searchLinks(restBase(ctx), self, about))
      : await searchPosts(ctx, params);
  return asResult<R>(found.items, { headers: paginationHeaders(ctx, found.total, params.per_page, params.page) });
}
