/**
 * With SPECPRESS_TEST_DATABASE=postgres, the whole suite runs on PostgreSQL: this starts one
 * throw-away cluster for the run, migrates the template database every test database is cloned
 * from (runtime/testing/test-database.ts), and removes the cluster at the end.
 */
import pg from 'pg';
import { startPostgresCluster } from '../../runtime/testing/postgres-cluster.ts';
import { TEMPLATE_DATABASE, TEST_PG_URL_ENV } from '../../runtime/testing/test-database.ts';
import { openDatabase } from '../../runtime/store/open-database.ts';

export default async function setup(): Promise<(() => void) | undefined> {
  const engine = process.env.SPECPRESS_TEST_DATABASE ?? 'sqlite';
  if (engine === 'sqlite') return undefined;
  if (engine !== 'postgres') throw new Error(`SPECPRESS_TEST_DATABASE must be sqlite or postgres (got "${engine}")`);
  const cluster = await startPostgresCluster();
  try {
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
    await client.end();
    const template = await openDatabase(cluster.urlFor(TEMPLATE_DATABASE));
    await template.close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  process.env[TEST_PG_URL_ENV] = cluster.adminUrl;
  // An interrupted run (Ctrl-C, a CI timeout) skips teardown: stop the server on exit and on those signals.
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    cluster.stop();
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  }
  return stop;
}
