/**
 * The two ways `specpress diff <git-ref>` prints its report: text for people (one line per change,
 * grouped per deployment) and JSON for tools (the ApiDiff with each change's line as `message`,
 * keys always in the same order).
 */
import type { ApiChange, ApiDiff } from './changes.ts';

/** A value as the text shows it: `none` when absent, JSON otherwise, cut when long. */
function show(value: unknown): string {
  if (value === undefined) return 'none';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const showType = (value: unknown): string => (value === undefined ? 'any' : [value].flat().join('|'));

function constraintText(c: ApiChange): string {
  const effect = c.effect === 'changed' ? '' : ` (${c.effect})`;
  switch (c.aspect) {
    case 'type':
      return `type ${showType(c.from)} -> ${showType(c.to)}${effect}`;
    case 'enum':
      if (c.removed) return `enum values removed: ${c.removed.map(show).join(', ')}`;
      if (c.added) return `enum values added: ${c.added.map(show).join(', ')}`;
      return `enum ${show(c.from)} -> ${show(c.to)}${effect}`;
    case 'required':
      return c.to === true ? 'now required' : 'no longer required';
    default:
      return `${c.aspect} ${show(c.from)} -> ${show(c.to)}${effect}`;
  }
}

const contextsText = (c: ApiChange, preposition: string): string => (c.contexts ? ` ${preposition} context ${c.contexts.join(', ')}` : '');
const answer = (c: ApiChange): string => (c.response ? ` (${c.response})` : '');

/** One line saying what changed; the route and methods are printed before it. */
export function describe(c: ApiChange): string {
  switch (c.kind) {
    case 'deployment-added':
      return 'deployment added';
    case 'deployment-removed':
      return 'deployment removed';
    case 'alias-added':
      return `alias of ${c.subject} added`;
    case 'alias-removed':
      return `alias of ${c.subject} removed`;
    case 'route-added':
      return 'route added';
    case 'route-removed':
      return 'route removed';
    case 'capture-changed':
      return `capture <${c.subject}> pattern ${show(c.from)} -> ${show(c.to)}`;
    case 'method-added':
      return c.methods.length > 1 ? 'methods added' : 'method added';
    case 'method-removed':
      return c.methods.length > 1 ? 'methods removed' : 'method removed';
    case 'params-changed':
      return `params ${c.from} -> ${c.to} (${c.effect})`;
    case 'arg-added':
      return `arg ${c.subject} added (${c.required ? 'required' : 'optional'})`;
    case 'arg-removed':
      return `arg ${c.subject} removed`;
    case 'arg-changed':
      return `arg ${c.subject}: ${constraintText(c)}`;
    case 'response-changed':
      return `response ${c.aspect} ${show(c.from)} -> ${show(c.to)}${answer(c)}`;
    case 'response-field-added':
      return `response field ${c.subject} added${contextsText(c, 'to')}${answer(c)}`;
    case 'response-field-removed':
      return `response field ${c.subject} removed${contextsText(c, 'from')}${answer(c)}`;
    case 'response-field-changed':
      return `response field ${c.subject}: ${constraintText(c)}${answer(c)}`;
  }
}

const place = (c: ApiChange): string => [c.methods.join(','), c.route].filter(Boolean).join(' ');
const count = (n: number): string => `${n} change${n === 1 ? '' : 's'}`;

export function formatText(diff: ApiDiff): string {
  const lines: string[] = [];
  for (const d of diff.deployments) {
    if (d.changes.length === 0) {
      lines.push(`${d.name}: no change`);
      continue;
    }
    lines.push(`${d.name}: ${count(d.changes.length)}, ${d.breaking} breaking`);
    for (const c of d.changes) lines.push(`  ${c.class.padEnd(12)}  ${[place(c), describe(c)].filter(Boolean).join('  ')}`);
  }
  const { changes, breaking } = diff.summary;
  const between = `from ${diff.from.ref} (${diff.from.commit.slice(0, 12)}) to the working tree`;
  lines.push(changes === 0 ? `no change ${between}` : `${count(changes)} ${between}, ${breaking} breaking`);
  return lines.join('\n');
}

const CHANGE_KEYS: Array<keyof ApiChange> = ['class', 'kind', 'route', 'methods', 'subject', 'aspect', 'effect', 'from', 'to', 'added', 'removed', 'required', 'contexts', 'response'];

export function formatJson(diff: ApiDiff): string {
  const change = (c: ApiChange): Record<string, unknown> => ({ ...Object.fromEntries(CHANGE_KEYS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])), message: describe(c) });
  const deployments = diff.deployments.map((d) => ({ name: d.name, status: d.status, breaking: d.breaking, nonBreaking: d.nonBreaking, changes: d.changes.map(change) }));
  return JSON.stringify({ from: diff.from, to: diff.to, spec: diff.spec, summary: diff.summary, deployments }, null, 2);
}
