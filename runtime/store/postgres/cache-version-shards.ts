/**
 * PostgreSQL's `cache_versions`, split so that two commits do not queue on one row. Every write
 * of a post moves the same version rows (`posts`, `answers`: runtime/cache/change-map.ts) at its
 * COMMIT; a row updated by a transaction stays locked until that transaction has ended, which
 * with PostgreSQL's durable settings means until its commit record is flushed to disk. With one
 * row per version, every writer's commit (and its flush) waited for the one before.
 *
 * Each version is now the sum of a few counters, one per group of connections
 * (`pg_backend_pid() % SHARDS`): a bump adds 1 to the counter of the connection that makes it,
 * so writers on different connections lock different rows. `cache_versions` becomes a view
 * showing each name with the sum, and writes to it go to the counters (INSTEAD OF triggers), so
 * every reader and writer of the table (the change signal read before each request, the
 * version triggers' flush, migrations that add or drop a version row, tests that read or set a
 * version) works as before. A bump still happens in the writer's transaction: a process that sees
 * a sum move sees the write. Sums only grow by the bumps, so a version read later is never
 * smaller, and any committed bump makes it differ from what was read before it.
 *
 * Writing a version: an insert makes the name's counter 0 hold the value; an update adds the
 * difference between the value written and the sum read to the writing connection's counter
 * (`version = version + 1` adds 1; `version = 7` makes the sum 7); a delete removes every counter
 * of the name. SQLite has one writer at a time and keeps its table.
 */

/** Counters per version. Connections whose process ids share a remainder share a row. */
export const SHARDS = 16;

const WRITE = `CREATE FUNCTION cache_versions_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cache_version_shards (name, shard, version) VALUES (NEW.name, 0, coalesce(NEW.version, 0));
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM cache_version_shards WHERE name = OLD.name;
    RETURN OLD;
  END IF;
  IF NEW.name <> OLD.name THEN
    UPDATE cache_version_shards SET name = NEW.name WHERE name = OLD.name;
  END IF;
  delta := NEW.version - OLD.version;
  IF delta <> 0 THEN
    INSERT INTO cache_version_shards (name, shard, version) VALUES (NEW.name, pg_backend_pid() % ${SHARDS}, delta)
      ON CONFLICT (name, shard) DO UPDATE SET version = cache_version_shards.version + excluded.version;
  END IF;
  RETURN NEW;
END $$`;

/** Statements turning the table into the view over counters, the values kept. */
export function cacheVersionShardsStatements(): string[] {
  return [
    'CREATE TABLE cache_version_shards (name text NOT NULL, shard integer NOT NULL, version bigint NOT NULL DEFAULT 0, PRIMARY KEY (name, shard))',
    'INSERT INTO cache_version_shards (name, shard, version) SELECT name, 0, version FROM cache_versions',
    'DROP TABLE cache_versions',
    'CREATE VIEW cache_versions AS SELECT name, sum(version)::bigint AS version FROM cache_version_shards GROUP BY name',
    WRITE,
    'CREATE TRIGGER cache_versions_write INSTEAD OF INSERT OR UPDATE OR DELETE ON cache_versions FOR EACH ROW EXECUTE FUNCTION cache_versions_write()',
  ];
}

/** Statements putting back the one-row-per-version table (the down), each holding its sum. */
export function cacheVersionTableStatements(): string[] {
  return [
    'CREATE TABLE cache_versions_summed (name text PRIMARY KEY, version bigint NOT NULL DEFAULT 0)',
    'INSERT INTO cache_versions_summed (name, version) SELECT name, version FROM cache_versions',
    'DROP VIEW cache_versions',
    'DROP FUNCTION cache_versions_write()',
    'DROP TABLE cache_version_shards',
    'ALTER TABLE cache_versions_summed RENAME TO cache_versions',
    'ALTER INDEX cache_versions_summed_pkey RENAME TO cache_versions_pkey',
  ];
}
