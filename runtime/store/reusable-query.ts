/**
 * A query built and compiled once, then run with new values. Building a query through Kysely's
 * builder and compiling it (the plugins walk its tree) costs several times more than running a
 * small indexed statement on SQLite (a slug lookup inside a transaction, most of whose time was
 * the building); the hot statements of every request and of every create pay it once.
 *
 * The compiled SQL depends only on the plugins (SQLite's compiler is the same everywhere), and a
 * database's plugins are its own instances, so one compiled copy serves the database and each of
 * its transactions. A write runs the plugins' transformQuery again with a fresh query id: plugins
 * that watch writes (the process caches' WriteWatchPlugin) see every run, not only the first.
 *
 * `build` receives stand-ins for its arguments and must use each only as a value (e.g.
 * `where('id', '=', id)`), never spread into a list or inspected: the SQL is fixed after the
 * first call, and only the values at the stand-ins' positions change. A value may appear more
 * than once (an expression a dialect spells with its operand twice); an argument that appears
 * nowhere means the builder looked at it instead of binding it, and is refused.
 *
 * SQLite only. PostgreSQL's plugins choose the SQL by the values themselves (a parameter a bigint
 * cannot hold is compared as text, NUL characters are refused before sending), so there each
 * call builds with its real values, as any query does; the server plans its statements anyway.
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { engineOf } from './engine.ts';

class StandIn {
  constructor(readonly argument: number) {}
}

type Entry<R> = { query: CompiledQuery<R>; slots: number[]; arity: number; writes: boolean };
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** One cache slot per list of plugin instances (in order): a trie of WeakMaps keyed by plugin. */
class ByPlugins<V> {
  readonly #next = new WeakMap<KyselyPlugin, ByPlugins<V>>();
  value: V | undefined;
  at(plugins: readonly KyselyPlugin[]): ByPlugins<V> {
    let node: ByPlugins<V> = this;
    for (const plugin of plugins) {
      let next = node.#next.get(plugin);
      if (!next) node.#next.set(plugin, (next = new ByPlugins<V>()));
      node = next;
    }
    return node;
  }
}

export function reusableQuery<A extends unknown[], R, DB>(build: (db: Kysely<DB>, ...args: A) => Compilable<R>): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiled = new ByPlugins<Entry<R>>();
  return async (db, ...args) => {
    if (engineOf(db) !== 'sqlite') return (await db.executeQuery<R>(build(db, ...args).compile())).rows;
    const executor = db.getExecutor();
    const slot = compiled.at(executor.plugins);
    let entry = slot.value;
    if (!entry) {
      const standIns = args.map((_, i) => new StandIn(i)) as unknown as A;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((p) => (p instanceof StandIn ? p.argument : -1));
      if (new Set(slots.filter((s) => s >= 0)).size !== args.length) throw new Error('reusableQuery: every argument must appear as a value');
      entry = slot.value = { query, slots, arity: args.length, writes: WRITES.has(query.query.kind) };
      if (entry.writes) return run(db, entry, args, query.queryId);
    }
    // A call with another number of arguments than the first would bind the wrong values.
    if (args.length !== entry.arity) throw new Error(`reusableQuery: compiled for ${entry.arity} arguments, called with ${args.length}`);
    let queryId = entry.query.queryId;
    if (entry.writes) executor.transformQuery(entry.query.query, (queryId = createQueryId()));
    return run(db, entry, args, queryId);
  };
}

async function run<R, DB>(db: Kysely<DB>, { query, slots }: Entry<R>, args: unknown[], queryId: CompiledQuery['queryId']): Promise<R[]> {
  const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
  return (await db.executeQuery<R>({ ...query, parameters, queryId })).rows;
}
