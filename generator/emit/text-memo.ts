/**
 * Texts this run's pure steps make (the validators' module, their args' digests, the JSON
 * documents' laid-out members), remembered by their input in the cache store (cache-store.ts,
 * text-cache.ts), salted with the generator's code and library versions (run-cache.ts's
 * codeDigest): a stale entry can only miss. Off with the cache (`generate --no-cache`).
 */
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { cachedText, textEntry } from '../text-cache.ts';

let store: CacheStore | undefined;
let salt = '';

/** Starts a run: with `cache`, texts made by earlier runs of the same code (`codeSalt`) are looked up. */
export function openTextMemo(cache: boolean, codeSalt: string): void {
  store = cache ? cacheStore() : undefined;
  salt = codeSalt;
}

/** Whether this run looks texts up (the memo is off with the cache). */
export const textMemoOn = (): boolean => store !== undefined;

/**
 * A text a pure step of this run's code makes from `input` (a string holding all it reads): from
 * the store when an earlier run of the same code made it from the same input (text-cache.ts,
 * salted with the code's digest), else made and remembered. Off with the cache.
 */
export function memoizedText(step: string, input: string, make: () => string): string {
  return cachedText(step, [salt, input], make, store !== undefined);
}

/** memoizedText's entry for `input`, for a text made later (text-cache.ts's textEntry). */
export function memoEntry(step: string, input: string): { kept: string | undefined; keep(text: string): void } {
  return textEntry(step, [salt, input], store !== undefined);
}
