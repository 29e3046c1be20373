/**
 * The block pattern registry: the patterns and categories the project ships
 * (spec/data/block-patterns.yaml, block-pattern-categories.yaml), extended by the deployment's
 * `settings.blockPatterns` and `settings.blockPatternCategories` (same fields; one with the
 * name of a shipped entry replaces it, others are added after them). Built once per deployment.
 */
import type { App } from '../rest/types.ts';

export type Pattern = Record<string, unknown> & { name: string };
export type PatternCategory = Record<string, unknown> & { name: string };

/** Field order of an answered pattern (WordPress's), and of a category. */
const PATTERN_FIELDS = ['name', 'title', 'content', 'description', 'viewport_width', 'inserter', 'categories', 'keywords', 'block_types', 'post_types', 'template_types', 'source'];
const CATEGORY_FIELDS = ['name', 'label', 'description'];

function named(list: unknown): Array<Record<string, unknown> & { name: string }> {
  return Array.isArray(list) ? list.filter((e): e is Record<string, unknown> & { name: string } => !!e && typeof e === 'object' && typeof (e as { name?: unknown }).name === 'string') : [];
}

/** Shipped entries, with the deployment's replacing those of the same name and the rest added. */
function merged(shipped: unknown, extra: unknown): Array<Record<string, unknown> & { name: string }> {
  const out = new Map(named(shipped).map((e) => [e.name, e]));
  for (const e of named(extra)) out.set(e.name, e);
  return [...out.values()];
}

/** Only the fields an entry sets, in the answer's order (WordPress leaves unset ones out). */
function ordered(entry: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (entry[f] !== undefined && entry[f] !== null) out[f] = entry[f];
  return out;
}

const built = new WeakMap<object, { patterns: Pattern[]; categories: PatternCategory[] }>();

export function patternRegistry(app: Pick<App, 'deployment'>): { patterns: Pattern[]; categories: PatternCategory[] } {
  let registry = built.get(app.deployment);
  if (!registry) {
    const { catalogs, settings } = app.deployment;
    const own = (settings ?? {}) as Record<string, unknown>;
    registry = {
      patterns: merged(catalogs?.['block-patterns'], own.blockPatterns).map((p) => ordered(p, PATTERN_FIELDS) as Pattern),
      categories: merged(catalogs?.['block-pattern-categories'], own.blockPatternCategories).map((c) => ordered(c, CATEGORY_FIELDS) as PatternCategory),
    };
    built.set(app.deployment, registry);
  }
  return registry;
}
