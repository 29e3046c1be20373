/**
 * "Contains this text, ignoring case" for the searches of the editors' pickers. LIKE with the
 * user's wildcards escaped, so that `50%` or `my_page` match literally, in SQLite and PostgreSQL.
 */
import { sql, type RawBuilder } from 'kysely';

export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}
