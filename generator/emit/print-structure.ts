/**
 * ts-morph's printing of a source file's structure, with the printer settings of every generated
 * file. It runs on the thread ts-morph is loaded on (ts-thread-worker.ts); the emitters call
 * printSource (ts-source.ts), which sends the structure there.
 */
import { createRequire } from 'node:module';
import type { OptionalKind, SourceFileStructure, StatementStructures } from 'ts-morph';

/** What reaches this thread: data (a writer function cannot be sent here: ts-thread.ts says so). */
type Statement = string | StatementStructures;

/** ts-morph's ImportDeclaration kind (the emitters' others are in ts-source.ts). */
const IMPORT_DECLARATION = 16;

/** The printer settings of the project files used to be made in: two spaces, single quotes. */
const PRINT_OPTIONS = { indentNumberOfSpaces: 2, useSingleQuote: true, newLine: '\n' as const };

const isImport = (s: Statement): boolean => typeof s === 'object' && s.kind === IMPORT_DECLARATION;

/**
 * The text of a source file made of the structure's statements, after an optional leading
 * comment, in top-level pieces: the imports together (with the comment), then each statement. The
 * file is those pieces with a blank line between two, so the formatter (format.ts) takes them as
 * they are instead of parsing the file to find them. Each statement is printed as text alone:
 * made into a source file of a project, it would be parsed too, for nothing.
 */
export function printStructurePieces(structure: OptionalKind<SourceFileStructure>, header: string | undefined): string[] {
  if (!Array.isArray(structure.statements)) throw new Error('printStructurePieces: the statements of the structure must be a list');
  const { printStructure } = createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph');
  const pieces: string[] = [];
  let imports = '';
  for (const statement of structure.statements as Statement[]) {
    const text = typeof statement === 'string' ? statement : printStructure(statement, PRINT_OPTIONS);
    if (isImport(statement)) imports += text.endsWith('\n') ? text : `${text}\n`;
    else {
      if (imports !== '') pieces.push(imports);
      imports = '';
      pieces.push(text);
    }
  }
  if (imports !== '') pieces.push(imports);
  if (header !== undefined) pieces[0] = pieces.length === 0 ? header : `${header}\n${pieces[0]}`;
  return pieces.map((piece) => piece.trimEnd());
}
