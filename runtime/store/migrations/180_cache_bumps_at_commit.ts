/**
 * The map's triggers made again (runtime/cache/version-triggers.ts): on PostgreSQL a write now
 * notes the version rows it moves and a deferred trigger bumps them at COMMIT, so a version row
 * is held only while a writer commits instead of for its whole transaction (which made every
 * writer of every process wait for the one before). SQLite's triggers are made as before. Down
 * puts back the triggers as migration 160 made them, bumping in the write's own statement.
 */
import type { Kysely, Migration } from 'kysely';
import { applyChangeMap } from '../../cache/version-triggers.ts';

/** The map's digest (version-triggers.ts changeMapDigest) when this migration was written. */
export const CHANGE_MAP_DIGEST = '74b63f539c145ecf';

export const cacheBumpsAtCommit: Migration = {
  up: (db: Kysely<any>) => applyChangeMap(db, 'commit'),
  down: (db: Kysely<any>) => applyChangeMap(db, 'write'),
};
