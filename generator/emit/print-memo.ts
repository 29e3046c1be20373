/**
 * ts-morph's text of a file's structure, remembered by the structure: printing is a large part of
 * what a run emits, and an edit changes the structures of a few files, not of the others (the
 * shared routes of every namespace, a deployment's tests), and of a few statements of a file, not
 * of the others (one arg's constant among the shared args'): each file's pieces are remembered,
 * and each piece's text. Kept in the cache store (cache-store.ts), keyed by the statements' JSON
 * and the header, salted with the generator's code
 * and library versions (run-cache.ts's codeDigest, which covers ts-morph's version and the print
 * settings): a stale entry can only miss. Off with the cache (`generate --no-cache`).
 */
import { createHash } from 'node:crypto';
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { cachedText } from '../text-cache.ts';

let store: CacheStore | undefined;
let salt = '';
/** What this run's prints did: files printed by ts-morph, and files whose text was known. */
const counts = { printed: 0, reused: 0 };

/** The counts of the run so far (for its tests: the memo's work is counted, not timed). */
export function printCounts(): { printed: number; reused: number } {
  return { ...counts };
}

/** Starts a run: with `cache`, texts printed by earlier runs of the same code (`codeSalt`) are looked up. */
export function openPrintMemo(cache: boolean, codeSalt: string): void {
  store = cache ? cacheStore() : undefined;
  salt = codeSalt;
  counts.printed = 0;
  counts.reused = 0;
}

/** Whether this run looks printed texts up (the memo is off with the cache). */
export const printMemoOn = (): boolean => store !== undefined;

/** The memo's key for a group of statements printed as one piece (print-structure.ts's pieceUnits); undefined with the memo off, or a writer function in it (which printSource refuses). */
export function unitKey(unit: unknown): string | undefined {
  if (store === undefined) return undefined;
  let runsCode = false;
  const json = JSON.stringify(unit, (_key, value: unknown) => {
    if (typeof value === 'function') runsCode = true;
    return value;
  });
  return runsCode ? undefined : createHash('sha256').update(salt).update('\0').update(json).digest('hex').slice(0, 40);
}

/** The memo's key for a whole file: its units' keys and its header. */
export function fileKey(unitKeys: string[], header: string | undefined): string {
  return createHash('sha256').update(salt).update('\0file\0').update(unitKeys.join(' ')).update('\0').update(header ?? '\0none').digest('hex').slice(0, 40);
}

/** The pieces printed before for a file's `key` (JSON), if the store has them. */
export function printedBefore(key: string): string | undefined {
  const text = store?.get('printed', key);
  if (text !== undefined) counts.reused++;
  return text;
}

/** Remembers a file's printed pieces (written with the store's flush at the end of the run). */
export function rememberPrinted(key: string, text: string): void {
  counts.printed++;
  store?.put('printed', key, text);
}

/** The text printed before for a unit's `key`, if the store has it. */
export function unitPrintedBefore(key: string): string | undefined {
  return store?.get('printed', key);
}

/** Remembers a unit's printed text. */
export function rememberUnit(key: string, text: string): void {
  store?.put('printed', key, text);
}

/**
 * A text a pure step of this run's code makes from `input` (a string holding all it reads): from
 * the store when an earlier run of the same code made it from the same input (text-cache.ts,
 * salted with the code's digest), else made and remembered. Off with the cache, like the prints.
 */
export function memoizedText(step: string, input: string, make: () => string): string {
  return cachedText(step, [salt, input], make, store !== undefined);
}
