/**
 * Turns an endpoint's WordPress-style arg descriptors into one JSON Schema (draft-07, for ajv)
 * of the whole params object. The generator compiles it to a standalone validator; tests with
 * hand-made routes compile it at run time with the same options, so both agree.
 *
 * WordPress differences handled here:
 * - `required: true` sits on each property; JSON Schema wants a `required` list on the parent.
 * - `exclusiveMinimum: true` is draft-04 style (a flag next to `minimum`); draft-07 wants a number.
 * - `context` and `readonly` are WordPress bookkeeping, not validation: dropped.
 * - `validate: false` args (WordPress's null validate_callback) accept anything.
 * - Unknown top-level params are ignored by WordPress, so the top level allows extra keys.
 * Values reach the validator already coerced (see coerce.ts), so types are checked strictly.
 */
import type { ArgSchema } from './model.ts';
import { WORDPRESS_FORMATS } from './formats.ts';

type JsonSchema = Record<string, unknown>;

/** Options for `new Ajv(...)`, shared by the generator (standalone code) and run-time compiles. */
export const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  // Coercion and defaults follow WordPress's rules in our own step, never ajv's.
  coerceTypes: false,
  useDefaults: false,
  // Patterns come from PHP (PCRE); most are not valid under the `u` flag.
  unicodeRegExp: false,
  formats: WORDPRESS_FORMATS,
  code: { source: true, esm: true },
} as const;

/**
 * The JSON Schema of an endpoint's whole params object (or of a resource's fields).
 * - `validate`: what ajv checks; an unvalidated arg accepts anything.
 * - `request` (types, OpenAPI): an unvalidated arg takes the shapes clients really send, a
 *   string or the declared object.
 * - `response`: a resource as the server answers it; the flag is about writes, so ignored.
 */
export function argsToJsonSchema(args: Record<string, ArgSchema>, purpose: 'validate' | 'request' | 'response' = 'validate'): object {
  const schema: JsonSchema = { type: 'object', properties: {}, additionalProperties: true };
  const properties = schema.properties as Record<string, JsonSchema>;
  const required: string[] = [];
  for (const [name, arg] of Object.entries(args)) {
    // An arg WordPress does not validate accepts any value; clients send a string or the object.
    if (arg.validate !== false || purpose === 'response') properties[name] = argToJsonSchema(arg);
    else properties[name] = purpose === 'validate' ? {} : { anyOf: [{ type: 'string' }, argToJsonSchema(arg)] };
    // An unvalidated arg is left out of what ajv sees; its presence is checked before (rest_missing_callback_param).
    if (arg.required === true && !(arg.validate === false && purpose === 'validate')) required.push(name);
  }
  if (required.length > 0) schema.required = required;
  return schema;
}

/** One descriptor, recursively (items, properties, oneOf/anyOf). */
export function argToJsonSchema(arg: ArgSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(arg)) {
    switch (key) {
      case 'required':
      case 'validate':
      case 'keyedEnum':
      case 'context':
      case 'readonly':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        break;
      case 'items':
        out.items = argToJsonSchema(value as ArgSchema);
        break;
      case 'oneOf':
      case 'anyOf':
        out[key] = (value as ArgSchema[]).map(argToJsonSchema);
        break;
      case 'additionalProperties':
        out.additionalProperties = typeof value === 'object' ? argToJsonSchema(value as ArgSchema) : value;
        break;
      case 'properties': {
        const props: Record<string, JsonSchema> = {};
        const req: string[] = [];
        for (const [name, child] of Object.entries(value as Record<string, ArgSchema>)) {
          props[name] = argToJsonSchema(child);
          if (child.required === true) req.push(name);
        }
        out.properties = props;
        if (req.length > 0) out.required = req;
        break;
      }
      default:
        out[key] = value;
    }
  }
  moveExclusiveBound(arg, out, 'exclusiveMinimum', 'minimum');
  moveExclusiveBound(arg, out, 'exclusiveMaximum', 'maximum');
  return out;
}

/** Draft-04 `{minimum: 1, exclusiveMinimum: true}` becomes draft-07 `{exclusiveMinimum: 1}`. */
function moveExclusiveBound(arg: ArgSchema, out: JsonSchema, flag: 'exclusiveMinimum' | 'exclusiveMaximum', bound: 'minimum' | 'maximum'): void {
  if (arg[flag] === true && typeof arg[bound] === 'number') {
    out[flag] = arg[bound];
    delete out[bound];
  }
}
