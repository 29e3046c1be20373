/**
 * What a crash can leave in the uploads folder, cleared when a server starts: temporary files of
 * writes cut short (`.partial-*`, never served) are removed, and files no attachment refers to
 * (written, but the process died before the row was committed) are moved out of public reach
 * into `.orphans/` (dot folders are never served; moved, not deleted, in case a person put them
 * there). Only files older than `graceMs` are touched: a younger one may belong to an upload
 * another process of the site is still answering.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../rest/types.ts';
import { ATTACHED_FILE, filesOf, METADATA, type AttachmentMetadata } from './attachments.ts';
import { PARTIAL_PREFIX } from './storage.ts';

export const ORPHANS_FOLDER = '.orphans';

export interface SweepResult {
  partialsRemoved: number;
  orphansMoved: string[];
}

export async function sweepUploadLeftovers(app: App, graceMs: number): Promise<SweepResult> {
  const root = path.resolve(app.config.uploadsDir);
  const cutoff = Date.now() - graceMs;
  const result: SweepResult = { partialsRemoved: 0, orphansMoved: [] };
  const files = await listFiles(root);
  if (files.length === 0) return result;
  const referenced = await referencedFiles(app);
  for (const relative of files) {
    const full = path.join(root, relative);
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
    // Several processes of one site may sweep at once: a file another one took care of is skipped.
    try {
      if (path.basename(relative).startsWith(PARTIAL_PREFIX)) {
        await fs.rm(full);
        result.partialsRemoved++;
      } else if (!referenced.has(relative) && !path.basename(relative).startsWith('.')) {
        const target = path.join(root, ORPHANS_FOLDER, relative);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(full, target);
        result.orphansMoved.push(relative);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return result;
}

/** Uploads-relative paths (with `/`) of every file below root, skipping dot folders. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const parent = entry.parentPath ?? (entry as unknown as { path: string }).path; // `path` before Node 20.12
    const relative = path.relative(root, path.join(parent, entry.name)).split(path.sep).join('/');
    if (relative.split('/').slice(0, -1).some((part) => part.startsWith('.'))) continue;
    out.push(relative);
  }
  return out;
}

/** Every file an attachment names: its own, its sub-sizes, its unscaled original. */
async function referencedFiles(app: App): Promise<Set<string>> {
  const rows = await app.db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('meta_key', 'in', [ATTACHED_FILE, METADATA]).execute();
  const byPost = new Map<number, { file?: string; metadata?: AttachmentMetadata }>();
  for (const row of rows) {
    const entry = byPost.get(row.post_id) ?? {};
    try {
      const value = JSON.parse(row.meta_value) as unknown;
      if (row.meta_key === ATTACHED_FILE && typeof value === 'string') entry.file = value;
      if (row.meta_key === METADATA && value && typeof value === 'object') entry.metadata = value as AttachmentMetadata;
    } catch {
      // A value that is not JSON names no file.
    }
    byPost.set(row.post_id, entry);
  }
  const referenced = new Set<string>();
  for (const { file, metadata } of byPost.values()) if (file) for (const f of filesOf(file, metadata)) referenced.add(f);
  return referenced;
}

/**
 * Called by an upload just before its row commits: its files become young again, so a sweep
 * running now (another process starting) leaves them alone however long the upload took (a
 * handler past its timeout keeps running; its files may be older than the sweep's grace).
 */
export async function keepFromSweep(uploadsDir: string, relatives: string[]): Promise<void> {
  const now = new Date();
  for (const relative of relatives) await fs.utimes(path.join(path.resolve(uploadsDir), relative), now, now).catch(() => undefined);
}

/**
 * Called once the row has committed: a file a sweep moved away between its check and the commit
 * is put back at its public name. Returns the files that are nowhere (the caller says so).
 */
export async function reclaimSwept(uploadsDir: string, relatives: string[]): Promise<string[]> {
  const root = path.resolve(uploadsDir);
  const missing: string[] = [];
  for (const relative of relatives) {
    const full = path.join(root, relative);
    if (await exists(full)) continue;
    const moved = path.join(root, ORPHANS_FOLDER, relative);
    if (await exists(moved)) await fs.rename(moved, full).catch(() => missing.push(relative));
    else missing.push(relative);
  }
  return missing;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(() => true, () => false);
}
