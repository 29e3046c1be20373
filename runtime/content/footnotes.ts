/**
 * The `footnotes` meta key holds the footnotes block's notes as JSON text, and every note's
 * `content` is shown as HTML under the post. WordPress (6.3.2+) therefore filters it on save for
 * a writer without `unfiltered_html`, as it filters the content: the text is decoded, each note
 * kept only with a non-empty id and content, the id reduced to a key (sanitize_key), the content
 * put through the post allowlist, and the list encoded again as PHP writes JSON. Text that is not
 * a JSON list or object is stored empty.
 */
import type { CurrentUser } from '../auth/current-user.ts';
import { unfilteredHtmlAllowed } from '../auth/unfiltered-html.ts';
import { filterPostHtml, type KsesOptions } from './kses.ts';
import { phpJson } from './render/block-layout.ts';

export const FOOTNOTES_KEY = 'footnotes';

/** `meta` with its footnotes (when given) as WordPress stores them for this writer (`options` as for filterPostHtml). */
export function withFootnotesForSave(user: CurrentUser | null | undefined, meta: Record<string, unknown>, options?: KsesOptions): Record<string, unknown> {
  if (!Object.hasOwn(meta, FOOTNOTES_KEY) || unfilteredHtmlAllowed(user)) return meta;
  const value = meta[FOOTNOTES_KEY];
  // null deletes the key and anything else but text is refused by the schema before this runs.
  if (typeof value !== 'string') return meta;
  return { ...meta, [FOOTNOTES_KEY]: filterFootnotes(value, options) };
}

export function filterFootnotes(text: string, options?: KsesOptions): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch {
    return '';
  }
  if (typeof decoded !== 'object' || decoded === null) return '';
  const kept: Array<{ id: string; content: string }> = [];
  for (const note of Object.values(decoded)) {
    if (typeof note !== 'object' || note === null || Array.isArray(note)) continue;
    const { id, content } = note as Record<string, unknown>;
    if (phpEmpty(id) || phpEmpty(content) || !isScalar(id) || !isScalar(content)) continue;
    kept.push({ id: sanitizeKey(phpString(id)), content: filterPostHtml(phpString(content), options) });
  }
  return phpJson(kept);
}

/** PHP's empty(): '', '0', 0, false and null are empty. */
function phpEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === 0 || value === false;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A scalar as PHP turns it into text (true is "1"). */
function phpString(value: string | number | boolean): string {
  return value === true ? '1' : String(value);
}

/** sanitize_key: lower case, and only letters, digits, `_` and `-` kept. */
function sanitizeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}
