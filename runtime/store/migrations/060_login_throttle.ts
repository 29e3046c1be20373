/**
 * Failed sign-in counters shared by every process of a site (runtime/auth/login-throttle.ts):
 * one row per throttled key (an account, an address, or the pair), incremented atomically.
 */
import type { Kysely, Migration } from 'kysely';

export const loginThrottle: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      // Unix seconds: no attempt on this key before then; the row is forgotten after `expires`.
      .addColumn('blocked_until', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('login_throttle').execute();
  },
};
