/**
 * One prettier configuration for everything the generator writes, so output is byte-identical
 * whatever editor settings or prettier config files sit around the output folder. A module of its
 * own, with no dependency, for the threads that format (ts-thread-worker.ts) as well as format.ts.
 */
import type { Options } from 'prettier';

export const PRETTIER_OPTIONS: Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  tabWidth: 2,
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

/**
 * prettier's parser for the TypeScript the generator writes: babel's, which gives the same text as
 * the TypeScript one on every file generated here (`generate --check` holds the output to it) in
 * clearly less time (the commit that chose it has the figures).
 */
export const TS_PARSER = 'babel-ts';

export const PARSERS: Record<string, string> = {
  '.ts': TS_PARSER,
  '.json': 'json',
  '.md': 'markdown',
};
