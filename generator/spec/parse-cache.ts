/**
 * Spec files that did not change since the last run are not parsed again. Parsing the YAML with
 * its positions (and checking it against the meta-schema) is the largest part of loading a spec,
 * and an edit touches one file of a hundred. A file that loaded clean (no diagnostic, valid) is
 * remembered by its kind, its name and its text: the data it gave, and every position the load
 * asked of it (the model's `source` of each route and endpoint). The next run gets the data from
 * the cache and the positions from the memo; a position not in the memo (a diagnostic about the
 * file, caused by an edit elsewhere) parses the file then, so every answer is as a parse gives it.
 *
 * The cache is one file under `node_modules/.cache/specpress/spec-files.json`, salted with the
 * generator's code, the library versions and the meta-schema: a stale entry can only miss.
 * Files with YAML aliases are not remembered (their data shares objects that JSON would copy),
 * nor data holding what JSON cannot write (`.inf`, `.nan`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { visit, type Document, type LineCounter } from 'yaml';
import type { SourceFile } from './positions.ts';
import { writeAtomic } from '../atomic-write.ts';

const cacheFile = (): string => join(process.cwd(), 'node_modules', '.cache', 'specpress', 'spec-files.json');

/** Entries of files this run did not read, kept besides those it did (another spec folder's, the version before an edit). */
const OLDER_ENTRIES_KEPT = 1000;

interface Entry {
  /** The file's data as JSON. */
  data: string;
  /** Positions asked during the load: `JSON.stringify([path, part])` -> [line, col]. */
  positions: Record<string, [number, number]>;
}

/** A file loaded this run: what will be written back for it. */
interface Loaded {
  data: string;
  positions: Map<string, [number, number]>;
  /** How many positions its stored entry had (none when it was parsed): no more at save() means nothing new to write. */
  storedPositions?: number;
}

/** What the last load did: files answered from the cache, and files parsed. */
const counts = { reused: 0, parsed: 0 };

/** The counts of the last load (for its tests: the cache's work is counted, not timed). */
export function lastLoadCounts(): { reused: number; parsed: number } {
  return { ...counts };
}

/** How a parse of `text` is made (the loader's own options, and what it does to the document before reading it). */
export type Parse = (text: string) => { doc: Document; lineCounter: LineCounter };

export class ParseCache {
  private readonly used = new Map<string, Loaded>();

  private constructor(
    private readonly salt: string,
    private readonly stored: Map<string, Entry>,
    private readonly on: boolean,
  ) {}

  /** The cache for one load; `saltParts` (code, libraries, meta-schema) decide whether stored entries still hold. `enabled` false (`generate --no-cache`) parses every file. */
  static async open(saltParts: string[], enabled: boolean): Promise<ParseCache> {
    counts.reused = 0;
    counts.parsed = 0;
    const salt = createHash('sha256').update(saltParts.join('\0')).digest('hex');
    const stored = new Map<string, Entry>();
    if (enabled) {
      try {
        const file = JSON.parse(await readFile(cacheFile(), 'utf8')) as { salt: string; entries: Record<string, Entry> };
        if (file.salt === salt) for (const [key, entry] of Object.entries(file.entries)) stored.set(key, entry);
      } catch {
        // No cache yet, or an unreadable one: every file is parsed.
      }
    }
    return new ParseCache(salt, stored, enabled);
  }

  private static key(kind: string, file: string, text: string): string {
    return createHash('sha256').update(kind).update('\0').update(file).update('\0').update(text).digest('hex');
  }

  /** The data and source of a file as a clean load of the same text gave them, or undefined. */
  lookup(kind: string, file: string, text: string, parse: Parse): { src: SourceFile; data: unknown } | undefined {
    const key = ParseCache.key(kind, file, text);
    const entry = this.on ? this.stored.get(key) : undefined;
    if (entry === undefined) {
      counts.parsed++;
      return undefined;
    }
    counts.reused++;
    let parsed: ReturnType<Parse> | undefined;
    const src: SourceFile = {
      file,
      get doc() {
        parsed ??= parse(text);
        return parsed.doc;
      },
      get lineCounter() {
        parsed ??= parse(text);
        return parsed.lineCounter;
      },
      positions: new Map(Object.entries(entry.positions)),
    };
    this.used.set(key, { data: entry.data, positions: src.positions!, storedPositions: src.positions!.size });
    return { src, data: JSON.parse(entry.data) };
  }

  /** A file that loaded clean: remembered (with the positions asked of it until save()) unless its data does not survive JSON. */
  remember(kind: string, file: string, text: string, src: SourceFile, data: unknown): void {
    if (!this.on || hasAliases(src.doc)) return;
    let exact = true;
    const json = JSON.stringify(data, (_key, value: unknown) => {
      if (typeof value === 'number' && !Number.isFinite(value)) exact = false;
      return value;
    });
    if (!exact) return;
    src.positions ??= new Map();
    this.used.set(ParseCache.key(kind, file, text), { data: json, positions: src.positions });
  }

  /** Writes the entries of this run's files (and older ones, while they fit). */
  async save(): Promise<void> {
    if (!this.on || this.used.size === 0) return;
    // Every file came from the cache and no position was found anew: the file holds all of it already.
    if ([...this.used.values()].every((loaded) => loaded.positions.size === loaded.storedPositions)) return;
    const entries: Record<string, Entry> = {};
    for (const [key, loaded] of this.used) entries[key] = { data: loaded.data, positions: Object.fromEntries(loaded.positions) };
    let older = OLDER_ENTRIES_KEPT;
    for (const [key, entry] of this.stored) {
      if (key in entries) continue;
      if (older-- <= 0) break;
      entries[key] = entry;
    }
    try {
      await writeAtomic(cacheFile(), JSON.stringify({ salt: this.salt, entries }));
    } catch {
      // A read-only tree still loads; it only parses every file every time.
    }
  }
}

function hasAliases(doc: Document): boolean {
  let found = false;
  visit(doc, {
    Alias() {
      found = true;
      return visit.BREAK;
    },
  });
  return found;
}
