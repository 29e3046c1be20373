/**
 * The highest number handed out as `slug-N` per scope and base slug (runtime/content/slugs.ts),
 * so a title used thousands of times gets its next slug from one keyed update instead of a
 * sort of every numbered slug of that title.
 */
import type { Kysely, Migration } from 'kysely';

export const slugCounters: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('slug_counters')
      // Which items a slug must not collide with: a post type, a page parent, or every type (media).
      .addColumn('scope', 'varchar(255)', (c) => c.notNull())
      .addColumn('base', 'text', (c) => c.notNull())
      .addColumn('highest', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('slug_counters_pk', ['scope', 'base'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('slug_counters').execute();
  },
};
