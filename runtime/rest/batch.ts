/**
 * `POST /batch/v1` (WordPress's serve_batch_request_v1): each request item is parsed and
 * matched first; items to routes without `allow_batch` fail with rest_batch_not_allowed.
 * - `normal`: each item runs through the whole pipeline in order, as the caller.
 * - `require-all-validate`: every item's params are checked first; if any fails, nothing runs
 *   and the answer is `{failed: 'validation', responses}` (null for the items that were fine).
 * Answers 207 with one `{body, status, headers}` per item. The 25-item limit is the `requests`
 * arg's maxItems, checked by validation like any other arg.
 *
 * The items run in one database transaction, each in a savepoint of it (store/savepoints.ts): a
 * failing item leaves the others as WordPress would, and the whole batch costs one COMMIT. The
 * answer is sent after that commit, so every item it reports as done is stored. The search
 * index of the posts written is updated once, at the end (store/search-index-deferral.ts).
 */
import type { App, HandlerContext, HandlerResult, RestRequest, RestResponse } from './types.ts';
import { RestError, restError } from './errors.ts';
import { dispatch, errorResponse, readParams } from './dispatch.ts';
import { withSavepoints } from '../store/savepoints.ts';
import { withSearchIndexDeferred } from '../store/search-index-deferral.ts';
import { matchRoute, type RouteMatch } from './match-route.ts';
import { parseQueryString } from './query-string.ts';
import { allowedMethods } from '../auth/permission.ts';
import { envelopeOf, type Envelope } from './envelope.ts';
import { LaterBodies, LaterBody } from './later-bodies.ts';
import { attachBatchWrites, BatchWrites } from '../store/batch-writes.ts';
import { asResult } from './answer.ts';

interface BatchItem {
  method?: string;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}

type Prepared = { request: RestRequest; match: RouteMatch } | { error: RestResponse };

/** The requests to run (each a method, a path with its query, a body and headers) and how they are validated. */
export type BatchParams = { validation: 'require-all-validate' | 'normal'; requests: BatchItem[] };

export async function runBatch<R>(ctx: HandlerContext<BatchParams>): Promise<HandlerResult<R>> {
  const items = ctx.params.requests ?? [];
  const prepared = await Promise.all(items.map((item) => prepare(ctx, item)));

  if (ctx.params.validation === 'require-all-validate') {
    const checks = await Promise.all(prepared.map((p) => validateOnly(ctx, p)));
    if (checks.some((c) => c !== null)) return asResult<R>({ failed: 'validation', responses: checks }, { status: 207 });
  }

  const responses = await ctx.app.db.transaction().execute(async (trx) => {
    // Rows the creates add to tables no later create reads wait here and are written once per
    // table (store/batch-writes.ts); an item rolled back to its savepoint takes its own with it.
    const writes = new BatchWrites();
    const db = withSavepoints(trx, writes);
    attachBatchWrites(db, writes);
    const app: App = { ...ctx.app, db, dispatch: (request, user) => dispatch(app, request, user) };
    const later = new LaterBodies();
    // What is pending is written before anything could read it: the bodies waiting, or an item of another kind.
    const settle = async () => {
      await writes.flush(db);
      await later.make();
    };
    // The posts the items write are indexed for search together, before the commit.
    return withSearchIndexDeferred(trx, async () => {
      const answers: Envelope[] = [];
      let previous: string | undefined;
      for (const p of prepared) {
        // Bodies left to wait are made before an item of another kind could change what they read:
        // a run of creates to one collection path leaves the earlier items as they were.
        const kind = 'error' in p ? undefined : `${p.request.method} ${p.request.route}`;
        if (kind !== previous) await settle();
        previous = kind;
        answers.push(envelopeOf('error' in p ? p.error : await app.dispatch({ ...p.request, later }, ctx.user)));
      }
      await settle();
      return answers.map((a) => (a.body instanceof LaterBody ? { ...a, body: a.body.result() } : a));
    });
  });
  return asResult<R>({ responses }, { status: 207 });
}

/** Parses the item's path and finds its endpoint; errors are kept as that item's answer. */
async function prepare(ctx: HandlerContext<unknown>, item: BatchItem): Promise<Prepared> {
  const parsed = parsePath(item.path);
  if (!parsed) return { error: errorResponse(ctx.app, restError('parse_path_failed')) };
  const request: RestRequest = {
    method: (item.method ?? 'POST').toUpperCase(),
    route: parsed.route,
    headers: headersOf(item.headers),
    query: parsed.query,
    body: item.body && typeof item.body === 'object' && !Array.isArray(item.body) ? item.body : undefined,
    ip: ctx.request.ip,
    cookies: ctx.request.cookies,
  };
  const match = matchRoute(ctx.app, request.route, request.method);
  if (!match?.endpoint) return { error: errorResponse(ctx.app, restError('rest_no_route')) };
  if (!match.endpoint.allowBatch) {
    const error = errorResponse(ctx.app, restError('rest_batch_not_allowed'));
    const methods = await allowedMethods({ app: ctx.app, user: ctx.user, params: { ...request.query, ...match.captures }, route: match.route }, match.route).catch(() => []);
    if (methods.length > 0) error.headers.Allow = methods.join(', ');
    return { error };
  }
  return { request, match };
}

/** The validation half of the pipeline only; null when the item's params are fine. */
async function validateOnly(ctx: HandlerContext<unknown>, p: Prepared): Promise<unknown> {
  if ('error' in p) {
    // WordPress answers the validation pass's refusals before rest_post_dispatch, which is what
    // adds Allow to a refused item when the batch runs: here it has none.
    const { Allow: _allow, ...headers } = p.error.headers;
    return envelopeOf({ ...p.error, headers });
  }
  try {
    await readParams({ ...p.request }, p.request.method, p.match);
    return null;
  } catch (error) {
    if (error instanceof RestError) return envelopeOf(errorResponse(ctx.app, error));
    throw error;
  }
}

/** A path as wp_parse_url reads it: the path part is the route, the query its params. */
function parsePath(path: string): { route: string; query: Record<string, unknown> } | undefined {
  let url: URL;
  try {
    url = new URL(path, 'http://batch.invalid');
  } catch {
    return undefined;
  }
  // A scheme or `//` with no host (http:///x, //:80) is what PHP's parse_url refuses.
  if (/^([a-z][a-z0-9+.-]*:)?\/\/(:|\/|$)/i.test(path)) return undefined;
  const rawQuery = path.includes('?') ? path.slice(path.indexOf('?') + 1).split('#')[0]! : '';
  // A broken percent-escape (`%E0%A4%A`) cannot name a route: the item fails as unparseable (400).
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  const route = decoded.replace(/\/+$/, '') || '/';
  return { route, query: parseQueryString(rawQuery) };
}

function headersOf(headers: BatchItem['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return out;
}
