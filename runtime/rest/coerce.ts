/**
 * WordPress's lenient reading of param values (rest_validate_value_from_schema and
 * rest_sanitize_value_from_schema), applied before the strict ajv validator:
 * - arrays from comma/space lists ("1,2 3") and from PHP's numbered maps ({0: a, 1: b});
 * - booleans from "true"/"false"/"1"/"0" (any case) and from 1/0;
 * - integers and numbers from numeric strings ("5", " 5", "5.0" as an integer); integers
 *   beyond ±2^53 held at that bound, as PHP's (int) holds them at PHP_INT_MAX;
 * - objects from '' (empty object) and from lists (PHP arrays are objects too);
 * - several types tried in the order declared (rest_get_best_type_for_value);
 * - oneOf/anyOf: the first sub-schema the value fits after coercion;
 * - text-field/textarea-field strings cleaned as sanitize_text_field does.
 * A value that cannot be read as its type is returned unchanged: ajv then reports it.
 */
import type { ArgSchema, ArgType } from '../../contract/model.ts';

const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

export function coerceValue(value: unknown, schema: ArgSchema, fits?: (v: unknown, s: ArgSchema) => boolean): unknown {
  if (schema.oneOf || schema.anyOf) return coerceCombined(value, (schema.oneOf ?? schema.anyOf)!, fits);
  const types = typesOf(schema);
  if (types.length === 0) return value;
  const type = bestType(value, types);
  if (!type) return value;
  switch (type) {
    case 'array': {
      const list = asList(value)!;
      return schema.items ? list.map((v) => coerceValue(v, schema.items!, fits)) : list;
    }
    case 'object':
      return coerceObject(value, schema, fits);
    case 'integer':
      return clampInteger(typeof value === 'number' ? value : Number(String(value).trim()));
    case 'number':
      return typeof value === 'number' ? value : Number(String(value).trim());
    case 'boolean':
      return toBoolean(value);
    case 'string':
      return cleanString(value as string, schema.format);
    default:
      return value;
  }
}

/**
 * PHP's (int) saturates a numeric string beyond its range at PHP_INT_MAX; here the bound is the
 * largest integer a JavaScript number holds exactly. Without it, `page=999999999999999999999`
 * reaches SQL as 1e21, which SQLite refuses as a LIMIT/OFFSET ("datatype mismatch", a 500).
 */
function clampInteger(n: number): number {
  return Math.min(Math.max(n, -Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
}

function typesOf(schema: ArgSchema): ArgType[] {
  if (!schema.type) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The first declared type the value can be read as; '' prefers string (as WordPress does). */
export function bestType(value: unknown, types: ArgType[]): ArgType | undefined {
  if (value === '' && types.includes('string')) return 'string';
  return types.find((t) => isReadableAs(value, t));
}

function isReadableAs(value: unknown, type: ArgType): boolean {
  switch (type) {
    case 'array':
      return asList(value) !== undefined;
    case 'object':
      return value === '' || (typeof value === 'object' && value !== null);
    case 'integer':
      return isNumeric(value) && Number.isInteger(Number(String(value).trim()));
    case 'number':
      return isNumeric(value);
    case 'boolean':
      return toBoolean(value) !== undefined;
    case 'string':
      return typeof value === 'string';
    case 'null':
      return value === null;
  }
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && PHP_NUMERIC.test(value);
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

/** wp_parse_list for strings; lists as they are; PHP maps with only numeric keys as lists. */
function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value).split(/[\s,]+/).filter((s) => s !== '');
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (value as Record<string, unknown>)[k]);
  }
  return undefined;
}

function coerceObject(value: unknown, schema: ArgSchema, fits?: (v: unknown, s: ArgSchema) => boolean): Record<string, unknown> {
  if (value === '') return {};
  const source = Array.isArray(value) ? Object.fromEntries(value.map((v, i) => [String(i), v])) : (value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(source)) {
    // Own properties only: a key named `constructor` or `toString` is data, not the schema's prototype.
    const declared = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    const childSchema = declared ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    out[key] = childSchema ? coerceValue(child, childSchema, fits) : child;
  }
  return out;
}

/** The first alternative whose coerced value fits it; otherwise the value as sent. */
function coerceCombined(value: unknown, options: ArgSchema[], fits?: (v: unknown, s: ArgSchema) => boolean): unknown {
  for (const option of options) {
    const coerced = coerceValue(value, option, fits);
    if (!fits || fits(coerced, option)) return coerced;
  }
  return value;
}

/** sanitize_text_field, for services that clean a field the spec does not mark. */
export function sanitizeTextField(value: string): string {
  return cleanString(value, 'text-field');
}

/** sanitize_text_field / sanitize_textarea_field, in their essentials: no tags, tidy spaces. */
function cleanString(value: string, format: ArgSchema['format']): string {
  if (format !== 'text-field' && format !== 'textarea-field') return value;
  let s = value.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]*>/g, '');
  if (format === 'text-field') s = s.replace(/[\r\n\t ]+/g, ' ');
  return s.trim();
}
