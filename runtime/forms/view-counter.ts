/**
 * The post meta key of a form's view count, on its own so that the cache map can name it
 * (runtime/cache/change-map.ts) without loading the form suite. Public views of a form
 * (`POST /formsuite/v1/forms/track-view`, view-batches.ts) rewrite it several times a second on
 * a busy site, and no answer a process keeps shows it: its writes move no `cache_versions` row.
 */
export const FORM_VIEWS_META = '_formsuite_views';
