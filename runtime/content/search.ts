/**
 * WordPress's search: the text is split into terms (quoted phrases kept whole, `-word` excludes),
 * common words and lone letters dropped; every remaining term must appear in one of the searched
 * columns. `search_semantics: exact` searches the whole text as one phrase.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';
import { containsText } from '../linking/text-match.ts';

const STOPWORDS = new Set('about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(' '));
export const SEARCH_COLUMNS = ['post_title', 'post_content', 'post_excerpt'] as const;
const COLUMN: Record<string, 'title' | 'content' | 'excerpt'> = { post_title: 'title', post_content: 'content', post_excerpt: 'excerpt' };

export interface SearchTerm {
  text: string;
  exclude: boolean;
}

export function parseSearch(search: string, exact: boolean): SearchTerm[] {
  const text = search.replace(/\\/g, '').trim();
  if (!text) return [];
  if (exact) return [{ text, exclude: false }];
  const raw = text.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  if (raw.length > 9) return [{ text, exclude: false }];
  const terms: SearchTerm[] = [];
  for (let t of raw) {
    const exclude = t.startsWith('-') && t.length > 1;
    if (exclude) t = t.slice(1);
    t = t.replace(/^"+|"+$/g, '').trim();
    if (!t || (t.length === 1 && /^[a-z-]$/i.test(t))) continue;
    if (!exclude && STOPWORDS.has(t.toLowerCase())) continue;
    terms.push({ text: t, exclude });
  }
  return terms.length ? terms : [{ text, exclude: false }];
}

/** The posts columns a `search_columns` value names (all three when empty). */
export function searchedColumns(columns: string[]): Array<'title' | 'content' | 'excerpt'> {
  return (columns.length ? columns : [...SEARCH_COLUMNS]).map((c) => COLUMN[c]).filter(Boolean);
}

/** The WHERE condition of a search over the chosen columns. */
export function searchCondition(eb: ExpressionBuilder<Database, 'posts'>, terms: SearchTerm[], columns: string[]): Expression<SqlBool> {
  const cols = searchedColumns(columns);
  const parts = terms.map((term) => {
    const matches = cols.map((c) => containsText(`posts.${c}`, term.text) as unknown as Expression<SqlBool>);
    if (term.exclude) return eb.and(matches.map((m) => eb.not(m)));
    return eb.or(matches);
  });
  return eb.and(parts);
}

/**
 * WordPress's relevance ranking: the whole phrase in the title first, then all terms in the
 * title, any term in the title, the phrase in the excerpt, in the content; then newest first.
 */
export function relevanceRank(search: string, terms: SearchTerm[]) {
  const phrase = search.trim();
  const included = terms.filter((t) => !t.exclude).map((t) => t.text);
  const inTitle = (text: string) => containsText('posts.title', text);
  const all = included.length ? sql.join(included.map(inTitle), sql` AND `) : sql`1 = 0`;
  const any = included.length ? sql.join(included.map(inTitle), sql` OR `) : sql`1 = 0`;
  return sql<number>`CASE WHEN ${inTitle(phrase)} THEN 1 WHEN ${all} THEN 2 WHEN ${any} THEN 3 WHEN ${containsText('posts.excerpt', phrase)} THEN 4 WHEN ${containsText('posts.content', phrase)} THEN 5 ELSE 6 END`;
}
