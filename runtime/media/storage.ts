/**
 * Files under `config.uploadsDir`, laid out as WordPress does (`YYYY/MM/name.ext`) and served
 * by the HTTP layer at `{siteUrl}/wp-content/uploads/...`. Names are claimed with an exclusive
 * create, so two uploads of "photo.jpg" at once get photo.jpg and photo-1.jpg and never
 * overwrite each other.
 */
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
  for (let n = 0; n < 10_000; n++) {
    const candidate = numberedName(filename, n);
    if (isTaken(candidate)) continue;
    try {
      await fs.writeFile(path.join(dir, candidate), data, { flag: 'wx' });
      return `${folder}/${candidate}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`No free file name for ${filename} in ${folder}`);
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
