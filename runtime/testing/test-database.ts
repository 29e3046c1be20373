/**
 * Which database a test server gets. By default the embedded SQLite file under its data folder
 * (or ':memory:'). With SPECPRESS_TEST_DATABASE=postgres the vitest global setup
 * (test/support/postgres-global-setup.ts) has started a throw-away cluster and migrated a
 * template database once; every test server then gets a database of its own, cloned from the
 * template (fast: a file copy, no migrations) and dropped when the server closes.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../store/open-database.ts';
import { databaseFile } from '../store/paths.ts';

/** Set by the global setup: the cluster's admin URL. */
export const TEST_PG_URL_ENV = 'SPECPRESS_TEST_PG_URL';
/** The migrated database every test database is cloned from. */
export const TEMPLATE_DATABASE = 'specpress_template';

export function testEngine(): 'sqlite' | 'postgres' {
  if (process.env.SPECPRESS_TEST_DATABASE !== 'postgres') return 'sqlite';
  // Never fall back to SQLite quietly: a run asked for PostgreSQL must run on it.
  if (!process.env[TEST_PG_URL_ENV]) throw new Error(`SPECPRESS_TEST_DATABASE=postgres but no cluster (${TEST_PG_URL_ENV} unset): run through vitest, whose global setup starts it`);
  return 'postgres';
}

let admin: pg.Pool | undefined;
function adminPool(): pg.Pool {
  admin ??= new pg.Pool({ connectionString: process.env[TEST_PG_URL_ENV], max: 2, allowExitOnIdle: true });
  return admin;
}

function urlOf(database: string): string {
  const url = new URL(process.env[TEST_PG_URL_ENV]!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Clones the template into `name` unless it exists already (a restarted test server). */
async function createFromTemplate(name: string): Promise<void> {
  try {
    await adminPool().query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // duplicate_database
  }
}

async function dropDatabase(name: string): Promise<void> {
  await adminPool().query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export interface TestDatabase {
  /** What AppConfig.database / openDatabase take. */
  target: string;
  drop: () => Promise<void>;
}

/** The database of a test site whose files live in `dataDir`; the same folder maps to the same database. */
export async function testDatabaseFor(dataDir: string): Promise<TestDatabase> {
  if (testEngine() === 'sqlite') return { target: databaseFile(dataDir), drop: async () => {} };
  const name = `t_${crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 24)}`;
  await createFromTemplate(name);
  return { target: urlOf(name), drop: () => dropDatabase(name) };
}

/** A fresh, migrated, private database for a unit test: SQLite in memory, or a PostgreSQL clone. */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  if (testEngine() === 'sqlite') return openDatabase(':memory:');
  const name = `m_${crypto.randomBytes(12).toString('hex')}`;
  await createFromTemplate(name);
  const opened = await openDatabase(urlOf(name));
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await dropDatabase(name);
    },
  };
}

/** Environment for a `specpress` child process so that it opens `database` (nothing to add on SQLite). */
export function childEnv(database: TestDatabase): NodeJS.ProcessEnv {
  return testEngine() === 'postgres' ? { ...process.env, DATABASE_URL: database.target } : { ...process.env };
}
