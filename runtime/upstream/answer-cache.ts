/** Cached GET answers of upstream services, bounded in entries, each kept for its own max-age. */
import { LRUCache } from 'lru-cache';
import { registerCache } from '../cache/registry.ts';

export interface CachedAnswer {
  status: number;
  data: unknown;
  headers: Record<string, string>;
}

const answers = new LRUCache<string, CachedAnswer>({ max: 500 });
registerCache('upstream', () => answers.clear());

export function cachedAnswer(key: string): CachedAnswer | undefined {
  return answers.get(key);
}

export function keepAnswer(key: string, answer: CachedAnswer, seconds: number): void {
  answers.set(key, answer, { ttl: seconds * 1000 });
}

/** Seconds a response may be reused, from its Cache-Control, or undefined when it must not be. */
export function maxAgeOf(cacheControl: string | null): number | undefined {
  if (!cacheControl || /\b(no-store|no-cache|private)\b/i.test(cacheControl)) return undefined;
  const m = /\bmax-age=(\d+)/i.exec(cacheControl);
  return m && Number(m[1]) > 0 ? Number(m[1]) : undefined;
}
