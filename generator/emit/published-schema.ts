/**
 * JSON Schemas as the published artifacts (types, client, OpenAPI) state them, made from the
 * same descriptors the validators use, with the two corrections a schema reader needs:
 *
 * - Defaults agree with their types (a null default of a non-null type is no default at all, as
 *   WordPress applies only defaults that are set). WordPress wraps a scalar default of an array arg in a list
 *   (`status`, default `publish`, means `['publish']`) and reads a map default (a PHP
 *   associative array) as the list of its values; a reader of the schema cannot know that, so the
 *   published default is the value the server really uses.
 * - A resource says which fields an answer always has: every field shown in the `view` context
 *   (the default) is required, and nothing else may appear, so `post.titel` is an error.
 */
import type { ArgSchema } from '../../contract/model.ts';
import { argsToJsonSchema } from '../../contract/args-schema.ts';

export type JsonSchema = Record<string, unknown>;

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** The default WordPress uses for an arg of this schema, given the written one. */
function effectiveDefault(schema: JsonSchema, value: unknown): unknown {
  const types = typesOf(schema);
  if (!types.includes('array') || Array.isArray(value) || value === null) return value;
  // A scalar default of an arg that also takes a scalar stays as written.
  if (types.length > 1 && (typeof value !== 'object' || types.includes('object'))) return value;
  if (typeof value === 'object') return Object.values(value as object);
  return [value];
}

/**
 * A copy of the schema whose every `default` (nested ones included) matches its type, and whose
 * every array says what its items are (WordPress's arrays without `items` take any item).
 */
export function normalizeDefaults<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(normalizeDefaults) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'default') {
      // WordPress applies a default only when it is set (`isset`): a null default means none.
      if (value === null && !typesOf(schema as JsonSchema).includes('null') && typesOf(schema as JsonSchema).length > 0) continue;
      out.default = effectiveDefault(schema as JsonSchema, value);
    }
    // `properties` maps names (which may be `default`) to schemas.
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, normalizeDefaults(v)]));
    else if (key === 'enum' || key === 'examples') out[key] = value;
    else out[key] = normalizeDefaults(value);
  }
  if (typesOf(out).includes('array') && out.items === undefined) out.items = {};
  return out as T;
}

/** The published schema of an endpoint's params (request side), defaults normalised. */
export function requestSchema(args: Record<string, ArgSchema>): JsonSchema {
  return normalizeDefaults(argsToJsonSchema(args, 'request') as JsonSchema);
}

/** Whether a resource field appears in answers of the default (`view`) context. */
function inView(arg: ArgSchema, topLevel: boolean): boolean {
  if (arg.context === undefined) return topLevel;
  return arg.context.includes('view');
}

/** Marks required, at every object level, the properties an answer in `view` context carries. */
function withRequiredFields(schema: JsonSchema, fields: Record<string, ArgSchema>, topLevel: boolean): JsonSchema {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (props === undefined) return schema;
  const required = Object.entries(fields)
    .filter(([, arg]) => inView(arg, topLevel))
    .map(([name]) => name);
  const properties: Record<string, JsonSchema> = {};
  for (const [name, child] of Object.entries(props)) {
    const nested = fields[name]?.properties;
    properties[name] = nested && fields[name]!.type === 'object' ? withRequiredFields(child, nested, false) : child;
  }
  const out: JsonSchema = { ...schema, properties };
  delete out.required;
  if (required.length > 0) out.required = required;
  // Fields other than the declared ones never appear (the meta object says what it holds).
  if (topLevel) out.additionalProperties = false;
  return out;
}

/**
 * Where what is served differs from the published item schema. The discovery document keeps
 * WordPress's schema as it is; types and OpenAPI say what is really served, so that a validator
 * built from them accepts real answers (test/generator/openapi-served.test.ts checks it live).
 * - Media items (attachments) have the status `inherit`, and `post: null` when attached to
 *   nothing, as in WordPress.
 * - `class_list` is published but not served yet (issue 11): optional until it is; remove the
 *   entries when the server fills it.
 */
const SERVED_BEYOND_SCHEMA: Record<string, Record<string, { enum?: unknown[]; type?: string[]; optional?: true }>> = {
  media: { status: { enum: ['inherit'] }, post: { type: ['null'] }, class_list: { optional: true } },
  // A GET of an auto-draft (what the block editor opens for a new post) answers its status
  // `auto-draft`, which WordPress 6.8's published enum lacks; discovery keeps 6.8's enum.
  post: { class_list: { optional: true }, status: { enum: ['auto-draft'] } },
  page: { class_list: { optional: true }, status: { enum: ['auto-draft'] } },
};

/** What every served item carries beside its fields: links, and embedded items under `_embed`. */
const LINKS = {
  _links: { type: 'object', description: 'Links to related resources, by relation.', additionalProperties: { type: 'array', items: { type: 'object', properties: { href: { type: 'string' } }, additionalProperties: true } } },
  _embedded: { type: 'object', description: 'Linked resources, when the request asked for `_embed`.', additionalProperties: true },
};

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

function withServedValues(resource: string, schema: JsonSchema, fields: Record<string, ArgSchema>): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...(schema.properties as Record<string, JsonSchema>), ...LINKS };
  // WordPress answers meta with no registered key shown in the view context (none at all, or a
  // user's edit-only persisted_preferences) as an empty list (PHP's empty array), not {}.
  const meta = properties.meta;
  const viewKeys = Object.values(fields.meta?.properties ?? {}).filter((key) => !Array.isArray(key.context) || key.context.includes('view'));
  if (meta !== undefined && typesOf(meta).includes('object') && viewKeys.length === 0) {
    properties.meta = { ...meta, type: [...new Set([...typesOf(meta), 'array'])], items: {}, maxItems: 0 };
  }
  let required = schema.required as string[] | undefined;
  for (const [field, more] of Object.entries(SERVED_BEYOND_SCHEMA[resource] ?? {})) {
    const current = properties[field];
    if (current === undefined) continue;
    const next: JsonSchema = { ...current };
    if (more.enum && Array.isArray(current.enum)) next.enum = [...current.enum, ...more.enum.filter((v) => !(current.enum as unknown[]).includes(v))];
    if (more.type) next.type = [...new Set([...typesOf(current), ...more.type])];
    if (more.optional) required = required?.filter((name) => name !== field);
    properties[field] = next;
  }
  // A single string meta key with an enum and no default answers '' until a value is stored
  // (WordPress answers the empty stored value; only writes are held to the enum).
  const metaProps = (properties.meta?.properties ?? undefined) as Record<string, JsonSchema> | undefined;
  if (metaProps !== undefined) {
    const opened: Record<string, JsonSchema> = {};
    for (const [key, part] of Object.entries(metaProps)) {
      if (part.type === 'string' && Array.isArray(part.enum) && part.default === undefined && !part.enum.includes('')) opened[key] = { ...part, enum: [...part.enum, ''] };
      // An object value with nothing stored and no default (or an empty one: a user's
      // persisted_preferences) is PHP's empty array: answered as [].
      else if (part.type === 'object' && (part.default === undefined || isEmptyObject(part.default))) opened[key] = { ...part, type: ['object', 'array'], items: {}, maxItems: 0 };
      else opened[key] = part;
    }
    properties.meta = { ...properties.meta, properties: opened };
  }
  // A revision or an autosave answers its content and excerpt without `protected` (WordPress's
  // revisions controller publishes the post's field schema but fills only raw and rendered).
  if (/-(revision|autosave)$/.test(resource)) {
    for (const field of ['content', 'excerpt']) {
      const part = properties[field];
      if (Array.isArray(part?.required)) properties[field] = { ...part, required: (part.required as string[]).filter((n) => n !== 'protected') };
    }
    // An autosave of a draft with no date yet (a floating draft) answers the draft's empty date
    // as null, as WordPress's revisions controller does; the published schema says string.
    for (const field of ['date', 'date_gmt']) {
      const part = properties[field];
      if (part !== undefined && typesOf(part).length > 0 && !typesOf(part).includes('null')) properties[field] = { ...part, type: [...typesOf(part), 'null'] };
    }
  }
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/** The published schema of a resource as answered (view context). */
export function resourceSchema(resource: string, fields: Record<string, ArgSchema>): JsonSchema {
  return withServedValues(resource, withRequiredFields(normalizeDefaults(argsToJsonSchema(fields, 'response') as JsonSchema), fields, true), fields);
}

/**
 * A schema describing literal data (a catalog's items, an option's default): the union of what
 * the values hold. A property is required when every value has it; with `open`, objects may
 * also hold other properties (data the server adds to what the spec ships).
 */
export function inferSchema(values: unknown[], open = false): JsonSchema {
  const kinds = new Set<string>();
  for (const v of values) kinds.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
  if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
  const types = [...kinds].sort();
  if (types.length !== 1) return types.length === 0 ? {} : { type: types };
  const type = types[0]!;
  if (type === 'array') return { type, items: inferSchema(values.flatMap((v) => v as unknown[]), open) };
  if (type !== 'object') return { type };
  const objects = values as Array<Record<string, unknown>>;
  const names = [...new Set(objects.flatMap((o) => Object.keys(o)))];
  const properties = Object.fromEntries(names.map((n) => [n, inferSchema(objects.filter((o) => n in o).map((o) => o[n]), open)]));
  const required = names.filter((n) => objects.every((o) => n in o));
  return { type, properties, ...(required.length > 0 ? { required } : {}), additionalProperties: open };
}
