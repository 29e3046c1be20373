/**
 * `postTypeRoutes:` of a namespace file: routes written once and served once per post type, as
 * WordPress registers one posts controller per post type. Each copy gets `postType: <type>` and
 * its placeholders filled from the post type registry (contract/post-types.ts):
 *
 *   $restBase  posts      $resource  post
 *   $singular  post       $Singular  Post
 *   $plural    posts      $Plural    Posts
 *
 * The copies are made on the file's data, before the file is checked, so every later check
 * (meta-schema, semantic rules, resolver) sees ordinary `routes` entries. Each copy's path is
 * written down in the file's source (`copiedRoutes`): a position asked inside a copy is the
 * template's, so problems are reported at the template's lines. The copies come before the file's
 * own routes, types in the order listed (the discovery order).
 */
import { postTypeEntry, type PostTypeEntry } from '../../contract/post-types.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';

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

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The file's data with the copies of its `postTypeRoutes` added to its `routes` (a new object: the
 * data given is left as it is), and where each copy came from, written into `src`. A malformed
 * template is left alone (the meta-schema reports it); an unknown post type is reported by the
 * semantic check.
 */
export function instantiatePostTypeRoutes(data: unknown, src: SourceFile): { data: unknown; problems: Diagnostic[] } {
  const template = isRecord(data) ? data[TEMPLATE_KEY] : undefined;
  if (!isRecord(data) || !isRecord(template)) return { data, problems: [] };
  const { postTypes: types, routes } = template;
  if (!Array.isArray(types) || !isRecord(routes)) return { data, problems: [] };
  const copies: Array<{ path: string; route: Fields; from: string }> = [];
  for (const name of types) {
    const entry = typeof name === 'string' ? postTypeEntry(name) : undefined;
    if (!entry) continue;
    const values = placeholderValues(entry);
    for (const [from, route] of Object.entries(routes)) {
      if (!isRecord(route)) continue;
      copies.push({ path: fillPlaceholders(from, values), route: { postType: entry.name, ...(filled(route, values) as Fields) }, from });
    }
  }
  const own = data.routes ?? {};
  if (copies.length === 0 || !isRecord(own)) return { data, problems: [] };
  const problems: Diagnostic[] = [];
  const made = new Map<string, Fields>();
  const copiedRoutes = new Map<string, DataPath>();
  for (const { path, route, from } of copies) {
    const at: DataPath = [TEMPLATE_KEY, 'routes', from];
    if (Object.hasOwn(own, path) || made.has(path)) {
      problems.push(diagnostic('postTypeRouteTwice', positionOf(src, at, 'key'), { path }));
      continue;
    }
    made.set(path, route);
    copiedRoutes.set(path, at);
  }
  src.copiedRoutes = copiedRoutes;
  return { data: { ...data, routes: { ...Object.fromEntries(made), ...own } }, problems };
}

/** A deep copy of a value with placeholders filled in keys and strings. */
function filled(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return fillPlaceholders(value, values);
  if (Array.isArray(value)) return value.map((item) => filled(item, values));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [fillPlaceholders(key, values), filled(item, values)]));
  return value;
}
