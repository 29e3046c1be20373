/**
 * A route described as WordPress describes it (get_data_for_route): in the discovery
 * document, in namespace indexes and in answers to OPTIONS. Top-level arg keys are limited to
 * the schema keywords WordPress publishes, `required` always last; `allow_batch` precedes `args`;
 * routes without captures carry `_links.self`; the `help` context (OPTIONS) adds the schema.
 *
 * Shared by the generator (discovery.json, with the `{rest_url}` placeholder as address) and the
 * runtime (GET /, namespace indexes, OPTIONS), so what is generated and what is served agree.
 */
import type { ArgSchema, Endpoint, Resource, Route } from './model.ts';
import { actionSchemaLinks, postTypeEntry } from './post-types.ts';

const PUBLISHED_KEYWORDS = new Set([
  'title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties', 'additionalProperties',
  'patternProperties', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems',
  'anyOf', 'oneOf',
]);

export type DescriptorContext = 'view' | 'help';

/** What a description needs besides the route: the REST address and (for `help`) the resources. */
export interface DescribeSite {
  restUrl: string;
  resources?: Record<string, Resource>;
}

export function describeRoute(site: DescribeSite, route: Route, context: DescriptorContext = 'view'): Record<string, unknown> {
  const data: Record<string, unknown> = { namespace: route.namespace, methods: route.endpoints.flatMap((e) => e.methods), endpoints: route.endpoints.map(describeEndpoint) };
  if (context === 'help') {
    const schema = schemaOf(site, route);
    if (schema) data.schema = schema;
  }
  if (route.captures.length === 0) data._links = { self: [{ href: `${site.restUrl}${route.pattern}` }] };
  return data;
}

function describeEndpoint(endpoint: Endpoint): Record<string, unknown> {
  // A copy: descriptions end up in the (frozen) discovery document, the route table stays apart.
  const out: Record<string, unknown> = { methods: [...endpoint.methods] };
  if (endpoint.allowBatch) out.allow_batch = { v1: true };
  const entries = endpoint.argsMode === 'declared' ? Object.entries(endpoint.args ?? {}) : [];
  out.args = entries.length === 0 ? [] : Object.fromEntries(entries.map(([name, arg]) => [name, describeArg(arg)]));
  return out;
}

function describeArg(arg: ArgSchema): Record<string, unknown> {
  const out = publishedKeywords(arg);
  out.required = arg.required === true;
  return out;
}

/** An arg's published keywords, in the spec's order. */
function publishedKeywords(arg: ArgSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(arg)) if (PUBLISHED_KEYWORDS.has(key)) out[key] = key === 'items' ? keyedEnums(value as ArgSchema) : phpShaped(value);
  return out;
}

/** Items published whole, an enum marked `keyedEnum` as the PHP map WordPress prints. */
function keyedEnums(items: ArgSchema): unknown {
  if (!items || typeof items !== 'object' || !items.keyedEnum) return phpShaped(items);
  const { keyedEnum: _marker, ...rest } = items;
  const out = phpShaped(rest) as Record<string, unknown>;
  if (Array.isArray(rest.enum)) out.enum = Object.fromEntries(rest.enum.map((v) => [String(v), v]));
  return out;
}

/** PHP encodes an empty map as `[]`; WordPress clients see `"properties": []`. */
export function phpShaped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(phpShaped);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [];
    return Object.fromEntries(entries.map(([k, v]) => [k, phpShaped(v)]));
  }
  return value;
}

/** The item schema of the resource the route answers with, as WordPress publishes it. */
function schemaOf(site: DescribeSite, route: Route): Record<string, unknown> | undefined {
  for (const endpoint of route.endpoints) {
    const response = endpoint.response;
    if (response && 'resource' in response) {
      const resource = site.resources?.[response.resource];
      if (!resource || isActionOnItem(route, response.resource)) continue;
      const schema: Record<string, unknown> = { $schema: 'http://json-schema.org/draft-04/schema#', ...(phpShaped(withoutValidateFlags(resource.schema)) as object) };
      const links = actionSchemaLinks(response.resource, `${site.restUrl}${itemBase(route)}/{id}`);
      if (links) schema.links = links;
      return schema;
    }
  }
  return undefined;
}

/**
 * Where the items of the route live: its post type's collection (`/core/v2/pages`), else the
 * route's path up to its first capture.
 */
function itemBase(route: Route): string {
  const entry = route.postType !== undefined ? postTypeEntry(route.postType) : undefined;
  return entry ? `/${route.namespace}/${entry.restBase}` : route.path.replace(/\/<[^>]+>.*$/, '');
}

/**
 * `validate: false` is the spec's own marker (an arg WordPress leaves unvalidated), never a
 * published keyword: removed from every schema level, leaving property maps' names alone.
 */
function withoutValidateFlags(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'validate') continue;
    if (key === 'properties' && value && typeof value === 'object') out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withoutValidateFlags(child)]));
    else if (key === 'items' || key === 'additionalProperties') out[key] = withoutValidateFlags(value);
    else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) out[key] = value.map(withoutValidateFlags);
    else out[key] = value;
  }
  return out;
}

/**
 * An action route under an item (`/media/<id>/edit`, `/media/<id>/post-process`) answers with the
 * item's resource but, as in WordPress, registers no schema of its own. Known from the model: the
 * route serves a post type, answers with that type's own resource, and is neither the type's
 * collection (`/<restBase>`) nor its item (`/<restBase>/<id>`) route. Revisions and autosaves
 * answer with resources of their own and keep their schema.
 */
function isActionOnItem(route: Route, resource: string): boolean {
  if (route.postType === undefined) return false;
  const entry = postTypeEntry(route.postType);
  if (!entry || entry.resource !== resource) return false;
  const rest = route.path.slice(`/${route.namespace}/${entry.restBase}`.length);
  return rest !== '' && !/^\/<[^/>]+>$/.test(rest);
}
