/**
 * A `cache_versions` row for what processes remember about posts (list totals), bumped by any
 * write to posts or term_relationships, the tables a list's filters read. Same contract as 070
 * (runtime/cache/change-signal.ts). SQLite: row triggers; PostgreSQL: one call per statement.
 */
import type { Kysely, Migration } from 'kysely';
import { createVersionRow, dropVersionRow } from './version-row-triggers.ts';

const SOURCES = ['posts', 'term_relationships'];

export const postsCacheVersion: Migration = {
  up: (db: Kysely<any>) => createVersionRow(db, 'posts', SOURCES),
  down: (db: Kysely<any>) => dropVersionRow(db, 'posts', SOURCES),
};
