/**
 * A top-level REST request as WordPress's serve_request handles it: method override
 * (`_method`, `X-HTTP-Method-Override`), dispatch, then `_embed`, `_envelope`, `_jsonp` and the headers
 * every REST answer carries (CORS, nosniff, discovery Link, no-cache for logged-in users).
 * The HTTP layer and tests call this; batch and `_embed` call `dispatch` directly.
 */
import type { CurrentUser } from '../auth/current-user.ts';
import { authenticate } from '../auth/authenticate.ts';
import { createNonce, findSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { App, RestRequest, RestResponse } from './types.ts';
import { dispatch, errorResponse } from './dispatch.ts';
import { RestError, restError } from './errors.ts';
import { embedLinks, parseEmbedParam } from './embed.ts';
import { envelopeOf } from './envelope.ts';
import { checkedAnswer } from './check-answers.ts';

export async function serveRequest(app: App, request: RestRequest): Promise<RestResponse> {
  const jsonp = request.query._jsonp;
  if (jsonp !== undefined && (typeof jsonp !== 'string' || /[^\w.]/.test(jsonp))) {
    // WordPress refuses a bad callback name before doing anything else. (It answers a bare
    // {code, message} typed as JavaScript; errors here keep the interface's JSON shape.)
    const error = errorResponse(app, restError('rest_callback_invalid'));
    return { ...error, headers: withStandardHeaders(app, request, null, error) };
  }
  const req = withMethodOverride(request);
  let user: CurrentUser | null = null;
  let response: RestResponse;
  // A session cookie with a bad nonce is refused while its user stays logged in (WordPress decides
  // the no-cache headers after that check), so the refusal is not to be cached either.
  let refusedSession = false;
  try {
    user = await authenticate(app, req);
    response = await dispatch(app, req, user);
  } catch (error) {
    refusedSession = error instanceof RestError && error.code === 'rest_cookie_invalid_nonce';
    response = errorResponse(app, error);
  }
  // Before _embed and _envelope: the document describes the answer itself.
  if (app.config.checkAnswers) response = checkedAnswer(app, req, response);

  const embed = parseEmbedParam(req.query._embed);
  if (embed && response.status < 400 && !response.raw) response.body = await embedLinks(app, response.body, embed, user);
  if (req.query._envelope !== undefined) response = envelope(response);

  response.headers = withStandardHeaders(app, request, user, response, refusedSession);
  if (user?.via === 'cookie') response.headers = await withFreshNonce(app, request, response.headers);
  if (typeof jsonp === 'string' && !response.raw) {
    const data = `/**/${jsonp}(${JSON.stringify(response.body ?? null)})`;
    response.raw = { contentType: JSONP_TYPE, data };
    // Same place as the JSON type it replaces: WordPress sends the type first.
    response.headers['Content-Type'] = JSONP_TYPE;
  } else if (isPretty(req.query._pretty) && !response.raw) {
    // `_pretty`: WordPress prints with JSON_PRETTY_PRINT, four spaces a level, and PHP's default
    // escapes (`\/`, non-ASCII as `\uXXXX`), so the text reads as WordPress's line for line.
    response.raw = { contentType: 'application/json; charset=UTF-8', data: phpJsonText(JSON.stringify(response.body ?? null, null, 4)) };
  }
  return response;
}

/** A present `_pretty` counts, whatever its value (`?_pretty`, `_pretty=0`): WordPress asks has_param. */
function isPretty(value: unknown): boolean {
  return value !== undefined;
}

/** JSON text as PHP's json_encode writes it without flags: slashes and non-ASCII escaped (both still the same JSON). */
function phpJsonText(json: string): string {
  return json.replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A cookie-authenticated caller gets a fresh `wp_rest` nonce with every answer, as WordPress
 * sends one, so long-lived editors can keep theirs current. It follows the CORS allow-list.
 */
async function withFreshNonce(app: App, request: RestRequest, headers: Record<string, string>): Promise<Record<string, string>> {
  const session = await findSession(app.db, request.cookies?.[SESSION_COOKIE], app.now());
  if (!session) return headers;
  const nonce = await createNonce(app.db, 'wp_rest', session, app.now());
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = value;
    if (name === 'Access-Control-Allow-Headers') out['X-WP-Nonce'] = nonce;
  }
  return out;
}

/** Clients that cannot send PUT/PATCH/DELETE name the method in `_method` or a header. */
function withMethodOverride(request: RestRequest): RestRequest {
  const override = typeof request.query._method === 'string' ? request.query._method : request.headers['x-http-method-override'];
  if (!override) return request;
  return { ...request, method: override.toUpperCase() };
}

/** `_envelope`: always 200, the real status and headers inside the body. */
function envelope(response: RestResponse): RestResponse {
  return { status: 200, headers: {}, body: envelopeOf(response) };
}

const EXPOSED = 'X-WP-Total, X-WP-TotalPages, Link';
const JSONP_TYPE = 'application/javascript; charset=UTF-8';
const ALLOWED_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type';

/**
 * The response's headers framed by those serve_request sends, in WordPress's order: robots,
 * discovery Link (unless the response has its own Link, which replaces it), nosniff, CORS,
 * the response's own, then Vary and the no-cache pair for logged-in users.
 */
function withStandardHeaders(app: App, request: RestRequest, user: CurrentUser | null, response: RestResponse, loggedIn = user !== null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!response.raw) headers['Content-Type'] = 'application/json; charset=UTF-8';
  headers['X-Robots-Tag'] = 'noindex';
  if (!response.headers.Link) headers.Link = `<${app.config.restUrl}/>; rel="https://api.w.org/"`;
  headers['X-Content-Type-Options'] = 'nosniff';
  headers['Access-Control-Expose-Headers'] = EXPOSED;
  headers['Access-Control-Allow-Headers'] = ALLOWED_HEADERS;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  }
  Object.assign(headers, response.headers);
  if (!origin && request.method === 'GET' && !user) headers.Vary = 'Origin';
  if (user || loggedIn) {
    // wp_get_nocache_headers of WordPress 6.8: no shared or stored copy of a signed-in answer.
    headers.Expires = 'Wed, 11 Jan 1984 05:00:00 GMT';
    headers['Cache-Control'] = 'no-cache, must-revalidate, max-age=0, no-store, private';
  }
  return headers;
}
