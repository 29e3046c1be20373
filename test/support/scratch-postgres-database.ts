/**
 * An empty PostgreSQL database of a test file's own, for the tests about PostgreSQL itself
 * (several processes on one database, locks, conflicts, counters). In the PostgreSQL pass it is
 * made in the pass's cluster; run any other way, the file gets a throw-away cluster of its own.
 * Files that import this run in the PostgreSQL pass only (./engine-scope.ts).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startPostgresCluster } from '../../runtime/testing/postgres-cluster.ts';
import { TEST_PG_URL_ENV, testEngine } from '../../runtime/testing/test-database.ts';

export interface ScratchPostgresDatabase {
  /** A connection URL to the new, empty database. */
  url: string;
  /** Drops the database (or stops the file's own cluster). */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `prefix` names the database (a random suffix keeps files apart); `maxConnections` sizes an own cluster. */
export async function scratchPostgresDatabase(prefix: string, opts: { maxConnections: number }): Promise<ScratchPostgresDatabase> {
  const ownCluster = testEngine() === 'postgres' ? undefined : await startPostgresCluster({ maxConnections: opts.maxConnections });
  const adminUrl = ownCluster?.adminUrl ?? process.env[TEST_PG_URL_ENV]!;
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (ownCluster) ownCluster.stop();
      else await asAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
