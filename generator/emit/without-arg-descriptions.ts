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

function schemaWithoutDescription(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaWithoutDescription);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && typeof value === 'string') continue;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) out[key] = argsWithoutDescriptions(value as Record<string, unknown>);
    else if (SCHEMAS.has(key)) out[key] = schemaWithoutDescription(value);
    else out[key] = value;
  }
  return out;
}

function argsWithoutDescriptions<T>(args: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(args).map(([name, schema]) => [name, schemaWithoutDescription(schema) as T]));
}

const projected = new WeakMap<DeploymentModel, DeploymentModel>();

export function withoutArgDescriptions(deployment: DeploymentModel): DeploymentModel {
  let model = projected.get(deployment);
  if (model !== undefined) return model;
  const routes: Route[] = deployment.routes.map((route) => ({ ...route, endpoints: route.endpoints.map((endpoint) => ({ ...endpoint, args: argsWithoutDescriptions<ArgSchema>(endpoint.args) })) }));
  const resources = Object.fromEntries(
    Object.entries(deployment.resources).map(([name, resource]) => [name, { ...resource, schema: { ...resource.schema, properties: argsWithoutDescriptions<ArgSchema>(resource.schema.properties) } }]),
  );
  const responseShapes = deployment.responseShapes === undefined ? undefined : Object.fromEntries(Object.entries(deployment.responseShapes).map(([name, shape]): [string, ResponseShape] => [name, { ...shape, fields: argsWithoutDescriptions<ArgSchema>(shape.fields) }]));
  model = { ...deployment, routes, resources, ...(deployment.responseShapes === undefined ? {} : { responseShapes }) };
  projected.set(deployment, model);
  return model;
}
