/**
 * Which change reaches which cache, said once. A write to a table moves the `cache_versions`
 * rows this map lists for it, in the write's own transaction (the triggers are made from this
 * map: version-triggers.ts, migration 160), and this process's own writes drop the same caches at
 * once (write-watch-plugin.ts reads this map too). Moving a row drops its cache and the caches
 * that follow it (FOLLOWERS).
 *
 * Every table of the schema is listed (the type asks for each), so a new table is a decision:
 * either it moves rows, or it says why no kept answer shows it. Some rows of a table that moves
 * rows can be declared unshown (`unshown`): counters and stamps written on public requests that
 * no kept answer shows. A write of only such rows moves nothing, so a visitor's form view does not
 * empty every process's caches. Declaring a value unshown is a promise that no answer a process
 * keeps (core routes: posts, pages, media, users, terms, discovery) shows or depends on it.
 *
 * Changing this map changes the triggers only through a migration that applies it again
 * (test/runtime/cache-map.test.ts fails until one does).
 */
import type { Database } from '../store/schema.ts';
import { FORM_VIEWS_META } from '../forms/view-counter.ts';

/** The `cache_versions` rows, each the cache of the same name: `options` (options and site settings), `posts` (list totals, post facts), `answers` (whole anonymous answers of core routes). */
export const CACHED_TABLES = ['options', 'posts', 'answers'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

/**
 * Caches without a version row of their own: each is dropped with the row it follows. `items`
 * (prepared posts and pages, content/item-cache.ts) and `embeds` (answers embedded by `_embed`,
 * rest/embed.ts) show what anonymous answers show, and `queries` (a list's compiled SQL,
 * content/query.ts) is built from options and terms: all follow `answers`.
 */
export const FOLLOWERS = { items: 'answers', embeds: 'answers', queries: 'answers' } as const satisfies Record<string, CachedTable>;
export type CacheName = CachedTable | keyof typeof FOLLOWERS;

/** The caches to drop when `table`'s version moves: itself and its followers. */
export function cachesOf(table: CachedTable): CacheName[] {
  return [table, ...(Object.keys(FOLLOWERS) as Array<keyof typeof FOLLOWERS>).filter((f) => FOLLOWERS[f] === table)];
}

/** Rows of a table no kept answer shows, told apart by the value of one column. */
export interface UnshownRows<Column extends string = string> {
  column: Column;
  values: readonly string[];
}

/** The version rows a write to a table moves; a table that moves none says why no kept answer shows it. */
export type TableReach<Column extends string = string> =
  | { moves: readonly [CachedTable, ...CachedTable[]]; unshown?: UnshownRows<Column> }
  | { moves: readonly []; why: string; unshown?: undefined };

export const CHANGE_MAP: { readonly [T in keyof Database]: TableReach<keyof Database[T] & string> } = {
  options: { moves: ['options', 'answers'] },
  // A list's filters read posts and term_relationships (list totals), answers show both.
  posts: { moves: ['posts', 'answers'] },
  term_relationships: { moves: ['posts', 'answers'] },
  // The view count of a form (forms/view-counter.ts): rewritten on every public view of a form.
  postmeta: { moves: ['answers'], unshown: { column: 'meta_key', values: [FORM_VIEWS_META] } },
  terms: { moves: ['answers'] },
  users: { moves: ['answers'] },
  usermeta: { moves: ['answers'] },
  cache_versions: { moves: [], why: 'the version rows themselves' },
  application_passwords: { moves: [], why: 'hashed secrets and their last-used stamps, written on signed-in requests, shown by their own routes only' },
  sessions: { moves: [], why: 'sign-in sessions' },
  rate_counters: { moves: [], why: 'per-address hit counters (sign-in throttle, anonymous writes, form submissions)' },
  cache: { moves: [], why: 'the shared cache of answers from upstream services and providers' },
  records: { moves: [], why: 'extension behaviours\' stored values, answered only by extension routes, never kept' },
  inbox: { moves: [], why: 'inbound notifications, listed only by extension routes' },
  form_entries: { moves: [], why: 'form submissions, answered only by the form suite\'s routes' },
  form_entry_logs: { moves: [], why: 'the history of form submissions' },
  slug_counters: { moves: [], why: 'the next free slug number: changes what an answer shows only together with a posts write' },
};

/** How a write to `table` reaches the caches, or undefined for a table outside the schema. */
export function reachOf(table: string): TableReach | undefined {
  return Object.hasOwn(CHANGE_MAP, table) ? CHANGE_MAP[table as keyof Database] : undefined;
}
