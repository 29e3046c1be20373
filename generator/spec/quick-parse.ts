/**
 * The quick reading of a spec file: js-yaml makes a file's data several times faster than yaml
 * makes its document with positions, and a file that is clean needs no position at all. The
 * loader takes the data from here, and parses the document with yaml only when a position is asked
 * (a diagnostic), or for the files this declines (parse-file.ts).
 *
 * Both follow YAML 1.2's core schema, and the data must be what yaml's document would give, to the
 * byte. This declines, so that yaml reads them, the texts where the two can differ or where the
 * loader needs yaml's document anyway:
 * - tags (`!x`), which resolve differently;
 * - more than ten aliases (`*a`): yaml refuses an anchor whose uses, times the aliases inside it,
 *   pass its limit of a hundred (parse-file.ts). Ten at most can make no more than 36 (3 x 3 x 4),
 *   so yaml would take whatever this takes; past ten, yaml counts;
 * - directives (`%YAML 1.1` changes how yaml reads `yes`) and merge keys (`<<`);
 * - a key that is null (`~:`, `null:`, an empty key): yaml makes it "", js-yaml "null";
 * - a number out of a double's range (`1e400`): yaml makes it Infinity, js-yaml a string;
 * - a line over 1,024 characters: yaml refuses an implicit key that long, js-yaml does not.
 * Each pattern errs on the side of declining (a `*` starting a word of a description declines a
 * file that yaml then reads as well): it costs time, never a difference. And whatever js-yaml
 * refuses (a syntax error, a repeated key, an empty file) is declined, so that yaml says what is
 * wrong in its own words, at its position. The quick-parse tests hold the two readings equal on
 * every file of the project's specs and on the cases above.
 */
import { CORE_SCHEMA, load } from 'js-yaml';

const DECLINED: readonly RegExp[] = [
  /(?:^|[\s[{,])!/m,
  /^%/m,
  /<</,
  /(?:^|[\s{,?-])(?:~|null|Null|NULL)?[ \t]*:(?=[ \t]|$)/m,
  /\d[eE][-+]?\d{3}/,
  /^.{1025}/m,
];

/** What starts an alias, or (counting more than there are) a word of prose after a `*`. */
const ALIAS = /(?:^|[\s[{,])\*/g;
const MAX_ALIASES = 10;

/** Whether the text may hold an alias: false means it holds none. */
export function mayHoldAlias(text: string): boolean {
  ALIAS.lastIndex = 0;
  return ALIAS.test(text);
}

/** The quick reading of a text: its data, or undefined when yaml must read it. */
export type QuickReading = { data: unknown } | undefined;

/** The data of a spec file's text as yaml would give it, or undefined when yaml must read it. */
export function quickData(text: string): QuickReading {
  if (DECLINED.some((pattern) => pattern.test(text)) || (text.match(ALIAS)?.length ?? 0) > MAX_ALIASES) return undefined;
  try {
    return { data: load(text, { schema: CORE_SCHEMA, json: false }) };
  } catch {
    return undefined;
  }
}
