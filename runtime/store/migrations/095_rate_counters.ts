/**
 * The login throttle's counters become the site's one table of rate counters
 * (runtime/store/rate-counters.ts): sign-in failures, anonymous writes per address and form
 * submissions per address all count there, so every process of a site shares each limit.
 */
import type { Kysely, Migration } from 'kysely';

export const rateCounters: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('login_throttle').renameTo('rate_counters').execute();
    await db.schema.alterTable('rate_counters').renameColumn('failures', 'hits').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('rate_counters').renameColumn('hits', 'failures').execute();
    await db.schema.alterTable('rate_counters').renameTo('login_throttle').execute();
  },
};
