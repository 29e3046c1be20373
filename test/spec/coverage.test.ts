/**
 * The real spec covers the interface document: every namespace of section 4.7 and every
 * (path, method) pair of section 4 is served by at least one deployment. The document's list
 * lives in fixtures/document-routes.txt, written by reading the document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';

const DOCUMENT = readFileSync(new URL('./fixtures/document-routes.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const DOCUMENT_NAMESPACES = DOCUMENT.filter((l) => l.startsWith('namespace ')).map((l) => l.slice('namespace '.length));
const DOCUMENT_PAIRS = DOCUMENT.filter((l) => !l.startsWith('namespace '));

/** Capture names may differ from the document's (`<id>` vs `<parent>`); their places may not. */
const normalise = (pair: string) => pair.replace(/<[^>]*>/g, '<>');

describe('the spec covers the interface document', async () => {
  const { model, diagnostics } = await loadSpec('spec');

  it('loads without errors', () => {
    const errors = diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    expect(errors).toEqual([]);
  });

  it('the document list itself is whole: 27 namespaces, 407 pairs', () => {
    expect(DOCUMENT_NAMESPACES).toHaveLength(27);
    expect(new Set(DOCUMENT_PAIRS).size).toBe(407);
  });

  it('serves every namespace of section 4.7 in some deployment', () => {
    const served = new Set(model?.deployments.flatMap((d) => d.namespaces) ?? []);
    expect(DOCUMENT_NAMESPACES.filter((ns) => !served.has(ns))).toEqual([]);
  });

  it('serves every (path, method) pair of section 4 in some deployment', () => {
    // A multiset, so `/items/<id>` and `/items/<slug>` need two routes, as in the document.
    const available = new Map<string, number>();
    const distinct = new Set<string>();
    for (const route of model?.deployments.flatMap((d) => d.routes) ?? []) {
      for (const method of route.endpoints.flatMap((e) => e.methods)) distinct.add(`${method} ${route.path}`);
    }
    for (const pair of distinct) available.set(normalise(pair), (available.get(normalise(pair)) ?? 0) + 1);
    const missing: string[] = [];
    for (const pair of DOCUMENT_PAIRS) {
      const key = normalise(pair);
      const left = available.get(key) ?? 0;
      if (left > 0) available.set(key, left - 1);
      else missing.push(pair);
    }
    expect(missing).toEqual([]);
  });
});
