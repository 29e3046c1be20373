/**
 * A generated file of data constants (shared/args.ts, shared/data.ts, shared/routes.ts, a
 * deployment's routes.ts, deployment.ts and test suites): its statements written as prettier lays
 * them out (literal-layout.ts), so the formatter has nothing to do for them, and needs no ts-morph.
 * A statement the layout does not cover is written plainly instead and left to prettier, alone
 * (the formatter takes a file's pieces one by one: format.ts). The test suites' fixed code and
 * case tables come as text their emitters write in prettier's form.
 */
import type { EmittedFile } from './emitted-file.ts';
import { Code, constantStatement, NotLaidOut, stringLiteral, type Literal } from './literal-layout.ts';
import { piecesText } from './ts-source.ts';

export interface DataConstant {
  name: string;
  type: string;
  value: Literal;
  exported?: boolean;
  /** Turns the objects standing for shared parts into references to their constants. */
  refer?: Refer;
  /** A doc comment of one line above it (prettier leaves it as it is, however long). */
  doc?: string;
}

/** Replaces an object by a reference to a constant (a shared part), or keeps it. */
export type Refer = (value: object) => Code | undefined;

/** Valid source for the value on one line, for prettier to lay out (a statement the layout refused). */
function plainSource(value: Literal, refer: Refer | undefined): string {
  if (value === undefined || value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Code) return value.text;
  const code = refer?.(value);
  if (code !== undefined) return code.text;
  if (Array.isArray(value)) return `[${value.map((element: Literal) => plainSource(element, refer)).join(', ')}]`;
  const entries = Object.entries(value).filter(([, child]) => child !== undefined);
  return `{ ${entries.map(([key, child]) => `${stringLiteral(key)}: ${plainSource(child, refer)}`).join(', ')} }`;
}

/**
 * The file: `header` and the import lines (written by the caller, importStatement) as its first
 * piece, then one piece per constant or text. Laid out whole, it skips the formatter (`preformatted`);
 * otherwise `laidOut` says which pieces the formatter still has to format.
 */
export function dataFile(path: string, header: string, imports: string[], constants: Array<DataConstant | string>): EmittedFile {
  const pieces = [[header, ...imports].join('\n')];
  const laidOut = [true];
  for (const constant of constants) {
    // Text the caller wrote as prettier lays it out (fixed code, a table under prettier-ignore).
    if (typeof constant === 'string') {
      pieces.push(constant.trim());
      laidOut.push(true);
      continue;
    }
    const { name, type, value, exported = false, refer, doc } = constant;
    const comment = doc === undefined ? '' : `/** ${doc} */\n`;
    try {
      pieces.push(`${comment}${constantStatement(name, type, value, exported, refer === undefined ? {} : { refer })}`);
      laidOut.push(true);
    } catch (error) {
      if (!(error instanceof NotLaidOut)) throw error;
      pieces.push(`${comment}${exported ? 'export ' : ''}const ${name}: ${type} = ${plainSource(value, refer)};`);
      laidOut.push(false);
    }
  }
  const content = piecesText(pieces);
  return laidOut.every(Boolean) ? { path, content, preformatted: true } : { path, content, pieces, laidOut };
}
