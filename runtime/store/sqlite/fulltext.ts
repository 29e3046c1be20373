/**
 * SQLite's SearchIndex: the FTS5 table `posts_fts` (migrations 072 and 130), trigram tokens over
 * title, content and excerpt, kept in step with posts by triggers. A trigram match of a term is a
 * superset of `instr(lower(column), lower(term))` (it folds case at least as widely), so it
 * narrows WordPress's search without changing what it finds. A two-character term has no trigram
 * of its own, but every column ends with a mark (130), so each of its occurrences begins one: the
 * vocabulary lists those (`42` → `420`, `42:`, `42␁`…) and the query asks for any of them.
 * Single characters are left to the exact condition alone.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { IndexedTerm as SearchTerm, SearchIndex } from '../fulltext-index.ts';
import type { Database } from '../schema.ts';

function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A trigram query grows with its text: a hostile 100 KB search term made FTS5 use gigabytes. The
 * index only narrows, so a bounded query stays correct: a post holding a whole term holds its
 * first characters, and one holding every term holds the first few of them. A term with a NUL
 * character is left to the exact condition: FTS5 reads its query as a C string.
 */
const MAX_TERM_CHARS = 64;
const MAX_TERMS = 8;

/**
 * A term is worth narrowing by when at most this many posts hold it: past it, listing the
 * candidates costs more than checking the rows themselves (a count reads them all anyway, and a
 * page fills within a few hundred posts whatever the site's size).
 */
export const DENSE_POSTS = 5_000;

/**
 * What checking one candidate costs against reading one row in the list's order (fetched by id,
 * then sorted, against read off the order's index), measured at 100,000 posts
 * (bench/scale.bench.ts): the ratio is this constant. A page narrows by a term when its candidates cost less than the rows a scan expects
 * to read before the page is full (see pageNarrows).
 */
const CANDIDATE_OVER_ROW = 1.5;

/** A two-character term's trigrams (`ab?`) are listed in its query up to this many; past it, it is common anyway. */
const MAX_ALTERNATIVES = 64;

/**
 * The trigrams a two-character term was found as (migration 130 marks every column's end, so
 * every occurrence begins one). Keyed by the term objects `narrowing` returns.
 */
const ALTERNATIVES = new WeakMap<SearchTerm, string[]>();

/** A two-character term whose folding the index and JavaScript agree on: printable ASCII. */
const SHORT = /^[\x20-\x7e]{2}$/;

/** The terms the index can use: included, three characters or more (or listed two), without NUL, bounded. */
function usableTerms(terms: SearchTerm[]): SearchTerm[] {
  return terms
    .filter((t) => !t.exclude && (ALTERNATIVES.has(t) || [...t.text].length >= 3) && !t.text.includes('\u0000'))
    .slice(0, MAX_TERMS)
    .map((t) => (ALTERNATIVES.has(t) ? t : { ...t, text: [...t.text].slice(0, MAX_TERM_CHARS).join('') }));
}

/** The trigrams of a term as the index folds them (case-insensitive). */
function trigrams(text: string): string[] {
  const chars = [...text.toLowerCase()];
  return Array.from({ length: Math.max(0, chars.length - 2) }, (_, i) => chars.slice(i, i + 3).join(''));
}

/** A term and how many posts hold it at most, as the index's vocabulary says. */
interface Rated {
  term: SearchTerm;
  posts: number;
}

export const sqliteFullText: SearchIndex = {
  async narrowing(db: Kysely<Database>, terms: SearchTerm[], wanted: number) {
    const long = usableTerms(terms);
    const rated: Rated[] = [];
    const wantedTrigrams = [...new Set(long.flatMap((t) => trigrams(t.text)))];
    if (wantedTrigrams.length) {
      // posts_fts_vocab (migration 110) reads the index's own doclists: posts per trigram.
      const { rows } = await sql<{ term: string; doc: number }>`SELECT term, doc FROM posts_fts_vocab WHERE term IN (${sql.join(wantedTrigrams)})`.execute(db);
      const posts = new Map(rows.map((r) => [r.term, Number(r.doc)]));
      // A trigram the index does not hold (or folds otherwise) counts as rare: the index decides.
      for (const term of long) rated.push({ term, posts: Math.min(...trigrams(term.text).map((g) => posts.get(g) ?? 0)) });
    }
    for (const short of terms.filter((t) => !t.exclude && SHORT.test(t.text))) {
      const text = short.text.toLowerCase();
      const after = text[0] + String.fromCharCode(text.charCodeAt(1) + 1);
      const { rows } = await sql<{ term: string; doc: number }>`SELECT term, doc FROM posts_fts_vocab WHERE term >= ${text} AND term < ${after} LIMIT ${MAX_ALTERNATIVES + 1}`.execute(db);
      if (rows.length > MAX_ALTERNATIVES) continue;
      const term = { ...short };
      ALTERNATIVES.set(term, rows.map((r) => r.term));
      rated.push({ term, posts: rows.reduce((sum, r) => sum + Number(r.doc), 0) });
    }
    const rare = rated.filter((r) => r.posts <= DENSE_POSTS);
    if (rare.length) {
      const count = rare.map((r) => r.term);
      return { count, page: (await pageNarrows(db, Math.min(...rare.map((r) => r.posts)), wanted)) ? count : [] };
    }
    // Common terms each, but several: the index intersects their lists far faster than reading
    // posts would find the few (or no) posts holding all of them. Not a common two-character
    // term: its list is the union of up to 64 others, which costs more than it narrows.
    const intersected = rated.filter((r) => !ALTERNATIVES.has(r.term)).map((r) => r.term);
    const several = intersected.length > 1 ? intersected : [];
    return { count: several, page: several };
  },

  async candidateIds(db, terms, columns) {
    const match = matchOf(terms, columns);
    if (match === undefined) return undefined;
    if (match === NOTHING) return [];
    const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ${match} LIMIT ${FEW_CANDIDATES + 1}`.execute(db);
    return rows.length <= FEW_CANDIDATES ? rows.map((r) => Number(r.id)) : undefined;
  },

  candidates(eb, terms, columns) {
    const match = matchOf(terms, columns);
    if (match === undefined) return undefined;
    if (match === NOTHING) return sql<SqlBool>`0 = 1`;
    return eb('posts.id', 'in', sql<number>`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match})`);
  },
};

/**
 * Whether a page is cheaper read through candidates than in the list's order: a scan expects to
 * read `wanted × site ÷ posts` rows before `wanted` of them match (matches spread evenly), the
 * candidates cost `posts` lookups. The site's size is its highest id (ids are never reused).
 */
async function pageNarrows(db: Kysely<Database>, posts: number, wanted: number): Promise<boolean> {
  const { rows } = await sql<{ highest: number | null }>`SELECT max(id) AS highest FROM posts`.execute(db);
  const site = Number(rows[0]?.highest ?? 0);
  return posts * posts * CANDIDATE_OVER_ROW <= wanted * site;
}

/** Candidates listed by id in the compiled list (query.ts keeps it until the next write) up to this many. */
const FEW_CANDIDATES = 5_000;

/** A match no post can have: a two-character term the index holds nowhere. */
const NOTHING = Symbol('nothing');

/** The FTS5 query of the terms the index can use, within `columns`; undefined when none can. */
function matchOf(terms: SearchTerm[], columns: string[]): string | typeof NOTHING | undefined {
  const usable = usableTerms(terms);
  if (!usable.length) return undefined;
  const scope = `{${columns.join(' ')}} : `;
  const parts: string[] = [];
  for (const t of usable) {
    const alternatives = ALTERNATIVES.get(t);
    if (alternatives && !alternatives.length) return NOTHING;
    parts.push(alternatives ? `${scope}(${alternatives.map(ftsString).join(' OR ')})` : `${scope}${ftsString(t.text)}`);
  }
  return parts.join(' AND ');
}
