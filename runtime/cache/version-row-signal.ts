/** ChangeSignal from the `cache_versions` rows: one read of a tiny table, the same SQL on SQLite and PostgreSQL. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ChangeSignal } from './change-signal.ts';

export function versionRowSignal(db: Kysely<Database>): ChangeSignal {
  // Read at the start of every request: compiled once.
  const query = db.selectFrom('cache_versions').select(['name', 'version']).compile();
  return {
    async versions() {
      const { rows } = await db.executeQuery(query);
      return new Map(rows.map((r) => [r.name, Number(r.version)]));
    },
  };
}
