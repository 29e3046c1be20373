/**
 * Files under `config.uploadsDir`, laid out as WordPress does (`YYYY/MM/name.ext`) and served
 * by the HTTP layer at `{siteUrl}/wp-content/uploads/...`. Names are claimed with an exclusive
 * create, so two uploads of "photo.jpg" at once get photo.jpg and photo-1.jpg and never
 * overwrite each other.
 */
import { randomUUID } from 'node:crypto';
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

/** Prefix of files being written: dot files are never served, and the start-up sweep removes leftovers. */
export const PARTIAL_PREFIX = '.partial-';

/**
 * Writes `data` in `folder` (uploads-relative) under `filename` or the first free numbered
 * variant, and returns the uploads-relative path it took. The folder is listed once and the
 * free name picked from that list (not one exclusive create per candidate on the thread pool);
 * the bytes go to a hidden temporary file first and are then linked under the chosen name,
 * which fails rather than overwrite when another writer took it meanwhile: then the next free
 * name is tried. So a public name only ever shows a complete file. `isTaken` lets callers
 * reserve more names than the disk shows.
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
  const present = new Set(await fs.readdir(dir));
  const temp = path.join(dir, `${PARTIAL_PREFIX}${randomUUID()}`);
  await fs.writeFile(temp, data, { flag: 'wx' });
  try {
    for (let n = 0; n < 100_000; n++) {
      const candidate = numberedName(filename, n);
      if (present.has(candidate) || isTaken(candidate)) continue;
      try {
        await fs.link(temp, path.join(dir, candidate));
        return `${folder}/${candidate}`;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        present.add(candidate);
      }
    }
    throw new Error(`No free file name for ${filename} in ${folder}`);
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Writes a derived file (a sub-size) beside its original; overwrites a stale one of the same size. */
export async function writeBeside(config: AppConfig, originalRelative: string, filename: string, data: Buffer): Promise<string> {
  const folder = path.posix.dirname(originalRelative);
  await fs.writeFile(absolutePath(config, `${folder}/${filename}`), data);
  return filename;
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
