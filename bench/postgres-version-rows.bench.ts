/**
 * What the cache versions cost writers that write different things, on PostgreSQL with its
 * durable settings (each commit flushed to disk): eight connections, each updating an options row
 * of its own in a loop of one-statement transactions. Every such write moves the `options` and
 * `answers` versions at COMMIT. With one row per version (the schema up to migration 190) each
 * commit holds those rows until its flush is done, so the eight take turns; with a few counters
 * per version (migration 200, runtime/store/postgres/cache-version-shards.ts) they lock different
 * rows. The same database, migrated down and up, alternately, for `rounds` rounds.
 * Prints commits per second and the load average; asserts nothing.
 * Run: `npx tsx bench/postgres-version-rows.bench.ts [seconds] [rounds]`.
 */
import os from 'node:os';
import pg from 'pg';
import { Migrator } from 'kysely';
import { MIGRATIONS, openDatabase } from '../runtime/store/open-database.ts';
import { startPostgresCluster } from '../runtime/testing/postgres-cluster.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const WRITERS = 8;

const cluster = await startPostgresCluster({ maxConnections: 40, durable: true });
try {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE versions');
  await admin.end();
  const url = cluster.urlFor('versions');
  const { db, close } = await openDatabase(url);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const names = Array.from({ length: WRITERS }, (_, i) => `bench_writer_${i}`);
  await db.insertInto('options').values(names.map((name) => ({ name, value: '0' }))).execute();

  const measure = async (label: string) => {
    const writers = await Promise.all(names.map(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }));
    let commits = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(writers.map(async (c, i) => {
      while (Date.now() < end) {
        await c.query('BEGIN');
        await c.query('UPDATE options SET value = (value::int + 1)::text WHERE name = $1', [names[i]]);
        await c.query('COMMIT');
        commits++;
      }
    }));
    await Promise.all(writers.map((c) => c.end()));
    console.log(`${label.padEnd(36)} ${(commits / seconds).toFixed(0).padStart(6)} commits/s   load average ${os.loadavg()[0]!.toFixed(1)}`);
  };
  console.log(`${WRITERS} writers, each of its own options row, ${seconds} s per row, ${os.cpus().length} cores, PostgreSQL durable`);
  for (let round = 0; round < rounds; round++) {
    await migrator.migrateTo('190_term_counts_at_commit');
    await measure('one row per version (migration 190)');
    await migrator.migrateToLatest();
    await measure('counters per version (migration 200)');
  }
  await close();
} finally {
  cluster.stop();
}
