/**
 * Source positions of YAML nodes. Every loaded file keeps a way to its `yaml` Document and
 * LineCounter (parsed when first asked: parse-file.ts) so that any value or key found by its path
 * in the data maps back to file:line:col.
 */
import type { Document, LineCounter } from 'yaml';
import { yaml } from './yaml-library.ts';
import type { SourceRef } from '../../contract/model.ts';

export type DataPath = ReadonlyArray<string | number>;

export interface SourceFile {
  /** Path as printed in diagnostics (relative to the working directory when inside it). */
  file: string;
  doc: Document;
  lineCounter: LineCounter;
  /**
   * Routes of the data that the file does not write but copies (post-type-routes.ts): a copy's
   * path -> the data path of the route it copies, where its positions are.
   */
  copiedRoutes?: ReadonlyMap<string, DataPath>;
  /**
   * Positions already known (parse-cache.ts: a file not parsed this run), and where the ones
   * found are written down: `JSON.stringify([path, part])` -> [line, col].
   */
  positions?: Map<string, [number, number]>;
}

interface Located {
  offset: number;
}

/**
 * Position of the node at `path` (its key when `part` is 'key', when the node is a map entry).
 * Walks as far as the path exists and answers the deepest node found, so a position is always
 * given even for a key that is missing.
 */
export function positionOf(src: SourceFile, path: DataPath, part: 'key' | 'value' = 'value'): SourceRef {
  if (src.positions === undefined) return toRef(src, locate(src, path, part));
  const key = JSON.stringify([path, part]);
  const known = src.positions.get(key);
  if (known !== undefined) return { file: src.file, line: known[0], col: known[1] };
  const ref = toRef(src, locate(src, path, part));
  src.positions.set(key, [ref.line, ref.col]);
  return ref;
}

export function offsetToRef(src: SourceFile, offset: number): SourceRef {
  return toRef(src, { offset });
}

function toRef(src: SourceFile, located: Located): SourceRef {
  const { line, col } = src.lineCounter.linePos(located.offset);
  return { file: src.file, line, col };
}

function locate(src: SourceFile, path: DataPath, part: 'key' | 'value'): Located {
  const copied = path[0] === 'routes' && typeof path[1] === 'string' ? src.copiedRoutes?.get(path[1]) : undefined;
  if (copied !== undefined) path = [...copied, ...path.slice(2)];
  let node: unknown = src.doc.contents;
  let keyOffset: number | undefined;
  let offset = rangeStart(node) ?? 0;
  for (const segment of path) {
    const step = child(node, segment);
    if (!step) return { offset };
    node = step.value;
    keyOffset = step.keyOffset;
    // A key written without a value (`foo:`) has no value node: point at the key.
    offset = rangeStart(node) ?? keyOffset ?? offset;
  }
  return { offset: part === 'key' && keyOffset !== undefined ? keyOffset : offset };
}

function child(node: unknown, segment: string | number): { value: unknown; keyOffset?: number } | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (String(key) === String(segment)) return { value: pair.value, keyOffset: rangeStart(pair.key) };
    }
    return undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { value: item, keyOffset: rangeStart(item) };
  }
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range ? range[0] : undefined;
}
