/**
 * ChangeSignal from the `cache_versions` rows: one read of a tiny table, the same SQL on SQLite
 * and PostgreSQL. On SQLite the read is skipped while nothing was committed since the last one
 * (store/sqlite/commit-probe.ts): no version can have moved then.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ChangeSignal } from './change-signal.ts';
import { commitProbeOf } from '../store/sqlite/commit-probe.ts';

export function versionRowSignal(db: Kysely<Database>): ChangeSignal {
  // Read at the start of every request: compiled once.
  const query = db.selectFrom('cache_versions').select(['name', 'version']).compile();
  const committed = commitProbeOf(db);
  return {
    versions() {
      if (committed && !committed()) return undefined;
      return db.executeQuery(query).then(({ rows }) => new Map(rows.map((r) => [r.name, Number(r.version)])));
    },
  };
}
