/**
 * "Contains this text, ignoring case" for every search over stored text (editors' pickers, post
 * and media searches, form lists). instr() rather than LIKE: the text matches literally with no
 * wildcards to escape, and SQLite refuses a LIKE pattern longer than 50,000 bytes ("LIKE or
 * GLOB pattern too complex", a 500 for a long search), where instr has no limit. lower() on both
 * sides folds case as SQLite's LIKE did (ASCII letters).
 */
import { sql, type RawBuilder } from 'kysely';

export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`instr(lower(${sql.ref(column)}), lower(${text})) > 0`;
}
