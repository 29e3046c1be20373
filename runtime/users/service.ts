/**
 * The users service (WordPress's WP_REST_Users_Controller, read side; writes are write.ts):
 * list, one user, the current user. Permission rules (rules.ts) have run; here a caller without `list_users` gets
 * only authors of published content, and searches only the public columns.
 *
 * Users are filtered and sorted in memory: the table holds accounts, not content, and roles
 * and capabilities live in a JSON column no index can serve.
 */
import type { Context } from '../../contract/model.ts';
import { userCan } from '../auth/capabilities.ts';
import { capabilitiesOf } from '../../contract/roles.ts';
import type { UserRow } from '../auth/users.ts';
import { resourceFields } from '../content/context.ts';
import { alternateLinkHeader, restBase } from '../content/links.ts';
import { getOption } from '../content/options.ts';
import { authError, restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { PUBLIC_AUTHOR_TYPES, publishedAuthorIds } from './access.ts';
import { targetOf } from '../auth/target.ts';
import { prepareUser, type UserSite } from './prepare.ts';
import { readProfileMeta } from './profile-meta.ts';
import { asResult } from '../rest/answer.ts';

const contextOf = (ctx: HandlerContext): Context => (ctx.params.context as Context) ?? 'view';

async function siteOf(ctx: HandlerContext): Promise<UserSite> {
  return { siteUrl: ctx.app.config.siteUrl, restBase: restBase(ctx), permalinkStructure: String(await getOption(ctx.app.db, 'permalink_structure', '')) };
}

/** The methods the caller may use on a user's item (targetHints.allow): edit own or edit_users, delete_users. */
async function allowedOn(ctx: HandlerContext, id: number): Promise<string[]> {
  const allow = ['GET'];
  if (ctx.user && (ctx.user.id === id || (await userCan(ctx.app, ctx.user, 'edit_users')))) allow.push('POST', 'PUT', 'PATCH');
  if (await userCan(ctx.app, ctx.user, 'delete_users')) allow.push('DELETE');
  return allow;
}

export async function prepared(ctx: HandlerContext, rows: UserRow[], context: Context = contextOf(ctx)): Promise<Record<string, unknown>[]> {
  const site = await siteOf(ctx);
  const fields = resourceFields(ctx, 'user');
  const profiles = await readProfileMeta(ctx.app.db, rows.map((r) => r.id));
  return Promise.all(rows.map(async (row) => prepareUser(row, site, fields, context, { profile: profiles.get(row.id)!, allow: await allowedOn(ctx, row.id) })));
}

/** WordPress's search: `*` is a wildcard, a leading or trailing one only; otherwise both ends. */
function searchMatcher(search: string): (value: string) => boolean {
  const lead = search.startsWith('*');
  const trail = search.endsWith('*');
  const term = search.replace(/^\*|\*$/g, '').toLowerCase();
  if (!lead && !trail) return (v) => v.toLowerCase().includes(term);
  return (v) => {
    const s = v.toLowerCase();
    return lead && trail ? s.includes(term) : lead ? s.endsWith(term) : s.startsWith(term);
  };
}

const COLUMN: Record<string, (u: UserRow) => string> = {
  id: (u) => String(u.id),
  username: (u) => u.login,
  email: (u) => u.email,
  slug: (u) => u.nicename,
  name: (u) => u.display_name,
  url: (u) => u.url,
};

/** Which columns a search reads: asked ones, or WordPress's guess from the term's look. */
function searchColumns(search: string, asked: string[], lister: boolean): string[] {
  let columns = asked.length ? asked : search.includes('@') ? ['email'] : /^\d+$/.test(search) ? ['username', 'id'] : ['username', 'url', 'email', 'slug', 'name'];
  // Without list_users the email and address stay private (WordPress 6.8 narrows the same way).
  if (!lister) columns = columns.filter((c) => c !== 'email' && c !== 'url');
  return columns;
}

const SORT_KEY: Record<string, (u: UserRow) => string | number> = {
  id: (u) => u.id,
  name: (u) => u.display_name.toLowerCase(),
  registered_date: (u) => u.registered,
  slug: (u) => u.nicename,
  email: (u) => u.email.toLowerCase(),
  url: (u) => u.url.toLowerCase(),
};

function sortUsers(rows: UserRow[], p: Pick<UserListParams, 'orderby' | 'order' | 'include' | 'slug'>): UserRow[] {
  const { include, slug } = p;
  if (p.orderby === 'include' && include?.length) return [...rows].sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  if (p.orderby === 'include_slugs' && slug?.length) return [...rows].sort((a, b) => slug.indexOf(a.nicename) - slug.indexOf(b.nicename));
  const key = SORT_KEY[p.orderby] ?? SORT_KEY.name!;
  const dir = p.order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * dir;
  });
}

/**
 * What the users list reads: the list args of GET /users. A spec change to them that no longer
 * fits stops compiling at the handler.
 */
export type UserListParams = {
  include?: number[];
  exclude?: number[];
  slug?: string[];
  roles?: string[];
  capabilities?: string[];
  who?: 'authors';
  has_published_posts?: boolean | string[];
  search?: string;
  search_columns?: string[];
  page: number;
  per_page: number;
  offset?: number;
  orderby: string;
  order: 'asc' | 'desc';
};

export async function list<R>(ctx: HandlerContext<UserListParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const { include, exclude, slug, roles, capabilities } = p;
  const lister = await userCan(ctx.app, ctx.user, 'list_users');
  let rows = await ctx.app.db.selectFrom('users').selectAll().execute();
  // Without list_users only authors of published content; has_published_posts narrows the same way.
  const published = p.has_published_posts;
  if (!lister || published === true || Array.isArray(published)) {
    const types = Array.isArray(published) && published.length ? published : PUBLIC_AUTHOR_TYPES;
    const authors = await publishedAuthorIds(ctx.app.db, types);
    rows = rows.filter((u) => authors.has(u.id));
  }
  if (include?.length) rows = rows.filter((u) => include.includes(u.id));
  if (exclude?.length) rows = rows.filter((u) => !exclude.includes(u.id));
  if (slug?.length) rows = rows.filter((u) => slug.includes(u.nicename));
  if (roles?.length) rows = rows.filter((u) => (JSON.parse(u.roles) as string[]).some((r) => roles.includes(r)));
  if (capabilities?.length) rows = rows.filter((u) => { const caps = capabilitiesOf(JSON.parse(u.roles)); return capabilities.every((c) => caps.has(c)); });
  if (p.who === 'authors') rows = rows.filter((u) => capabilitiesOf(JSON.parse(u.roles)).has('edit_posts'));
  if (typeof p.search === 'string' && p.search !== '') {
    const match = searchMatcher(p.search);
    const columns = searchColumns(p.search, p.search_columns ?? [], lister);
    rows = rows.filter((u) => columns.some((c) => match(COLUMN[c]!(u))));
  }
  rows = sortUsers(rows, p);
  const perPage = Number(p.per_page ?? 10);
  const page = Number(p.page ?? 1);
  const offset = p.offset !== undefined ? Math.max(0, Number(p.offset)) : (page - 1) * perPage;
  const total = rows.length;
  const totalPages = Math.ceil(total / perPage);
  if (page > totalPages && total > 0) throw restError('rest_user_invalid_page_number');
  const data = await prepared(ctx, rows.slice(offset, offset + perPage));
  return asResult<R>(data, { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) } });
}

/** What reading one account takes: which set of fields the answer carries. */
export type UserReadParams = { context: Context };

export async function get<R>(ctx: HandlerContext<UserReadParams>): Promise<HandlerResult<R>> {
  const row = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', targetOf(ctx, 'userId')).executeTakeFirst();
  if (!row) throw restError('rest_user_invalid_id');
  const [data] = await prepared(ctx, [row]);
  return asResult<R>(data, { headers: alternateLinkHeader(data!.link) });
}

export async function me<R>(ctx: HandlerContext<UserReadParams>): Promise<HandlerResult<R>> {
  if (!ctx.user) throw authError('not_logged_in', null);
  const row = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', targetOf(ctx, 'userId')).executeTakeFirst();
  if (!row) throw restError('rest_user_invalid_id');
  const [data] = await prepared(ctx, [row]);
  return asResult<R>(data);
}
