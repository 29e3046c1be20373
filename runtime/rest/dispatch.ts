/**
 * The transport-independent pipeline, WordPress's WP_REST_Server::dispatch in order:
 * authenticate (unless the caller already knows the user) → match route → read body and merge
 * params → check required, coerce and validate → check permission → run the handler →
 * paging `Link`, `_fields` and `Allow`. HTTP, batch sub-requests and `_embed` all come through here;
 * serve-request.ts adds what only a top-level HTTP request gets (headers, `_embed`, `_envelope`).
 */
import type { CurrentUser } from '../auth/current-user.ts';
import { authenticate } from '../auth/authenticate.ts';
import { allowedMethods, checkPermission, settledAnonymousAllow } from '../auth/permission.ts';
import { runBehavior } from '../behaviors/index.ts';
import type { App, EndpointDef, HandlerContext, HandlerResult, RestRequest, RestResponse } from './types.ts';
import { RestError, restError } from './errors.ts';
import { isWriteConflict, UnstorableTextError } from '../store/errors.ts';
import { matchRoute, type RouteMatch } from './match-route.ts';
import { parseBody, type ParsedBody } from './request-body.ts';
import { mergeParams } from './params.ts';
import { validateParams } from './validate-params.ts';
import { namespaceIndex } from './namespace-index.ts';
import { describeRoute } from '../../contract/route-descriptor.ts';
import { aliasUsed, speakAlias } from './alias.ts';
import { filterFields, parseFieldList } from './fields.ts';
import { pageLinks } from './pagination.ts';
import { refusedParamsError } from './params-refusals.ts';
import { LaterBody } from './later-bodies.ts';

export async function dispatch(app: App, request: RestRequest, user?: CurrentUser | null): Promise<RestResponse> {
  try {
    const who = user === undefined ? await authenticate(app, request) : user;
    return await respond(app, request, who);
  } catch (error) {
    return errorResponse(app, error);
  }
}

async function respond(app: App, request: RestRequest, user: CurrentUser | null): Promise<RestResponse> {
  const method = request.method.toUpperCase();
  const match = matchRoute(app, request.route, method);
  if (method === 'OPTIONS') return answerOptions(app, request, match, user);
  if (!match?.endpoint) throw restError('rest_no_route');

  const ctx: HandlerContext = { app, request, user, route: match.route, endpoint: match.endpoint, params: { ...request.query, ...match.captures } };
  let response: RestResponse;
  let granted: EndpointDef | undefined;
  try {
    // Some params are refused for who may not send them before their values are checked (a
    // list's `status`, WordPress's sanitize_post_statuses): the resources register those refusals.
    ctx.params = await readParams(request, method, match).catch(async (error) => {
      throw await refusedParamsError(app, user, match.route, method, request.query, error);
    });
    await checkPermission(ctx, match.endpoint.permission);
    // A read changes nothing, so its permission still holds for Allow; a write may not (a post
    // deleted for good allows nothing any more), so Allow asks again after it.
    if (method === 'GET' || method === 'HEAD') granted = match.endpoint;
    response = toResponse(await runHandler(ctx));
    addPageLinks(ctx, response);
    if (!isError(response) && request.query._fields !== undefined) {
      const fields = parseFieldList(request.query._fields);
      if (response.body instanceof LaterBody) response.body.fields = (body) => filterFields(body, fields);
      else response.body = filterFields(response.body, fields);
    }
  } catch (error) {
    response = errorResponse(app, error);
  }
  const allowing = addAllowHeader(ctx, response, granted);
  if (allowing) await allowing;
  return response;
}

/** Body, merged params, required/coercion/validation: the steps before permission. */
export async function readParams(request: RestRequest, method: string, match: RouteMatch): Promise<Record<string, unknown>> {
  const body: ParsedBody = await parseBody(request);
  if (body.jsonError) throw restError('rest_invalid_json', [], { json_error_code: body.jsonError.code, json_error_message: body.jsonError.message });
  const merged = mergeParams(method, body, request.query, match.captures, match.endpoint!);
  if (body.files) request.files = body.files;
  const givenOrder = () => [...Object.keys(body.json ?? {}), ...Object.keys(body.form ?? {}), ...Object.keys(request.query), ...Object.keys(match.captures)];
  return validateParams(match.endpoint!, merged, givenOrder);
}

async function runHandler(ctx: HandlerContext): Promise<HandlerResult> {
  const { endpoint } = ctx;
  // The endpoint's validator has just made the params its operation's (validate-params.ts): what
  // the compiler cannot see across a table of every operation's handler.
  if (endpoint.handle) return endpoint.handle(ctx as HandlerContext<never>);
  if (endpoint.behavior?.kind === 'index') return namespaceIndex(ctx);
  if (endpoint.behavior) return runBehavior(ctx, endpoint.behavior);
  throw restError('rest_not_implemented', [endpoint.operationId]);
}

function toResponse(result: HandlerResult): RestResponse {
  if ('body' in result || 'raw' in result) {
    const r = result as RestResponse;
    return { status: r.status ?? 200, headers: { ...(r.headers ?? {}) }, body: r.body, raw: r.raw };
  }
  return { status: result.status ?? 200, headers: { ...(result.headers ?? {}) }, body: result.data };
}

/** A collection that reported its totals but no `Link` gets prev/next links from its `page` param. */
function addPageLinks(ctx: HandlerContext, response: RestResponse): void {
  const totalPages = Number(response.headers['X-WP-TotalPages']);
  if (response.headers.Link || !Number.isFinite(totalPages) || response.headers['X-WP-TotalPages'] === undefined) return;
  const page = Number(ctx.params.page ?? 1);
  const link = pageLinks(ctx, totalPages, Number.isInteger(page) && page > 0 ? page : 1);
  if (link) response.headers.Link = link;
}

/** OPTIONS answers the route's description (help context, with schema), or `[]` for no route. */
async function answerOptions(app: App, request: RestRequest, match: RouteMatch | undefined, user: CurrentUser | null): Promise<RestResponse> {
  if (!match) return { status: 200, headers: {}, body: [] };
  const body = speakAlias(describeRoute({ restUrl: app.config.restUrl, resources: app.deployment.resources }, match.route, 'help'), aliasUsed(app, request.route));
  const response: RestResponse = { status: 200, headers: {}, body };
  const endpoint = match.route.endpoints[0]!;
  await addAllowHeader({ app, request, user, route: match.route, endpoint, params: { ...request.query, ...match.captures } }, response);
  return response;
}

/**
 * `Allow`: the route's methods this user may call (rest_send_allow_header). `granted`: the
 * endpoint whose permission this request already passed, not asked again. Anonymous readers of
 * most routes get an Allow known in advance: set at once, with no promise to wait for.
 */
function addAllowHeader(ctx: HandlerContext, response: RestResponse, granted?: EndpointDef): Promise<void> | undefined {
  const settled = ctx.user ? undefined : settledAnonymousAllow(ctx.route, granted);
  if (settled) return setAllow(response, settled);
  return allowedMethods(ctx, ctx.route, granted).then(
    (methods) => setAllow(response, methods),
    (error: unknown) => ctx.app.logger.warn({ err: error }, 'could not compute Allow header'),
  );
}

function setAllow(response: RestResponse, methods: string[]): undefined {
  if (methods.length > 0) response.headers.Allow = methods.join(', ');
  return undefined;
}

function isError(response: RestResponse): boolean {
  return response.status >= 400;
}

/** RestError → its WordPress body; anything else is a bug: logged, answered as WordPress's generic 500. */
export function errorResponse(app: App, error: unknown): RestResponse {
  if (error instanceof RestError) return { status: error.status, headers: { ...error.headers }, body: error.toBody() };
  if (error instanceof UnstorableTextError) return errorResponse(app, restError('rest_unstorable_text'));
  if (isWriteConflict(error)) return errorResponse(app, restError('rest_write_conflict'));
  app.logger.error({ err: error }, 'unexpected error while answering a REST request');
  return { status: 500, headers: {}, body: { ...restError('internal_server_error').toBody(), additional_errors: [] } };
}
