/**
 * The contract between generated code and the runtime: what a request and a response are, what
 * a handler receives, and what the generated route table holds. Transport-independent: the HTTP
 * layer, the batch endpoint and tests all build a RestRequest and read a RestResponse.
 */
import type { LaterBodies } from './later-bodies.ts';
import type { Kysely } from 'kysely';
import type { ArgSchema, DeploymentModel, Endpoint, HttpMethod, Route } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { HttpLimits } from '../http/limits.ts';
import type { RequestTarget } from '../auth/target.ts';

export type { ArgSchema, HttpMethod };

/** A request as WordPress's WP_REST_Request sees it, before params are merged. */
export interface RestRequest {
  method: string;
  /** Route path relative to the REST root, e.g. `/core/v2/posts/5`. */
  route: string;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  query: Record<string, unknown>;
  /** Raw body bytes and content type; parsed by the runtime (JSON, form, multipart, raw). */
  rawBody?: Buffer;
  /** Already-parsed body (batch sub-requests and tests pass objects directly). */
  body?: Record<string, unknown>;
  /** Uploaded files of a multipart body, keyed by field name. */
  files?: Record<string, UploadedFile>;
  /** Remote address, for logging and application-password last-use. */
  ip?: string;
  /** Cookies, already parsed. */
  cookies?: Record<string, string>;
  /** The `rest_route` param as sent, when the request came as `/?rest_route=…` (paging links repeat it). */
  restRouteParam?: string;
  /** Set by the batch on its own items: where a handler may leave its body to be made with others' (later-bodies.ts). */
  later?: LaterBodies;
}

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON-serialisable body; items may carry `_links` which the shaper uses for `_embed`. */
  body: unknown;
  /** A non-JSON body (oEmbed XML, served files). When set, `body` is ignored. */
  raw?: { contentType: string; data: Buffer | string };
}

/**
 * What a handler may return: a full response, or data answered with 200. `R` is the answer's
 * type: generated handlers name their operation's result, and the services they call answer it
 * (rest/answer.ts); code that does not know what it answers says `unknown`.
 */
export type HandlerResult<R = unknown> = RestResponse | { data: R; status?: number; headers?: Record<string, string> };

export interface AppConfig {
  dataDir: string;
  /** SQLite file or `postgres://` URL; default: the SQLite file under dataDir (store/paths.ts). */
  database?: string;
  uploadsDir: string;
  /** Public origin of the site, e.g. http://127.0.0.1:8080 (no trailing slash). */
  siteUrl: string;
  /** REST root, e.g. http://127.0.0.1:8080/wp-json */
  restUrl: string;
  maxUploadBytes: number;
  /** Hosts or CIDR ranges that outbound fetches (sideload, oEmbed proxy) may reach although private. */
  outboundAllow: string[];
  /** Settings for upstream behaviours, keyed by setting name. */
  upstreams: Record<string, string>;
  /** Time one attempt at an upstream service may take (runtime/upstream; default 10 s). */
  upstreamTimeoutMs?: number;
  /** Timeouts and header size of the HTTP transport (runtime/http/limits.ts); env wins. */
  http?: Partial<HttpLimits>;
  /** Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client (runtime/http/trust-proxy.ts). */
  trustProxy?: string[];
  /** Keep anonymous answers of core routes in the process until a write (runtime/http/answer-cache.ts); default on. */
  answerCache?: boolean;
  /** Origins trusted with cross-origin access (runtime/http/cors.ts); default: SPECPRESS_CORS_ORIGINS, the deployment's settings, or WordPress's own headers. */
  corsOrigins?: string[];
  /** Check every answer against the deployment's OpenAPI document and answer 500 `rest_answer_mismatch` when it differs (rest/check-answers.ts); default off, on in test servers. */
  checkAnswers?: boolean;
}

/** Site-wide services a handler can use. One per running server. */
export interface App {
  db: Kysely<Database>;
  config: AppConfig;
  /** The deployment's model without its routes (the runtime reads `routes` instead). */
  deployment: Omit<DeploymentModel, 'routes'>;
  routes: RouteDef[];
  logger: {
    debug?: (o: unknown, msg?: string) => void;
    info: (o: unknown, msg?: string) => void;
    warn: (o: unknown, msg?: string) => void;
    error: (o: unknown, msg?: string) => void;
    /** pino's: whether lines of `level` are written (decided once at start, not per request). */
    isLevelEnabled?: (level: string) => boolean;
  };
  /** Dispatches a request through the whole pipeline (used by batch and `_embed`). */
  dispatch: (req: RestRequest, user?: CurrentUser | null) => Promise<RestResponse>;
  now: () => Date;
  /** The generated discovery document (`discovery.json`), filled per request by rest/discovery.ts. */
  discovery?: Record<string, unknown>;
}

/**
 * `A` is the params' type: generated handlers name their operation's args type, and a service
 * names the params it reads (a generated args type is a plain object type, so it is assignable to
 * the default: code that reads any operation's params reads `unknown` values and narrows them).
 */
export interface HandlerContext<A = Record<string, unknown>> {
  app: App;
  request: RestRequest;
  /** Merged, coerced and validated params (defaults applied), as WordPress hands them over. */
  params: A;
  /** The authenticated user, or null for anonymous. */
  user: CurrentUser | null;
  route: RouteDef;
  endpoint: EndpointDef;
  /** The object the route's permission rule resolved and judged; the handler acts on it (auth/target.ts). */
  target?: RequestTarget;
}

/**
 * A handler of an operation whose params are `A` and whose answer is `R`: generated handlers
 * say `Handler<ListPostsArgs, ListPostsResult>`, so a region naming a param the operation does
 * not take, or answering data of another shape, does not compile.
 */
export type Handler<A = Record<string, unknown>, R = unknown> = (ctx: HandlerContext<A>) => Promise<HandlerResult<R>> | HandlerResult<R>;

/** A compiled validator as emitted by the generator (ajv standalone code). */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvErrorLike[] | null };
export interface AjvErrorLike {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schemaPath: string;
}

/** One endpoint of the generated route table: the model's endpoint plus code references. */
export interface EndpointDef extends Endpoint {
  /** ajv standalone validator of the whole params object (after WordPress coercion). */
  validate?: CompiledValidator;
  /**
   * The handler of a `handler: custom` endpoint: any operation's, each typed with its own params
   * and answer where it is written (`never` params: a handler of any operation fits).
   */
  handle?: Handler<never, unknown>;
}

/** One route of the generated route table. */
export interface RouteDef extends Omit<Route, 'endpoints'> {
  /** JavaScript regular expression source matching the whole route, with named groups. */
  regex: string;
  endpoints: EndpointDef[];
}
