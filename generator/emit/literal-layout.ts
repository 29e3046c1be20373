/**
 * Constants holding plain data (the route tables, the params descriptors, the resources), written
 * out directly as prettier lays them out, so that the megabyte of them is not printed as JSON and
 * then parsed and reprinted by prettier on every cold run. This is the layout of a small part of
 * the language only: object and array literals of strings, numbers, booleans and null, with
 * references to other constants (`Code`), in `const name: Type = value;` statements, and import
 * declarations. The rules are prettier's for exactly those forms with the options of
 * format-options.ts:
 *
 * - an object or an array stays on one line when it fits there together with what follows it on
 *   that line (a comma, a semicolon); otherwise each member goes on its own line, with a trailing
 *   comma. An array of two or more objects of two or more properties each (or of such arrays) is
 *   always broken, and so is everything holding it;
 * - a property whose value cannot be broken (a string, a reference) and does not fit goes on the
 *   next line, indented, unless its key is shorter than five characters or the value is a number
 *   or a boolean;
 * - keys are bare when they are identifier names, quoted otherwise; strings take single quotes
 *   unless they hold more single quotes than double ones.
 *
 * What falls outside (a character whose width is not known here, a list of numbers too long for
 * its line, which prettier fills) is refused with NotLaidOut, and the caller has prettier format
 * that statement instead. `test/generator/literal-layout.test.ts` holds the output to prettier's:
 * prettier leaves every statement written here unchanged.
 */
import { PRETTIER_OPTIONS } from '../format-options.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const INDENT = PRETTIER_OPTIONS.tabWidth!;
/** prettier keeps a value beside a key shorter than this (its width, quotes included) even when the line is too long. */
const SHORT_KEY = INDENT + 3;

/** Source text placed as it is: a reference to a constant (`args.listPosts`), a cast. It cannot be broken across lines. */
export class Code {
  constructor(readonly text: string) {}
}

export type Literal = string | number | boolean | null | undefined | Code | readonly Literal[] | { readonly [key: string]: Literal };

/** A value this layout does not cover: prettier is to lay out the statement holding it. */
export class NotLaidOut extends Error {}

interface Options {
  /** Replaces an object by a reference (a shared part named elsewhere), or keeps it (undefined). */
  refer?: (value: object) => Code | undefined;
}

type Node = Exclude<Literal, undefined>;
type Container = readonly Node[] | { readonly [key: string]: Literal };

/** What a container measures on one line, and whether prettier breaks it whatever the room. */
interface Measure {
  width: number;
  forced: boolean;
}

/** Width of characters as prettier counts them: CJK ideographs and kana take two columns. */
function textWidth(text: string): number {
  let width = text.length;
  // eslint-disable-next-line no-control-regex
  if (!/[^\x20-\x7e]/.test(text)) return width;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) continue;
    if ((c >= 0xa0 && c <= 0x24f) || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e)) continue;
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xff01 && c <= 0xff60)) {
      width++;
      continue;
    }
    throw new NotLaidOut(`a character whose width is not known here (U+${c.toString(16).padStart(4, '0')})`);
  }
  return width;
}

/** A line of code prettier leaves whole: printable ASCII (one column a character) within the print width. */
export const fitsOnItsLine = (line: string): boolean => line.length <= WIDTH && /^[\x20-\x7e]*$/.test(line);

/** A string literal as prettier writes it: from its JSON text, in the quote needing fewer escapes. */
export function stringLiteral(value: string): string {
  const json = JSON.stringify(value);
  const raw = json.slice(1, -1);
  let singles = 0;
  let doubles = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 39) singles++;
    else if (c === 34) doubles++;
  }
  if (singles > doubles) return json;
  // JSON's `\"` needs no escape between single quotes, and a bare `'` needs one.
  return `'${raw.replace(/\\(["'\\])|(["'])/g, (match, escaped: string | undefined, bare: string | undefined) => (escaped !== undefined ? (escaped === '"' ? '"' : match) : bare === "'" ? "\\'" : bare!))}'`;
}

/** A property key as prettier writes it with `quoteProps: as-needed`: bare when it is an identifier name. */
export function keyText(key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return key;
  // A key of other letters may be an identifier name to prettier (`café`): not decided here.
  if (/[^\x20-\x7e]/.test(key)) throw new NotLaidOut(`a key prettier may write bare or quoted: ${JSON.stringify(key)}`);
  return stringLiteral(key);
}

/** A number as prettier prints it (`1e+21` is written `1e21`). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new NotLaidOut(`a number JSON cannot hold: ${value}`);
  return String(value).replace('e+', 'e');
}

class Layout {
  private readonly measures = new Map<object, Measure>();

  constructor(private readonly options: Options) {}

  /**
   * A leaf's text: a scalar, a reference, or an empty object or array (which prettier cannot
   * break either); undefined for an object or an array with members.
   */
  leaf(value: Node): string | undefined {
    if (value === null) return 'null';
    switch (typeof value) {
      case 'string':
        return stringLiteral(value);
      case 'number':
        return numberText(value);
      case 'boolean':
        return String(value);
    }
    if (value instanceof Code) return value.text;
    const code = this.options.refer?.(value);
    if (code !== undefined) return code.text;
    if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
    return this.entries(value as { readonly [key: string]: Literal }).length === 0 ? '{}' : undefined;
  }

  private entries(value: { readonly [key: string]: Literal }): Array<[string, Node]> {
    return Object.entries(value).filter((entry): entry is [string, Node] => entry[1] !== undefined);
  }

  private elements(value: readonly Node[]): Node[] {
    // JSON writes a hole or an undefined element as null.
    return Array.from(value, (element) => (element === undefined ? null : element));
  }

  /** The container's one-line width and whether it must break (its own rule, or a part that must). */
  private measure(value: Container): Measure {
    let found = this.measures.get(value);
    if (found !== undefined) return found;
    let width: number;
    let forced = false;
    if (Array.isArray(value)) {
      const elements = this.elements(value);
      width = 2 + Math.max(0, elements.length - 1) * 2;
      for (const element of elements) {
        const size = this.size(element);
        width += size.width;
        forced ||= size.forced;
      }
      forced ||= elements.length > 1 && this.breaksAlways(elements);
    } else {
      const entries = this.entries(value as { readonly [key: string]: Literal });
      width = 4 + (entries.length - 1) * 2;
      for (const [key, child] of entries) {
        const size = this.size(child);
        width += textWidth(keyText(key)) + 2 + size.width;
        forced ||= size.forced;
      }
    }
    found = { width, forced };
    this.measures.set(value, found);
    return found;
  }

  private size(value: Node): Measure {
    const leaf = this.leaf(value);
    return leaf !== undefined ? { width: textWidth(leaf), forced: false } : this.measure(value as Container);
  }

  /** prettier's rule: two or more elements, all objects (or all arrays) of two or more members each. */
  private breaksAlways(elements: Node[]): boolean {
    const kind = (element: Node): 'object' | 'array' | undefined => {
      if (element === null || typeof element !== 'object' || element instanceof Code || this.leaf(element) !== undefined) return undefined;
      return Array.isArray(element) ? 'array' : 'object';
    };
    const first = kind(elements[0]!);
    if (first === undefined) return false;
    return elements.every((element) => {
      if (kind(element) !== first) return false;
      const count = Array.isArray(element) ? element.length : this.entries(element as { readonly [key: string]: Literal }).length;
      return count > 1;
    });
  }

  /** The value on one line. */
  flat(value: Node): string {
    const leaf = this.leaf(value);
    if (leaf !== undefined) return leaf;
    if (Array.isArray(value)) return `[${this.elements(value).map((element) => this.flat(element)).join(', ')}]`;
    const entries = this.entries(value as { readonly [key: string]: Literal });
    return `{ ${entries.map(([key, child]) => `${keyText(key)}: ${this.flat(child)}`).join(', ')} }`;
  }

  /**
   * The value starting at `column` on a line indented by `indent`, followed on that line by
   * `after` columns of text (its comma or semicolon).
   */
  write(value: Node, indent: number, column: number, after: number): string {
    const leaf = this.leaf(value);
    if (leaf !== undefined) return leaf;
    const container = value as Container;
    const { width, forced } = this.measure(container);
    if (!forced && column + width + after <= WIDTH) return this.flat(value);
    const inner = indent + INDENT;
    const pad = ' '.repeat(inner);
    const lines: string[] = [];
    if (Array.isArray(container)) {
      const elements = this.elements(container);
      if (elements.every((element) => typeof element === 'number')) throw new NotLaidOut('a list of numbers too long for its line (prettier fills it)');
      for (const element of elements) lines.push(`${pad}${this.write(element, inner, inner, 1)},`);
      return `[\n${lines.join('\n')}\n${' '.repeat(indent)}]`;
    }
    for (const [key, child] of this.entries(container as { readonly [key: string]: Literal })) lines.push(`${pad}${this.property(key, child, inner)},`);
    return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
  }

  /** `key: value` at the start of a line indented by `indent`, a comma after it. */
  private property(key: string, value: Node, indent: number): string {
    const name = keyText(key);
    const leaf = this.leaf(value);
    const head = `${name}: `;
    if (leaf === undefined) return `${head}${this.write(value, indent, indent + textWidth(head), 1)}`;
    if (indent + textWidth(head) + textWidth(leaf) + 1 <= WIDTH) return `${head}${leaf}`;
    // Too long for the line: numbers, booleans and values beside a short key stay; others go below.
    const stays = textWidth(name) < SHORT_KEY || typeof value === 'boolean' || (typeof value === 'number' && !leaf.startsWith('-'));
    return stays ? `${head}${leaf}` : `${name}:\n${' '.repeat(indent + INDENT)}${leaf}`;
  }
}

/**
 * `const name: type = value;` (exported or not) as prettier writes it. Throws NotLaidOut for a
 * value outside this layout's forms.
 */
export function constantStatement(name: string, type: string, value: Literal, exported: boolean, options: Options = {}): string {
  if (value === undefined) throw new NotLaidOut('a constant without a value');
  const layout = new Layout(options);
  const head = `${exported ? 'export ' : ''}const ${name}: ${type} = `;
  const text = layout.leaf(value);
  if (text !== undefined) {
    // prettier would break after `=` here, or keep it, depending on the value's kind: not decided here.
    if (textWidth(head) + textWidth(text) + 1 > WIDTH) throw new NotLaidOut('a plain value too long for its line');
    return `${head}${text};`;
  }
  if (textWidth(head) + 1 > WIDTH) throw new NotLaidOut('a declaration too long to open its value on its line');
  return `${head}${layout.write(value, 0, textWidth(head), 1)};`;
}

/** An import declaration as prettier writes it: named imports one per line when they do not fit on one. */
export function importStatement(from: string, names: { named?: readonly string[]; namespace?: string; typeOnly?: boolean }): string {
  const start = `import ${names.typeOnly === true ? 'type ' : ''}`;
  const source = ` from ${stringLiteral(from)};`;
  if (names.namespace !== undefined) return `${start}* as ${names.namespace}${source}`;
  const named = names.named ?? [];
  if (named.length === 0) throw new NotLaidOut('an import of nothing');
  const line = `${start}{ ${named.join(', ')} }${source}`;
  // One name never breaks; several break when the line is too long.
  if (named.length === 1 || textWidth(line) <= WIDTH) return line;
  return `${start}{\n${named.map((n) => `${' '.repeat(INDENT)}${n},`).join('\n')}\n}${source}`;
}
