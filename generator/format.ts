/**
 * prettier's formatting of everything the generator writes, with one configuration
 * (format-options.ts), reusing what earlier runs formatted.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cacheStore, type CacheStore } from './cache-store.ts';
import { FormatPool } from './format-pool.ts';
import { piecesInTsThread } from './ts-thread.ts';
import { withoutBlankEnds } from './top-level-pieces.ts';
import { PARSERS, PRETTIER_OPTIONS, TS_PARSER } from './format-options.ts';

export { PRETTIER_OPTIONS, TS_PARSER };

/** prettier's version, read without loading prettier: this thread loads it only to format in-process (formatFile). */
const PRETTIER_VERSION = (createRequire(import.meta.url)('prettier/package.json') as { version: string }).version;

/**
 * Formats a file's text by its extension, in this thread; files of other kinds are returned as
 * they are. A run formats through its Formatter instead (on the pool's threads).
 */
export async function formatFile(path: string, content: string): Promise<string> {
  const ext = path.slice(path.lastIndexOf('.'));
  const parser = PARSERS[ext];
  if (parser === undefined) return content;
  const prettier = await import('prettier');
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
 * reached. So a TypeScript file is taken in its top-level statements (the pieces its emitter
 * printed, or, for a file given without them, cuts at the blank lines between statements found
 * by TypeScript's parser on the ts-morph thread, so that a cut never falls inside a string, a
 * comment, a template or a block: top-level-pieces.ts), and each piece is looked up by its content:
 * prettier lays out each top-level statement on its own, so the formatted pieces joined by one
 * blank line are the formatted file (the run's `--check` against the committed output holds the
 * generator to that). Pieces not known yet are
 * formatted together in a few prettier calls (batches of about BATCH_CHARS, so that a large file
 * is spread over the pool's threads), split again at marker comments; when a call does not come
 * back as expected, the file is formatted whole, as before. Files are formatted concurrently on
 * the pool's threads (format-pool.ts), started only when a run has enough to format.
 *
 * Known pieces live in memory for the run, and (with the cache on) in the cache store
 * (cache-store.ts), keyed by a hash of the parser and the unformatted text, salted with
 * prettier's version and options: a stale entry can only miss. Only the pieces a run asks for
 * are read from the store, and only new ones written to it.
 */
const CACHE_SALT = createHash('sha256').update(JSON.stringify([PRETTIER_VERSION, PRETTIER_OPTIONS])).digest('hex').slice(0, 16);

/** A comment line prettier keeps as it is between two statements, unlikely in any generated text. */
const MARKER = '// specpress:piece-boundary 5f0c1e';

const pieceKey = (parser: string, text: string): string => createHash('sha256').update(parser).update('\0').update(text).digest('hex').slice(0, 40);

/**
 * The pieces the last run of this process used: a process that generates again (`--watch`) finds
 * them here even when another run dropped them from the store meanwhile.
 */
let lastRun = new Map<string, string>();

/** Per store, the keys this process read from it or wrote to it: pieces not to write again. */
const inStores = new WeakMap<CacheStore, Set<string>>();

function inStore(store: CacheStore): Set<string> {
  let keys = inStores.get(store);
  if (keys === undefined) inStores.set(store, (keys = new Set()));
  return keys;
}

/**
 * Pieces known to a run: those in memory (this run's, the last run's), and those of the store,
 * read when first asked for. A lookup is all a run needs, so the store is never read whole.
 */
class KnownPieces extends Map<string, string> {
  constructor(private readonly store: CacheStore | undefined) {
    super();
  }

  override get(key: string): string | undefined {
    let text = super.get(key);
    if (text === undefined && this.store !== undefined) {
      text = this.store.get('piece', `${CACHE_SALT}:${key}`);
      if (text !== undefined) {
        super.set(key, text);
        inStore(this.store).add(key);
      }
    }
    return text;
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}

export class Formatter {
  readonly stats: FormatStats = { files: 0, chunks: 0 };
  private readonly known: Map<string, string>;
  /** Pieces this run used: save() writes those the store lacks. */
  private readonly used = new Map<string, string>();
  /** Pieces sent to the pool and not back yet: a file that needs one too waits for it instead of sending it again. */
  private readonly formatting = new Map<string, Promise<string | undefined>>();
  private readonly pool = new FormatPool();

  private constructor(private readonly store: CacheStore | undefined) {
    this.known = new KnownPieces(store);
  }

  /** A formatter for one run; `persistent` reads pieces from the cache store and (by save()) writes new ones to it. */
  static async open(persistent: boolean): Promise<Formatter> {
    const formatter = new Formatter(persistent ? cacheStore() : undefined);
    if (persistent) for (const [key, text] of lastRun) formatter.known.set(key, text);
    return formatter;
  }

  /**
   * The file's text as prettier formats it; files of kinds prettier does not format are returned
   * as they are. `pieces` are the file's top-level pieces when its emitter knows them (EmittedFile):
   * the file is then not parsed to find them. `laidOut` marks those of them already as prettier
   * lays them out (data-file.ts): they are taken as they are.
   */
  async format(path: string, content: string, pieces?: string[], laidOut?: boolean[]): Promise<string> {
    const parser = PARSERS[path.slice(path.lastIndexOf('.'))];
    if (parser === undefined) return content;
    // A file known whole (unchanged since a run formatted it) is not cut: cutting parses it.
    const fileKey = pieceKey(`${parser} file`, content);
    const known = this.known.get(fileKey);
    if (known !== undefined) {
      this.used.set(fileKey, known);
      return known;
    }
    const formatted = await this.byPieces(parser, content, pieces, laidOut);
    this.known.set(fileKey, formatted);
    this.used.set(fileKey, formatted);
    return formatted;
  }

  /**
   * Everything up to the first await runs at once, in the order the files were given: which file
   * sends a piece (and so the counts) does not depend on when the threads answer.
   */
  private async byPieces(parser: string, content: string, given: string[] | undefined, laidOut: boolean[] | undefined): Promise<string> {
    const ready = parser === TS_PARSER && given !== undefined && laidOut !== undefined ? new Set(withoutBlankEnds(given.filter((_, i) => laidOut[i] === true))) : new Set<string>();
    const pieces = parser !== TS_PARSER ? [content] : given !== undefined ? withoutBlankEnds(given) : piecesInTsThread(content);
    if (pieces === undefined) return this.whole(parser, content, false);
    const keys = pieces.map((p) => pieceKey(parser, p));
    // Each piece's formatted text, or its promise: laid out already, known, being formatted for another file, or sent now.
    const texts = new Map<string, string | Promise<string | undefined>>();
    const missing: Array<[key: string, text: string]> = [];
    keys.forEach((key, i) => {
      if (texts.has(key)) return;
      if (ready.has(pieces[i]!)) {
        texts.set(key, `${pieces[i]!}\n`);
        return;
      }
      const found = this.known.get(key) ?? this.formatting.get(key);
      if (found !== undefined) texts.set(key, found);
      else {
        missing.push([key, pieces[i]!]);
        texts.set(key, '');
      }
    });
    if (missing.length > 0) {
      this.stats.files++;
      this.stats.chunks += missing.length;
      for (const batch of batches(missing)) {
        const done = this.formatBatch(parser, batch.map(([, text]) => text));
        batch.forEach(([key], i) => {
          const piece = done.then((formatted) => {
            if (formatted !== undefined) this.known.set(key, formatted[i]!);
            this.formatting.delete(key);
            return formatted?.[i];
          });
          this.formatting.set(key, piece);
          texts.set(key, piece);
        });
      }
    }
    const formatted = await Promise.all(keys.map((key) => texts.get(key)!));
    if (formatted.some((text) => text === undefined)) return this.whole(parser, content, missing.length > 0);
    keys.forEach((key, i) => {
      if (!ready.has(pieces[i]!)) this.used.set(key, formatted[i]!);
    });
    return formatted.join('\n');
  }

  /** Pieces formatted together, split again at the markers; undefined when they do not come back one by one. */
  private async formatBatch(parser: string, texts: string[]): Promise<string[] | undefined> {
    const options = { ...PRETTIER_OPTIONS, parser };
    try {
      if (texts.length === 1) return [await this.pool.format(texts[0]!, options)];
      return splitAtMarkers(await this.pool.format(texts.join(`\n\n${MARKER}\n`), options), texts.length);
    } catch {
      // A piece that does not parse on its own: the file is formatted whole (and if it does not
      // parse either, prettier says why there).
      return undefined;
    }
  }

  private async whole(parser: string, content: string, counted: boolean): Promise<string> {
    if (!counted) this.stats.files++;
    this.stats.chunks++;
    return this.pool.format(content, { ...PRETTIER_OPTIONS, parser });
  }

  /** Ends the threads this run started to format (none when everything was known). */
  async close(): Promise<void> {
    await this.pool.close();
  }

  /** Puts the pieces this run used that the store lacks in it (written by its flush, cache-store.ts); those read from it were marked used as they were read. */
  async save(): Promise<void> {
    if (this.store === undefined || this.used.size === 0) return;
    lastRun = this.used;
    const stored = inStore(this.store);
    for (const [key, text] of this.used) {
      if (stored.has(key)) continue;
      this.store.put('piece', `${CACHE_SALT}:${key}`, text);
      stored.add(key);
    }
  }
}

/**
 * Characters of unformatted text per prettier call: a large file's missing pieces go to the pool
 * in several calls, formatted on several threads at once; a small file's in one.
 */
const BATCH_CHARS = 32_000;

/** The missing pieces in consecutive batches of about BATCH_CHARS characters. */
function batches<T extends [string, string]>(missing: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const piece of missing) {
    current.push(piece);
    size += piece[1].length;
    if (size >= BATCH_CHARS) {
      out.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The formatted pieces of a batch, each ending with its newline; undefined unless there are exactly `count`. */
function splitAtMarkers(formatted: string, count: number): string[] | undefined {
  const parts = formatted.split(`\n\n${MARKER}\n`);
  if (parts.length !== count || formatted.split(MARKER).length !== count) return undefined;
  return parts.map((p, i) => (i < count - 1 ? `${p}\n` : p));
}
