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

function sortUsers(rows: UserRow[], p: Record<string, any>): UserRow[] {
  if (p.orderby === 'include' && p.include?.length) return [...rows].sort((a, b) => p.include.indexOf(a.id) - p.include.indexOf(b.id));
  if (p.orderby === 'include_slugs' && p.slug?.length) return [...rows].sort((a, b) => p.slug.indexOf(a.nicename) - p.slug.indexOf(b.nicename));
  const key = SORT_KEY[p.orderby] ?? SORT_KEY.name!;
  const dir = p.order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * dir;
  });
}

export async function list(ctx: HandlerContext): Promise<HandlerResult> {
  const p = ctx.params;
  const lister = await userCan(ctx.app, ctx.user, 'list_users');
  let rows = await ctx.app.db.selectFrom('users').selectAll().execute();
  // Without list_users only authors of published content; has_published_posts narrows the same way.
  const published = p.has_published_posts;
  if (!lister || published === true || Array.isArray(published)) {
    const types = Array.isArray(published) && published.length ? published : PUBLIC_AUTHOR_TYPES;
    const authors = await publishedAuthorIds(ctx.app.db, types);
    rows = rows.filter((u) => authors.has(u.id));
  }
  if (p.include?.length) rows = rows.filter((u) => p.include.includes(u.id));
  if (p.exclude?.length) rows = rows.filter((u) => !p.exclude.includes(u.id));
  if (p.slug?.length) rows = rows.filter((u) => p.slug.includes(u.nicename));
  if (p.roles?.length) rows = rows.filter((u) => (JSON.parse(u.roles) as string[]).some((r) => p.roles.includes(r)));
  if (p.capabilities?.length) rows = rows.filter((u) => { const caps = capabilitiesOf(JSON.parse(u.roles)); return p.capabilities.every((c: string) => caps.has(c)); });
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
  return { data, headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) } };
}

export async function get(ctx: HandlerContext): Promise<HandlerResult> {
  const row = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', targetOf(ctx, 'userId')).executeTakeFirst();
  if (!row) throw restError('rest_user_invalid_id');
  const [data] = await prepared(ctx, [row]);
  return { data, headers: alternateLinkHeader(data!.link) };
}

export async function me(ctx: HandlerContext): Promise<HandlerResult> {
  if (!ctx.user) throw authError('not_logged_in', null);
  const row = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', targetOf(ctx, 'userId')).executeTakeFirst();
  if (!row) throw restError('rest_user_invalid_id');
  const [data] = await prepared(ctx, [row]);
  return { data };
}
