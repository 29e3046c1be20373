/**
 * ChangeSignal from the `cache_versions` rows: one read of a tiny table, the same SQL on SQLite
 * and PostgreSQL. On SQLite the read is skipped while no other connection has committed
 * (store/sqlite/other-writers.ts): nothing another writer did can have moved a version then.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ChangeSignal } from './change-signal.ts';
import { otherWritersProbeOf } from '../store/sqlite/other-writers.ts';

export function versionRowSignal(db: Kysely<Database>): ChangeSignal {
  // Read at the start of every request: compiled once.
  const query = db.selectFrom('cache_versions').select(['name', 'version']).compile();
  const otherWriters = otherWritersProbeOf(db);
  return {
    async versions() {
      if (otherWriters && !otherWriters()) return undefined;
      const { rows } = await db.executeQuery(query);
      return new Map(rows.map((r) => [r.name, Number(r.version)]));
    },
  };
}
