/**
 * ts-morph's text of a file's structure, remembered by the structure: printing is a large part of
 * what a run emits, and an edit changes the structures of a few files, not of the others (the
 * shared routes of every namespace, a deployment's tests). Kept in the cache store
 * (cache-store.ts), keyed by the structure's JSON and the header, salted with the generator's code
 * and library versions (run-cache.ts's codeDigest, which covers ts-morph's version and the print
 * settings): a stale entry can only miss. Off with the cache (`generate --no-cache`).
 */
import { createHash } from 'node:crypto';
import { cacheStore, type CacheStore } from '../cache-store.ts';

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

/** The memo's key for a structure and header; undefined with the memo off (or a writer function in the structure, which printSource refuses). */
export function printKey(structure: unknown, header: string | undefined): string | undefined {
  if (store === undefined) return undefined;
  let runsCode = false;
  const json = JSON.stringify([structure, header ?? null], (_key, value: unknown) => {
    if (typeof value === 'function') runsCode = true;
    return value;
  });
  return runsCode ? undefined : createHash('sha256').update(salt).update('\0').update(json).digest('hex').slice(0, 40);
}

/** The text printed before for `key`, if the store has it. */
export function printedBefore(key: string): string | undefined {
  const text = store?.get('printed', key);
  if (text !== undefined) counts.reused++;
  return text;
}

/** Remembers a printed text (written with the store's flush at the end of the run). */
export function rememberPrinted(key: string, text: string): void {
  counts.printed++;
  store?.put('printed', key, text);
}
