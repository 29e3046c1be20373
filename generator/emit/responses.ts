/**
 * What every endpoint answers with, as a named shape: the resource the spec names, or what its
 * behaviour answers (a catalog's items, an option's value, a collection record, an inbox
 * receipt...). Types, the client and OpenAPI all read these names, so a shape is written once
 * (one TypeScript interface, one OpenAPI component) however many endpoints answer with it.
 * Only a custom handler whose spec names no `response` answers `unknown` (and the loader warns).
 */
import type { ArgSchema, Behavior, DeploymentModel, Endpoint, ResponseShape } from '../../contract/model.ts';
import { shapeOfProperties } from '../spec/expand-args.ts';
import { argsToJsonSchema } from '../../contract/args-schema.ts';
import { inferSchema, normalizeDefaults, resourceSchema, type JsonSchema } from './published-schema.ts';
import { pascalCase, resourceTypeName } from './naming.ts';
import { isMediaType, postTypeEntry } from '../../contract/post-types.ts';

/** The answer of an endpoint: one or a list of a named shape. */
export interface ResponseRef {
  name: string;
  many: boolean;
  /** A list answered as an object keyed by slug. */
  keyed?: boolean;
  /** The answer is text of this media type, not JSON. */
  media?: string;
  /** The shape an answer in the `embed` context has (fewer fields), when it differs. */
  embed?: string;
}

/**
 * A resource answered in the `embed` context carries only its embed fields (WordPress's
 * embedded items, `?context=embed`): the same schema, requiring only those. Undefined when the
 * resource has no field limited to view/edit beside its embed fields.
 */
function embedSchema(fields: Record<string, ArgSchema>, schema: JsonSchema): JsonSchema | undefined {
  const required = schema.required as string[] | undefined;
  if (required === undefined) return undefined;
  const inEmbed = required.filter((name) => fields[name]?.context?.includes('embed'));
  if (inEmbed.length === 0 || inEmbed.length === required.length) return undefined;
  return { ...schema, title: `${String(schema.title ?? 'Item')} (embed context)`, required: inEmbed };
}

/**
 * Parts of a schema that a spec shape made (`properties: { $shape }`) become references to that
 * shape by its name: `refTo(shape, part)` answers the reference (and keeps the part, once, under
 * that name). `fields` and `schema` are walked side by side: the schema was made from the fields.
 * What describes the use rather than the shape (the field's description, default, title) stays
 * beside the reference.
 */
export function withShapeRefs(fields: Record<string, ArgSchema>, schema: JsonSchema, refTo: (shape: string, part: JsonSchema) => JsonSchema): JsonSchema {
  const refOf = (arg: ArgSchema | undefined, part: JsonSchema | undefined): JsonSchema | undefined => {
    if (arg === undefined || part === undefined || typeof part !== 'object') return part;
    let out = part;
    if (arg.properties && part.properties) out = { ...out, properties: withShapeRefs(arg.properties, { properties: part.properties } as JsonSchema, refTo).properties };
    if (arg.items && part.items) out = { ...out, items: refOf(arg.items, part.items as JsonSchema) };
    const shape = arg.properties ? shapeOfProperties.get(arg.properties) : undefined;
    if (shape === undefined) return out;
    const { description, default: defaultValue, title: _title, ...rest } = out;
    return { ...refTo(shape, { description: `The ${shape} shape.`, ...rest }), ...(description !== undefined ? { description } : {}), ...(defaultValue !== undefined ? { default: defaultValue } : {}) };
  };
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { ...schema, properties: Object.fromEntries(Object.entries(properties).map(([name, part]) => [name, refOf(fields[name], part) ?? part])) };
}

/** A `refTo` for answers: bare shape names (`$ref: PostMeta`), each distinct part kept in `uses`. */
function collectInto(uses: Array<[string, JsonSchema]>): (shape: string, part: JsonSchema) => JsonSchema {
  return (shape, part) => {
    const text = JSON.stringify(part);
    let name = pascalCase(shape);
    for (let n = 2; uses.some(([u, s]) => u === name && JSON.stringify(s) !== text); n++) name = `${pascalCase(shape)}${n}`;
    if (!uses.some(([u]) => u === name)) uses.push([name, part]);
    return { $ref: name };
  };
}

/** The published schema of a spec shape as an answer: required fields are those marked `required`. */
function shapeSchema(shape: ResponseShape, uses: Array<[string, JsonSchema]>): JsonSchema {
  const schema = withShapeRefs(shape.fields, normalizeDefaults(argsToJsonSchema(shape.fields, 'response') as JsonSchema), collectInto(uses));
  return { ...(shape.description ? { description: shape.description } : {}), ...schema, additionalProperties: shape.open };
}

const NAMESPACE_INDEX: JsonSchema = {
  type: 'object',
  description: 'A namespace index: the namespace and its routes as in the discovery document.',
  required: ['namespace', 'routes'],
  properties: {
    namespace: { type: 'string' },
    routes: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    _links: { type: 'object', additionalProperties: true },
  },
  additionalProperties: false,
};

const COLLECTION_RECORD: JsonSchema = {
  type: 'object',
  description: 'A stored record: its key, the fields written to it, and when it was created and last changed (no dates while nothing is stored and the record answers its `absent` state).',
  required: ['id'],
  properties: { id: { type: 'string' }, date_created: { type: 'string' }, date_modified: { type: 'string' } },
  additionalProperties: true,
};

const ACTION_RECORD: JsonSchema = {
  type: 'object',
  description: 'A record after a state change: its key (absent for a singleton), its fields and when it changed.',
  required: ['date_modified'],
  properties: { id: { type: 'string' }, date_modified: { type: 'string' } },
  additionalProperties: true,
};

const INBOX_RECEIPT: JsonSchema = {
  type: 'object',
  description: 'An inbound event was stored (or had been stored already: `duplicate`).',
  required: ['received', 'duplicate', 'id', 'channel', 'date'],
  properties: {
    received: { type: 'boolean' },
    duplicate: { type: 'boolean' },
    cleared: { type: 'array', items: { type: 'string' }, description: 'The caches an event that names caches cleared (`clears: caches`).' },
    id: { type: 'integer' },
    channel: { type: 'string' },
    date: { type: 'string' },
  },
  additionalProperties: false,
};

const INBOX_EVENT: JsonSchema = {
  type: 'object',
  description: 'A stored inbound event, newest first.',
  required: ['id', 'received', 'body'],
  properties: { id: { type: 'integer' }, received: { type: 'string' }, body: { description: 'The event as it was received.' } },
  additionalProperties: false,
};

const UPSTREAM_ANSWER: JsonSchema = {
  description: "The remote service's answer, relayed as it came (any JSON value); without a configured service, a local provider's answer.",
};

/** The answer of a delete: `deleted: true` and the item as it was. */
function deletedSchema(shape: string): JsonSchema {
  return {
    type: 'object',
    required: ['deleted', 'previous'],
    properties: { deleted: { type: 'boolean' }, previous: { $ref: shape } },
    additionalProperties: false,
  };
}

/** The items a catalog answers with, or its whole value when it is not a list. */
function catalogItems(deployment: DeploymentModel, data: string): unknown[] | undefined {
  const value = deployment.catalogs[data];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items)) return (value as { items: unknown[] }).items;
  return undefined;
}

/** A named shape and, when it is new, its schema; `$ref` values name other shapes. */
type Found = { ref: ResponseRef; name: string; schema: () => JsonSchema; uses?: Array<[string, JsonSchema]> };

/**
 * Whether some endpoint writes the option from a body the spec does not describe (`args:
 * undeclared`): a write merges what was sent as sent, so a key of the default may come back
 * holding any JSON value.
 */
function writtenUnchecked(key: string, deployment: DeploymentModel): boolean {
  return deployment.routes.some((route) => route.endpoints.some((e) =>
    e.behavior?.kind === 'option' && e.behavior.key === key && e.argsMode === 'undeclared' && e.methods.some((m) => m !== 'GET')));
}

/** The default's keys, named but not typed: a write may have replaced each with any value. */
function untypedFields(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { ...schema, properties: Object.fromEntries(Object.keys(properties).map((name) => [name, { description: 'Any JSON value: the default\'s type until a write (whose body the spec does not describe) stores another.' }])) };
}

function ofBehavior(b: Behavior, deployment: DeploymentModel): Found {
  const one = (name: string, schema: () => JsonSchema, many = false): Found => ({ ref: { name, many }, name, schema });
  switch (b.kind) {
    case 'index':
      return one('NamespaceIndex', () => NAMESPACE_INDEX);
    case 'option': {
      const name = `${pascalCase(b.key)}Option`;
      return one(name, () => {
        const inferred = b.default === undefined ? {} : inferSchema([b.default]);
        // The stored value may carry keys a write added: the default only names the known ones.
        const { required: _required, ...open } = inferred;
        const typed = open.type === 'object' && writtenUnchecked(b.key, deployment) ? untypedFields(open) : open;
        return { ...typed, ...(typed.type === 'object' ? { additionalProperties: true } : {}), description: `The value of the \`${b.key}\` option (its default until first written).` };
      });
    }
    case 'collection':
      if (b.op === 'delete') return { ...one('DeletedCollectionRecord', () => deletedSchema('CollectionRecord')), uses: [['CollectionRecord', COLLECTION_RECORD]] };
      return one('CollectionRecord', () => COLLECTION_RECORD, b.op === 'list');
    case 'action':
      return one('ActionRecord', () => ACTION_RECORD);
    case 'catalog': {
      const items = catalogItems(deployment, b.data);
      if (items === undefined) return one(`${pascalCase(b.data)}Catalog`, () => ({ ...inferSchema([deployment.catalogs[b.data]], true), description: `The \`${b.data}\` catalog.` }));
      const many = b.idParam === undefined;
      // Open objects: the server may lay state over the shipped items (learn progress, checklist state).
      return one(`${pascalCase(b.data)}Item`, () => ({ ...inferSchema(items, true), description: `An item of the \`${b.data}\` catalog.` }), many);
    }
    case 'inbox':
      return b.op === 'list' ? one('InboxEvent', () => INBOX_EVENT, true) : one('InboxReceipt', () => INBOX_RECEIPT);
    case 'upstream':
      return one('UpstreamAnswer', () => UPSTREAM_ANSWER);
    case 'unavailable':
      // Never a success on this server: the answer is always the error naming what it needs.
      return one('NoSuccessAnswer', () => ({ description: "Never answered: the operation always fails with an error naming the setting or service it needs." }));
  }
}

/**
 * A shape a collection behaviour answers with also carries what every stored record does
 * (runtime/behaviors/collection.ts): its key as `id` and its `date_created`/`date_modified`.
 * The shape lists the fields written; the record adds these whether it says so or not.
 */
function withRecordFields(endpoint: Endpoint, schema: JsonSchema): JsonSchema {
  if (endpoint.behavior?.kind !== 'collection' || endpoint.behavior.op === 'delete') return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const [name, field] of Object.entries(COLLECTION_RECORD.properties as Record<string, JsonSchema>)) {
    properties[name] ??= { ...field, description: name === 'id' ? 'Key of the stored record.' : name === 'date_created' ? 'When the record was stored (UTC).' : 'When the record last changed (UTC).' };
  }
  return { ...schema, properties };
}

/**
 * A resource's schema as answered (its title kept) and the shapes its parts name: the same for
 * every endpoint answering the resource, so made once per deployment and resource.
 */
function resourceAnswer(deployment: DeploymentModel, name: string): { schema: JsonSchema; uses: Array<[string, JsonSchema]> } {
  let answers = resourceAnswers.get(deployment);
  if (answers === undefined) resourceAnswers.set(deployment, (answers = new Map()));
  let answer = answers.get(name);
  if (answer === undefined) {
    const resource = deployment.resources[name]!;
    const uses: Array<[string, JsonSchema]> = [];
    const schema = { title: resource.schema.title, ...withShapeRefs(resource.schema.properties, resourceSchema(name, resource.schema.properties), collectInto(uses)) };
    answer = { schema, uses };
    answers.set(name, answer);
  }
  return answer;
}
const resourceAnswers = new WeakMap<DeploymentModel, Map<string, { schema: JsonSchema; uses: Array<[string, JsonSchema]> }>>();

function find(endpoint: Endpoint, deployment: DeploymentModel): Found | undefined {
  const r = endpoint.response;
  if (r !== undefined && 'deleted' in r) {
    const name = `Deleted${resourceTypeName(r.deleted)}`;
    const resource = deployment.resources[r.deleted];
    const uses: Array<[string, JsonSchema]> = [];
    if (resource) {
      const answer = resourceAnswer(deployment, r.deleted);
      uses.push([resourceTypeName(r.deleted), answer.schema], ...answer.uses);
    }
    // A post type with a trash answers a delete without force with the trashed item itself, its status `trash`.
    if (resource && postTypeEntry(r.deleted) !== undefined && !isMediaType(r.deleted)) {
      const item = uses[0]![1];
      const props = item.properties as Record<string, JsonSchema>;
      const status = props.status;
      const trashedName = `Trashed${resourceTypeName(r.deleted)}`;
      // The write default (`publish`) is no value a trashed item can have: not kept.
      const { default: _writeDefault, ...trashedStatus } = status ?? {};
      uses.push([trashedName, { ...item, title: `${String(item.title ?? r.deleted)} in the trash`, properties: { ...props, status: { ...trashedStatus, enum: ['trash'] } } }]);
      // A force delete of an item already in the trash answers `previous` with its status `trash`.
      const deleted = deletedSchema(resourceTypeName(r.deleted));
      const previous = { anyOf: [{ $ref: resourceTypeName(r.deleted) }, { $ref: trashedName }] };
      return { ref: { name, many: false }, name, schema: () => ({ anyOf: [{ ...deleted, properties: { ...(deleted.properties as JsonSchema), previous } }, { $ref: trashedName }] }), uses };
    }
    return { ref: { name, many: false }, name, schema: () => deletedSchema(resourceTypeName(r.deleted)), uses };
  }
  if (r !== undefined && 'shape' in r) {
    const shape = deployment.responseShapes?.[r.shape];
    if (shape === undefined) return undefined;
    // Named after the spec's shape, so every endpoint answering it shares one component and one interface.
    const name = pascalCase(shape.name);
    const uses: Array<[string, JsonSchema]> = [];
    const schema = withRecordFields(endpoint, shapeSchema(shape, uses));
    return { ref: { name, many: r.many }, name, schema: () => schema, uses };
  }
  if (r !== undefined && 'media' in r) {
    // Text (text/csv, text/css) is a string; anything else (application/zip) is a file's bytes, which OpenAPI marks `binary`.
    const text = r.media.startsWith('text/');
    const name = `${pascalCase(r.media.split('/')[1]!)}${text ? 'Text' : 'File'}`;
    const schema: JsonSchema = text
      ? { type: 'string', description: `The answer's body: ${r.media} text, not JSON.` }
      : { type: 'string', format: 'binary', description: `The answer's body: a file of media type ${r.media}, not JSON.` };
    return { ref: { name, many: false, media: r.media }, name, schema: () => schema };
  }
  if (r !== undefined) {
    const resource = deployment.resources[r.resource];
    if (resource === undefined) return undefined;
    const name = resourceTypeName(r.resource);
    const answer = resourceAnswer(deployment, r.resource);
    const uses = [...answer.uses];
    const schema = answer.schema;
    const embed = embedSchema(resource.schema.properties, schema);
    if (embed !== undefined) uses.push([`${name}Embed`, embed]);
    return { ref: { name, many: r.many, ...(r.keyed ? { keyed: true } : {}), ...(embed !== undefined ? { embed: `${name}Embed` } : {}) }, name, schema: () => schema, uses };
  }
  return endpoint.behavior ? ofBehavior(endpoint.behavior, deployment) : undefined;
}

/**
 * What each endpoint of a deployment answers, worked out once: the loader's name check, the
 * types, OpenAPI and the reference all ask, several times per endpoint, and a resolved model is
 * not changed afterwards (types.ts keeps its declarations per deployment the same way).
 */
const foundIn = new WeakMap<DeploymentModel, Map<Endpoint, Found | undefined>>();
function foundFor(endpoint: Endpoint, deployment: DeploymentModel): Found | undefined {
  let known = foundIn.get(deployment);
  if (known === undefined) foundIn.set(deployment, (known = new Map()));
  if (known.has(endpoint)) return known.get(endpoint);
  const found = find(endpoint, deployment);
  known.set(endpoint, found);
  return found;
}

/** The shape an endpoint answers with, or undefined when its spec does not say. */
export function responseOf(endpoint: Endpoint, deployment: DeploymentModel): ResponseRef | undefined {
  return foundFor(endpoint, deployment)?.ref;
}

/**
 * Every named shape the deployment's endpoints answer with (resources only when one does), by
 * name, in a stable order. `$ref` values inside are bare shape names; each emitter turns them into its own
 * form of reference.
 */
export function namedShapes(deployment: DeploymentModel): Map<string, JsonSchema> {
  let sorted = shapesIn.get(deployment);
  if (sorted === undefined) {
    const shapes = new Map<string, JsonSchema>();
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        const found = foundFor(endpoint, deployment);
        if (found === undefined) continue;
        if (!shapes.has(found.name)) shapes.set(found.name, found.schema());
        for (const [name, schema] of found.uses ?? []) if (!shapes.has(name)) shapes.set(name, schema);
      }
    }
    sorted = [...shapes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    shapesIn.set(deployment, sorted);
  }
  // A map of its own for each caller; the schemas are shared, and no caller changes them.
  return new Map(sorted);
}
const shapesIn = new WeakMap<DeploymentModel, Array<[string, JsonSchema]>>();

/** Whether the endpoint's behaviour may answer 503 (an upstream service with no local provider). */
export function mayBeUnavailable(endpoint: Endpoint): boolean {
  return endpoint.behavior?.kind === 'upstream' && endpoint.behavior.local === undefined;
}
