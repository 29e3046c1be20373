/**
 * Migrations are written once, in the column types both engines understand. Two of them mean
 * something else on PostgreSQL, and this plugin translates them as each statement is built:
 * - `integer` is 64-bit in SQLite but 32-bit in PostgreSQL: ids, counters and timestamps in
 *   milliseconds need `bigint` (read back as numbers, see ./open.ts);
 * - `autoIncrement()` on an integer primary key is a `bigserial` (an owned sequence).
 */
import {
  ColumnDefinitionNode,
  DataTypeNode,
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

class SchemaTypesTransformer extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const transformed = super.transformColumnDefinition(node);
    if (!transformed.autoIncrement) return transformed;
    return { ...transformed, autoIncrement: undefined, dataType: DataTypeNode.create('bigserial') };
  }

  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === 'integer' ? DataTypeNode.create('bigint') : node;
  }
}

export class SchemaTypesPlugin implements KyselyPlugin {
  readonly #transformer = new SchemaTypesTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (kind !== 'CreateTableNode' && kind !== 'AlterTableNode') return args.node;
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
