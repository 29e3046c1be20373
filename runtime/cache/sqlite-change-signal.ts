/** The SQLite side of ChangeSignal: one read of the tiny `cache_versions` table (statement cached). */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ChangeSignal } from './change-signal.ts';

export function sqliteChangeSignal(db: Kysely<Database>): ChangeSignal {
  return {
    async token() {
      const rows = await db.selectFrom('cache_versions').select(['name', 'version']).orderBy('name').execute();
      return rows.map((r) => `${r.name}:${r.version}`).join(',');
    },
  };
}
