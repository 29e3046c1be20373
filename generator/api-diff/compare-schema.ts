/**
 * How one descriptor (an arg, or a field of an answer) changed between two versions of the
 * spec, told as the values it admits: each constraint that moved says whether it now admits
 * fewer (`narrowed`), more (`widened`) or other values (`changed`). Whether that breaks a client
 * depends on the side: classify.ts decides. Nested properties and list items are compared the
 * same way, their paths written `dimensions.width` and `tags[]`.
 */
import type { ArgSchema } from '../../contract/model.ts';
import { canonical } from '../import/compare.ts';
import type { Aspect, Effect } from './changes.ts';

/** request: what a client sends (every validation keyword counts); response: what it reads. */
export type Side = 'request' | 'response';

export type SchemaDelta =
  | { delta: 'added'; path: string; required: boolean; contexts?: string[] }
  | { delta: 'removed'; path: string; contexts?: string[] }
  | { delta: 'constraint'; path: string; aspect: Aspect; effect: Effect; from?: unknown; to?: unknown; added?: unknown[]; removed?: unknown[] };

const ALL_CONTEXTS = ['view', 'edit', 'embed'];

/** Raising one of these admits fewer values; lowering it, more. */
const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems'] as const;
/** Turning one of these on admits fewer values. */
const SWITCHES = ['exclusiveMinimum', 'exclusiveMaximum', 'uniqueItems'] as const;
/** Adding one admits fewer values, removing it more; one value for another is neither. */
const RESTRICTIONS = ['format', 'pattern'] as const;

/**
 * `required` tells whether each side must be sent (an arg's own flag, or its parent object's
 * list); only requests read it, as a resource's `required` is about writes, not answers.
 */
export function compareDescriptor(
  before: ArgSchema,
  after: ArgSchema,
  side: Side,
  path = '',
  required: { before: boolean; after: boolean } = { before: before.required === true, after: after.required === true },
): SchemaDelta[] {
  const out: SchemaDelta[] = [];
  const constraint = (aspect: Aspect, effect: Effect, extra: { from?: unknown; to?: unknown; added?: unknown[]; removed?: unknown[] } = {}): void => {
    out.push({ delta: 'constraint', path, aspect, effect, ...extra });
  };
  compareType(before, after, constraint);
  compareEnum(before, after, constraint);
  if (side === 'response') compareContexts(before, after, path, out);
  else compareRequestOnly(before, after, required, constraint);
  for (const aspect of RESTRICTIONS) {
    const [b, a] = [before[aspect], after[aspect]];
    if (b === a) continue;
    constraint(aspect, b === undefined ? 'narrowed' : a === undefined ? 'widened' : 'changed', { from: b, to: a });
  }
  for (const aspect of ['oneOf', 'anyOf'] as const) {
    // Branches are compared as a whole: which of two sets of branches admits more is not decidable here.
    if (canonical(before[aspect]) !== canonical(after[aspect])) constraint(aspect, 'changed', { from: before[aspect], to: after[aspect] });
  }
  compareItems(before, after, side, path, constraint, out);
  compareProperties(before, after, side, path, out);
  return out;
}

type Constraint = (aspect: Aspect, effect: Effect, extra?: { from?: unknown; to?: unknown; added?: unknown[]; removed?: unknown[] }) => void;

/** Validation keywords: what a server refuses, so what a client sending values cares about. */
function compareRequestOnly(before: ArgSchema, after: ArgSchema, required: { before: boolean; after: boolean }, constraint: Constraint): void {
  if (required.before !== required.after) constraint('required', required.after ? 'narrowed' : 'widened', { from: required.before, to: required.after });
  // A new default changes what a call leaving the arg out means: neither more nor fewer values.
  if (canonical(before.default) !== canonical(after.default)) constraint('default', 'changed', { from: before.default, to: after.default });
  for (const aspect of LOWER_BOUNDS) bound(aspect, before[aspect], after[aspect], 1, constraint);
  for (const aspect of UPPER_BOUNDS) bound(aspect, before[aspect], after[aspect], -1, constraint);
  for (const aspect of SWITCHES) {
    const [b, a] = [before[aspect] === true, after[aspect] === true];
    if (b !== a) constraint(aspect, a ? 'narrowed' : 'widened', { from: before[aspect], to: after[aspect] });
  }
  const [b, a] = [openness(before.additionalProperties), openness(after.additionalProperties)];
  if (b.rank !== a.rank) constraint('additionalProperties', a.rank < b.rank ? 'narrowed' : 'widened', { from: before.additionalProperties, to: after.additionalProperties });
  else if (b.key !== a.key) constraint('additionalProperties', 'changed', { from: before.additionalProperties, to: after.additionalProperties });
}

/** `sign` 1: a larger value admits fewer (a lower bound); -1: a smaller one does (an upper bound). */
function bound(aspect: Aspect, b: number | undefined, a: number | undefined, sign: 1 | -1, constraint: Constraint): void {
  if (b === a) return;
  const narrowed = b === undefined || (a !== undefined && (a - b) * sign > 0);
  constraint(aspect, narrowed ? 'narrowed' : 'widened', { from: b, to: a });
}

/** Keys beyond `properties`: absent or true admits any (2), a schema some (1), false none (0). */
function openness(value: ArgSchema['additionalProperties']): { rank: number; key: string } {
  if (value === undefined || value === true) return { rank: 2, key: 'any' };
  if (value === false) return { rank: 0, key: 'none' };
  return { rank: 1, key: canonical(value) };
}

/** The types a descriptor admits; none written admits any value. */
function typesOf(schema: ArgSchema): Set<string> | 'any' {
  return schema.type === undefined ? 'any' : new Set([schema.type].flat());
}

/** Whether every value of type set `inner` is admitted by `outer` (a number admits an integer). */
function admits(outer: Set<string> | 'any', inner: Set<string> | 'any'): boolean {
  if (outer === 'any') return true;
  if (inner === 'any') return false;
  return [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));
}

function compareType(before: ArgSchema, after: ArgSchema, constraint: Constraint): void {
  const [b, a] = [typesOf(before), typesOf(after)];
  const [wider, narrower] = [admits(a, b), admits(b, a)];
  if (wider && narrower) return;
  constraint('type', wider ? 'widened' : narrower ? 'narrowed' : 'changed', { from: before.type, to: after.type });
}

function compareEnum(before: ArgSchema, after: ArgSchema, constraint: Constraint): void {
  if (before.enum === undefined && after.enum === undefined) return;
  if (before.enum === undefined || after.enum === undefined) {
    constraint('enum', before.enum === undefined ? 'narrowed' : 'widened', { from: before.enum, to: after.enum });
    return;
  }
  const had = new Set(before.enum.map(canonical));
  const has = new Set(after.enum.map(canonical));
  const removed = before.enum.filter((v) => !has.has(canonical(v)));
  const added = after.enum.filter((v) => !had.has(canonical(v)));
  if (removed.length > 0) constraint('enum', 'narrowed', { removed });
  if (added.length > 0) constraint('enum', 'widened', { added });
}

/**
 * A field leaving a context (`embed`) is gone for the clients asking for that context: a removal
 * there, as a field joining one is an addition. No `context` means every context.
 */
function compareContexts(before: ArgSchema, after: ArgSchema, path: string, out: SchemaDelta[]): void {
  const [b, a] = [before.context ?? ALL_CONTEXTS, after.context ?? ALL_CONTEXTS];
  const lost = b.filter((c) => !a.includes(c));
  const gained = a.filter((c) => !b.includes(c));
  if (lost.length > 0) out.push({ delta: 'removed', path, contexts: lost });
  if (gained.length > 0) out.push({ delta: 'added', path, required: false, contexts: gained });
}

function compareItems(before: ArgSchema, after: ArgSchema, side: Side, path: string, constraint: Constraint, out: SchemaDelta[]): void {
  if (before.items === undefined && after.items === undefined) return;
  if (before.items === undefined || after.items === undefined) {
    constraint('items', before.items === undefined ? 'narrowed' : 'widened', { from: before.items, to: after.items });
    return;
  }
  out.push(...compareDescriptor(before.items, after.items, side, `${path}[]`, { before: false, after: false }));
}

function compareProperties(before: ArgSchema, after: ArgSchema, side: Side, path: string, out: SchemaDelta[]): void {
  const [b, a] = [shown(before.properties ?? {}, side), shown(after.properties ?? {}, side)];
  const requiredIn = (parent: ArgSchema, name: string, child: ArgSchema | undefined): boolean =>
    child?.required === true || (Array.isArray(parent.required) && parent.required.includes(name));
  const at = (name: string): string => (path === '' ? name : `${path}.${name}`);
  for (const name of Object.keys(b)) if (!(name in a)) out.push({ delta: 'removed', path: at(name) });
  for (const [name, schema] of Object.entries(a)) {
    if (!(name in b)) {
      out.push({ delta: 'added', path: at(name), required: side === 'request' && requiredIn(after, name, schema) });
      continue;
    }
    const required = { before: requiredIn(before, name, b[name]), after: requiredIn(after, name, schema) };
    out.push(...compareDescriptor(b[name], schema, side, at(name), required));
  }
}

/** A field of no context (`context: []`, a password) is never in an answer. */
function shown(properties: Record<string, ArgSchema>, side: Side): Record<string, ArgSchema> {
  if (side === 'request') return properties;
  return Object.fromEntries(Object.entries(properties).filter(([, p]) => p.context === undefined || p.context.length > 0));
}
