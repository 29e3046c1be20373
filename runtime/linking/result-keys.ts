/**
 * `keys_conversion_map` of the link searches: which field of a found item becomes which key of
 * the answer (e.g. `{ ID: id, post_title: label }`). Only mapped fields are answered, so the
 * picker gets exactly the keys it asked for. It arrives as an object, a list of
 * `{ from: to }` objects, or (for users) a JSON string.
 */
import { restError } from '../rest/errors.ts';
import { looseText } from '../rest/loose-params.ts';

export type KeyMap = Record<string, string>;

export function keyMapOf(value: unknown, fallback: KeyMap): KeyMap {
  let raw = value;
  // A JSON text sent for an `[array, string]` arg is split at its commas first, as WordPress
  // reads a string given for an array: joined back, it is the text the client sent.
  if (Array.isArray(raw) && raw.length && raw.every((item) => typeof item === 'string')) raw = raw.join(',');
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw restError('rest_invalid_param', ['keys_conversion_map'], { params: { keys_conversion_map: 'keys_conversion_map is not a JSON object.' } });
    }
  }
  if (raw === null || raw === undefined) return fallback;
  const pairs = Array.isArray(raw) ? raw.flatMap((o) => (o && typeof o === 'object' ? Object.entries(o) : [])) : typeof raw === 'object' ? Object.entries(raw) : [];
  const map = Object.fromEntries(pairs.filter(([, to]) => typeof to === 'string' && to !== '')) as KeyMap;
  return Object.keys(map).length ? map : fallback;
}

export function convertKeys(item: Record<string, unknown>, map: KeyMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(map)) if (from in item) out[to] = item[from];
  return out;
}

/** `items_count`: at least one, at most a thousand (the picker shows a short list). */
export function itemsCount(value: unknown): number {
  const n = Number(value ?? 100);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 1000) : 100;
}

/**
 * A list param that may be null (meaning "no restriction"), a list, a PHP map or comma-separated
 * text; items that are not text are dropped (looseText), not converted with a String() that throws.
 */
export function optionalList(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : looseText(value).split(',');
  return items.map((v) => looseText(v).trim()).filter(Boolean);
}
