/**
 * `type=post-format` of the site search: the post formats whose slug or name holds the text.
 * WordPress lists a format only when its term exists (get_post_format_link answers false
 * otherwise), which happens once a post has used it; here a format is a column of posts, so a
 * format counts as existing while some post has it. Formats have no REST route: their results
 * link to the search collection only.
 */
import type { HandlerContext } from '../rest/types.ts';
import { getOption } from '../content/options.ts';

/** WordPress's get_post_format_strings, in its order ("standard" has no term and is never found). */
const FORMAT_NAMES: Record<string, string> = {
  aside: 'Aside', chat: 'Chat', gallery: 'Gallery', link: 'Link', image: 'Image',
  quote: 'Quote', status: 'Status', video: 'Video', audio: 'Audio',
};

type LinksOf = (self: string | undefined, about: string | undefined) => Record<string, unknown>;

export async function postFormatSearch(
  ctx: HandlerContext<unknown>,
  params: { search?: string; page: number; per_page: number },
  linksOf: LinksOf,
): Promise<{ items: unknown[]; total: number }> {
  const used = new Set((await ctx.app.db.selectFrom('posts').select('format').distinct().execute()).map((r) => r.format));
  const text = String(params.search ?? '').toLowerCase();
  const found = Object.entries(FORMAT_NAMES).filter(([slug, name]) =>
    used.has(slug) && (!text || slug.includes(text) || name.toLowerCase().includes(text)));
  const structure = String(await getOption(ctx.app.db, 'permalink_structure', ''));
  const siteUrl = ctx.app.config.siteUrl;
  const start = (params.page - 1) * params.per_page;
  const items = found.slice(start, start + params.per_page).map(([slug, name]) => ({
    id: slug,
    title: name,
    url: structure ? `${siteUrl}/type/${slug}/` : `${siteUrl}/?post_format=${slug}`,
    type: 'post-format',
    _links: linksOf(undefined, undefined),
  }));
  return { items, total: found.length };
}
