/**
 * Indexes for the orders WordPress lists posts in: by local publish date (`date`, what orderby
 * date and after/before use), by local modified date, and revisions/autosaves by parent.
 */
import type { Kysely, Migration } from 'kysely';

export const contentOrder: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('posts_type_status_local_date').on('posts').columns(['type', 'status', 'date', 'id']).execute();
    await db.schema.createIndex('posts_type_status_local_modified').on('posts').columns(['type', 'status', 'modified', 'id']).execute();
    await db.schema.createIndex('term_relationships_post').on('term_relationships').columns(['post_id']).execute();
  },
  async down(db: Kysely<any>) {
    for (const name of ['posts_type_status_local_date', 'posts_type_status_local_modified', 'term_relationships_post']) await db.schema.dropIndex(name).execute();
  },
};
