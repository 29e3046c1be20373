/**
 * One prettier configuration for everything the generator writes, so output is byte-identical
 * whatever editor settings or prettier config files sit around the output folder.
 */
import * as prettier from 'prettier';

export const PRETTIER_OPTIONS: prettier.Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  tabWidth: 2,
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

const PARSERS: Record<string, string> = {
  '.ts': 'typescript',
  '.json': 'json',
  '.md': 'markdown',
};

/** Formats a file's text by its extension; files of other kinds are returned as they are. */
export async function formatFile(path: string, content: string): Promise<string> {
  const ext = path.slice(path.lastIndexOf('.'));
  const parser = PARSERS[ext];
  if (parser === undefined) return content;
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser });
}
