/**
 * Whether a write touches only rows the change map declares unshown (change-map.ts), read from
 * the Kysely query tree before it runs, as the triggers decide from the rows themselves: an
 * insert whose every row names an unshown value; an update or delete whose WHERE requires one
 * (`column = value` or `column IN (values)` among its AND-ed conditions) and that sets no other
 * value into the column. Anything else counts as a shown write: a wrong "shown" only drops a
 * cache for nothing, a wrong "unshown" would keep a stale one.
 */
import {
  AliasNode, AndNode, BinaryOperationNode, ColumnNode, DeleteQueryNode, FromNode, IdentifierNode, InsertQueryNode, OperatorNode, ParensNode, PrimitiveValueListNode,
  ReferenceNode, TableNode, UpdateQueryNode, ValueListNode, ValueNode, ValuesNode, type OperationNode, type RootOperationNode, type WhereNode,
} from 'kysely';
import type { UnshownRows } from './change-map.ts';

/** The table a statement writes, with the alias it is written under (if any). */
export interface WrittenTable {
  name: string;
  alias?: string;
}

export function writtenTable(node: RootOperationNode): WrittenTable | undefined {
  if (InsertQueryNode.is(node)) return node.into && named(node.into);
  if (UpdateQueryNode.is(node)) return node.table && named(node.table);
  if (DeleteQueryNode.is(node)) return named(node.from);
  return undefined;
}

function named(node: OperationNode): WrittenTable | undefined {
  if (TableNode.is(node)) return { name: node.table.identifier.name };
  if (AliasNode.is(node)) {
    const inner = named(node.node);
    return inner && { name: inner.name, alias: IdentifierNode.is(node.alias) ? node.alias.name : undefined };
  }
  if (FromNode.is(node)) return node.froms[0] && named(node.froms[0]);
  return undefined;
}

export function writesOnlyUnshown(node: RootOperationNode, table: WrittenTable, rows: UnshownRows): boolean {
  const values = new Set(rows.values);
  if (InsertQueryNode.is(node)) return insertsOnly(node, rows.column, values);
  if (UpdateQueryNode.is(node)) {
    if (node.with || node.from || node.joins?.length) return false;
    return (node.updates ?? []).every((u) => !isColumn(u.column, rows.column) || isUnshown(u.value, values)) && whereRequires(node.where, table, rows.column, values);
  }
  if (DeleteQueryNode.is(node)) {
    if (node.with || node.using || node.joins?.length) return false;
    return whereRequires(node.where, table, rows.column, values);
  }
  return false;
}

function insertsOnly(node: InsertQueryNode, column: string, values: Set<string>): boolean {
  // An upsert or a replace changes a row that already exists, whatever it held.
  if (node.with || node.onConflict || node.onDuplicateKey || node.replace || node.orAction || !node.columns || !node.values || !ValuesNode.is(node.values)) return false;
  const at = node.columns.findIndex((c) => c.column.name === column);
  if (at < 0) return false;
  return node.values.values.every((row) => {
    if (PrimitiveValueListNode.is(row)) return typeof row.values[at] === 'string' && values.has(row.values[at]);
    return ValueListNode.is(row) && row.values[at] !== undefined && isUnshown(row.values[at], values);
  });
}

function isUnshown(node: OperationNode, values: Set<string>): boolean {
  return ValueNode.is(node) && typeof node.value === 'string' && values.has(node.value);
}

function isColumn(node: OperationNode, column: string): boolean {
  return ColumnNode.is(node) && node.column.name === column;
}

/** Whether one of the AND-ed conditions of `where` keeps only rows whose `column` holds an unshown value. */
function whereRequires(where: WhereNode | undefined, table: WrittenTable, column: string, values: Set<string>): boolean {
  return where !== undefined && conjuncts(where.where).some((c) => restricts(c, table, column, values));
}

function conjuncts(node: OperationNode): OperationNode[] {
  if (AndNode.is(node)) return [...conjuncts(node.left), ...conjuncts(node.right)];
  if (ParensNode.is(node)) return conjuncts(node.node);
  return [node];
}

function restricts(node: OperationNode, table: WrittenTable, column: string, values: Set<string>): boolean {
  if (!BinaryOperationNode.is(node) || !OperatorNode.is(node.operator) || !ReferenceNode.is(node.leftOperand)) return false;
  const ref = node.leftOperand;
  if (!isColumn(ref.column, column)) return false;
  // A qualified column must be the written table's (its alias, or its name when it has none).
  if (ref.table && ref.table.table.identifier.name !== (table.alias ?? table.name)) return false;
  const operand = node.rightOperand;
  if (node.operator.operator === '=') return isUnshown(operand, values);
  if (node.operator.operator !== 'in') return false;
  if (PrimitiveValueListNode.is(operand)) return operand.values.length > 0 && operand.values.every((v) => typeof v === 'string' && values.has(v));
  return ValueListNode.is(operand) && operand.values.length > 0 && operand.values.every((v) => isUnshown(v, values));
}
