/**
 * `postTypeRoutes:` of a namespace file: routes written once and served once per post type, as
 * WordPress registers one posts controller per post type. Each copy gets `postType: <type>` and
 * its placeholders filled from the post type registry (contract/post-types.ts):
 *
 *   $restBase  posts      $resource  post
 *   $singular  post       $Singular  Post
 *   $plural    posts      $Plural    Posts
 *
 * The copies are made on the YAML document itself, before the file is checked: each copy keeps
 * the template's source positions, so every later check (meta-schema, semantic rules, resolver)
 * sees ordinary `routes` entries and reports problems at the template's lines. The copies come
 * before the file's own routes, types in the order listed (the discovery order).
 */
import { isMap, isPair, isScalar, isSeq, Pair, Scalar, type Document, type YAMLMap } from 'yaml';
import { postTypeEntry, type PostTypeEntry } from '../../contract/post-types.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { offsetToRef, positionOf, type SourceFile } from './positions.ts';

export const TEMPLATE_KEY = 'postTypeRoutes';

const PLACEHOLDER = /\$(restBase|resource|singular|Singular|plural|Plural)/g;

/** The words a placeholder stands for, for one post type. */
export function placeholderValues(entry: PostTypeEntry): Record<string, string> {
  const capitalized = (label: string) => label.split(/\s+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return {
    restBase: entry.restBase,
    resource: entry.resource,
    singular: entry.labels.singular,
    plural: entry.labels.plural,
    Singular: capitalized(entry.labels.singular),
    Plural: capitalized(entry.labels.plural),
  };
}

/** `text` with every placeholder replaced by its value for one post type. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name]);
}

/**
 * Adds the copies of the file's `postTypeRoutes` to its `routes`. A malformed template is left
 * alone (the meta-schema reports it); an unknown post type is reported by the semantic check.
 */
export function instantiatePostTypeRoutes(src: SourceFile): Diagnostic[] {
  const doc = src.doc;
  const template = doc.get(TEMPLATE_KEY, true);
  if (!isMap(template)) return [];
  const types = template.get('postTypes', true);
  const routes = template.get('routes', true);
  if (!isSeq(types) || !isMap(routes)) return [];
  const out: Diagnostic[] = [];
  const copies: Pair[] = [];
  for (const item of types.items) {
    const name = isScalar(item) ? item.value : undefined;
    const entry = typeof name === 'string' ? postTypeEntry(name) : undefined;
    if (!entry) continue;
    const values = placeholderValues(entry);
    for (const pair of routes.items) {
      if (!isPair(pair) || !isScalar(pair.key) || typeof pair.key.value !== 'string' || !isMap(pair.value)) continue;
      const key = filled(pair.key, values) as Scalar;
      const route = filled(pair.value, values) as YAMLMap;
      route.items.unshift(new Pair(new Scalar('postType'), new Scalar(entry.name)));
      copies.push(new Pair(key, route));
    }
  }
  if (copies.length === 0) return out;
  let own = doc.get('routes', true);
  if (own === undefined || own === null || (isScalar(own) && own.value === null)) {
    own = doc.createNode({}) as YAMLMap;
    doc.set('routes', own);
  }
  if (!isMap(own)) return out;
  const written = new Set(own.items.map((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key))));
  const made = new Set<string>();
  const kept: Pair[] = [];
  for (const copy of copies) {
    const path = String((copy.key as Scalar).value);
    if (written.has(path) || made.has(path)) {
      // Reported at the template route's key (the copy keeps its source range).
      const at = copy.key as Scalar;
      out.push(diagnostic('postTypeRouteTwice', at.range ? offsetToRef(src, at.range[0]) : positionOf(src, [TEMPLATE_KEY, 'routes']), { path }));
      continue;
    }
    made.add(path);
    kept.push(copy);
  }
  own.items.unshift(...kept);
  return out;
}

/** A deep copy of a node (keeping source ranges) with placeholders filled in keys and string values. */
function filled(node: unknown, values: Record<string, string>): unknown {
  if (isScalar(node)) {
    const copy = node.clone() as Scalar;
    if (typeof copy.value === 'string') copy.value = fillPlaceholders(copy.value, values);
    return copy;
  }
  if (isMap(node) || isSeq(node)) {
    // clone() copies every node below too, and each level here would copy its subtree again only
    // to replace it: the collection is copied without its items, which are filled one by one.
    const items = node.items as unknown[];
    node.items = [];
    const copy = node.clone() as typeof node;
    node.items = items as never;
    copy.items = items.map((item) => (isPair(item) ? new Pair(filled(item.key, values), filled(item.value, values)) : filled(item, values))) as never;
    return copy;
  }
  return node;
}
