/**
 * Rules 3 (`$shape` names a shape), 5 (defaults fit type and enum), 6 (min <= max) and 7
 * (patterns compile) for one arg descriptor and everything nested in it.
 */
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';
import type { RawDescriptor } from './raw.ts';
import { didYouMean } from './suggest.ts';

export interface NameSets {
  shapes: Set<string>;
  resources: Set<string>;
  data: Set<string>;
  namespaces: Set<string>;
}

const BOUNDS = [
  ['minimum', 'maximum'],
  ['minItems', 'maxItems'],
  ['minLength', 'maxLength'],
] as const;

/** `partial`: an override's `set:` holds only the keys it changes, so type-less defaults pass. */
export function checkDescriptor(
  src: SourceFile,
  at: DataPath,
  d: RawDescriptor,
  names: NameSets,
  out: Diagnostic[],
  partial = false,
): void {
  if (!d || typeof d !== 'object') return;
  if (d.default !== undefined && !partial) checkDefault(src, at, d, out);
  for (const [low, high] of BOUNDS) {
    const lowValue = d[low];
    const highValue = d[high];
    if (typeof lowValue === 'number' && typeof highValue === 'number' && lowValue > highValue) {
      out.push(diagnostic('minAboveMax', positionOf(src, [...at, low]), { low, high, lowValue, highValue }));
    }
  }
  if (typeof d.pattern === 'string') {
    const problem = regexProblem(d.pattern);
    if (problem) out.push(diagnostic('badRegex', positionOf(src, [...at, 'pattern']), { pattern: d.pattern, problem }));
  }
  if (d.items) checkDescriptor(src, [...at, 'items'], d.items, names, out);
  for (const key of ['oneOf', 'anyOf'] as const) {
    d[key]?.forEach((option, i) => checkDescriptor(src, [...at, key, i], option, names, out));
  }
  if (d.additionalProperties && typeof d.additionalProperties === 'object') {
    checkDescriptor(src, [...at, 'additionalProperties'], d.additionalProperties, names, out);
  }
  const properties = d.properties as Record<string, unknown> | undefined;
  if (properties && typeof properties.$shape === 'string') {
    const name = properties.$shape;
    if (!names.shapes.has(name)) {
      out.push(diagnostic('unknownShape', positionOf(src, [...at, 'properties', '$shape']), { name, suggestion: didYouMean(name, names.shapes) }));
    }
  } else if (properties) {
    for (const [key, value] of Object.entries(properties)) checkDescriptor(src, [...at, 'properties', key], value as RawDescriptor, names, out);
  }
}

export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
}

/** Rule 5, with WordPress's leniencies written in FORMAT.md (null; scalar or map for arrays). */
function checkDefault(src: SourceFile, at: DataPath, d: RawDescriptor, out: Diagnostic[]): void {
  const value = d.default;
  if (value === null) return;
  // Asked only for a report: a file answered from the parse cache is then not parsed again for it.
  const where = () => positionOf(src, [...at, 'default']);
  const types = d.type === undefined ? [] : Array.isArray(d.type) ? d.type : [d.type];
  const shown = JSON.stringify(value);
  if (types.length && !types.some((t) => fitsType(value, t))) {
    const arrayFallback =
      types.includes('array') && (isMap(value) || (!Array.isArray(value) && fitsItems(value, d.items)));
    if (!arrayFallback) {
      out.push(diagnostic('defaultWrongType', where(), { value: shown, type: types.join(' or ') }));
      return;
    }
  }
  if (d.enum && !d.enum.some((e) => sameValue(e, value))) {
    out.push(diagnostic('defaultNotInEnum', where(), { value: shown, allowed: JSON.stringify(d.enum) }));
    return;
  }
  const itemEnum = d.items?.enum;
  if (itemEnum && !d.enum) {
    const values = Array.isArray(value) ? value : isMap(value) ? [] : [value];
    for (const v of values) {
      if (!itemEnum.some((e) => sameValue(e, v))) {
        out.push(diagnostic('defaultNotInEnum', where(), { value: JSON.stringify(v), allowed: JSON.stringify(itemEnum) }));
        return;
      }
    }
  }
}

function fitsItems(value: unknown, items: RawDescriptor | undefined): boolean {
  if (!items?.type) return true;
  const types = Array.isArray(items.type) ? items.type : [items.type];
  return types.some((t) => fitsType(value, t));
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isMap(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function isMap(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
