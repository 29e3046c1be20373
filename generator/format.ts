/**
 * One prettier configuration for everything the generator writes, so output is byte-identical
 * whatever editor settings or prettier config files sit around the output folder.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as prettier from 'prettier';
import stringifyCompact from 'json-stringify-pretty-compact';

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

/**
 * A generated JSON document as written: objects and arrays that fit in the line width stay on one
 * line, others open one line per member. Deterministic, and no prettier pass (JSON was a third of
 * its time, on the largest files).
 */
export function jsonDocument(value: unknown): string {
  return `${stringifyCompact(value, { maxLength: PRETTIER_OPTIONS.printWidth!, indent: PRETTIER_OPTIONS.tabWidth! })}\n`;
}

/** Formats a file's text by its extension; files of other kinds are returned as they are. */
export async function formatFile(path: string, content: string): Promise<string> {
  const ext = path.slice(path.lastIndexOf('.'));
  const parser = PARSERS[ext];
  if (parser === undefined) return content;
  return prettier.format(content, { ...PRETTIER_OPTIONS, parser });
}

/**
 * Formatting is most of a generation's time, and most files come out the same as last run.
 * The cache keeps, per output path, the last raw text's hash and its formatted text under
 * `node_modules/.cache/specpress/format/`; a file whose raw text, prettier version and options
 * are unchanged is not formatted again. The key covers everything the result depends on, so a
 * stale entry can only miss, never give a wrong file.
 */
const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'specpress', 'format');
const CACHE_SALT = JSON.stringify([prettier.version, PRETTIER_OPTIONS]);

export async function formatFileCached(path: string, content: string): Promise<string> {
  const entry = join(CACHE_DIR, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
  const key = createHash('sha256').update(CACHE_SALT).update('\0').update(path).update('\0').update(content).digest('hex');
  try {
    const cached = JSON.parse(await readFile(entry, 'utf8')) as { key: string; formatted: string };
    if (cached.key === key) return cached.formatted;
  } catch {
    // No entry yet, or an unreadable one: format below.
  }
  const formatted = await formatFile(path, content);
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so that a concurrent run never reads half an entry.
    const temp = `${entry}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temp, JSON.stringify({ key, formatted }));
    await rename(temp, entry);
  } catch {
    // A read-only tree still generates; it only stays slow.
  }
  return formatted;
}
