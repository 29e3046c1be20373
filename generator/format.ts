/**
 * One prettier configuration for everything the generator writes, so output is byte-identical
 * whatever editor settings or prettier config files sit around the output folder.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { ts } from 'ts-morph';
import stringifyCompact from 'json-stringify-pretty-compact';
import { writeAtomic } from './atomic-write.ts';

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

/** How a run formats: what prettier was asked, for the run's report and the tests. */
export interface FormatStats {
  /** Files whose text prettier had to format, in part or whole (the others were all known). */
  files: number;
  /** Top-level pieces prettier formatted (a file of 400 statements whose one statement changed counts 1). */
  chunks: number;
}

/**
 * Formatting is most of a generation's time, and most of what is formatted was formatted before:
 * the same type in three deployments' `types.ts`, every statement of a file but the one an edit
 * reached. So a TypeScript file is cut at its top-level statements (at the blank lines between
 * them, found by TypeScript's parser so that a cut never falls inside a string, a comment or a
 * block), and each piece is looked up by its content: prettier lays out each top-level statement
 * on its own, so the formatted pieces joined by one blank line are the formatted file (the run's
 * `--check` against the committed output holds the generator to that). Pieces not known yet are
 * formatted together in one prettier call, split again at marker comments; when that call does
 * not come back as expected, the file is formatted whole, as before.
 *
 * Known pieces live in memory for the run, and (with the cache on) in one file under
 * `node_modules/.cache/specpress/format/`, keyed by a hash of the parser and the unformatted
 * text, salted with prettier's version and options: a stale entry can only miss.
 */
/** Under the working directory at the time of the run, as the other caches are. */
const cacheFile = (): string => join(process.cwd(), 'node_modules', '.cache', 'specpress', 'format', 'pieces.json');
const CACHE_SALT = JSON.stringify([prettier.version, PRETTIER_OPTIONS]);

/** A comment line prettier keeps as it is between two statements, unlikely in any generated text. */
const MARKER = '// specpress:piece-boundary 5f0c1e';

const pieceKey = (parser: string, text: string): string => createHash('sha256').update(parser).update('\0').update(text).digest('hex').slice(0, 40);

/**
 * The file's text cut after each top-level statement that a blank line follows. undefined when it
 * does not parse (prettier will say why).
 */
function topLevelPieces(content: string): string[] | undefined {
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
  // Blank lines around a piece are the join's business; a piece keyed without them matches more often.
  return pieces.map((p) => p.replace(/^(?:[ \t]*\n)+/, '').trimEnd()).filter((p) => p !== '');
}

/**
 * The pieces the last run of this process used: a process that generates again (`--watch`) finds
 * them here even when another run replaced the cache file meanwhile.
 */
let lastRun = new Map<string, string>();

export class Formatter {
  readonly stats: FormatStats = { files: 0, chunks: 0 };
  private readonly known = new Map<string, string>();
  /** Pieces this run used, written back by save() first: the cache holds what the last run needed, then older pieces while they fit. */
  private readonly used = new Map<string, string>();
  /** Keys read from the cache file: when this run used only those and formatted nothing, the file already holds what it needs. */
  private readonly stored = new Set<string>();

  private constructor(private readonly persistent: boolean) {}

  /** A formatter for one run; `persistent` reads and (by save()) writes the cache file. */
  static async open(persistent: boolean): Promise<Formatter> {
    const formatter = new Formatter(persistent);
    if (persistent) {
      for (const [key, text] of lastRun) formatter.known.set(key, text);
      try {
        const stored = JSON.parse(await readFile(cacheFile(), 'utf8')) as { salt: string; pieces: Record<string, string> };
        if (stored.salt === CACHE_SALT) {
          for (const [key, text] of Object.entries(stored.pieces)) {
            formatter.known.set(key, text);
            formatter.stored.add(key);
          }
        }
      } catch {
        // No cache yet, or an unreadable one: everything is formatted.
      }
    }
    return formatter;
  }

  /** The file's text as prettier formats it; files of kinds prettier does not format are returned as they are. */
  async format(path: string, content: string): Promise<string> {
    const parser = PARSERS[path.slice(path.lastIndexOf('.'))];
    if (parser === undefined) return content;
    // A file known whole (unchanged since a run formatted it) is not cut: cutting parses it.
    const fileKey = pieceKey(`${parser} file`, content);
    const known = this.known.get(fileKey);
    if (known !== undefined) {
      this.used.set(fileKey, known);
      return known;
    }
    const formatted = await this.byPieces(path, parser, content);
    this.known.set(fileKey, formatted);
    this.used.set(fileKey, formatted);
    return formatted;
  }

  private async byPieces(path: string, parser: string, content: string): Promise<string> {
    const pieces = parser === 'typescript' ? topLevelPieces(content) : [content];
    if (pieces === undefined) return this.whole(path, content);
    const keys = pieces.map((p) => pieceKey(parser, p));
    const missing = [...new Set(keys.filter((k) => !this.known.has(k)))];
    if (missing.length > 0) {
      const texts = missing.map((k) => pieces[keys.indexOf(k)]!);
      const formatted = texts.length === 1 ? [await formatFile(path, texts[0]!)] : splitAtMarkers(await formatFile(path, texts.join(`\n\n${MARKER}\n`)), texts.length);
      if (formatted === undefined) return this.whole(path, content);
      this.stats.files++;
      this.stats.chunks += texts.length;
      missing.forEach((k, i) => this.known.set(k, formatted[i]!));
    }
    for (const k of keys) this.used.set(k, this.known.get(k)!);
    return keys.map((k) => this.known.get(k)!).join('\n');
  }

  private async whole(path: string, content: string): Promise<string> {
    this.stats.files++;
    this.stats.chunks++;
    return formatFile(path, content);
  }

  /** Writes the pieces this run used to the cache file (with the cache on). */
  async save(): Promise<void> {
    if (!this.persistent || this.used.size === 0) return;
    lastRun = this.used;
    // Rewriting megabytes that would come out the same (less older pieces) is skipped.
    if (this.stats.files === 0 && [...this.used.keys()].every((key) => this.stored.has(key))) return;
    try {
      await writeAtomic(cacheFile(), JSON.stringify({ salt: CACHE_SALT, pieces: Object.fromEntries(keptPieces(this.used, this.known)) }));
    } catch {
      // A read-only tree still generates; it only stays slow.
    }
  }
}

/**
 * Characters of formatted text the cache file keeps beyond what the last run used: pieces of
 * another output folder generated from the same checkout (a test's, a benchmark's copy), or of
 * the version before the last edit. Without a bound it would grow with every edit.
 */
const OLDER_PIECES_BUDGET = 8_000_000;

/** The pieces to keep: every one this run used, then others known while the budget lasts. */
function keptPieces(used: Map<string, string>, known: Map<string, string>): Map<string, string> {
  const kept = new Map(used);
  let budget = OLDER_PIECES_BUDGET;
  for (const [key, text] of known) {
    if (kept.has(key)) continue;
    budget -= text.length;
    if (budget < 0) break;
    kept.set(key, text);
  }
  return kept;
}

/** The formatted pieces of a batch, each ending with its newline; undefined unless there are exactly `count`. */
function splitAtMarkers(formatted: string, count: number): string[] | undefined {
  const parts = formatted.split(`\n\n${MARKER}\n`);
  if (parts.length !== count || formatted.split(MARKER).length !== count) return undefined;
  return parts.map((p, i) => (i < count - 1 ? `${p}\n` : p));
}
