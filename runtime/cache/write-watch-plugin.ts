/**
 * A Kysely plugin that notices this process's inserts, updates and deletes on cached tables and
 * drops those tables from the process's caches: before the statement runs and again once it
 * has run, so a read that slipped in between cannot keep an answer from before the write.
 * Engine-neutral (it reads Kysely's query tree, not SQL).
 */
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { CachedTable } from './change-signal.ts';
import { forgetInProcess } from './process-cache.ts';
import { ANSWER_SOURCES } from '../store/migrations/100_answers_cache_version.ts';

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'FromNode') return tableName((node as unknown as { froms: readonly OperationNode[] }).froms[0]);
  return undefined;
}

/** Which caches a write to a table makes stale (the same pairs the migrations' triggers bump). */
const CACHES_OF_TABLE = new Map<string, CachedTable[]>();
const stales = (table: string, cache: CachedTable) => CACHES_OF_TABLE.set(table, [...(CACHES_OF_TABLE.get(table) ?? []), cache]);
stales('options', 'options');
stales('posts', 'posts');
stales('term_relationships', 'posts');
for (const table of ANSWER_SOURCES) stales(table, 'answers');

function writtenTable(node: RootOperationNode): CachedTable[] | undefined {
  let name: string | undefined;
  if (node.kind === 'InsertQueryNode') name = tableName(node.into);
  else if (node.kind === 'UpdateQueryNode') name = tableName(node.table);
  else if (node.kind === 'DeleteQueryNode') name = tableName(node.from);
  return name ? CACHES_OF_TABLE.get(name) : undefined;
}

export class WriteWatchPlugin implements KyselyPlugin {
  readonly #pending = new WeakMap<QueryId, CachedTable[]>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const caches = writtenTable(args.node);
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
