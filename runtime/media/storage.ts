/**
 * Files under `config.uploadsDir`, laid out as WordPress does (`YYYY/MM/name.ext`) and served
 * by the HTTP layer at `{siteUrl}/wp-content/uploads/...`. Names are claimed with an exclusive
 * link of a complete temporary file, so two uploads of "photo.jpg" at once (in one process or in
 * several sharing the folder) get photo.jpg and photo-1.jpg, never overwrite each other, and no
 * reader sees a half-written file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../rest/types.ts';
import { numberedName, splitExtension } from './filenames.ts';

/** `YYYY/MM` of a date (UTC, as the attachment's date_gmt). */
export function monthFolder(date: Date): string {
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Absolute path of an uploads-relative path; refuses anything that would leave the folder. */
export function absolutePath(config: AppConfig, relative: string): string {
  const root = path.resolve(config.uploadsDir);
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`Path outside the uploads folder: ${relative}`);
  return full;
}

/** The public address of the uploads folder, without a trailing slash (the HTML filter keeps PDFs from it in `<object>`). */
export function uploadsUrl(config: AppConfig): string {
  return `${config.siteUrl}/wp-content/uploads`;
}

export function publicUrl(config: AppConfig, relative: string): string {
  const encoded = relative.split('/').map(encodeURIComponent).join('/');
  return `${config.siteUrl}/wp-content/uploads/${encoded}`;
}

/** The uploads-relative path of a file given by its public URL, or null when it is not ours. */
export function relativeFromUrl(config: AppConfig, url: string): string | null {
  const prefix = `${config.siteUrl}/wp-content/uploads/`;
  if (!url.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0]);
  } catch {
    return null;
  }
}

/**
 * Writes `data` in `folder` (uploads-relative) under `filename` or the first free numbered
 * variant, and returns the uploads-relative path it took. `isTaken` lets callers reserve more
 * names than the disk shows (WordPress also avoids names its sub-sizes would collide with).
 */
export async function writeUnique(
  config: AppConfig,
  folder: string,
  filename: string,
  data: Buffer,
  isTaken: (candidate: string) => boolean = () => false,
): Promise<string> {
  const dir = absolutePath(config, folder);
  await fs.mkdir(dir, { recursive: true });
  // The whole file is written under a temporary name first, then linked to its public name:
  // link() fails when the name exists, so taking the name and showing complete contents are one
  // step, also between several processes sharing the folder. No reader ever sees half a file.
  // The free name is picked from one listing of the folder, not found by one exclusive create
  // per candidate on the thread pool (an upload named like 700 earlier files made 700 of them).
  const present = new Set(await fs.readdir(dir));
  const temp = await writeTemp(dir, data);
  try {
    for (let n = 0; n < 100_000; n++) {
      const candidate = numberedName(filename, n);
      if (present.has(candidate) || isTaken(candidate)) continue;
      try {
        await fs.link(temp, path.join(dir, candidate));
        return `${folder}/${candidate}`;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        present.add(candidate); // taken by another writer since the listing
      }
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
  throw new Error(`No free file name for ${filename} in ${folder}`);
}

/** Writes a derived file (a sub-size) beside its original; replaces a stale one of the same size whole (rename). */
export async function writeBeside(config: AppConfig, originalRelative: string, filename: string, data: Buffer): Promise<string> {
  const dir = absolutePath(config, path.posix.dirname(originalRelative));
  const temp = await writeTemp(dir, data);
  try {
    await fs.rename(temp, path.join(dir, filename));
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  return filename;
}

/** Prefix of files being written: dot files are never served, and the start-up sweep removes leftovers. */
export const PARTIAL_PREFIX = '.upload-';

/** A complete, flushed copy of `data` under a dot-name of its own in `dir` (same file system as the target). */
async function writeTemp(dir: string, data: Buffer): Promise<string> {
  const temp = path.join(dir, `${PARTIAL_PREFIX}${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/** Removes files (uploads-relative); missing files are fine, a delete may be repeated. */
export async function removeFiles(config: AppConfig, relatives: string[]): Promise<void> {
  for (const relative of relatives) {
    await fs.rm(absolutePath(config, relative), { force: true });
  }
}

export function subSizeName(originalRelative: string, width: number, height: number, ext?: string): string {
  const [stem, originalExt] = splitExtension(path.posix.basename(originalRelative));
  return `${stem}-${width}x${height}${ext ?? originalExt}`;
}
