/**
 * PostgreSQL's SearchIndex: pg_trgm GIN indexes over lower(title), lower(content) and
 * lower(excerpt) (migration 080). `lower(column) LIKE lower('%term%')` is what a trigram index
 * answers, and it keeps exactly the posts the exact condition (strpos of the same lower-cased
 * texts) keeps, so WordPress's results and their order stay the same. Terms under three
 * characters have no trigram: they are left to the exact condition alone, as with SQLite's FTS5.
 */
import { sql } from 'kysely';
import type { SearchIndex } from '../fulltext-index.ts';
import { escapeLike } from '../portable-sql.ts';

export const postgresFullText: SearchIndex = {
  candidates(eb, terms, columns) {
    const usable = terms.filter((t) => !t.exclude && [...t.text].length >= 3);
    if (!usable.length) return undefined;
    return eb.and(
      usable.map((t) => eb.or(columns.map((c) => sql<boolean>`lower(${sql.ref(`posts.${c}`)}) like lower(${`%${escapeLike(t.text)}%`})`))),
    );
  },
};
