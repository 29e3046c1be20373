/**
 * The spec files as written (after YAML parsing and the meta-schema check), before resolution.
 * These mirror spec/spec.schema.json; `Loaded` ties each document to its source for positions.
 */
import type { ArgSchema, Behavior, HttpMethod, SiteDefaults } from '../../contract/model.ts';
import type { SourceFile } from './positions.ts';

export type RawPermission = 'public' | { capability: string } | { rule: string };

/** An arg descriptor as written: like ArgSchema, but `properties` may be `{ $shape: NAME }`. */
export type RawDescriptor = Omit<ArgSchema, 'properties' | 'items' | 'oneOf' | 'anyOf' | 'additionalProperties'> & {
  properties?: Record<string, RawDescriptor> | { $shape: string };
  items?: RawDescriptor;
  oneOf?: RawDescriptor[];
  anyOf?: RawDescriptor[];
  additionalProperties?: boolean | RawDescriptor;
};

/** `$use`, `$fields` and `$omit` besides named descriptors, in the order written. */
export type RawArgMap = Record<string, unknown>;

export interface RawEndpoint {
  methods: HttpMethod[];
  operationId?: string;
  renamedFrom?: string[];
  args?: RawArgMap | 'none' | 'undeclared';
  permission?: RawPermission;
  allowBatch?: boolean;
  behavior?: Exclude<Behavior, { kind: 'index' }>;
  handler?: 'custom';
  response?: { resource?: string; many?: boolean; keyed?: boolean; deleted?: string; shape?: string; media?: string; status?: number | number[]; browser?: 'redirect' | 'page' };
  description?: string;
  deprecated?: boolean;
}

export interface RawRoute {
  captures?: Record<string, string>;
  endpoints: RawEndpoint[];
  optional?: boolean;
  description?: string;
  /** The post type the route serves (a name of contract/post-types.ts). */
  postType?: string;
}

export interface RawNamespace {
  namespace: string;
  description?: string;
  permission?: RawPermission;
  optional?: boolean;
  /** Routes written once per post type; already copied into `routes` when the file is read (post-type-routes.ts). */
  postTypeRoutes?: { postTypes: string[]; routes: Record<string, unknown> };
  routes?: Record<string, RawRoute>;
}

export interface RawShape {
  shape: string;
  description?: string;
  args: RawArgMap;
  /** As an answer (`response: { shape }`): keys beyond `args` may appear. */
  open?: boolean;
}

export interface RawResource {
  resource: string;
  title: string;
  description?: string;
  fields: Record<string, RawDescriptor>;
}

export interface RawData {
  data: string;
  description?: string;
  items: unknown[] | Record<string, unknown>;
}

export type RawRouteRef = string | { path: string; methods?: HttpMethod[] };

export interface RawOverride {
  path: string;
  method: HttpMethod;
  arg: string;
  set?: RawDescriptor;
  add?: RawDescriptor;
  remove?: true;
}

export interface RawDeployment {
  deployment: string;
  /** Another deployment this one starts from (see generator/spec/extends.ts). */
  extends?: string;
  description?: string;
  default?: boolean;
  site?: Partial<SiteDefaults>;
  authentication?: { applicationPasswords?: boolean };
  aliases?: Array<{ from: string; to: string; discoverable?: boolean }>;
  /** `only`: the namespaces served (the root file's routes always are); exclusive with `include`/`exclude` in one file. */
  namespaces?: { include?: string[]; exclude?: string[]; only?: string[]; order?: string[] };
  routes?: { include?: RawRouteRef[]; exclude?: RawRouteRef[] };
  bindings?: Record<string, string>;
  overrides?: RawOverride[];
  settings?: Record<string, unknown>;
}

export interface Loaded<T> {
  src: SourceFile;
  data: T;
  /** False when the file broke the meta-schema: its name still counts, its content is not checked further. */
  valid: boolean;
  /** A deployment merged with the one it extends: the file and index each of its overrides came from. */
  overrideOrigins?: Array<{ src: SourceFile; index: number }>;
}

/**
 * A spec file that could not be read or parsed. The names it probably declares (from its file
 * name, and from what parsed of it) count as existing, so its failure is reported once, not
 * again as a missing shape or namespace wherever it is used.
 */
export interface FailedFile {
  kind: 'site' | 'namespace' | 'shape' | 'resource' | 'data' | 'deployment';
  file: string;
  names: string[];
}

/** Every file of a spec folder that parsed, sorted by file name. */
export interface SpecSources {
  /** Files that did not load (their problem already reported). */
  failed: FailedFile[];
  /** The spec folder as printed in diagnostics, for problems that belong to no single file. */
  root: string;
  site?: Loaded<Partial<SiteDefaults>>;
  namespaces: Loaded<RawNamespace>[];
  shapes: Loaded<RawShape>[];
  resources: Loaded<RawResource>[];
  data: Loaded<RawData>[];
  deployments: Loaded<RawDeployment>[];
}
