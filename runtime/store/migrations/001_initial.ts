/** The first schema: every table of `schema.ts` with an index for each list filter and ordering. */
import { sql, type Kysely, type Migration } from 'kysely';

const text = (d = '') => sql`${sql.lit(d)}`;

export const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('posts')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('author', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('post'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('slug', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('password', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comment_status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('ping_status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('format', 'text', (c) => c.notNull().defaultTo('standard'))
      .addColumn('template', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('mime_type', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('guid', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('date_gmt', 'text', (c) => c.notNull())
      .addColumn('modified', 'text', (c) => c.notNull())
      .addColumn('modified_gmt', 'text', (c) => c.notNull())
      .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const postIndexes: Array<[string, string[]]> = [
      ['posts_type_status_date', ['type', 'status', 'date_gmt']],
      ['posts_type_status_modified', ['type', 'status', 'modified_gmt']],
      ['posts_type_slug', ['type', 'slug']],
      ['posts_type_title', ['type', 'title']],
      ['posts_parent', ['parent', 'type']],
      ['posts_author', ['author', 'type']],
      ['posts_type_menu_order', ['type', 'menu_order']],
      ['posts_type_format', ['type', 'format']],
      ['posts_type_mime', ['type', 'mime_type']],
    ];
    for (const [name, cols] of postIndexes) await db.schema.createIndex(name).on('posts').columns(cols).execute();

    await db.schema
      .createTable('postmeta')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('post_id', 'integer', (c) => c.notNull())
      .addColumn('meta_key', 'text', (c) => c.notNull())
      .addColumn('meta_value', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('postmeta_post_key').on('postmeta').columns(['post_id', 'meta_key']).execute();
    await db.schema.createIndex('postmeta_key').on('postmeta').columns(['meta_key']).execute();

    await db.schema
      .createTable('terms')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('taxonomy', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('terms_taxonomy_slug').unique().on('terms').columns(['taxonomy', 'slug']).execute();
    await db.schema.createIndex('terms_parent').on('terms').columns(['parent']).execute();

    await db.schema
      .createTable('term_relationships')
      .addColumn('post_id', 'integer', (c) => c.notNull())
      .addColumn('term_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('term_relationships_pk', ['post_id', 'term_id'])
      .execute();
    await db.schema.createIndex('term_relationships_term').on('term_relationships').columns(['term_id', 'post_id']).execute();

    await db.schema
      .createTable('options')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('login', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('nicename', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('registered', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_email').on('users').columns(['email']).execute();

    await db.schema
      .createTable('usermeta')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('meta_key', 'text', (c) => c.notNull())
      .addColumn('meta_value', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('usermeta_user_key').on('usermeta').columns(['user_id', 'meta_key']).execute();

    await db.schema
      .createTable('application_passwords')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull().defaultTo(text()))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('last_used', 'text')
      .addColumn('last_ip', 'text')
      .execute();
    await db.schema.createIndex('application_passwords_user').on('application_passwords').columns(['user_id']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('expires', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('records')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('modified', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('records_collection_key').unique().on('records').columns(['collection', 'key']).execute();

    await db.schema
      .createTable('inbox')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('dedupe_key', 'text', (c) => c.notNull())
      .addColumn('received', 'text', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('inbox_channel_key').unique().on('inbox').columns(['channel', 'dedupe_key']).execute();

    await db.schema
      .createTable('cache')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const t of ['cache', 'inbox', 'records', 'sessions', 'application_passwords', 'usermeta', 'users', 'options', 'term_relationships', 'terms', 'postmeta', 'posts']) {
      await db.schema.dropTable(t).execute();
    }
  },
};
