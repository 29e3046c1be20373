/**
 * Content-based sharing of JSON Schema parts: a sub-schema written out in several places (the
 * theme meta object in every write, responsive settings in every block) is stated once and
 * referred to. The spec names its shapes, but the loader resolves them in place, so the
 * emitters find them again by content; any identical part is shared, named after the property
 * where it was first seen.
 */
import { Code } from './literal-layout.ts';

type Schema = Record<string, unknown>;

/** A sub-schema is shared when it is at least this long (JSON characters) and used twice. */
const SHARE_MIN_LENGTH = 200;

/** Sub-schemas one level down: property schemas, items, branches, additionalProperties. */
function children(schema: Schema): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  const add = (hint: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) out.push([hint, value as Schema]);
  };
  for (const [name, child] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) add(name, child);
  add('items', schema.items);
  add('additional', schema.additionalProperties);
  for (const key of ['oneOf', 'anyOf'] as const) for (const branch of (schema[key] as unknown[] | undefined) ?? []) add(key, branch);
  return out;
}

function rebuild(schema: Schema, map: (hint: string, child: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([n, c]) => [n, c !== null && typeof c === 'object' ? map(n, c) : c]));
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) out.items = map('items', schema.items as Schema);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.additionalProperties = map('additional', schema.additionalProperties as Schema);
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[key])) out[key] = (schema[key] as Schema[]).map((b) => map(key, b));
  return out;
}

/**
 * Large sub-schemas used more than once become their own schemas, referred to by `$ref`:
 * `schemas` is rewritten in place; the shared ones are returned by the id `nameFor` gives them
 * (from the property name where each was first seen), and `refTo` makes the reference.
 */
export function shareSubSchemas(
  schemas: Map<string, Schema>,
  nameFor: (hint: string) => string,
  refTo: (id: string) => Schema,
  minLength = SHARE_MIN_LENGTH,
  options: { itemsInline?: boolean } = {},
): Map<string, Schema> {
  // Validators keep an array's item schema inline: ajv's code gathers the errors of a referred
  // schema by concatenating arrays, once per item, so 40,000 bad items took seconds (quadratic).
  const inline = (hint: string) => options.itemsInline === true && hint === 'items';
  // Each part's JSON is made once: the count below and the rewrite after it ask for the same parts.
  const texts = new WeakMap<Schema, string>();
  const json = (part: Schema): string => {
    let text = texts.get(part);
    if (text === undefined) texts.set(part, (text = JSON.stringify(part)));
    return text;
  };
  const counts = new Map<string, { count: number; hint: string }>();
  const visit = (schema: Schema) => {
    for (const [hint, child] of children(schema)) {
      const key = json(child);
      if (key.length >= minLength && !inline(hint)) counts.set(key, { count: (counts.get(key)?.count ?? 0) + 1, hint: counts.get(key)?.hint ?? hint });
      visit(child);
    }
  };
  for (const schema of schemas.values()) visit(schema);

  const shared = new Map<string, string>(); // JSON -> id
  for (const [key, { count, hint }] of counts) {
    if (count < 2) continue;
    shared.set(key, nameFor(hint));
  }
  const rewrite = (schema: Schema): Schema =>
    rebuild(schema, (hint, child) => {
      const id = inline(hint) ? undefined : shared.get(json(child));
      return id === undefined ? rewrite(child) : refTo(id);
    });
  const out = new Map<string, Schema>();
  for (const [key, id] of shared) out.set(id, rewrite(JSON.parse(key) as Schema));
  for (const [name, schema] of schemas) schemas.set(name, rewrite(schema));
  return out;
}


const REF_KEY = '$sharedConstant';

/**
 * TypeScript constants whose large repeated parts are constants of their own: `values` are
 * schema-like objects (descriptor maps wrapped as `{ properties }`); the result is the shared
 * parts first (each before any part that uses it), then the values, where an object standing
 * for a shared part is turned into a reference to its constant by `refer` (literal-layout.ts).
 */
export function sharedConstants(values: Map<string, Schema>, taken: Set<string>): { shared: Array<[string, Schema]>; values: Map<string, Schema>; refer: (value: object) => Code | undefined } {
  const rewritten = new Map(values);
  const parts = shareSubSchemas(
    rewritten,
    (hint) => {
      const base = `shared${hint.replace(/[^A-Za-z0-9]+(.)?/g, (_w, c: string | undefined) => (c ?? '').toUpperCase()).replace(/^./, (c) => c.toUpperCase())}`;
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      taken.add(name);
      return name;
    },
    (id) => ({ [REF_KEY]: id }),
  );
  const refer = (value: object): Code | undefined => {
    const id = (value as Schema)[REF_KEY];
    return typeof id === 'string' && parts.has(id) && Object.keys(value).length === 1 ? new Code(id) : undefined;
  };
  // Each part after the parts it refers to (a rewritten part can be shorter than a part nested
  // in it, so length alone does not order them): depth-first over the references, shortest first.
  const texts = new Map([...parts.entries()].map(([name, v]) => [name, JSON.stringify(v)]));
  const refsOf = (name: string) => [...texts.get(name)!.matchAll(/\{"\$sharedConstant":"([A-Za-z0-9_]+)"\}/g)].map((m) => m[1]!);
  const shared: Array<[string, Schema]> = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    for (const ref of refsOf(name)) place(ref);
    shared.push([name, parts.get(name)!]);
  };
  // Ordered by the length of the literal (the reference written as its name, as it is in the file).
  const lengths = new Map([...texts].map(([name, text]) => [name, text.replace(/\{"\$sharedConstant":"([A-Za-z0-9_]+)"\}/g, '$1').length]));
  for (const name of [...texts.keys()].sort((a, b) => lengths.get(a)! - lengths.get(b)!)) place(name);
  return { shared, values: rewritten, refer };
}
