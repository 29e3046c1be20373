/**
 * The params step of the pipeline, in WordPress's order (WP_REST_Request::has_valid_params,
 * then sanitize_params): required params first (`rest_missing_callback_param`), then each
 * present declared param is coerced (coerce.ts) and the endpoint's ajv validator checks them
 * all at once; failures become one `rest_invalid_param` listing the bad params as WordPress's two
 * passes find them (see `reportedInOrder`). Unknown params pass through untouched, as WordPress
 * ignores them.
 */
import { Ajv } from 'ajv';
import type { ArgSchema } from '../../contract/model.ts';
import type { AjvErrorLike, CompiledValidator, EndpointDef } from './types.ts';
import { restError } from './errors.ts';
import { AJV_OPTIONS, argToJsonSchema, argsToJsonSchema } from '../../contract/args-schema.ts';
import { coerceValue } from './coerce.ts';
import { combiningOperationError, pickError, type BranchFailure, type ParamError } from './validation-messages.ts';

// Run-time compiles: hand-made route tables in tests, and oneOf/anyOf alternatives.
const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: false } });
const endpointValidators = new WeakMap<EndpointDef, CompiledValidator>();
const schemaValidators = new WeakMap<ArgSchema, CompiledValidator>();

function validatorOf(endpoint: EndpointDef): CompiledValidator {
  if (endpoint.validate) return endpoint.validate;
  let v = endpointValidators.get(endpoint);
  if (!v) {
    v = ajv.compile(argsToJsonSchema(endpoint.args)) as CompiledValidator;
    endpointValidators.set(endpoint, v);
  }
  return v;
}

/** Whether a value fits one descriptor; used to choose among oneOf/anyOf alternatives. */
function fits(value: unknown, schema: ArgSchema): boolean {
  let v = schemaValidators.get(schema);
  if (!v) {
    v = ajv.compile(argToJsonSchema(schema)) as CompiledValidator;
    schemaValidators.set(schema, v);
  }
  return v(value);
}

const isAbsent = (v: unknown) => v === undefined || v === null;

/** An endpoint's args as every request walks them, listed once per endpoint. */
interface ArgList {
  /** Args ajv checks (all but `validate: false`), in args order. */
  checked: Array<[string, ArgSchema]>;
  /** Names of the required args, in args order. */
  required: string[];
}

const argLists = new WeakMap<EndpointDef, ArgList>();

function argListOf(endpoint: EndpointDef): ArgList {
  let list = argLists.get(endpoint);
  if (!list) {
    const entries = Object.entries(endpoint.args ?? {});
    list = { checked: entries.filter(([, arg]) => arg.validate !== false), required: entries.filter(([, arg]) => arg.required === true).map(([name]) => name) };
    argLists.set(endpoint, list);
  }
  return list;
}

/**
 * Returns the params with declared ones coerced; throws the WordPress error otherwise.
 * `givenOrder`: the names as the request gave them (body, query, path), for the error's order
 * (asked only when there is an error to report).
 */
export function validateParams(endpoint: EndpointDef, params: Record<string, unknown>, givenOrder: () => string[] = () => Object.keys(params)): Record<string, unknown> {
  const { checked, required } = argListOf(endpoint);
  const missing = required.filter((name) => isAbsent(params[name]));
  if (missing.length > 0) throw restError('rest_missing_callback_param', [missing.join(', ')], { params: missing });

  const out: Record<string, unknown> = { ...params };
  const subject: Record<string, unknown> = {};
  for (const [name, arg] of checked) {
    const value = params[name];
    if (isAbsent(value)) continue;
    out[name] = subject[name] = coerceValue(value, arg, fits);
  }

  const validate = validatorOf(endpoint);
  if (validate(subject)) return out;
  throw invalidParamsError(endpoint, givenOrder(), validate.errors ?? [], params);
}

/**
 * Params a read's first pass checks: WordPress gives only these collection params their own
 * validate_callback, which has_valid_params runs before sanitize_params validates the rest.
 */
const FIRST_PASS_READ_PARAMS = ['context', 'page', 'per_page'];

/**
 * The bad params WordPress names, in its order. Write args come from the item schema, each with a
 * validate_callback: all are checked in args order. A read first checks context, page and
 * per_page (args order); only if they pass are the others checked, in the order the request
 * gave them (sanitize_params walks the request's params).
 */
function reportedInOrder(endpoint: EndpointDef, givenOrder: string[], bad: Set<string>): string[] {
  const argNames = Object.keys(endpoint.args ?? {});
  const isRead = endpoint.methods.every((m) => m === 'GET');
  if (!isRead) return argNames.filter((n) => bad.has(n));
  const first = argNames.filter((n) => bad.has(n) && FIRST_PASS_READ_PARAMS.includes(n));
  if (first.length > 0) return first;
  const given = [...new Set(givenOrder)].filter((n) => bad.has(n));
  return [...given, ...argNames.filter((n) => bad.has(n) && !given.includes(n))];
}

function invalidParamsError(endpoint: EndpointDef, given: string[], errors: AjvErrorLike[], values: Record<string, unknown>) {
  const args = endpoint.args ?? {};
  const byParam = new Map<string, AjvErrorLike[]>();
  for (const e of errors) {
    const name = unescape(e.instancePath.split('/')[1] ?? '');
    if (!name || !Object.hasOwn(args, name)) continue;
    // Pushed, not copied: a list of 40,000 bad items gives as many errors (copying was quadratic).
    const list = byParam.get(name);
    if (list) list.push(e);
    else byParam.set(name, [e]);
  }
  const params: Record<string, string> = {};
  const details: Record<string, ParamError> = {};
  for (const name of reportedInOrder(endpoint, given, new Set(byParam.keys()))) {
    const list = byParam.get(name)!;
    const error = combiningError(name, args[name]!, values[name]) ?? pickError(name, args[name]!, list);
    params[name] = error.message;
    details[name] = error;
  }
  const names = Object.keys(params);
  if (names.length === 0) names.push('params');
  return restError('rest_invalid_param', [names.join(', ')], { params, details });
}

function unescape(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

const branchValidators = new Map<string, WeakMap<ArgSchema, CompiledValidator>>();

/**
 * A oneOf/anyOf param whose value is of one of its types is judged branch by branch, as
 * WordPress's rest_find_one_matching_schema does, so the error names the branch that came
 * closest and why it failed. A string stands for a list where a list is allowed (wp_parse_list).
 * Undefined when the param has no alternatives or the value fits none of its types.
 */
function combiningError(name: string, arg: ArgSchema, raw: unknown): ParamError | undefined {
  const branches = arg.oneOf ?? arg.anyOf;
  if (!branches || raw === undefined || raw === null) return undefined;
  const types = Array.isArray(arg.type) ? arg.type : arg.type ? [arg.type] : [];
  const value = typeof raw === 'string' && types.includes('array') ? raw.split(/[\s,]+/).filter((x) => x !== '') : raw;
  if (typeof value !== 'object') return undefined;
  const failures: BranchFailure[] = [];
  for (const [index, branch] of branches.entries()) {
    const schema: ArgSchema = branch.type === undefined && arg.type !== undefined ? { ...branch, type: arg.type } : branch;
    let byName = branchValidators.get(name);
    if (!byName) branchValidators.set(name, (byName = new WeakMap()));
    let check = byName.get(branch);
    if (!check) byName.set(branch, (check = ajv.compile(argsToJsonSchema({ [name]: schema })) as CompiledValidator));
    // Each alternative reads the value as sent: a text is a list to a list, but no object.
    const asSent = typeof raw === 'string' && raw !== '' && schema.type === 'object';
    const subject = { [name]: asSent ? raw : coerceValue(raw, schema, fits) };
    if (check(subject)) return undefined;
    failures.push({ index, schema, error: pickError(name, schema, check.errors ?? []) });
  }
  return combiningOperationError(name, value, failures);
}
