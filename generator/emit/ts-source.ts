/**
 * A generated TypeScript file from its statements: text (what the emitters write, laid out as
 * prettier lays it out, joined here) or ts-morph structures, printed with ts-morph with the same
 * printer settings everywhere (print-structure.ts). ts-morph is never loaded on this thread: it
 * brings TypeScript's compiler with it (a long load), loaded on a thread of its own
 * (ts-thread.ts) at the first structure. The enum members a structure needs are here;
 * test/generator/structure-kinds.test.ts holds them equal to ts-morph's.
 */
import type {
  OptionalKind, SourceFileStructure, StructureKind as Kinds, VariableDeclarationKind as DeclarationKinds, VariableStatementStructure,
} from 'ts-morph';
import { printInTsThread } from '../ts-thread.ts';
import { allText, pieceUnits, piecesOf, printUnits, type Statement } from './print-structure.ts';

/** The members of ts-morph's StructureKind the emitters use, without loading ts-morph. */
export const StructureKind = {
  Function: 13 as Kinds.Function,
  ImportDeclaration: 16 as Kinds.ImportDeclaration,
  SourceFile: 36 as Kinds.SourceFile,
  TypeAlias: 38 as Kinds.TypeAlias,
  VariableStatement: 41 as Kinds.VariableStatement,
};

/** The members of ts-morph's VariableDeclarationKind the emitters use. */
export const VariableDeclarationKind = {
  Const: 'const' as DeclarationKinds.Const,
  Let: 'let' as DeclarationKinds.Let,
};

/** A printed source file: its text, and the top-level pieces it is made of (print-structure.ts). */
export interface PrintedSource {
  content: string;
  pieces: string[];
  /** Which pieces prettier leaves as they are (tables under `prettier-ignore`): the formatter skips them. */
  laidOut?: boolean[];
}

/** Line comments ending in `prettier-ignore`: prettier prints the statement under them as it was written. */
const IGNORED_BY_PRETTIER = /^(?:\/\/[^\n]*\n)*\/\/ prettier-ignore\n$/;

/** Where a table's declaration starts, after its comments (tableConstant). */
const TABLE_START = '\nconst ';

/**
 * Whether prettier would print the unit's text as it is: one statement under `prettier-ignore`
 * (tableConstant), its comments on lines of their own, nothing after it. Its hundreds of rows
 * would otherwise be parsed by prettier only to be given back unchanged.
 */
function keptAsWritten(unit: Statement[]): boolean {
  const [statement] = unit;
  return unit.length === 1 && typeof statement === 'string' && IGNORED_BY_PRETTIER.test(statement.slice(0, statement.indexOf(TABLE_START) + 1));
}

/**
 * A source file of the given statements, with an optional leading comment: statements written as
 * text are joined here; a file holding a structure is printed on the thread ts-morph is loaded on
 * (ts-thread.ts). The structure is sent to that thread as data: a writer function cannot be, so an
 * emitter writes such text into a string first.
 */
export function printSource(structure: OptionalKind<SourceFileStructure>, header?: string): PrintedSource {
  const statements = structure.statements;
  if (!Array.isArray(statements)) return fromPieces(printInTsThread(structure, header));
  const units = pieceUnits(statements as Statement[]);
  const laidOut = units.some(keptAsWritten) ? units.map(keptAsWritten) : undefined;
  // Text needs no printer, and a round trip to the ts-morph thread would wait for whatever that
  // thread is doing (compiling the run's schemas).
  const printed = fromPieces(allText(units) ? piecesOf(printUnits(units), header) : printInTsThread(structure, header));
  return { ...printed, ...(laidOut && { laidOut }) };
}

function fromPieces(pieces: string[]): PrintedSource {
  return { content: piecesText(pieces), pieces };
}

/** The printed file with the pieces that are one of `laidOut` (texts the emitter wrote as prettier lays them out) marked so (EmittedFile.laidOut). */
export function withLaidOut(printed: PrintedSource, laidOut: Array<string | undefined>): PrintedSource {
  const kept = new Set(laidOut.flatMap((text) => (text === undefined ? [] : [text.trimEnd()])));
  return { ...printed, laidOut: printed.pieces.map((piece) => kept.has(piece)) };
}

/** A file made of top-level pieces: one blank line between two, and a newline at the end. */
export function piecesText(pieces: string[]): string {
  return `${pieces.join('\n\n')}\n`;
}

/**
 * A file written as text rather than printed: a leading comment, then declarations' texts as its
 * pieces (the comment kept with the first, as printSource keeps it with the imports). `laidOut`
 * says which parts are as prettier lays them out (a line comment above one keeps it so).
 */
export function headedPieces(header: string, parts: string[], laidOut?: boolean[]): PrintedSource {
  const [first, ...rest] = parts.map((part) => part.trimEnd());
  const pieces = first === undefined ? [header.trimEnd()] : [`${header.trimEnd()}\n\n${first}`, ...rest];
  const marked = laidOut !== undefined && first !== undefined && laidOut.some(Boolean);
  return { content: piecesText(pieces), pieces, ...(marked && { laidOut }) };
}

/** How every generated file begins: the generator removes only files that begin so. */
export const GENERATED_MARK = '// Generated by specpress';

/** The banner every generated TypeScript file starts with. */
export function generatedBanner(what: string): string {
  return `${GENERATED_MARK} from spec/: ${what}.\n// Do not edit: run \`specpress generate\` instead.`;
}

/** A `const` declared with its initializer's source text, exported or not. */
export function constStatement(name: string, type: string, initializer: string, isExported: boolean): VariableStatementStructure {
  return { kind: StructureKind.VariableStatement, isExported, declarationKind: VariableDeclarationKind.Const, declarations: [{ name, type, initializer }] };
}

/**
 * A constant holding a table (a list of rows): one row per line, kept so by `prettier-ignore`,
 * so that a table of hundreds of cases reads (and diffs) as hundreds of lines, not thousands.
 * Written as text: hundreds of kilobytes of rows need no printer (and the file's other statements
 * reach the ts-morph thread without them). `comments` go above `prettier-ignore`.
 */
export function tableConstant(name: string, type: string, rows: unknown[], comments: string[] = []): string {
  const value = rows.length === 0 ? '[]' : `[\n${rows.map((r) => `  ${JSON.stringify(r)},`).join('\n')}\n]`;
  return `${[...comments, 'prettier-ignore'].map((line) => `// ${line}\n`).join('')}const ${name}: ${type} = ${value};`;
}
