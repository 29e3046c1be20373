/**
 * A generated JSON document as written: json-stringify-pretty-compact's layout (objects and arrays
 * that fit in the line width stay on one line, others open one line per member), at prettier's
 * width and indent. Deterministic, and no prettier pass (JSON was a third of its time, on the
 * largest files).
 *
 * The library lays a document out by stringifying every subtree at every depth, which on the
 * studio OpenAPI document (700 KB) is a quarter of a second; an edit changes a few of its
 * hundreds of paths. So the members at the top few levels of a document too long for one line
 * are laid out one by one, each by the library, and remembered by their JSON (text-memo.ts's
 * memoizedText, the larger ones): an edit lays out again only the members it changed. The text is the library's
 * for the whole document, byte for byte (test/generator/json-document.test.ts).
 */
import stringifyCompact from 'json-stringify-pretty-compact';
import { PRETTIER_OPTIONS } from '../format-options.ts';
import { memoizedText } from './text-memo.ts';

const WIDTH = PRETTIER_OPTIONS.printWidth!;
const INDENT = ' '.repeat(PRETTIER_OPTIONS.tabWidth!);

/** How many levels of members are laid out one by one (the OpenAPI document's paths and schemas are at the second). */
const SPLIT_DEPTH = 2;

/** The document's text, with a newline at the end. */
export function jsonDocument(value: unknown): string {
  return `${laidOut(value, '', SPLIT_DEPTH)}\n`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** Members smaller than this (JSON characters) are laid out again each time: looking them up would cost about as much. */
const REMEMBERED_FROM = 300;

/**
 * The document laid out: an object whose JSON is wider than the line opens one line per member
 * whatever the library would reserve beside it (it never fits), and its members are then laid out
 * one by one (opened); anything else is the library's.
 */
function laidOut(value: unknown, indent: string, depth: number): string {
  const members = depth > 0 && isPlainObject(value) ? membersOf(value) : undefined;
  // Only the whole document (at no indent, nothing beside it) goes to the library this way.
  if (members === undefined || jsonLength(members, depth) <= WIDTH) return stringifyCompact(value, { maxLength: WIDTH - indent.length, indent: INDENT.length });
  return opened(members, indent, depth);
}

interface Member {
  key: string;
  value: unknown;
  /** The value's JSON, when it was needed. */
  json?: string;
  /** Its members, when it is an object split further. */
  members?: Member[];
}

/** An object's members that JSON keeps (not undefined, not functions), in its order. */
function membersOf(value: Record<string, unknown>): Member[] {
  return Object.entries(value).flatMap(([key, member]) => (member === undefined || typeof member === 'function' || typeof member === 'symbol' ? [] : [{ key, value: member }]));
}

/**
 * The length of the JSON of an object made of these members. Each member's JSON is made on the
 * way and kept, except that an object member that may be split further (`depth` left) is
 * measured by its own members, so that no part of the document is made into JSON twice.
 */
function jsonLength(members: Member[], depth: number): number {
  if (members.length === 0) return 2;
  let length = 1 + members.length;
  for (const m of members) {
    length += JSON.stringify(m.key).length + 1;
    if (depth > 1 && isPlainObject(m.value)) length += jsonLength((m.members ??= membersOf(m.value)), depth - 1);
    else length += (m.json ??= JSON.stringify(m.value)).length;
  }
  return length;
}

/** The object opened one line per member at `indent`: members too wide for a line split further while `depth` lasts, the others laid out by the library. */
function opened(members: Member[], indent: string, depth: number): string {
  const inner = indent + INDENT;
  const lines = members.map((m, i) => {
    const last = i === members.length - 1;
    const key = JSON.stringify(m.key);
    return `${inner}${key}: ${memberLayout(m, indent, depth, last)}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

function memberLayout(m: Member, indent: string, depth: number, last: boolean): string {
  // Wider than a line, whatever the library reserves beside it: opened, its members split in turn.
  if (depth > 1 && isPlainObject(m.value) && jsonLength((m.members ??= membersOf(m.value)), depth - 1) > WIDTH) return opened(m.members, indent + INDENT, depth - 1);
  const json = (m.json ??= JSON.stringify(m.value));
  if (json.length < REMEMBERED_FROM) return memberText(m.key, m.value, indent, last);
  return memoizedText('json-layout', `${indent.length} ${last ? 'last' : 'more'} ${JSON.stringify(m.key)} ${json}`, () => memberText(m.key, m.value, indent, last));
}

/**
 * The text the library gives the value of member `key` of an object laid out at `indent`, one
 * line per member: the library lays out a one- or two-member object holding it (a second member
 * after it when it is not the object's last, for the comma the library reserves room for), at
 * the width left at `indent`, and the member's text is cut out of that.
 */
function memberText(key: string, member: unknown, indent: string, last: boolean): string {
  const holder = last ? { [key]: member } : { [key]: member, [AFTER]: 0 };
  const text = stringifyCompact(holder, { maxLength: WIDTH - indent.length, indent: INDENT.length });
  const keyPart = `${JSON.stringify(key)}: `;
  const after = `${JSON.stringify(AFTER)}: 0`;
  // On one line: `{"key": value, "…": 0}`. Opened: `{\n  "key": value,\n  "…": 0\n}`.
  const [before, behind] = text.startsWith(`{${keyPart}`) ? [`{${keyPart}`, last ? '}' : `, ${after}}`] : [`{\n${INDENT}${keyPart}`, last ? '\n}' : `,\n${INDENT}${after}\n}`];
  const cut = text.slice(before.length, text.length - behind.length);
  return indent === '' ? cut : cut.replaceAll('\n', `\n${indent}`);
}

/** The key of the member placed after another to stand for the ones that follow it (not a key the documents use). */
const AFTER = '\u0000after';
