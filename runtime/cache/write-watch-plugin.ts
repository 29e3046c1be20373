/**
 * A Kysely plugin that notices this process's inserts, updates and deletes and drops the caches
 * they reach (change-map.ts, the map the triggers are made from) from the process's caches:
 * before the statement runs and again once it has run, so a read that slipped in between cannot
 * keep an answer from before the write. A write of only rows the map calls unshown drops nothing,
 * as its triggers move no version row. Engine-neutral (it reads Kysely's query tree, not SQL).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { reachOf, type CachedTable } from './change-map.ts';
import { forgetInProcess } from './process-cache.ts';
import { writesOnlyUnshown, writtenTable } from './unshown-writes.ts';

/** The caches a statement makes stale, or undefined when it reaches none. */
export function cachesReachedBy(node: RootOperationNode): readonly CachedTable[] | undefined {
  const table = writtenTable(node);
  const reach = table && reachOf(table.name);
  if (!table || !reach?.moves.length) return undefined;
  if (reach.unshown && writesOnlyUnshown(node, table, reach.unshown)) return undefined;
  return reach.moves;
}

export class WriteWatchPlugin implements KyselyPlugin {
  readonly #pending = new WeakMap<QueryId, readonly CachedTable[]>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const caches = cachesReachedBy(args.node);
    if (caches) {
      for (const cache of caches) forgetInProcess(cache);
      this.#pending.set(args.queryId, caches);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const caches = this.#pending.get(args.queryId);
    if (caches) for (const cache of caches) forgetInProcess(cache);
    return args.result;
  }
}
