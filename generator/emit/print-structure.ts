/**
 * ts-morph's printing of a source file's structure, with the printer settings of every generated
 * file. It runs on the thread ts-morph is loaded on (ts-thread-worker.ts); the emitters call
 * printSource (ts-source.ts), which sends the structure there.
 */
import { createRequire } from 'node:module';
import type { OptionalKind, SourceFileStructure, StatementStructures } from 'ts-morph';

/** What reaches this thread: data (a writer function cannot be sent here: ts-thread.ts says so). */
export type Statement = string | StatementStructures;

/** ts-morph's ImportDeclaration kind (the emitters' others are in ts-source.ts). */
const IMPORT_DECLARATION = 16;

/** The printer settings of the project files used to be made in: two spaces, single quotes. */
const PRINT_OPTIONS = { indentNumberOfSpaces: 2, useSingleQuote: true, newLine: '\n' as const };

const isImport = (s: Statement): boolean => typeof s === 'object' && s.kind === IMPORT_DECLARATION;

/**
 * A file's statements in the groups that become its top-level pieces: the imports that follow
 * one another together, every other statement alone. Plain data: the main thread groups a file's
 * statements to join a file of text itself (ts-source.ts) and to mark the pieces laid out.
 */
export function pieceUnits(statements: Statement[]): Statement[][] {
  const units: Statement[][] = [];
  let imports: Statement[] = [];
  for (const statement of statements) {
    if (isImport(statement)) imports.push(statement);
    else {
      if (imports.length > 0) units.push(imports);
      imports = [];
      units.push([statement]);
    }
  }
  if (imports.length > 0) units.push(imports);
  return units;
}

/** Whether every statement of the units is text already: they then need no printer, nor ts-morph's thread. */
export function allText(units: Statement[][]): boolean {
  return units.every((unit) => unit.every((statement) => typeof statement === 'string'));
}

/** ts-morph's text of each unit (pieceUnits): the imports of a unit one after the other. ts-morph is loaded only for a unit holding a structure. */
export function printUnits(units: Statement[][]): string[] {
  const print = (statement: StatementStructures): string => (createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph')).printStructure(statement, PRINT_OPTIONS);
  return units.map((unit) =>
    unit
      .map((statement) => {
        const text = typeof statement === 'string' ? statement : print(statement);
        return isImport(statement) && !text.endsWith('\n') ? `${text}\n` : text;
      })
      .join('')
      .trimEnd(),
  );
}

/** A file's pieces from its units' texts: an optional leading comment kept with the first. */
export function piecesOf(unitTexts: string[], header: string | undefined): string[] {
  const pieces = [...unitTexts];
  if (header !== undefined) pieces[0] = pieces.length === 0 ? header : `${header}\n${pieces[0]}`;
  return pieces.map((piece) => piece.trimEnd());
}

/**
 * The text of a source file made of the structure's statements, after an optional leading
 * comment, in top-level pieces: the imports together (with the comment), then each statement. The
 * file is those pieces with a blank line between two, so the formatter (format.ts) takes them as
 * they are instead of parsing the file to find them. Each statement is printed as text alone:
 * made into a source file of a project, it would be parsed too, for nothing.
 */
export function printStructurePieces(structure: OptionalKind<SourceFileStructure>, header: string | undefined): string[] {
  if (!Array.isArray(structure.statements)) throw new Error('printStructurePieces: the statements of the structure must be a list');
  return piecesOf(printUnits(pieceUnits(structure.statements as Statement[])), header);
}
