/**
 * Values that satisfy (or on purpose violate) an arg descriptor, for the generated contract
 * tests. A valid value is only a best effort: the tests use it for the params a request must
 * carry besides the one it breaks.
 */
import type { ArgSchema, ArgType, Route } from '../../contract/model.ts';

const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05',
  date: '2024-01-02',
  uri: 'https://example.org/',
  email: 'someone@example.org',
  ip: '127.0.0.1',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  'hex-color': '#aabbcc',
};

const STRING_CANDIDATES = ['a', 'abc', '1', 'example', 'a-b', 'me', 'abc123', 'A'];

/** A string that matches `pattern` (unanchored, as WordPress checks it), if a simple one does. */
function stringFor(pattern: string | undefined, minLength = 0): string | undefined {
  const candidates = STRING_CANDIDATES.map((c) => c.padEnd(minLength, c));
  if (pattern === undefined) return candidates[0];
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch {
    return undefined;
  }
  return candidates.find((c) => re.test(c));
}

export function mainType(arg: ArgSchema): ArgType | undefined {
  if (Array.isArray(arg.type)) return arg.type.find((t) => t !== 'null');
  return arg.type;
}

/** A value the descriptor accepts, or undefined when none is easy to find. */
export function validValue(arg: ArgSchema): unknown {
  // The spec's own sample: an existing key or a body a handler reads, which no schema can give.
  if (arg.example !== undefined) return arg.example;
  if (arg.default !== undefined && arg.default !== null) return arg.default;
  if (arg.enum && arg.enum.length > 0) return arg.enum[0];
  if (arg.oneOf?.[0]) return validValue(arg.oneOf[0]);
  if (arg.anyOf?.[0]) return validValue(arg.anyOf[0]);
  switch (mainType(arg)) {
    case 'integer':
    case 'number': {
      if (arg.minimum !== undefined) return arg.exclusiveMinimum ? arg.minimum + 1 : arg.minimum;
      if (arg.maximum !== undefined && arg.maximum < 1) return arg.exclusiveMaximum ? arg.maximum - 1 : arg.maximum;
      return 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = arg.items ? validValue(arg.items) : 'a';
      return Array.from({ length: Math.max(arg.minItems ?? 1, 1) }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(arg.properties ?? {})) if (prop.required) out[name] = validValue(prop);
      return out;
    }
    case 'null':
      return null;
    default:
      if (arg.format && STRING_BY_FORMAT[arg.format]) return STRING_BY_FORMAT[arg.format];
      return stringFor(arg.pattern, arg.minLength);
  }
}

/** The route's path with each capture filled by a value its pattern accepts, or undefined. */
export function samplePath(route: Route): string | undefined {
  let path = route.path;
  for (const capture of route.captures) {
    const re = new RegExp(`^(?:${capture.pattern})$`);
    const value = ['1', 'a', 'abc', 'me', 'a-b', 'abc123', 'A'].find((c) => re.test(c));
    if (value === undefined) return undefined;
    path = path.replace(`<${capture.name}>`, value);
  }
  return path;
}

export interface Violation {
  /** What the case breaks, e.g. `per_page above maximum`. */
  name: string;
  param: string;
  /** The value to send for `param`; `undefined` means leave it out. */
  value?: unknown;
  code: 'rest_missing_callback_param' | 'rest_invalid_param';
}

/** A value of the wrong type, where one can be told apart after WordPress's coercion. */
function wrongType(arg: ArgSchema, inQuery: boolean): unknown {
  if (Array.isArray(arg.type) || arg.oneOf || arg.anyOf) return undefined;
  switch (arg.type) {
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'object':
      return 'not-an-object';
    case 'string':
      return inQuery ? ['a', 'b'] : { not: 'a string' };
    default:
      return undefined;
  }
}

/** One case per constraint of the arg that a request can break. */
export function violationsOf(param: string, arg: ArgSchema, inQuery: boolean): Violation[] {
  const out: Violation[] = [];
  // WordPress never validates these (a post's title takes a string or an object): nothing to break.
  if (arg.validate === false) return out;
  const invalid = (what: string, value: unknown) => out.push({ name: `${param} ${what}`, param, value, code: 'rest_invalid_param' });
  // A default fills a missing param before WordPress checks for missing ones.
  if (arg.required && arg.default === undefined) out.push({ name: `${param} missing`, param, code: 'rest_missing_callback_param' });
  const wrong = wrongType(arg, inQuery);
  if (wrong !== undefined) invalid('of the wrong type', wrong);
  const type = mainType(arg);
  if (arg.enum && !Array.isArray(arg.type)) {
    if (type === 'string' && !arg.enum.includes('not-in-the-enum')) invalid('out of its enum', 'not-in-the-enum');
    if (type === 'integer') invalid('out of its enum', Math.max(...(arg.enum as number[])) + 1000);
  }
  if ((type === 'integer' || type === 'number') && !Array.isArray(arg.type)) {
    if (arg.minimum !== undefined) invalid('below minimum', arg.exclusiveMinimum ? arg.minimum : arg.minimum - 1);
    if (arg.maximum !== undefined) invalid('above maximum', arg.exclusiveMaximum ? arg.maximum : arg.maximum + 1);
  }
  if (type === 'array' && !Array.isArray(arg.type) && arg.minItems !== undefined && arg.minItems > 0) {
    const item = arg.items ? validValue(arg.items) : 'a';
    const few = Array.from({ length: arg.minItems - 1 }, () => item);
    // An empty list cannot be written in a query string; an empty value parses to one.
    invalid('with too few items', few.length === 0 && inQuery ? '' : few);
  }
  return out;
}
