/**
 * Preserved regions: the hand-written parts of generated handler files. A region runs from
 * `// #region specpress:<id>` to `// #endregion specpress:<id>`; its inner text is kept byte for
 * byte when the file is regenerated. A region whose operation left the spec is never dropped
 * silently: it stops generation, or (when asked) moves to the orphans file.
 */
import type { EmittedFile } from './emit/emitted-file.ts';

export const IMPORTS_REGION = 'imports';
export const ORPHANS_FILE = 'handlers/_orphans.ts';

export const regionStart = (id: string): string => `// #region specpress:${id}`;
export const regionEnd = (id: string): string => `// #endregion specpress:${id}`;

/**
 * A region's start line, its inner text (every line between the markers), and its end line.
 * A `\r` before a marker's line end is tolerated: files saved with CRLF endings still parse.
 */
const REGION = /^([ \t]*)\/\/ #region specpress:([A-Za-z0-9_]+)[ \t]*\r?\n([\s\S]*?)^[ \t]*\/\/ #endregion specpress:\2[ \t]*\r?$/gm;
const ANY_START = /^[ \t]*\/\/ #region specpress:([A-Za-z0-9_]+)/gm;
/** Text every region's start line holds. */
const REGION_MARK = '// #region specpress:';

export class PreserveError extends Error {}

/** The statement a handler region holds until a person writes the body: answers 501 (as prettier writes it; an id is word characters only). */
export const defaultBody = (id: string): string => `throw restError('rest_not_implemented', ['${id}']);`;

/** Whether a region still holds only its default body: nothing hand-written to keep. */
function untouched(id: string, body: string): boolean {
  return body.trim() === defaultBody(id);
}

/** Region id -> inner text. Throws when a start marker has no matching end marker. */
export function parseRegions(text: string, file: string): Map<string, string> {
  const regions = new Map<string, string>();
  for (const m of text.matchAll(REGION)) {
    if (regions.has(m[2])) throw new PreserveError(`${file}: region specpress:${m[2]} appears twice`);
    regions.set(m[2], m[3]);
  }
  for (const m of text.matchAll(ANY_START)) {
    if (!regions.has(m[1])) throw new PreserveError(`${file}: region specpress:${m[1]} has no matching '// #endregion specpress:${m[1]}'`);
  }
  return regions;
}

/** The operations whose region holds hand-written code, in handler files (path -> text). */
export function writtenOperations(existing: Map<string, string>): Set<string> {
  const ids = new Set<string>();
  for (const [file, raw] of existing) {
    for (const [id, body] of parseRegions(raw.replace(/\r\n/g, '\n'), file)) if (id !== IMPORTS_REGION && !untouched(id, body)) ids.add(id);
  }
  return ids;
}

/** The text with every region's inner text left out: what the generator alone decides. */
export function outsideRegions(text: string): string {
  // Most generated files have no region: the marker is found (or not) far faster than the pattern.
  if (!text.includes(REGION_MARK)) return text;
  return text.replace(REGION, (whole, indent: string, id: string) => `${indent}${regionStart(id)}\n${indent}${regionEnd(id)}`);
}

/** Puts the given inner texts into the skeleton's regions of the same id. */
export function fillRegions(skeleton: string, bodies: Map<string, string>): string {
  return skeleton.replace(REGION, (whole, indent: string, id: string) => {
    const body = bodies.get(id);
    if (body === undefined) return whole;
    // The end marker is the last line of the match, kept with its indentation.
    const endLine = whole.slice(whole.lastIndexOf('\n') + 1);
    return `${indent}${regionStart(id)}\n${body}${endLine}`;
  });
}

export interface Orphan {
  operationId: string;
  /** The handler file (relative to the output root) the region was found in. */
  file: string;
  body: string;
  imports?: string;
}

export interface MergeResult {
  files: EmittedFile[];
  orphans: Orphan[];
}

/**
 * Merges the regions of the handler files on disk into freshly emitted skeletons.
 * `existing` maps handler file paths (relative to the output root) to their current text;
 * `renames` maps an operation id to the ids it had before (`renamedFrom`).
 */
export function mergeHandlers(skeletons: EmittedFile[], existing: Map<string, string>, renames: Map<string, string[]>): MergeResult {
  const bodies = new Map<string, { body: string; file: string }>();
  const imports = new Map<string, string>();
  for (const [file, raw] of existing) {
    // Regions saved with CRLF endings are taken with LF ones, as the generator writes them.
    const text = raw.replace(/\r\n/g, '\n');
    for (const [id, body] of parseRegions(text, file)) {
      if (id === IMPORTS_REGION) imports.set(file, body);
      else bodies.set(id, { body, file });
    }
  }
  const used = new Set<string>();
  const files = skeletons.map((skeleton) => {
    const wanted = parseRegions(skeleton.content, skeleton.path);
    if (!wanted.has(IMPORTS_REGION)) return skeleton;
    const fill = new Map<string, string>();
    const sourceFiles = new Set<string>();
    for (const id of wanted.keys()) {
      if (id === IMPORTS_REGION) continue;
      const found = [id, ...(renames.get(id) ?? [])].find((candidate) => bodies.has(candidate));
      if (found === undefined) continue;
      const { body, file } = bodies.get(found)!;
      fill.set(id, body);
      used.add(found);
      sourceFiles.add(file);
    }
    const importBody = imports.get(skeleton.path) ?? joinImports([...sourceFiles].sort().map((f) => imports.get(f) ?? ''));
    if (importBody !== '') fill.set(IMPORTS_REGION, importBody);
    return { path: skeleton.path, content: fillRegions(skeleton.content, fill) };
  });
  const orphans: Orphan[] = [];
  for (const [id, { body, file }] of bodies) {
    // A removed operation whose body nobody wrote goes quietly; a written one never does.
    if (!used.has(id) && !untouched(id, body)) orphans.push({ operationId: id, file, body, imports: imports.get(file) });
  }
  orphans.sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  return { files, orphans };
}

/** Import regions of several files joined, each line once, for a handler that moved file. */
function joinImports(parts: string[]): string {
  const lines = [...new Set(parts.join('').split('\n').filter((l) => l.trim() !== ''))];
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * The orphans file with new orphans appended to what it already holds. Orphaned bodies keep
 * their text but are type-unchecked (their imports may be gone), and are marked
 * `specpress-orphan` so they are not taken for live regions.
 */
export function appendOrphans(current: string | undefined, orphans: Orphan[]): string {
  let text = current ?? `// @ts-nocheck\n// Handler bodies whose operations left the spec, moved here by \`specpress generate --prune-orphans\`.\n// Nothing imports this file; copy what you still need and delete the rest.\n`;
  for (const o of orphans) {
    text += `\n// From ${o.file} (operation ${o.operationId}).\n`;
    if (o.imports && o.imports.trim() !== '') {
      text += `// Imports of that file:\n${o.imports.split('\n').filter((l) => l !== '').map((l) => `//   ${l.trim()}`).join('\n')}\n`;
    }
    // An id orphaned a second time (removed, re-added, removed) gets a fresh name.
    let name = o.operationId;
    for (let n = 2; text.includes(`function ${name}(`); n++) name = `${o.operationId}_${n}`;
    text += `export async function ${name}(ctx) {\n  // #region specpress-orphan:${name}\n${o.body}  // #endregion specpress-orphan:${name}\n}\n`;
  }
  return text;
}
