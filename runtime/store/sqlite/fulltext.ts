/**
 * SQLite's SearchIndex: the FTS5 table `posts_fts` (migration 072), trigram tokens over title,
 * content and excerpt, kept in step with posts by triggers. A trigram match of a term is a
 * superset of `instr(lower(column), lower(term))` (it folds case at least as widely), so it
 * narrows WordPress's search without changing what it finds. Terms under three characters
 * have no trigram: they are left to the exact condition alone.
 */
import { sql } from 'kysely';
import type { SearchIndex } from '../../content/search-index.ts';

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

export const sqliteFullText: SearchIndex = {
  candidates(eb, terms, columns) {
    const usable = terms
      .filter((t) => !t.exclude && [...t.text].length >= 3 && !t.text.includes('\u0000'))
      .slice(0, MAX_TERMS)
      .map((t) => ({ ...t, text: [...t.text].slice(0, MAX_TERM_CHARS).join('') }));
    if (!usable.length) return undefined;
    const scope = `{${columns.join(' ')}} : `;
    const match = usable.map((t) => `${scope}${ftsString(t.text)}`).join(' AND ');
    return eb('posts.id', 'in', sql<number>`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match})`);
  },
};
