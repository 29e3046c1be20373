/**
 * Where format.ts may cut a TypeScript file into pieces prettier formats on their own: after each
 * top-level statement whose line ends with it and a blank line follows. The statements are found
 * by TypeScript's parser (ts-morph's copy), so that a cut never falls inside a string, a template,
 * a comment or a block. It runs on the thread ts-morph is loaded on (ts-thread.ts).
 */
import { createRequire } from 'node:module';
import type { ts as Ts } from 'ts-morph';

let typescript: typeof Ts | undefined;

/** The file's text cut after each such statement; undefined when it does not parse (prettier will say why). */
export function topLevelPieces(content: string): string[] | undefined {
  typescript ??= (createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph')).ts;
  const ts = typescript;
  const file = ts.createSourceFile('piece.ts', content, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  if ((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length > 0) return undefined;
  const pieces: string[] = [];
  let from = 0;
  for (const statement of file.statements) {
    // Only a statement whose line ends right after it (no comment trailing on that line) and is followed by a blank line.
    const after = /^[ \t]*\n[ \t]*\n/.exec(content.slice(statement.end, statement.end + 200));
    if (after === null) continue;
    pieces.push(content.slice(from, statement.end));
    from = statement.end + after[0].length;
  }
  pieces.push(content.slice(from));
  return withoutBlankEnds(pieces);
}

/**
 * Pieces with no blank line before or after one, and no empty one: blank lines around a piece are
 * the join's business, and a piece keyed without them matches more often.
 */
export function withoutBlankEnds(pieces: string[]): string[] {
  return pieces.map((p) => p.replace(/^(?:[ \t]*\n)+/, '').trimEnd()).filter((p) => p !== '');
}
