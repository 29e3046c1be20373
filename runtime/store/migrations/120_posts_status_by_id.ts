/**
 * A term's count is recounted (runtime/content/terms.ts refreshCounts) by joining its posts and
 * keeping the published ones. Without this index each of those posts is looked up in the table
 * itself, whose rows carry their whole content, a cost that grows with the category. With it the
 * status is read from the index alone. Both engines.
 */
import type { Kysely, Migration } from 'kysely';

export const postsStatusById: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('posts_id_status').on('posts').columns(['id', 'status']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('posts_id_status').execute();
  },
};
