/**
 * A deployment's model without the descriptions of its args and answer fields: what the
 * deployment's emitters that never write those descriptions are given (generate.ts), so that
 * their files are keyed by what they read. The edit a maintainer makes most, a description,
 * then reaches the files that print descriptions (discovery, OpenAPI, types, the reference) and
 * leaves the route list, the client, the README and the test suites as the last run made them
 * (deployment-cache.ts). Such an emitter cannot print a description by mistake: it never sees one.
 *
 * Only schemas' prose goes: `description` beside a schema's keywords. Names (a property called
 * `description`) and data (`enum`, `default`, `examples`, `const`) stay as they are, and so do the
 * descriptions of endpoints, namespaces, the deployment and the site.
 */
import type { ArgSchema, DeploymentModel, ResponseShape, Route } from '../../contract/model.ts';

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose value is a schema or a list of them. */
const SCHEMAS = new Set(['items', 'additionalProperties', 'additionalItems', 'not', 'oneOf', 'anyOf', 'allOf', 'contains', 'propertyNames']);

/** Each schema's (and each map of schemas') projection, made once however many endpoints and deployments share the object. */
const schemasMade = new WeakMap<object, unknown>();
const mapsMade = new WeakMap<object, Record<string, unknown>>();

/** The schema without its descriptions: the very object when it has none (most nested schemas), else a copy. */
function schemaWithoutDescription(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  const made = schemasMade.get(schema);
  if (made !== undefined) return made;
  let result: unknown;
  if (Array.isArray(schema)) {
    const items = schema.map(schemaWithoutDescription);
    result = items.every((item, i) => item === schema[i]) ? schema : items;
  } else {
    const out: Record<string, unknown> = {};
    let changed = false;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'description' && typeof value === 'string') {
        changed = true;
        continue;
      }
      let next = value;
      if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) next = schemaMapWithoutDescriptions(value as Record<string, unknown>);
      else if (SCHEMAS.has(key)) next = schemaWithoutDescription(value);
      if (next !== value) changed = true;
      out[key] = next;
    }
    result = changed ? out : schema;
  }
  schemasMade.set(schema, result);
  return result;
}

/** A map of names to schemas without their descriptions: the very map when none has one. */
function schemaMapWithoutDescriptions<T>(args: Record<string, T>): Record<string, T> {
  const made = mapsMade.get(args);
  if (made !== undefined) return made as Record<string, T>;
  let changed = false;
  const out: Record<string, T> = {};
  for (const [name, schema] of Object.entries(args)) {
    const next = schemaWithoutDescription(schema) as T;
    if (next !== schema) changed = true;
    out[name] = next;
  }
  const result = changed ? out : args;
  mapsMade.set(args, result);
  return result;
}

const projected = new WeakMap<DeploymentModel, DeploymentModel>();

export function withoutArgDescriptions(deployment: DeploymentModel): DeploymentModel {
  let model = projected.get(deployment);
  if (model !== undefined) return model;
  const routes: Route[] = deployment.routes.map((route) => ({ ...route, endpoints: route.endpoints.map((endpoint) => ({ ...endpoint, args: schemaMapWithoutDescriptions<ArgSchema>(endpoint.args) })) }));
  const resources = Object.fromEntries(
    Object.entries(deployment.resources).map(([name, resource]) => [name, { ...resource, schema: { ...resource.schema, properties: schemaMapWithoutDescriptions<ArgSchema>(resource.schema.properties) } }]),
  );
  const responseShapes = deployment.responseShapes === undefined ? undefined : Object.fromEntries(Object.entries(deployment.responseShapes).map(([name, shape]): [string, ResponseShape] => [name, { ...shape, fields: schemaMapWithoutDescriptions<ArgSchema>(shape.fields) }]));
  model = { ...deployment, routes, resources, ...(deployment.responseShapes === undefined ? {} : { responseShapes }) };
  projected.set(deployment, model);
  return model;
}
