/**
 * The version triggers made from one map (runtime/cache/change-map.ts) instead of the lists of
 * migrations 070, 073 and 100: the same tables move the same rows, except that a write of only
 * rows the map calls unshown (a form's view count) moves none. Up replaces every version trigger
 * by the map's; down puts back what those three migrations made.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { applyChangeMap, dropVersionTriggers } from '../../cache/version-triggers.ts';

/** The map's digest (version-triggers.ts changeMapDigest) when this migration was written. */
export const CHANGE_MAP_DIGEST = '3259bdc6a157c2b1';

/** What 070 (options), 073 (posts) and 100 (answers) made: each row moved by any write to its tables. */
const BEFORE: Array<[row: string, tables: string[]]> = [
  ['options', ['options']],
  ['posts', ['posts', 'term_relationships']],
  ['answers', ['options', 'posts', 'postmeta', 'terms', 'term_relationships', 'users', 'usermeta']],
];

async function restoreBefore(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [row, tables] of BEFORE) {
    const bump = `UPDATE cache_versions SET version = version + 1 WHERE name = '${row}';`;
    // 070 named its triggers after the table alone; 073 and 100 after the table and the row.
    const name = (table: string, event?: string) => [table, event, row === 'options' ? undefined : row, 'cache_version'].filter(Boolean).join('_');
    if (postgres) {
      await sql.raw(`CREATE FUNCTION ${row}_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump} RETURN NULL; END $$`).execute(db);
      for (const table of tables) await sql.raw(`CREATE TRIGGER ${name(table)} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${row}_cache_version()`).execute(db);
      continue;
    }
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`CREATE TRIGGER ${name(table, event)} AFTER ${event.toUpperCase()} ON ${table} BEGIN ${bump} END`).execute(db);
    }
  }
}

export const cacheChangeMap: Migration = {
  up: (db: Kysely<any>) => applyChangeMap(db),
  async down(db: Kysely<any>) {
    await dropVersionTriggers(db);
    await restoreBefore(db);
  },
};
