/**
 * The triggers that move `cache_versions` rows, made from the change map (change-map.ts): the
 * database bumps the rows a write reaches in the write's own transaction, so no code path can
 * forget and every process sees it (change-signal.ts).
 *
 * SQLite: one row trigger per table and event, bumping every row the table moves in one statement;
 * for a table with unshown rows, a WHEN skips rows holding an unshown value (SQLite has one writer
 * at a time: holding the rows until the commit costs nothing).
 *
 * PostgreSQL runs writers side by side, and every write of posts moves the same `posts` and
 * `answers` rows: bumped where the write happens, a version row stays locked until the writer
 * commits, and every other writer waits for it, whatever it writes. So the bump waits for the
 * commit. A statement trigger per table (for a table with unshown rows, one per event that reads
 * the statement's rows through transition tables and notes only when one of them is shown) only
 * notes in a transaction-local setting which rows the transaction moves; a deferred constraint
 * trigger (`…_flush_cache_version`, run at COMMIT) bumps the noted rows then, in name order (two
 * commits never wait for each other in a cycle). The rows are held only while the transaction
 * commits, and still move in the same transaction as the write: a process that sees a version
 * move sees the write. A savepoint rolled back takes its notes with it. The flush must stay
 * deferred: `SET CONSTRAINTS ALL IMMEDIATE` would run it before the notes of later statements.
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

/** The transaction-local setting where PostgreSQL's triggers note the rows to bump at commit: `,name,name,`. */
const PENDING = 'specpress.cache_bumps';

/** plpgsql adding `reach`'s rows to the transaction's notes (each once). */
function note(reach: TableReach): string {
  const adds = reach.moves.map((row) => `IF strpos(pending, ${literal(`,${identifier(row)},`)}) = 0 THEN pending := pending || ${literal(`${row},`)}; END IF;`).join(' ');
  return `pending := coalesce(nullif(current_setting(${literal(PENDING)}, true), ''), ','); ${adds} PERFORM set_config(${literal(PENDING)}, pending, true);`;
}

/** The one function every table's deferred trigger runs: bumps the noted rows, in name order, once per commit. */
const FLUSH = [
  `CREATE FUNCTION flush_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE pending text := nullif(current_setting(${literal(PENDING)}, true), ''); row_name text; BEGIN ` +
    `IF pending IS NOT NULL AND pending <> ',' THEN PERFORM set_config(${literal(PENDING)}, '', true); ` +
    `FOR row_name IN SELECT n FROM unnest(string_to_array(trim(both ',' from pending), ',')) AS n ORDER BY n LOOP ` +
    `UPDATE cache_versions SET version = version + 1 WHERE name = row_name; END LOOP; END IF; RETURN NULL; END $$`,
];

/** Where PostgreSQL's triggers bump: at COMMIT (since migration 180), or in the write's own statement (as migration 160 made them; 180's down). */
export type BumpAt = 'commit' | 'write';

function postgresTriggers(table: string, reach: TableReach, bumpAt: BumpAt): string[] {
  // At commit: the statement triggers note, the deferred one bumps. Where written: they bump.
  const [declare, act] = bumpAt === 'commit' ? ['DECLARE pending text; ', note(reach)] : ['', bump(reach)];
  const flush = bumpAt === 'commit' ? [`CREATE CONSTRAINT TRIGGER ${table}_flush_cache_version AFTER INSERT OR UPDATE OR DELETE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION flush_cache_version()`] : [];
  if (!reach.unshown) {
    const name = `${table}_cache_version`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ ${declare}BEGIN ${act} RETURN NULL; END $$`,
      `CREATE TRIGGER ${name} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      ...flush,
    ];
  }
  // A trigger with transition tables fires on one event only: one trigger (and function) per event.
  return [
    ...EVENTS.flatMap((event) => {
      const name = `${table}_${event}_cache_version`;
      const shown = ROWS[event].map((row) => `EXISTS (SELECT 1 FROM ${row}_rows WHERE ${shownRow(reach, `${row}_rows`)})`).join(' OR ');
      const referencing = ROWS[event].map((row) => `${row.toUpperCase()} TABLE AS ${row}_rows`).join(' ');
      return [
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ ${declare}BEGIN IF ${shown} THEN ${act} END IF; RETURN NULL; END $$`,
        `CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      ];
    }),
    ...flush,
  ];
}

/** The statements that make the map's triggers on `engine`, in a fixed order. */
export function versionTriggerStatements(engine: TriggerEngine, bumpAt: BumpAt = 'commit'): string[] {
  const perTable = Object.entries(CHANGE_MAP)
    .filter(([, reach]) => reach.moves.length > 0)
    .flatMap(([table, reach]) => (engine === 'sqlite' ? sqliteTriggers(identifier(table), reach) : postgresTriggers(identifier(table), reach, bumpAt)));
  return engine === 'postgres' && bumpAt === 'commit' ? [...FLUSH, ...perTable] : perTable;
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
export async function applyChangeMap(db: Kysely<any>, bumpAt: BumpAt = 'commit'): Promise<void> {
  const apply = async (trx: Kysely<any>) => {
    await dropVersionTriggers(trx);
    for (const statement of versionTriggerStatements(isPostgres(trx) ? 'postgres' : 'sqlite', bumpAt)) await sql.raw(statement).execute(trx);
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
