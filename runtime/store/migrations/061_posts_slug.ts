/**
 * An index on `posts.slug` alone: an attachment's slug is unique across every type, so its
 * lookups (runtime/content/slugs.ts) cannot use the (type, slug) index.
 */
import type { Kysely, Migration } from 'kysely';

export const postsSlug: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('posts_slug').on('posts').column('slug').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('posts_slug').execute();
  },
};
