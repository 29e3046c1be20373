/**
 * Spec files that did not change since the last run are not read again. Reading the YAML (and
 * checking it against the meta-schema) is the largest part of loading a spec, and an edit touches
 * one file of a hundred. A file that loaded clean (no diagnostic, valid) is remembered by its
 * kind, its name and its text: the data it gave, and every position the load asked of it. The
 * next run gets the data from the cache and the positions from the memo; a position not in the
 * memo (a diagnostic about the file, caused by an edit elsewhere) parses the file then, so every
 * answer is as a parse gives it.
 *
 * Entries live in the cache store (cache-store.ts), keyed by the file's kind, name and text and
 * salted with the generator's code, the library versions and the meta-schema: a stale entry can
 * only miss. A load reads the entries of the files it reads, and writes those that are new.
 * A file with YAML aliases gives data in which each alias is the very object of its anchor, which
 * JSON would copy: its entry also lists, for each alias, the data path of the alias and of its
 * anchor, and a reuse makes them one object again (alias-links.ts). A file whose aliases cannot be
 * so listed (a merge key `<<`, a key that is not a plain scalar) is not remembered, nor data
 * holding what JSON cannot write (`.inf`, `.nan`). The data kept is the file's own: the routes a
 * namespace copies from its `postTypeRoutes` are made again at each load (post-type-routes.ts).
 */
import { createHash } from 'node:crypto';
import type { SourceFile } from './positions.ts';
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { relink, type AliasLink } from './alias-links.ts';
import { sourceOnDemand } from './parse-file.ts';

interface Entry {
  /** The file's data as JSON. */
  data: string;
  /** Positions asked during the load: `JSON.stringify([path, part])` -> [line, col]. */
  positions: Record<string, [number, number]>;
  /** The file's aliases, each to be made its anchor's object again (absent when it has none). */
  links?: AliasLink[];
}

/** A file loaded this run: what will be written back for it. */
interface Loaded {
  data: string;
  positions: Map<string, [number, number]>;
  links?: AliasLink[];
  /** How many positions its stored entry has (none when it was parsed and not saved yet): no more at save() means nothing new to write. */
  storedPositions?: number;
}

/** What the last load did: files answered from the cache, files parsed, and entries written to the store. */
const counts = { reused: 0, parsed: 0, written: 0 };

/** The counts of the last load (for its tests: the cache's work is counted, not timed). */
export function lastLoadCounts(): { reused: number; parsed: number; written: number } {
  return { ...counts };
}

export class ParseCache {
  private readonly used = new Map<string, Loaded>();

  private constructor(
    private readonly salt: string,
    private readonly store: CacheStore | undefined,
  ) {}

  /** The cache for one load; `saltParts` (code, libraries, meta-schema) decide whether stored entries still hold. `enabled` false (`generate --no-cache`) parses every file. */
  static async open(saltParts: string[], enabled: boolean): Promise<ParseCache> {
    counts.reused = 0;
    counts.parsed = 0;
    counts.written = 0;
    const salt = createHash('sha256').update(saltParts.join('\0')).digest('hex');
    return new ParseCache(salt, enabled ? cacheStore() : undefined);
  }

  private key(kind: string, file: string, text: string): string {
    return createHash('sha256').update(this.salt).update('\0').update(kind).update('\0').update(file).update('\0').update(text).digest('hex');
  }

  /** The entry stored under `key`, or undefined (none, or not readable). */
  private stored(key: string): Entry | undefined {
    const text = this.store?.get('spec-file', key);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as Entry;
    } catch {
      return undefined;
    }
  }

  /** The data and source of a file as a clean load of the same text gave them, or undefined. */
  lookup(kind: string, file: string, text: string): { src: SourceFile; data: unknown } | undefined {
    const key = this.key(kind, file, text);
    const entry = this.stored(key);
    if (entry === undefined) {
      counts.parsed++;
      return undefined;
    }
    counts.reused++;
    const src = sourceOnDemand(file, text);
    src.positions = new Map(Object.entries(entry.positions));
    this.used.set(key, { data: entry.data, positions: src.positions!, storedPositions: src.positions!.size, ...(entry.links ? { links: entry.links } : {}) });
    const data: unknown = JSON.parse(entry.data);
    if (entry.links) relink(data, entry.links);
    return { src, data };
  }

  /**
   * A file that loaded clean: remembered (with the positions asked of it until save()) unless its
   * data does not survive JSON. `aliases` lists the aliases of the data as read (parse-file.ts).
   */
  remember(kind: string, file: string, text: string, src: SourceFile, data: unknown, aliases: () => AliasLink[] | undefined): void {
    if (this.store === undefined) return;
    const links = aliases();
    if (links === undefined) return;
    let exact = true;
    const json = JSON.stringify(data, (_key, value: unknown) => {
      if (typeof value === 'number' && !Number.isFinite(value)) exact = false;
      return value;
    });
    if (!exact) return;
    src.positions ??= new Map();
    this.used.set(this.key(kind, file, text), { data: json, positions: src.positions, ...(links.length > 0 ? { links } : {}) });
  }

  /** Puts the entries of this run's files that are new or gained positions in the store, for its flush at the end of the run (cache-store.ts). */
  async save(): Promise<void> {
    if (this.store === undefined) return;
    for (const [key, loaded] of this.used) {
      // From the store, and no position was found anew: the store holds all of it already.
      if (loaded.positions.size === loaded.storedPositions) continue;
      this.store.put('spec-file', key, JSON.stringify({ data: loaded.data, positions: Object.fromEntries(loaded.positions), ...(loaded.links ? { links: loaded.links } : {}) } satisfies Entry));
      counts.written++;
      // A load saves twice when its model's checks run later (load.ts): the second writes only what they added.
      loaded.storedPositions = loaded.positions.size;
    }
  }
}
