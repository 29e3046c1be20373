/**
 * Which engine a Kysely instance (or transaction) runs on, for the few places that must say
 * something engine-specific: migrations with triggers or index types of one engine, and the
 * dialect folders. Code above runtime/store should not need it (see ./portable-sql.ts).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

export function engineOf<DB>(db: Kysely<DB>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
