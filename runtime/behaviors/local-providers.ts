/**
 * Local stand-ins for remote services, used only where the answer can be honest without one:
 * keywords pulled from the business's own words, a description assembled from what the user
 * typed, and image search over this site's own media library.
 */
import type { HandlerContext } from '../rest/types.ts';
import { containsText } from '../linking/text-match.ts';
import { looseText } from '../rest/loose-params.ts';

type Provider = (ctx: HandlerContext, payload: Record<string, unknown>) => Promise<unknown> | unknown;

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or our that the this to we with your you will can all more most their they them very just also into over than then so'.split(' '),
);

/** Distinct meaningful words of the given texts, most frequent first, ties in order of appearance. */
export function extractKeywords(texts: string[], limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([w]) => w);
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : Array.isArray(v) ? v.map(looseText).join(' ') : '');

function businessTexts(p: Record<string, unknown>): string[] {
  return [p.business_name, p.business_description, p.category, p.business_category, p.page_name, p.page_description].map(str).filter(Boolean);
}

const keywords: Provider = (_ctx, p) => ({ keywords: extractKeywords(businessTexts(p)) });

const description: Provider = (_ctx, p) => {
  const name = str(p.business_name) || 'This business';
  const category = str(p.category) || str(p.business_category);
  const told = str(p.business_description) || str(p.page_description);
  const first = category ? `${name} is a ${category.toLowerCase()} business.` : `${name} welcomes you.`;
  const text = [first, told].filter(Boolean).join(' ');
  return { description: text, keywords: extractKeywords(businessTexts(p), 5) };
};

const templateText: Provider = (_ctx, p) => {
  const name = str(p.business_name) || 'Your site';
  return { title: name, tagline: str(p.business_description) || `Welcome to ${name}`, keywords: extractKeywords(businessTexts(p), 5) };
};

/** Images of this site's media library whose title or slug contains one of the keywords. */
const mediaSearch: Provider = async (ctx, p) => {
  const words = extractKeywords([str(p.keywords) || str(p.query)], 5);
  const perPage = Math.min(100, Math.max(1, Number(p.per_page ?? 20) || 20));
  const page = Math.max(1, Number(p.page ?? 1) || 1);
  let q = ctx.app.db.selectFrom('posts').where('type', '=', 'attachment').where('mime_type', 'like', 'image/%');
  if (words.length) {
    q = q.where((eb) => eb.or(words.flatMap((w) => [containsText('title', w), containsText('slug', w)])));
  }
  const rows = await q.select(['id', 'title', 'guid', 'mime_type']).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
  return { images: rows.map((r) => ({ id: r.id, title: r.title, url: r.guid, mime_type: r.mime_type })), source: 'media-library', keywords: words };
};

const echo: Provider = (_ctx, p) => p;

export const LOCAL_PROVIDERS: Record<'keywords' | 'description' | 'media-search' | 'template-text' | 'echo', Provider> = {
  keywords,
  description,
  'media-search': mediaSearch,
  'template-text': templateText,
  echo,
};
