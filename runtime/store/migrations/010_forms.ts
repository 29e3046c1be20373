/**
 * The form suite's entries and their logs. Forms themselves are content items of type
 * `formsuite_form` in `posts` (title, status, dates, trash come for free); entries are many and
 * are queried by form, status and date, so they get a table of their own.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const forms: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('form_entries')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('form_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unread'))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('submission'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_entries_form_status_created').on('form_entries').columns(['form_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('form_entries_created').on('form_entries').columns(['created_at']).execute();
    await db.schema
      .createTable('form_entry_logs')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('entry_id', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`''`))
      .execute();
    await db.schema.createIndex('form_entry_logs_entry').on('form_entry_logs').columns(['entry_id', 'id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('form_entry_logs').execute();
    await db.schema.dropTable('form_entries').execute();
  },
};
