/**
 * SQLite's SearchIndex: the FTS5 table `posts_fts` (migration 072), trigram tokens over title,
 * content and excerpt, kept in step with posts by triggers. A trigram match of a term is a
 * superset of `instr(lower(column), lower(term))` (it folds case at least as widely), so it
 * narrows WordPress's search without changing what it finds. Terms under three characters
 * have no trigram: they are left to the exact condition alone.
 */
import { sql, type Kysely } from 'kysely';
import type { SearchIndex } from '../../content/search-index.ts';
import type { SearchTerm } from '../../content/search.ts';
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
 * A term is worth narrowing by when its rarest trigram is in at most this many posts: past it,
 * listing the candidates costs more than reading posts in the list's order until a page is full
 * (with matches that common, a page fills within a few hundred posts whatever the site's size).
 */
export const DENSE_POSTS = 5_000;

/** The terms the index can use: included, three characters or more, cut to a bounded length. */
function usableTerms(terms: SearchTerm[]): SearchTerm[] {
  return terms
    .filter((t) => !t.exclude && [...t.text].length >= 3 && !t.text.includes('\u0000'))
    .slice(0, MAX_TERMS)
    .map((t) => ({ ...t, text: [...t.text].slice(0, MAX_TERM_CHARS).join('') }));
}

/** The trigrams of a term as the index folds them (case-insensitive). */
function trigrams(text: string): string[] {
  const chars = [...text.toLowerCase()];
  return Array.from({ length: Math.max(0, chars.length - 2) }, (_, i) => chars.slice(i, i + 3).join(''));
}

export const sqliteFullText: SearchIndex = {
  async narrowing(db: Kysely<Database>, terms: SearchTerm[]): Promise<SearchTerm[]> {
    const usable = usableTerms(terms);
    const wanted = [...new Set(usable.flatMap((t) => trigrams(t.text)))];
    if (!wanted.length) return [];
    // posts_fts_vocab (migration 110) reads the index's own doclists: posts per trigram.
    const { rows } = await sql<{ term: string; doc: number }>`SELECT term, doc FROM posts_fts_vocab WHERE term IN (${sql.join(wanted)})`.execute(db);
    const posts = new Map(rows.map((r) => [r.term, Number(r.doc)]));
    // A trigram the index does not hold (or folds otherwise) counts as rare: the index decides.
    const rare = usable.filter((t) => Math.min(...trigrams(t.text).map((g) => posts.get(g) ?? 0)) <= DENSE_POSTS);
    if (rare.length) return rare;
    // Common terms each, but several: the index intersects their lists far faster than reading
    // posts would find the few (or no) posts holding all of them.
    return usable.length > 1 ? usable : [];
  },

  async candidateIds(db, terms, columns) {
    const match = matchOf(terms, columns);
    if (match === undefined) return undefined;
    const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ${match} LIMIT ${FEW_CANDIDATES + 1}`.execute(db);
    return rows.length <= FEW_CANDIDATES ? rows.map((r) => Number(r.id)) : undefined;
  },

  candidates(eb, terms, columns) {
    const match = matchOf(terms, columns);
    if (match === undefined) return undefined;
    return eb('posts.id', 'in', sql<number>`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match})`);
  },
};

/** Candidates listed by id in the compiled list (query.ts keeps it until the next write) up to this many. */
const FEW_CANDIDATES = 5_000;

/** The FTS5 query of the terms the index can use, within `columns`; undefined when none can. */
function matchOf(terms: SearchTerm[], columns: string[]): string | undefined {
  const usable = usableTerms(terms);
  if (!usable.length) return undefined;
  const scope = `{${columns.join(' ')}} : `;
  return usable.map((t) => `${scope}${ftsString(t.text)}`).join(' AND ');
}
