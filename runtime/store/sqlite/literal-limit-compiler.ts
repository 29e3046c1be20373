/**
 * SQLite's query compiler, writing a LIMIT of a whole number into the SQL text instead of binding
 * it. SQLite runs `... limit ?` several times slower than `... limit 10` on the same plan (an
 * indexed slug lookup, a page of ids), and every `executeTakeFirst`
 * style lookup and list page carries one. LIMIT values are few (a page size is 1 to 100), so the
 * statement cache holds their texts; OFFSET, which takes any page number, stays bound.
 */
import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

export class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    // Only a safe non-negative integer is written out: nothing else can reach the SQL text.
    if (ValueNode.is(limit) && typeof limit.value === 'number' && Number.isSafeInteger(limit.value) && limit.value >= 0) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

export class LiteralLimitSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
