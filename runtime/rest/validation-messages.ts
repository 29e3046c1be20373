/**
 * Turns ajv errors about one param into the one error WordPress would report for it, with
 * WordPress's code, wording and data (rest_validate_value_from_schema). WordPress stops at the
 * first problem of a value, checking the value's own type first, then what is inside it, then
 * its bounds, enum and format; `pickError` follows that order.
 */
import type { ArgSchema } from '../../contract/model.ts';
import type { AjvErrorLike } from './types.ts';

export interface ParamError {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

const KEYWORD_ORDER = [
  'type', 'oneOf', 'anyOf', 'required', 'additionalProperties', 'minProperties', 'maxProperties',
  'minItems', 'maxItems', 'uniqueItems', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'pattern', 'enum', 'format',
];

/** The error WordPress reports for `name` among ajv's errors about it (paths under `/name`). */
export function pickError(name: string, arg: ArgSchema, errors: AjvErrorLike[]): ParamError {
  const ranked = [...errors].sort((a, b) => depth(a) - depth(b) || rank(a.keyword) - rank(b.keyword));
  const error = ranked.find((e) => KEYWORD_ORDER.includes(e.keyword)) ?? ranked[0]!;
  const segments = error.instancePath.split('/').slice(2).map(unescapePointer);
  const schema = schemaAt(arg, segments) ?? arg;
  const param = name + segments.map((s) => `[${s}]`).join('');
  return describe(error, schema, param);
}

function depth(e: AjvErrorLike): number {
  return e.instancePath.split('/').length;
}

function rank(keyword: string): number {
  const i = KEYWORD_ORDER.indexOf(keyword);
  return i < 0 ? KEYWORD_ORDER.length : i;
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The descriptor that applies at a path inside a param (items, properties). */
function schemaAt(arg: ArgSchema, segments: string[]): ArgSchema | undefined {
  let schema: ArgSchema | undefined = arg;
  for (const seg of segments) {
    if (!schema) return undefined;
    if (schema.items && /^\d+$/.test(seg)) schema = schema.items;
    else schema = schema.properties?.[seg] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
  }
  return schema;
}

function describe(error: AjvErrorLike, schema: ArgSchema, param: string): ParamError {
  const p = error.params;
  switch (error.keyword) {
    case 'type': {
      const types = Array.isArray(schema.type) ? schema.type.join(',') : String(schema.type ?? p.type);
      return { code: 'rest_invalid_type', message: `${param} is not of type ${types}.`, data: { param } };
    }
    case 'enum': {
      // Non-scalar choices are printed as JSON; a single choice reads "is not X" (rest_validate_enum).
      const choices = ((schema.enum ?? p.allowedValues ?? []) as unknown[]).map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)));
      const message = choices.length === 1 ? `${param} is not ${choices[0]}.` : `${param} is not one of ${humanList(choices)}.`;
      return { code: 'rest_not_in_enum', message, data: null };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { code: 'rest_out_of_bounds', message: boundsMessage(schema, param), data: null };
    case 'multipleOf':
      return { code: 'rest_invalid_multiple', message: `${param} must be a multiple of ${p.multipleOf}.`, data: null };
    case 'minLength':
      return { code: 'rest_too_short', message: `${param} must be at least ${p.limit} ${plural(Number(p.limit), 'character', 'characters')} long.`, data: null };
    case 'maxLength':
      return { code: 'rest_too_long', message: `${param} must be at most ${p.limit} ${plural(Number(p.limit), 'character', 'characters')} long.`, data: null };
    case 'pattern':
      return { code: 'rest_invalid_pattern', message: `${param} does not match pattern ${p.pattern}.`, data: null };
    case 'minItems':
      return { code: 'rest_too_few_items', message: `${param} must contain at least ${p.limit} ${plural(Number(p.limit), 'item', 'items')}.`, data: null };
    case 'maxItems':
      return { code: 'rest_too_many_items', message: `${param} must contain at most ${p.limit} ${plural(Number(p.limit), 'item', 'items')}.`, data: null };
    case 'uniqueItems':
      return { code: 'rest_duplicate_items', message: `${param} has duplicate items.`, data: null };
    case 'required':
      return { code: 'rest_property_required', message: `${p.missingProperty} is a required property of ${param}.`, data: null };
    case 'additionalProperties':
      return { code: 'rest_additional_properties_forbidden', message: `${p.additionalProperty} is not a valid property of Object.`, data: null };
    case 'format':
      return formatError(String(p.format), param);
    case 'oneOf':
    case 'anyOf':
      return { code: 'rest_no_matching_schema', message: `${param} does not match any of the expected formats.`, data: null };
    default:
      return { code: 'rest_invalid_param', message: `${param} is invalid.`, data: null };
  }
}

function formatError(format: string, param: string): ParamError {
  switch (format) {
    case 'date-time':
      return { code: 'rest_invalid_date', message: 'Invalid date.', data: null };
    case 'email':
      return { code: 'rest_invalid_email', message: 'Invalid email address.', data: null };
    case 'hex-color':
      return { code: 'rest_invalid_hex_color', message: 'Invalid hex color.', data: null };
    case 'ip':
      return { code: 'rest_invalid_ip', message: `${param} is not a valid IP address.`, data: null };
    case 'uuid':
      return { code: 'rest_invalid_uuid', message: `${param} is not a valid UUID.`, data: null };
    default:
      return { code: 'rest_invalid_param', message: `${param} is not a valid ${format}.`, data: null };
  }
}

/** WordPress's wording for numeric bounds; no final period, integers shown as %d shows them. */
function boundsMessage(schema: ArgSchema, param: string): string {
  const min = schema.minimum !== undefined ? Math.trunc(schema.minimum) : undefined;
  const max = schema.maximum !== undefined ? Math.trunc(schema.maximum) : undefined;
  const exMin = schema.exclusiveMinimum === true;
  const exMax = schema.exclusiveMaximum === true;
  if (min !== undefined && max === undefined) return exMin ? `${param} must be greater than ${min}` : `${param} must be greater than or equal to ${min}`;
  if (max !== undefined && min === undefined) return exMax ? `${param} must be less than ${max}` : `${param} must be less than or equal to ${max}`;
  return `${param} must be between ${min} (${exMin ? 'exclusive' : 'inclusive'}) and ${max} (${exMax ? 'exclusive' : 'inclusive'})`;
}

function plural(n: number, one: string, many: string): string {
  return Number(n) === 1 ? one : many;
}

/** wp_sprintf's %l: "a", "a and b", "a, b, and c". */
export function humanList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** One alternative of a oneOf/anyOf and the error WordPress would report against it. */
export interface BranchFailure {
  index: number;
  schema: ArgSchema;
  error: ParamError;
}

/**
 * WordPress's rest_get_combining_operation_error: one failure is reported with its reason; type
 * mismatches of the whole value are set aside first; among object branches the one sharing the
 * most properties with the value wins; otherwise the branch titles are listed.
 */
export function combiningOperationError(param: string, value: unknown, failures: BranchFailure[]): ParamError {
  if (failures.length === 1) return withReason(param, failures[0]!);
  const filtered = failures.filter((f) => f.error.code !== 'rest_invalid_type' || (f.error.data?.param !== undefined && f.error.data.param !== param));
  if (filtered.length === 1) return withReason(param, filtered[0]!);
  if (filtered.length > 1 && filtered[0]!.schema.type === 'object') {
    let best: BranchFailure | undefined;
    let shared = 0;
    for (const f of filtered) {
      const n = f.schema.properties && value && typeof value === 'object' ? Object.keys(f.schema.properties).filter((k) => k in value).length : 0;
      if (n > shared) [best, shared] = [f, n];
    }
    if (best) return withReason(param, best);
  }
  const titles = failures.map((f) => f.schema.title).filter((t): t is string => typeof t === 'string');
  if (titles.length === failures.length) return { code: 'rest_no_matching_schema', message: `${param} is not a valid ${humanList(titles)}.`, data: null };
  return { code: 'rest_no_matching_schema', message: `${param} does not match any of the expected formats.`, data: null };
}

function withReason(param: string, failure: BranchFailure): ParamError {
  const title = failure.schema.title;
  const message = title ? `${param} is not a valid ${title}. Reason: ${failure.error.message}` : `${param} does not match the expected format. Reason: ${failure.error.message}`;
  return { code: 'rest_no_matching_schema', message, data: { position: failure.index } };
}
