/**
 * Whether a change breaks a client written against the spec at the ref. A client sends args and
 * reads answers, so the same change weighs differently on each side: an arg admitting fewer
 * values refuses calls that worked, while an answer field admitting more values brings ones the
 * client never handled. What cannot be proved harmless (a format swapped, a capture's pattern
 * rewritten, a new default) counts as breaking, so a CI gate errs on the side of a look.
 */
import type { ApiChange, ApiDiff, ChangeClass, ChangeDraft, DeploymentDiff } from './changes.ts';
import type { DeploymentDraft } from './compare-models.ts';

export function classify(change: ChangeDraft): ChangeClass {
  switch (change.kind) {
    case 'deployment-added':
    case 'alias-added':
    case 'route-added':
    case 'method-added':
    case 'response-field-added':
      return 'non-breaking';
    case 'arg-added':
      return change.required === true ? 'breaking' : 'non-breaking';
    case 'params-changed':
    case 'arg-changed':
      return change.effect === 'widened' ? 'non-breaking' : 'breaking';
    case 'response-field-changed':
      return change.effect === 'narrowed' ? 'non-breaking' : 'breaking';
    default:
      // Removals, capture patterns, answers turned into lists or text.
      return 'breaking';
  }
}

export function classifyDeployment(draft: DeploymentDraft): DeploymentDiff {
  const changes: ApiChange[] = draft.changes.map((c) => ({ class: classify(c), ...c }));
  const breaking = changes.filter((c) => c.class === 'breaking').length;
  return { name: draft.name, status: draft.status, breaking, nonBreaking: changes.length - breaking, changes };
}

export function summarize(deployments: DeploymentDiff[], from: ApiDiff['from'], spec: string): ApiDiff {
  const breaking = deployments.reduce((n, d) => n + d.breaking, 0);
  const nonBreaking = deployments.reduce((n, d) => n + d.nonBreaking, 0);
  return { from, to: 'working tree', spec, summary: { changes: breaking + nonBreaking, breaking, nonBreaking }, deployments };
}
