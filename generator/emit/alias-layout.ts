/**
 * The type aliases types.ts writes itself, `export type X = <type>;` on one line, laid out as
 * prettier lays them out when that line is too long. The rules were read off prettier over random
 * names and keys (laid-out-pieces.test.ts holds them to it), for the four forms written:
 *
 * - a name (`Post`, `Post[]`, `unknown`): on the next line, after `=`;
 * - a union of names: on the next line when it fits there, else one member a line after `| `;
 * - `Record<string, V>`: its arguments one a line, `Record<` staying after `=`;
 * - the handler's params, `I & Required<Pick<I, 'a' | 'b'>>`: broken after `&` while `... = I &`
 *   fits, else after `=` (the intersection then on one line, or broken after `&` and indented
 *   again); a type argument list too long for its line is broken, one argument a line, the
 *   innermost (the keys) last, and the keys one a line after `| ` when even they do not fit.
 *
 * Any other form, or a layout with a line still too long (a name longer than a line), is not
 * laid out: undefined, and prettier formats it.
 */
import { fitsOnItsLine } from './literal-layout.ts';

const NAME = '[A-Za-z_$][\\w$]*';
const KEY = "'(?:[^'\\\\]|\\\\.)*'";
const ALIAS = new RegExp(`^export type (${NAME}) = (.+);$`);
const PLAIN = new RegExp(`^(?:${NAME}(?:\\[\\])?)$`);
const UNION = new RegExp(`^${NAME}(?: \\| ${NAME})+$`);
const RECORD = new RegExp(`^Record<string, (${NAME}(?:\\[\\])?)>$`);
const REQUIRED = new RegExp(`^(${NAME}) & Required<Pick<(${NAME}), (${KEY}(?: \\| ${KEY})*)>>$`);

const indent = (depth: number): string => ' '.repeat(depth);

/** The alias's code (one line, no comment) laid out, or undefined when its form or its lengths are not laid out here. */
export function layOutAlias(code: string): string | undefined {
  const alias = ALIAS.exec(code);
  if (alias === null) return undefined;
  if (fitsOnItsLine(code)) return code;
  const head = `export type ${alias[1]} =`;
  const type = alias[2]!;
  const lines = aliasLines(head, type);
  return lines !== undefined && lines.every(fitsOnItsLine) ? lines.join('\n') : undefined;
}

function aliasLines(head: string, type: string): string[] | undefined {
  if (PLAIN.test(type)) return [head, `  ${type};`];
  if (UNION.test(type)) return fitsOnItsLine(`  ${type};`) ? [head, `  ${type};`] : [head, ...type.split(' | ').map((member, i, all) => `  | ${member}${i === all.length - 1 ? ';' : ''}`)];
  const record = RECORD.exec(type);
  if (record !== null) return [`${head} Record<`, '  string,', `  ${record[1]}`, '>;'];
  const required = REQUIRED.exec(type);
  if (required === null || required[1] !== required[2]) return undefined;
  const [input, keys] = [required[1]!, required[3]!.split(' | ')];
  if (fitsOnItsLine(`${head} ${input} &`)) return [`${head} ${input} &`, ...requiredLines(input, keys, 2)];
  if (fitsOnItsLine(`  ${type};`)) return [head, `  ${type};`];
  return [head, `  ${input} &`, ...requiredLines(input, keys, 4)];
}

/** `Required<Pick<I, keys>>;` at this depth, its argument lists broken from the outside in until each line fits. */
function requiredLines(input: string, keys: string[], depth: number): string[] {
  const pick = `Pick<${input}, ${keys.join(' | ')}>`;
  if (fitsOnItsLine(`${indent(depth)}Required<${pick}>;`)) return [`${indent(depth)}Required<${pick}>;`];
  const inner = depth + 2;
  const pickLines = fitsOnItsLine(`${indent(inner)}${pick}`) ? [`${indent(inner)}${pick}`] : [`${indent(inner)}Pick<`, `${indent(inner + 2)}${input},`, ...keyLines(keys, inner + 2), `${indent(inner)}>`];
  return [`${indent(depth)}Required<`, ...pickLines, `${indent(depth)}>;`];
}

function keyLines(keys: string[], depth: number): string[] {
  const union = `${indent(depth)}${keys.join(' | ')}`;
  return fitsOnItsLine(union) || keys.length === 1 ? [union] : keys.map((key) => `${indent(depth)}| ${key}`);
}
