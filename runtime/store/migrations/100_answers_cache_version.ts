/**
 * A `cache_versions` row for the anonymous answers of core routes a process keeps
 * (runtime/http/answer-cache.ts), bumped by any write to a table such an answer shows: content,
 * its meta and terms, authors, options. Same contract as 070 (runtime/cache/change-signal.ts).
 */
import type { Kysely, Migration } from 'kysely';
import { createVersionRow, dropVersionRow } from './version-row-triggers.ts';

export const ANSWER_SOURCES = ['options', 'posts', 'postmeta', 'terms', 'term_relationships', 'users', 'usermeta'];

export const answersCacheVersion: Migration = {
  up: (db: Kysely<any>) => createVersionRow(db, 'answers', ANSWER_SOURCES),
  down: (db: Kysely<any>) => dropVersionRow(db, 'answers', ANSWER_SOURCES),
};
