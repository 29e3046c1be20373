/**
 * The triggers that move `cache_versions` rows, made from the change map (change-map.ts): the
 * database bumps the rows a write reaches in the write's own transaction, so no code path can
 * forget and every process sees it (change-signal.ts).
 *
 * SQLite: one row trigger per table and event, bumping every row the table moves in one statement;
 * for a table with unshown rows, a WHEN skips rows holding an unshown value. PostgreSQL: one
 * statement trigger per table; for a table with unshown rows, one per event that reads the
 * statement's rows (transition tables) and bumps only when one of them is shown.
 *
 * Every trigger and trigger function here is named `…_cache_version`, as those of migrations 070,
 * 073 and 100 were: applying the map drops every such trigger first, whichever map made it.
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CHANGE_MAP, type TableReach } from './change-map.ts';

export type TriggerEngine = 'sqlite' | 'postgres';
const EVENTS = ['insert', 'update', 'delete'] as const;
type Event = (typeof EVENTS)[number];

function identifier(name: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`change map: "${name}" is not a plain lower-case name`);
  return name;
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

function bump(reach: TableReach): string {
  return `UPDATE cache_versions SET version = version + 1 WHERE name IN (${reach.moves.map((row) => literal(identifier(row))).join(', ')});`;
}

/** SQL true when `row` (`old`, `new`, or a transition table) holds a shown value, one the map does not call unshown. */
function shownRow(reach: TableReach, row: string): string {
  const { column, values } = reach.unshown!;
  return `${row}.${identifier(column)} NOT IN (${values.map(literal).join(', ')})`;
}

/** The rows an event leaves to look at: what was inserted, what an update had and has, what was deleted. */
const ROWS: Record<Event, Array<'old' | 'new'>> = { insert: ['new'], update: ['old', 'new'], delete: ['old'] };

function sqliteTriggers(table: string, reach: TableReach): string[] {
  return EVENTS.map((event) => {
    const when = reach.unshown ? ` WHEN ${ROWS[event].map((row) => shownRow(reach, row)).join(' OR ')}` : '';
    return `CREATE TRIGGER ${table}_${event}_cache_version AFTER ${event.toUpperCase()} ON ${table}${when} BEGIN ${bump(reach)} END`;
  });
}

function postgresTriggers(table: string, reach: TableReach): string[] {
  if (!reach.unshown) {
    const name = `${table}_cache_version`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump(reach)} RETURN NULL; END $$`,
      `CREATE TRIGGER ${name} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  }
  // A trigger with transition tables fires on one event only: one trigger (and function) per event.
  return EVENTS.flatMap((event) => {
    const name = `${table}_${event}_cache_version`;
    const shown = ROWS[event].map((row) => `EXISTS (SELECT 1 FROM ${row}_rows WHERE ${shownRow(reach, `${row}_rows`)})`).join(' OR ');
    const referencing = ROWS[event].map((row) => `${row.toUpperCase()} TABLE AS ${row}_rows`).join(' ');
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${shown} THEN ${bump(reach)} END IF; RETURN NULL; END $$`,
      `CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  });
}

/** The statements that make the map's triggers on `engine`, in a fixed order. */
export function versionTriggerStatements(engine: TriggerEngine): string[] {
  return Object.entries(CHANGE_MAP)
    .filter(([, reach]) => reach.moves.length > 0)
    .flatMap(([table, reach]) => (engine === 'sqlite' ? sqliteTriggers(identifier(table), reach) : postgresTriggers(identifier(table), reach)));
}

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Drops every version trigger (and, on PostgreSQL, its function), whichever migration made it. */
export async function dropVersionTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname LIKE '%\\_cache_version'`.execute(db);
    // CASCADE: a function's triggers go with it.
    for (const { name } of rows) await sql.raw(`DROP FUNCTION ${identifier(name)}() CASCADE`).execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_cache_version' ESCAPE '\\'`.execute(db);
  for (const { name } of rows) await sql.raw(`DROP TRIGGER ${identifier(name)}`).execute(db);
}

/** Replaces the version triggers by those of the map, in one transaction (a write in between would move nothing). */
export async function applyChangeMap(db: Kysely<any>): Promise<void> {
  const apply = async (trx: Kysely<any>) => {
    await dropVersionTriggers(trx);
    for (const statement of versionTriggerStatements(isPostgres(trx) ? 'postgres' : 'sqlite')) await sql.raw(statement).execute(trx);
  };
  // PostgreSQL's migrations already run in a transaction; SQLite's do not.
  if (db.isTransaction) await apply(db);
  else await db.transaction().execute(apply);
}

/**
 * A digest of the triggers the map makes on both engines: a migration that applies the map
 * records the digest it was written for, and a test compares it with the map's (changing the map
 * needs a migration that applies it again, or databases made before keep the old triggers).
 */
export function changeMapDigest(): string {
  return createHash('sha256').update(JSON.stringify([versionTriggerStatements('sqlite'), versionTriggerStatements('postgres')])).digest('hex').slice(0, 16);
}
