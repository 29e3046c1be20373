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

export const sqliteFullText: SearchIndex = {
  candidates(eb, terms, columns) {
    const usable = terms.filter((t) => !t.exclude && [...t.text].length >= 3);
    if (!usable.length) return undefined;
    const scope = `{${columns.join(' ')}} : `;
    const match = usable.map((t) => `${scope}${ftsString(t.text)}`).join(' AND ');
    return eb('posts.id', 'in', sql<number>`(SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match})`);
  },
};
