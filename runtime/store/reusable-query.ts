/**
 * A query built and compiled once per database handle, then run with new values. Building a query
 * through Kysely's builder and compiling it (the plugins walk its tree) costs several times more
 * than running a small indexed read on SQLite; the hot reads of every request (a post by id, the
 * cache versions) pay it once instead of per request.
 *
 * `build` receives stand-ins for its arguments and must use each only as a single value (e.g.
 * `where('id', '=', id)`), never spread into a list or inspected: the SQL is fixed after the
 * first call, and only the values at the stand-ins' positions change.
 *
 * SQLite only. PostgreSQL's plugins choose the SQL by the values themselves (a parameter a bigint
 * cannot hold is compared as text, NUL characters are refused before sending), so there each
 * call builds with its real values, as any query does; the server plans its statements anyway.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { engineOf } from './engine.ts';

class StandIn {
  constructor(readonly argument: number) {}
}

export function reusableQuery<A extends unknown[], R>(build: (db: Kysely<any>, ...args: A) => Compilable<R>): (db: Kysely<any>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...args) => {
    if (engineOf(db) !== 'sqlite') return (await db.executeQuery<R>(build(db, ...args).compile())).rows;
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = args.map((_, i) => new StandIn(i)) as unknown as A;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((p) => (p instanceof StandIn ? p.argument : -1));
      if (slots.filter((s) => s >= 0).length !== args.length) throw new Error('reusableQuery: every argument must appear once as a value');
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
