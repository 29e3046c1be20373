/**
 * Opens a PostgreSQL database (node-postgres pool) for Kysely. Several server processes may
 * share it: nothing here is per-process but the pool. Writers run side by side, each guarding
 * only what it reads to change (../write-guards.ts); a transaction ended by a conflict with
 * another writer runs again (./conflict-retry.ts, installed by ../open-database.ts).
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../schema.ts';
import { PortableSqlPlugin } from '../portable-sql.ts';
import { postgresDialect } from './dialect.ts';
import { SchemaTypesPlugin } from './schema-types.ts';
import { LooseComparisonsPlugin } from './loose-comparisons.ts';
import { LenientValuesPlugin } from './lenient-values.ts';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * The rest of the code reads numbers as SQLite hands them over. `bigint` columns and count(*)
 * arrive as strings by default (they may exceed 2^53); ids and counts here never do.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.SPECPRESS_PG_POOL_SIZE ?? 10), types: types as pg.CustomTypesConfig });
  // An idle client whose server went away (restart, failover) must not crash the process.
  pool.on('error', () => {});
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new SchemaTypesPlugin(), new PortableSqlPlugin(postgresDialect), new LooseComparisonsPlugin(), new LenientValuesPlugin()],
  });
}
