/**
 * fast-check arbitraries generated from an endpoint's declared args (the spec's ArgSchema): mostly
 * values the schema allows (so requests get past validation into the handlers), sometimes a
 * hostile one (HOSTILE_VALUES or anything fast-check makes), sometimes the arg left out.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../contract/model.ts';
import type { EndpointDef } from '../../runtime/rest/types.ts';
import { HOSTILE_VALUES } from './hostile-values.ts';

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES.filter((v) => v.name !== 'huge string' && v.name !== 'deep object').map((v) => v.value)),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('%', '../', '-1', '0', '', ' ', '1e999', '[]', '{}', 'null', '<script>', "' OR 1=1 --"),
);

/** A value the schema allows (as far as a generator can tell without the validator). */
export function validValue(schema: ArgSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validValue(b, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  return fc.oneof(...types.map((t) => ofType(t, schema, depth)));
}

function ofType(type: string, schema: ArgSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(schema.items ? validValue(schema.items, depth + 1) : fc.string({ maxLength: 8 }), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      if (depth > 3 || !schema.properties) return fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
      const shape = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, validValue(v, depth + 1)]));
      return fc.record(shape, { requiredKeys: [] });
    }
    default:
      return stringFor(schema);
  }
}

function stringFor(schema: ArgSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19));
    case 'date':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.constantFrom('http://127.0.0.1:1/x', 'https://example.invalid/a.png', 'not a url');
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'hex-color':
      return fc.constantFrom('#fff', '#123abc', 'red');
    default:
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 24) });
  }
}

/**
 * Params for one request: each declared arg absent (most) or valid, then (in about a third of the
 * requests) one of them replaced by a hostile value, so that most requests pass validation and
 * reach the handler; plus up to three undeclared params named like the args of sibling
 * endpoints (`parent` on posts: what a handler may read without declaring it) or like globals.
 */
export function paramsFor(endpoint: EndpointDef, otherArgNames: string[]): fc.Arbitrary<Record<string, unknown>> {
  const ABSENT = Symbol('absent');
  const entries = Object.entries(endpoint.args ?? {}).filter(([, schema]) => !schema.readonly);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of entries) shape[name] = fc.oneof({ weight: 1, arbitrary: validValue(schema) }, { weight: 4, arbitrary: fc.constant(ABSENT) });
  const declaredNames = entries.map(([name]) => name);
  const spoiled = declaredNames.length ? fc.option(fc.record({ name: fc.constantFrom(...declaredNames), value: hostile }), { freq: 2 }) : fc.constant(null);
  const names = [...new Set([...otherArgNames.filter((n) => !(n in shape)), 'id', 'rest_route', '_fields', '_embed', 'context', 'page', 'junk'])];
  const extra = fc.record({ name: fc.constantFrom(...names), value: fc.oneof(fc.constantFrom('1', '0', '-1', 'abc', ''), fc.array(fc.constantFrom('1', 'x'), { maxLength: 2 }), hostile) });
  return fc.record({ declared: fc.record(shape), spoiled, extras: fc.array(extra, { maxLength: 3 }) }).map(({ declared, spoiled, extras }) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(declared)) if (v !== ABSENT) out[k] = v;
    if (spoiled) out[spoiled.name] = spoiled.value;
    for (const { name, value } of extras) out[name] = value;
    return out;
  });
}
