/**
 * Remembers what a rendering filter made of a given input. The filters (texturize, autop,
 * blocks, excerpt) depend on their arguments only: the text, and for content and excerpts the
 * JSON of what they read from the rest of the site (SiteData: gallery images, attached media,
 * embedded posts). So the key is those arguments: the answer is byte-identical to rendering
 * again, an edit (of the post or of a row it shows) is a new key (nothing to invalidate), and
 * rows changed behind the API's back (imports, another process) are still right. Bounded
 * by the total size of the cached inputs and outputs, least recently used first out.
 */
import { LRUCache } from 'lru-cache';
import { registerCache } from '../../cache/registry.ts';

/** Characters kept per filter (inputs plus outputs), about 2 × this in bytes of heap. */
const MAX_CHARS = 16 * 1024 * 1024;
/** Larger inputs are rendered every time: one huge post would push everything else out. */
const MAX_INPUT_CHARS = 256 * 1024;

const memos: Array<LRUCache<string, string>> = [];
// Answers never go stale (the key is the input), but "clear the cache" still empties them.
registerCache('rendered-fields', () => memos.forEach((m) => m.clear()));

export function memoizeRender<Args extends Array<string | number>>(render: (...args: Args) => string): (...args: Args) => string {
  const cache = new LRUCache<string, string>({ maxSize: MAX_CHARS, sizeCalculation: (value, key) => value.length + key.length || 1 });
  memos.push(cache);
  return (...args: Args): string => {
    const key = args.length === 1 ? String(args[0]) : keyOf(args);
    if (key.length > MAX_INPUT_CHARS) return render(...args);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = render(...args);
    cache.set(key, value);
    return value;
  };
}

/** Each argument prefixed by its length: two different argument lists never make the same key. */
function keyOf(args: Array<string | number>): string {
  let key = '';
  for (const arg of args) {
    const text = String(arg);
    key += `${text.length}:${text}`;
  }
  return key;
}
