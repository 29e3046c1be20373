/**
 * A declaration json-schema-to-typescript wrote (unformatted: one member a line, no indent, no
 * `;`) laid out as prettier lays it out, for the forms its declarations take here: members whose
 * type fits on their line, unions too long for it below their key, lists of unions opened beside
 * it, objects nested in members (and lists of them), unions holding objects (in a member, in a
 * list, or the whole declaration), unions within unions, doc comments, quoted keys (numbers
 * stay quoted), index signatures. Whatever else it meets (an intersection, a key prettier might
 * unquote, a character not one column wide in code) throws NotLaidOut, and the formatter formats
 * that declaration (format.ts). test/generator/laid-out-pieces.test.ts holds the result to
 * prettier on the real spec and on random schemas.
 */
import { fitsOnItsLine, NotLaidOut, stringLiteral } from './literal-layout.ts';

/** A member's key as written: an identifier, a quoted key, or the index signature. */
const MEMBER = /^(\w+|"(?:[^"\\]|\\.)*"|\[k: string\])(\??): (.*)$/;

/**
 * A key as prettier writes it (`quoteProps: as-needed`): a name bare, another key quoted. A quoted
 * key prettier might write bare (a name, a number) is not decided here.
 */
function keyText(key: string): string {
  if (!key.startsWith('"')) return key;
  const name = JSON.parse(key) as string;
  // A name of other letters (`café`) may be an identifier to prettier too.
  // A number stays quoted: prettier never unquotes one in TypeScript.
  if (/^[A-Za-z_$][\w$]*$/.test(name) || name === '' || /[^\x20-\x7e]/.test(name)) throw new NotLaidOut(`a quoted key prettier may unquote: ${key}`);
  return stringLiteral(name);
}

/** The parts of a union, split at its `|`s outside parentheses, brackets and strings. */
function unionParts(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i]!;
    if (c === "'") {
      for (i++; i < type.length && type[i] !== "'"; i++) if (type[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '>') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(type.slice(from, i).trim());
      from = i + 1;
    }
  }
  parts.push(type.slice(from).trim());
  return parts;
}

/** A type of names, keywords, literals, `|`, `[]`, generic brackets and parentheses: no object, no intersection. */
const PLAIN_TYPE = /^(?:[\w$<>,[\]()| ]|"(?:[^"\\]|\\.)*")*$/;

/** A member's type as prettier writes it: outer parentheses off, strings in prettier's quotes. */
function typeText(type: string): string {
  if (!PLAIN_TYPE.test(type)) throw new NotLaidOut(`a type not laid out here: ${type}`);
  const quoted = type.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const text = JSON.parse(literal) as string;
    // Cut at `|` and matched by brackets below, a literal holding one is not for this code.
    if (/[|()[\]<>'"\\]/.test(text)) throw new NotLaidOut(`a string literal holding brackets or quotes: ${literal}`);
    return stringLiteral(text);
  });
  const plain = withoutOuterParens(quoted);
  // Parentheses around what is not a union are dropped by prettier: not decided here.
  for (const group of plain.matchAll(/\(([^()]*)\)/g)) if (unionParts(group[1]!).length < 2) throw new NotLaidOut(`parentheses prettier may drop: ${type}`);
  return plain;
}

/** `(A | B)` as `A | B`; `(A | B)[]` and `(A) | (B)` stay as they are. */
function withoutOuterParens(type: string): string {
  if (!type.startsWith('(') || !type.endsWith(')')) return type;
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    if (type[i] === '(') depth++;
    else if (type[i] === ')') depth--;
    if (depth === 0 && i < type.length - 1) return type;
  }
  // The unions inside keep theirs (typeText checks that what keeps them is a union).
  return type.slice(1, -1);
}

/** A line of code, within the print width (else NotLaidOut). */
function code(out: string[], line: string): void {
  if (!fitsOnItsLine(line)) throw new NotLaidOut(`a line prettier breaks: ${line}`);
  out.push(line);
}

/** A doc comment from lines[i], indented; the index after it. */
function comment(lines: string[], i: number, indent: string, out: string[]): number {
  const first = lines[i]!;
  if (first.endsWith('*/')) {
    if (first.indexOf('*/') !== first.length - 2) throw new NotLaidOut('a comment ending before its line does');
    out.push(`${indent}${first}`);
    return i + 1;
  }
  if (first !== '/**') throw new NotLaidOut(`a comment not laid out here: ${first}`);
  out.push(`${indent}/**`);
  for (let j = i + 1; ; j++) {
    const inside = lines[j];
    if (inside === undefined || !inside.startsWith(' *')) throw new NotLaidOut(`a comment not laid out here: ${inside}`);
    out.push(`${indent}${inside}`.trimEnd());
    if (inside === ' */') return j + 1;
    if (inside.includes('*/')) throw new NotLaidOut('a comment ending inside a line');
  }
}

/** An object's members from lines[i], one level in from `indent`'s; the index of the line closing it (one starting with `}`). */
function members(lines: string[], i: number, indent: string, out: string[]): number {
  for (;;) {
    const current = lines[i];
    if (current === undefined) throw new NotLaidOut('an object left open');
    if (current.startsWith('}')) return i;
    if (current.startsWith('/**')) {
      i = comment(lines, i, indent, out);
      continue;
    }
    const member = MEMBER.exec(current);
    if (member === null) throw new NotLaidOut(`a line not laid out here: ${current}`);
    const [, written, optional, type] = member;
    const head = `${indent}${keyText(written!)}${optional}:`;
    if (type === '{') i = objectMember(lines, i, indent, head, out);
    else if (type!.startsWith('(') && type!.endsWith('{')) i = unionMember(lines, i, indent, head, type!, out);
    else {
      plainMember(head, indent, typeText(type!), out);
      i++;
    }
  }
}

/** The union and the `[]`s of a list of a union, `(A | B)[]`; undefined for another type. */
function listOfUnion(type: string): { union: string; arrays: string } | undefined {
  const end = /\)((?:\[\])+)$/.exec(type);
  if (!type.startsWith('(') || end === null) return undefined;
  // The parenthesis opening the type must be the one closing before the `[]`s.
  let depth = 0;
  for (let i = 0; i < end.index; i++) {
    if (type[i] === '(') depth++;
    else if (type[i] === ')') depth--;
    if (depth === 0) return undefined;
  }
  const union = type.slice(1, end.index);
  return unionParts(union).length < 2 ? undefined : { union, arrays: end[1]! };
}

/**
 * A member of a plain type: on its line; a list of a union too long for it opened beside its key
 * (`key: (`), its union on a line of its own or a member a line, closed by `)[]`; another union
 * below its key (on one line if it fits there, else a member a line).
 */
function plainMember(head: string, indent: string, type: string, out: string[]): void {
  const whole = `${head} ${type};`;
  const parts = unionParts(type);
  if (fitsOnItsLine(whole)) return code(out, whole);
  const list = listOfUnion(type);
  if (list !== undefined) {
    code(out, `${head} (`);
    const inner = `${indent}  ${list.union}`;
    if (fitsOnItsLine(inner)) code(out, inner);
    else for (const part of unionParts(list.union)) code(out, `${indent}  | ${part}`);
    return code(out, `${indent})${list.arrays};`);
  }
  if (parts.length < 2) return code(out, whole);
  out.push(head);
  const below = `${indent}  ${type};`;
  if (fitsOnItsLine(below)) return code(out, below);
  parts.forEach((part, n) => code(out, `${indent}  | ${part}${n === parts.length - 1 ? ';' : ''}`));
}

/** A member holding an object (or a list of them): `{}` when it has no members; the index after it. */
function objectMember(lines: string[], i: number, indent: string, head: string, out: string[]): number {
  const empty = /^\}((?:\[\])*)$/.exec(lines[i + 2] ?? '');
  if (lines[i + 1] === '' && empty !== null) {
    code(out, `${head} {}${empty[1]};`);
    return i + 3;
  }
  code(out, `${head} {`);
  const close = members(lines, i + 1, `${indent}  `, out);
  const closed = /^\}((?:\[\])*)$/.exec(lines[close]!);
  if (closed === null) throw new NotLaidOut(`an object closed by ${lines[close]}`);
  code(out, `${indent}}${closed[1]};`);
  return close + 1;
}

/** One part of a union spanning lines: a plain type, or an object (the lines of its members). */
type UnionPart = { plain: string } | { from: number };

/**
 * A member whose type is a union holding objects, as json-schema-to-typescript writes it:
 * `(A | {` members `} | B)` and its `[]`s. prettier hugs one object beside nulls (`{ ... } | null`);
 * it writes any other such union below its key, a part a line, each object aligned after its `| `.
 * The index after it.
 */
function unionMember(lines: string[], i: number, indent: string, head: string, type: string, out: string[]): number {
  const parts: UnionPart[] = [];
  const plain = (text: string): void => {
    if (/[()]/.test(text)) throw new NotLaidOut(`a union in a union: ${text}`);
    for (const part of text.split(' | ').map((p) => p.trim()).filter((p) => p !== '')) parts.push({ plain: typeText(part) });
  };
  plain(type.slice(1, -1).replace(/\|\s*$/, ''));
  let at = i;
  let arrays = '';
  for (;;) {
    // An object without members is `{}`, a plain part.
    const empty = lines[at + 1] === '' && lines[at + 2]?.startsWith('}');
    parts.push(empty ? { plain: '{}' } : { from: at + 1 });
    const close = empty ? at + 2 : members(lines, at + 1, '', []);
    const rest = lines[close]!.slice(1);
    if (rest === ' | {') {
      at = close;
      continue;
    }
    const end = /^((?: \| [^{}()&|]+)*)\)((?:\[\])*)$/.exec(rest);
    if (end === null) throw new NotLaidOut(`a union not laid out here: ${lines[close]}`);
    plain(end[1]!);
    arrays = end[2]!;
    at = close;
    break;
  }
  const objects = parts.filter((part) => 'from' in part).length;
  if (objects === 0) {
    const union = parts.map((part) => (part as { plain: string }).plain).join(' | ');
    plainMember(head, indent, arrays !== '' && parts.length > 1 ? `(${union})${arrays}` : `${union}${arrays}`, out);
    return at + 1;
  }
  const hugged = objects === 1 && parts.every((part) => 'from' in part || part.plain === 'null');
  if (hugged) {
    const open = parts.indexOf(parts.find((part) => 'from' in part)!);
    if (open !== 0) throw new NotLaidOut('a null before the object it goes with');
    const nulls = ' | null'.repeat(parts.length - 1);
    code(out, arrays === '' ? `${head} {` : `${head} ({`);
    members(lines, (parts[0] as { from: number }).from, `${indent}  `, out);
    code(out, arrays === '' ? `${indent}}${nulls};` : `${indent}}${nulls})${arrays};`);
    return at + 1;
  }
  // A list of such a union opens beside its key and closes with its `[]`s.
  if (arrays !== '') code(out, `${head} (`);
  else out.push(head);
  parts.forEach((part, n) => {
    const last = n === parts.length - 1 && arrays === '' ? ';' : '';
    if ('plain' in part) return code(out, `${indent}  | ${part.plain}${last}`);
    code(out, `${indent}  | {`);
    members(lines, part.from, `${indent}      `, out);
    code(out, `${indent}    }${last}`);
  });
  if (arrays !== '') code(out, `${indent})${arrays};`);
  return at + 1;
}

/** The declaration laid out as prettier lays it out, or NotLaidOut. */
export function layOutDeclaration(text: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const out: string[] = [];
  let i = 0;
  while (lines[i]?.startsWith('/**')) i = comment(lines, i, '', out);
  const current = lines[i] ?? '';
  const declared = /^export (interface|type) (\w+) (= )?\{$/.exec(current);
  if (declared !== null) {
    if ((declared[1] === 'interface') === (declared[3] !== undefined)) throw new NotLaidOut(`a declaration not laid out here: ${current}`);
    const closing = declared[1] === 'interface' ? '}' : '};';
    // An object without members: prettier writes `{}`.
    if (lines[i + 1] === '' && lines[i + 2] === closing && i + 2 === lines.length - 1) {
      code(out, `${current}}${closing === '};' ? ';' : ''}`);
      return out.join('\n');
    }
    code(out, current);
    const close = members(lines, i + 1, '  ', out);
    if (lines[close] !== closing || close !== lines.length - 1) throw new NotLaidOut(`a declaration not closed as laid out here: ${lines[close]}`);
    out.push(closing);
    return out.join('\n');
  }
  // A union holding objects (a deleted item: `{ deleted, previous } | Trashed`), laid out as a member's is.
  const union = /^export type (\w+) = (\(.*\{)$/.exec(current);
  if (union !== null) {
    const end = unionMember(lines, i, '', `export type ${union[1]} =`, union[2]!, out);
    if (end !== lines.length) throw new NotLaidOut(`a declaration not closed as laid out here: ${lines[end]}`);
    return out.join('\n');
  }
  const alias = /^export type (\w+) = ([^{]*)$/.exec(current);
  if (alias === null || i !== lines.length - 1) throw new NotLaidOut(`a declaration not laid out here: ${current}`);
  code(out, `export type ${alias[1]} = ${typeText(alias[2]!.replace(/;$/, ''))};`);
  return out.join('\n');
}
