/**
 * `pages/search`: the page picker of the form settings ("send visitors to this page after
 * submitting"). Published pages whose title contains the search text, paged, each with its
 * address; the addresses already chosen (`selected_url`, `selected_urls`) are answered too,
 * resolved to their pages, so the picker can show their titles whatever page of results it is on.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { containsText } from '../linking/text-match.ts';
import { postFromUrl, postLink, type PostRow } from '../oembed/local-posts.ts';
import { POST_TYPES } from '../../contract/post-types.ts';
import { asResult } from '../rest/answer.ts';

/** The picker offers pages (the registry's page type), as the form plugin's does. */
const PICKED_TYPE = POST_TYPES.page.name;

async function pageView(ctx: HandlerContext<unknown>, row: PostRow) {
  return { id: row.id, title: row.title, url: await postLink(ctx.app, row) };
}

/** The search text and page of the picker, and the addresses already chosen (one, or a list). */
export type PageSearchParams = { search: string; page: number; per_page: number; selected_url: string; selected_urls: unknown[] };

export async function searchPages<R>(ctx: HandlerContext<PageSearchParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const perPage = Math.min(100, Math.max(1, Number(p.per_page) || 20));
  const page = Math.max(1, Number(p.page) || 1);
  let q = ctx.app.db.selectFrom('posts').where('type', '=', PICKED_TYPE).where('status', '=', 'publish');
  const search = String(p.search ?? '').trim();
  if (search) q = q.where(containsText('title', search));
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('title', 'asc').orderBy('id', 'asc').limit(perPage).offset((page - 1) * perPage).execute();

  const wanted = [...new Set([p.selected_url, ...(p.selected_urls ?? [])].filter((u): u is string => typeof u === 'string' && u !== ''))];
  const selected = [];
  for (const url of wanted) {
    const post = await postFromUrl(ctx.app, url);
    selected.push(post && post.type === PICKED_TYPE ? { url, id: post.id, title: post.title } : { url, id: null, title: null });
  }
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return asResult<R>({ pages: await Promise.all(rows.map((r) => pageView(ctx, r))), selected, total, total_pages: totalPages, page }, { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) } });
}
