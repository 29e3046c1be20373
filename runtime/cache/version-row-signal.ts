/** ChangeSignal from the `cache_versions` rows: one read of a tiny table, the same SQL on SQLite and PostgreSQL. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ChangeSignal } from './change-signal.ts';

export function versionRowSignal(db: Kysely<Database>): ChangeSignal {
  return {
    async versions() {
      const rows = await db.selectFrom('cache_versions').select(['name', 'version']).execute();
      return new Map(rows.map((r) => [r.name, Number(r.version)]));
    },
  };
}
