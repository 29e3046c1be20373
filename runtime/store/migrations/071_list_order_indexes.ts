/**
 * Lists ordered by author, id or parent walk an index in that order instead of sorting every
 * matching row (test/content/list-query-plan.test.ts asserts each ordering's plan); the id
 * order rides on the rowid every SQLite index ends with.
 */
import type { Kysely, Migration } from 'kysely';

const INDEXES: Array<[string, string[]]> = [
  ['posts_type_status_author', ['type', 'status', 'author', 'id']],
  ['posts_type_status_id', ['type', 'status', 'id']],
  ['posts_type_status_parent', ['type', 'status', 'parent', 'id']],
];

export const listOrderIndexes: Migration = {
  async up(db: Kysely<any>) {
    for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('posts').columns(columns).execute();
  },
  async down(db: Kysely<any>) {
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
};
