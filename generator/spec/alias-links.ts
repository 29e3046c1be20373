/**
 * The YAML aliases of a spec file, as paths in its data. A YAML alias gives the very object of
 * its anchor (`seed: *system-colors` three times is one array, not three copies), and a file kept
 * as JSON (parse-cache.ts) would come back with copies. Listing each alias's path and its anchor's
 * lets a reuse make them one object again, so that a reused file's data is the parse's in every
 * way the loader could observe.
 */
import type { Document, Node } from 'yaml';
import { yaml } from './yaml-library.ts';

type DataPath = Array<string | number>;

/** An alias at `alias` that is the object at `anchor`. */
export interface AliasLink {
  alias: DataPath;
  anchor: DataPath;
}

/** The merge key, whose alias is merged into the map that holds it (a copy), not linked. */
const MERGE_KEY = '<<';

/**
 * The data path of the last node of `chain` (the document's ancestors, then the node), or undefined
 * when it has none that data can name: inside a key, under a merge key, under a key not a scalar.
 */
function dataPath(chain: readonly unknown[]): DataPath | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  const path: DataPath = [];
  for (let i = 0; i + 1 < chain.length; i++) {
    const parent = chain[i];
    const child = chain[i + 1];
    if (isMap(parent) && isPair(child)) {
      if (!isScalar(child.key) || child.key.value === null || child.key.value === MERGE_KEY) return undefined;
      path.push(String(child.key.value));
    } else if (isPair(parent)) {
      if (child !== parent.value) return undefined;
    } else if (isSeq(parent)) {
      path.push(parent.items.indexOf(child as never));
    }
  }
  return path;
}

function at(data: unknown, path: DataPath): unknown {
  let value = data;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/**
 * Each alias of `doc` whose value is an object, with its anchor, in document order; undefined when
 * one of them cannot be listed, or when a listed pair is not one object in `data` (the data the
 * document gave): such a file is not kept.
 */
export function aliasLinks(doc: Document, data: unknown): AliasLink[] | undefined {
  const { isAlias, visit } = yaml();
  const anchored = new Map<Node, DataPath | undefined>();
  const links: AliasLink[] = [];
  let listable = true;
  visit(doc, {
    Node(_key, node, ancestors) {
      if (isAlias(node)) {
        const target = node.resolve(doc);
        const alias = dataPath([...ancestors, node]);
        const anchor = target === undefined ? undefined : anchored.get(target);
        if (alias === undefined || anchor === undefined) {
          listable = false;
          return visit.BREAK;
        }
        links.push({ alias, anchor });
      } else if (node.anchor !== undefined) {
        anchored.set(node, dataPath([...ancestors, node]));
      }
      return undefined;
    },
  });
  if (!listable) return undefined;
  const objects = links.filter((link) => {
    const value = at(data, link.anchor);
    return value !== null && typeof value === 'object';
  });
  return objects.every((link) => at(data, link.alias) === at(data, link.anchor)) ? objects : undefined;
}

/** Makes each alias of `data` (a JSON copy) its anchor's object again, in the order listed. */
export function relink(data: unknown, links: AliasLink[]): void {
  for (const { alias, anchor } of links) {
    const holder = at(data, alias.slice(0, -1));
    if (holder !== null && typeof holder === 'object') (holder as Record<string | number, unknown>)[alias.at(-1)!] = at(data, anchor);
  }
}

/**
 * The path of an alias that stands inside its own anchor (`a: &a [1, *a]`), which both YAML
 * libraries give as data holding itself: nothing could walk it to an end. Undefined when the data
 * has no such loop.
 */
export function loopingAlias(data: unknown): DataPath | undefined {
  const within = new Set<object>();
  const walk = (value: unknown, path: DataPath): DataPath | undefined => {
    if (value === null || typeof value !== 'object') return undefined;
    if (within.has(value)) return path;
    within.add(value);
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      const found = walk(item, [...path, key]);
      if (found !== undefined) return found;
    }
    within.delete(value);
    return undefined;
  };
  return walk(data, []);
}

/** The first alias of `doc` that names no anchor set before it (yaml gives no data for it). */
export function unresolvedAlias(doc: Document): { source: string; offset: number } | undefined {
  const { visit } = yaml();
  let found: { source: string; offset: number } | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (node.resolve(doc) !== undefined) return undefined;
      found = { source: node.source, offset: node.range?.[0] ?? 0 };
      return visit.BREAK;
    },
  });
  return found;
}
