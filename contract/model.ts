/**
 * The checked program: what the spec means once it is loaded, validated and resolved for one
 * deployment. Emitters and the runtime read only these types; they never see YAML.
 *
 * Everything here is plain data (JSON-serialisable) so that the generated route table can embed
 * it literally and the runtime can read it without the generator.
 */

/** A parameter descriptor, with exactly the keys WordPress uses in its discovery document. */
export interface ArgSchema {
  description?: string;
  type?: ArgType | ArgType[];
  format?: 'date-time' | 'date' | 'uri' | 'email' | 'ip' | 'uuid' | 'hex-color' | 'text-field' | 'textarea-field';
  enum?: unknown[];
  default?: unknown;
  /** A boolean on an arg; a list of property names inside nested object schemas (draft-04 style). */
  required?: boolean | string[];
  /** Published on `oneOf` branches and on registered meta keys. */
  title?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: ArgSchema;
  pattern?: string;
  oneOf?: ArgSchema[];
  anyOf?: ArgSchema[];
  properties?: Record<string, ArgSchema>;
  additionalProperties?: boolean | ArgSchema;
  readonly?: boolean;
  context?: Context[];
  /**
   * `false`: published as written but never validated nor coerced, as WordPress does for args
   * whose arg_options set validate_callback to null (a post's title, content and excerpt take a
   * plain string although their schema says object). Not printed in discovery.
   */
  validate?: false;
  /**
   * `true`: discovery prints `enum` as WordPress prints a list of names keyed by name (the PHP
   * map get_post_types returns: `{"post": "post", ...}`). Validation reads the list as usual.
   */
  keyedEnum?: true;
  /**
   * A value the server accepts that the schema alone cannot give (an existing key such as a post
   * type's name, a body in the format a handler reads): the generated success tests send it.
   * Carried in OpenAPI (`example`), never printed in discovery.
   */
  example?: unknown;
}

export type ArgType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
export type Context = 'view' | 'edit' | 'embed';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a thing was written in the spec, for messages and for docs. */
export interface SourceRef {
  file: string;
  line: number;
  col: number;
}

/**
 * Who may call an endpoint.
 * - public: anyone (the handler may still hide private items, as WordPress does).
 * - capability: the current user must have this primitive capability (e.g. manage_options).
 * - rule: a named rule the runtime implements with object knowledge, e.g. `read_post`,
 *   `edit_post`, `delete_post`, `create_post`, `upload_files`, `authenticated`.
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'capability'; capability: string }
  | { kind: 'rule'; rule: string };

/** Declarative behaviours the runtime provides for extension endpoints (see DESIGN.md). */
export type Behavior =
  | IndexBehavior
  | OptionBehavior
  | CollectionBehavior
  | ActionBehavior
  | CatalogBehavior
  | InboxBehavior
  | UpstreamBehavior
  | UnavailableBehavior;

/**
 * What this server cannot do (install a WordPress plugin, repair another plugin's table): the
 * endpoint answers `status` in the interface's shape naming what it `needs`, never a success.
 */
export interface UnavailableBehavior {
  kind: 'unavailable';
  status: 501 | 503;
  /** The setting, service or capability the operation needs, named in the answer. */
  needs: string;
  /** One sentence saying why, e.g. "This server does not run WordPress plugins." */
  reason: string;
}

/** The implicit `GET /<namespace>` index route of every namespace, answered by the runtime. */
export interface IndexBehavior {
  kind: 'index';
}

/** GET reads a stored JSON value (or its default); writes validate and store it. */
export interface OptionBehavior {
  kind: 'option';
  /** Storage key, unique across the site, e.g. `pagebuilder.onboarding.user-progress`. */
  key: string;
  default?: unknown;
  /** `user` keeps one value per user (user progress, user choices). */
  scope?: 'site' | 'user';
  /** Writes merge into the stored object, as settings screens expect (default); `false` replaces it. */
  merge?: boolean;
  secrets?: SecretParams;
  limits?: WriteLimits;
  /** A read also answers these records (name -> collection; its singleton record), e.g. the connection state in the settings. */
  include?: Record<string, string>;
  /** Values every write stores along with what was sent (a wizard's `complete` sets `completed: true`). */
  set?: Record<string, unknown>;
}

/**
 * Params that are secrets and how they are kept: `hash` when the server only ever checks them,
 * `encrypt` when they must be sent on to a service, `drop` when nothing needs them later.
 * No answer ever carries one back (a masked hint at most).
 */
export type SecretParams = Record<string, 'hash' | 'encrypt' | 'drop'>;

/** Bounds of a write endpoint: largest body in bytes; anonymous writes per minute per client address. */
export interface WriteLimits {
  maxBodyBytes?: number;
  perMinute?: number;
}

/**
 * A list filter of a collection or catalog: the field the param is compared with, written as
 * the field's name alone or with `match`, how a field holding a list matches the values asked
 * for: `any` (it holds one of them) or `all` (it holds every one). runtime/behaviors/filters.ts.
 */
export type BehaviorFilter = string | { field: string; match?: 'any' | 'all' };

/** Records of one kind: list / get / create / update / delete, with paging. */
export interface CollectionBehavior {
  kind: 'collection';
  collection: string;
  op: 'list' | 'get' | 'create' | 'update' | 'upsert' | 'delete';
  /** Name of the param that carries the record key (a capture such as `id` or `type`). */
  idParam?: string;
  scope?: 'site' | 'user';
  /** Records seeded on first use (e.g. default global colours). */
  seed?: Array<Record<string, unknown>>;
  secrets?: SecretParams;
  limits?: WriteLimits;
  /** Params stored under another field name (a capture named `id` that is not the record key). */
  rename?: Record<string, string>;
  /** `get` of a key never stored answers this (plus the id) instead of 404, e.g. `{ status: not-installed }`. */
  absent?: Record<string, unknown>;
  /** `list` filters: param name -> record field it must equal (`id` is the key); a list param matches any of its values. */
  filters?: Record<string, BehaviorFilter>;
}

/** A named state change on a record with allowed transitions (activate, connect...). */
export interface ActionBehavior {
  kind: 'action';
  collection: string;
  /** Param naming the record; absent means one record per collection (a singleton). */
  idParam?: string;
  field: string;
  to: string;
  /** States the change may start from; absent means any. */
  from?: string[];
  /** State of a record never acted on (e.g. a plugin is `inactive` until activated); absent: no state. */
  initial?: string;
  /** Other fields of the record that must hold one of these values first (activate needs `installed: yes`). */
  requires?: Record<string, string[]>;
  /** Fields removed by the action (a sign-out forgets the token). */
  clear?: string[];
  /** What the action does besides recording its state: `clear-caches` empties the server's caches. */
  effect?: 'clear-caches';
  secrets?: SecretParams;
  limits?: WriteLimits;
}

/** Read-only data shipped in `spec/data/<data>.yaml`, embedded in the model. */
export interface CatalogBehavior {
  kind: 'catalog';
  data: string;
  /** Optional param whose value picks one entry by its `id`. */
  idParam?: string;
  /** List filters: param name -> item field it must equal; a list param matches any of its values. */
  filters?: Record<string, BehaviorFilter>;
  /** Stored state shown on the shipped items: each item (or each element of its `within` list) gets `fields` from the record keyed by its id. */
  overlay?: CatalogOverlay;
}

export interface CatalogOverlay {
  collection: string;
  scope?: 'site' | 'user';
  /** Overlay the elements of this list field of each item (a chapter's `steps`) instead of the items. */
  within?: string;
  /** Field name -> value shown when no record exists. */
  fields: Record<string, unknown>;
}

/** Stores an inbound webhook/event once (idempotent by a key), listable. */
export interface InboxBehavior {
  kind: 'inbox';
  channel: string;
  /** Param or header (`header:x-event-id`) that identifies a delivery; absent: a hash of the body. */
  dedupeBy?: string;
  /** `list` answers the stored events instead of storing one. */
  op?: 'store' | 'list';
  limits?: WriteLimits;
  /** Events kept per channel; the oldest beyond it are deleted (default 1000). */
  retain?: number;
  /** The sender signs: HMAC-SHA256 of the raw body, hex, in `header`, with the secret in setting `setting`. */
  signature?: { header: string; setting: string };
  /** A stored event that names caches clears them (a cache service's notification). */
  clears?: 'caches';
}

/** Forwards to a configured remote service; without one, an honest local provider or 503. */
export interface UpstreamBehavior {
  kind: 'upstream';
  service: string;
  /** Site setting that holds the remote address, named in the 503 message when unset. */
  setting: string;
  /** Local provider used when nothing is configured; absent means answer 503. */
  local?: 'keywords' | 'description' | 'media-search' | 'template-text' | 'echo';
  /** Record field holding the (encrypted) credential sent to the service as `Authorization: Bearer`. */
  credential?: { collection: string; field: string };
  /** A sign-in: the service's answer carries a token kept encrypted in this record, never answered. */
  signIn?: { collection: string; tokenField: string; status?: string };
  /** Seconds a GET answer is cached when the service sends no `Cache-Control: max-age`. */
  cacheSeconds?: number;
  limits?: WriteLimits;
}

export interface Endpoint {
  operationId: string;
  /** Operation ids this one had before (keeps preserved regions across renames). */
  renamedFrom?: string[];
  methods: HttpMethod[];
  /**
   * declared: `args` describes the params (may be empty); none: the endpoint takes no params;
   * undeclared: it takes a body the spec does not describe. Both none and undeclared publish
   * `args: []` in discovery, as WordPress does.
   */
  argsMode: 'declared' | 'none' | 'undeclared';
  args: Record<string, ArgSchema>;
  permission: Permission;
  allowBatch: boolean;
  /** Exactly one of behavior and handler is set. */
  behavior?: Behavior;
  handler?: 'custom';
  /**
   * Resource the endpoint answers with, for types, docs and OpenAPI. `keyed`: a list answered as
   * an object keyed by each item's slug (WordPress's post types and taxonomies).
   */
  response?: { resource: string; many: boolean; keyed?: boolean; status?: number[] } | { deleted: string } | ShapeResponse | MediaResponse;
  description?: string;
  deprecated?: boolean;
}

export interface Route {
  namespace: string;
  /** Spec form with named captures: `/core/v2/posts/<id>`. */
  path: string;
  /** WordPress form used as the discovery key: `/core/v2/posts/(?P<id>[\d]+)`. */
  pattern: string;
  captures: Array<{ name: string; pattern: string }>;
  endpoints: Endpoint[];
  /**
   * The post type the route serves (a name of contract/post-types.ts), as WordPress gives each
   * posts controller its post type: permission rules, capabilities and schema links are its.
   */
  postType?: string;
}

export interface Resource {
  name: string;
  /** JSON-schema style item schema as WordPress publishes it (title, type, properties). */
  schema: { title: string; type: 'object'; properties: Record<string, ArgSchema> };
}

export interface SiteDefaults {
  name: string;
  description: string;
  gmt_offset: string;
  timezone_string: string;
  page_for_posts: number;
  page_on_front: number;
  show_on_front: 'posts' | 'page';
}

/**
 * An answer described by a shape of the spec (`response: { shape }`): its fields are the shape's
 * args (after bindings), named after the shape wherever it is emitted.
 */
export interface ShapeResponse {
  /** The shape's name after the deployment's bindings. */
  shape: string;
  many: boolean;
  /** Success statuses when not 200 (201 for a create, 207 for a batch). */
  status?: number[];
  /**
   * A person's browser (Accept: text/html) is answered with HTML pages, errors included:
   * `redirect`, a form post gets 303 See Other to the page shown next; `page`, the answer is a page.
   */
  browser?: 'redirect' | 'page';
}

/** An answer that is not JSON: text of this media type (a CSV export, a stylesheet). */
export interface MediaResponse {
  media: string;
}

/** A shape answered by some endpoint, resolved for one deployment. */
export interface ResponseShape {
  name: string;
  description: string;
  fields: Record<string, ArgSchema>;
  /** Answers may carry keys beyond `fields` (data the client stored, per-type maps). */
  open: boolean;
}

export interface DeploymentModel {
  name: string;
  description: string;
  /** Served by `npm start` when no deployment is named. */
  isDefault: boolean;
  site: SiteDefaults;
  authentication: { applicationPasswords: boolean };
  /** Extra names a namespace is also served under, e.g. core/v2 as wp/v2. */
  /** Namespaces served under a second name; `discoverable` lists the alias's routes in discovery too. */
  aliases: Array<{ from: string; to: string; discoverable?: boolean }>;
  /** Namespaces served, in discovery order. */
  namespaces: string[];
  /** Every route, in discovery order: root and batch first, then each namespace's index and routes. */
  routes: Route[];
  resources: Record<string, Resource>;
  /** Catalog data by name (from spec/data). */
  catalogs: Record<string, unknown>;
  /** oEmbed providers registry and other deployment settings the runtime reads. */
  settings: Record<string, unknown>;
  /** Shapes that endpoints answer with (`response: { shape }`), by name; generator only. */
  responseShapes?: Record<string, ResponseShape>;
  /** The `description` of each served namespace that has one (`root` for ''), for the docs; generator only. */
  namespaceDescriptions?: Record<string, string>;
}

export interface SpecModel {
  deployments: DeploymentModel[];
}
