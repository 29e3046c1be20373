/**
 * The manifest: what the generator wrote, committed beside its output as
 * `output/specpress.manifest.json`. For every file it records a hash of the text outside the
 * preserved regions (line endings normalised), so that
 * - an edit outside the regions is seen before the file is overwritten (never lost silently);
 * - only files the generator recorded are ever deleted (a person's own file beside them stays).
 * Hand-written region bodies are not part of the hash, so editing them never changes the manifest.
 */
import { createHash } from 'node:crypto';
import { outsideRegions } from './preserve.ts';

export const MANIFEST_FILE = 'specpress.manifest.json';
/** Where `generate --backup` keeps copies of hand-edited files before regenerating them (under output/). */
export const BACKUP_DIR = '.specpress-backup';

export interface Manifest {
  /** Output path (POSIX, relative to the output folder) -> `sha256:` hash of its text outside regions. */
  files: Record<string, string>;
  /**
   * The deployments the shared files were made for, when not every deployment of the spec
   * (`generate --deployment` into a folder of its own): their names depend on it.
   */
  serves?: string[];
}

/** Text with CRLF read as LF: a checkout that converts line endings is not an edit. */
export const normalizeNewlines = (text: string): string => (text.includes('\r') ? text.replace(/\r\n/g, '\n') : text);

/** The hash recorded for a file's text. */
export function frameHash(text: string): string {
  return `sha256:${createHash('sha256').update(outsideRegions(normalizeNewlines(text))).digest('hex')}`;
}

/** The manifest's text: keys sorted, so the same output always gives the same bytes. */
export function renderManifest(manifest: Manifest): string {
  const files = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const doc = {
    $comment: 'Written by `specpress generate`: the files it owns under output/ and a hash of each one outside its preserved regions. Do not edit.',
    ...(manifest.serves ? { serves: [...manifest.serves].sort() } : {}),
    files,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Parses a manifest; undefined when there is none. Throws with a clear message when it is damaged. */
export function parseManifest(text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`output/${MANIFEST_FILE} is not valid JSON (${(error as Error).message}); restore it from version control or delete it to start a new one`);
  }
  const files = (doc as { files?: unknown } | null)?.files;
  if (typeof files !== 'object' || files === null || Object.values(files).some((v) => typeof v !== 'string')) {
    throw new Error(`output/${MANIFEST_FILE} has no \`files\` map of path -> hash; restore it from version control or delete it to start a new one`);
  }
  const serves = (doc as { serves?: unknown }).serves;
  const listed = Array.isArray(serves) && serves.every((name) => typeof name === 'string') ? { serves: serves as string[] } : {};
  return { files: files as Record<string, string>, ...listed };
}
