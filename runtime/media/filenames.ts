/**
 * File names of uploads: read from Content-Disposition, made safe for the disk (no path parts,
 * no shell or URL specials, no hidden executable extension), and made unique where they land.
 */
import { mimeOfExtension } from './mime-types.ts';

/**
 * The file name a Content-Disposition header carries (`attachment; filename="a.jpg"`, the
 * RFC 5987 `filename*=UTF-8''a%20b.jpg` form wins when both are given), or null.
 */
export function filenameFromDisposition(header: string | undefined): string | null {
  if (!header) return null;
  let plain: string | null = null;
  let extended: string | null = null;
  for (const part of header.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (key === 'filename*') {
      const match = /^[\w-]*'[\w-]*'(.*)$/.exec(value);
      try {
        extended = decodeURIComponent(match ? match[1] : value);
      } catch {
        extended = null;
      }
    } else if (key === 'filename') {
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
      plain = value;
    }
  }
  const name = (extended ?? plain ?? '').trim();
  return name === '' ? null : name;
}

const SPECIALS = /[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\u0000-\u001f\u007f]/g;

/** A name that is safe as one path segment and in a URL; keeps letters of any script. */
export function sanitizeFileName(name: string): string {
  // Only the last path segment counts: "../../etc/passwd" becomes "passwd".
  let base = name.split(/[\\/]/).pop() ?? '';
  base = base.replace(/\u00a0/g, ' ').replace(SPECIALS, '');
  base = base.replace(/[\s]+/g, '-').replace(/-{2,}/g, '-');
  base = base.replace(/^[.\-_]+|[.\-_]+$/g, '');
  const parts = base.split('.');
  if (parts.length > 2) {
    // "shell.php.jpg": a middle part that looks like an extension we do not allow gets a "_",
    // so no web server mistakes the file for a script.
    for (let i = 1; i < parts.length - 1; i++) {
      if (/^[a-z][a-z0-9]{1,4}$/i.test(parts[i]) && !mimeOfExtension(parts[i].toLowerCase())) parts[i] += '_';
    }
    base = parts.join('.');
  }
  if (base === '' || base.startsWith('.')) base = `unnamed-file${base}`;
  return shortenFileName(lowercaseExtension(base));
}

/** "Photo.JPG" is stored as "Photo.jpg", as WordPress's wp_unique_filename stores it. */
function lowercaseExtension(filename: string): string {
  const [stem, ext] = splitExtension(filename);
  return stem + ext.toLowerCase();
}

/**
 * Room a stored name leaves for what is added to it later (`-2`, `-1024x768`, `-scaled`,
 * `-edited`, a new extension) within the 255 bytes a file name may have on common disks.
 */
export const MAX_FILENAME_BYTES = 180;

/** The stem cut (between whole characters) so that the name fits MAX_FILENAME_BYTES of UTF-8. */
export function shortenFileName(filename: string): string {
  if (Buffer.byteLength(filename) <= MAX_FILENAME_BYTES) return filename;
  let [stem, ext] = splitExtension(filename);
  // An "extension" longer than any real one is part of the name.
  if (Buffer.byteLength(ext) > 16) [stem, ext] = [filename, ''];
  const room = MAX_FILENAME_BYTES - Buffer.byteLength(ext);
  let cut = '';
  for (const ch of stem) {
    if (Buffer.byteLength(cut + ch) > room) break;
    cut += ch;
  }
  cut = cut.replace(/[.\-_]+$/, '');
  return `${cut || 'unnamed-file'}${ext}`;
}

/** Splits "photo.jpg" into ["photo", ".jpg"]. */
export function splitExtension(filename: string): [string, string] {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
}

/** The n-th candidate for a free name: photo.jpg, photo-1.jpg, photo-2.jpg... */
export function numberedName(filename: string, n: number): string {
  if (n === 0) return filename;
  const [stem, ext] = splitExtension(filename);
  return `${stem}-${n}${ext}`;
}

/** The name of an edited copy: photo-edited.jpg; an edited edit keeps one "-edited". */
export function editedName(filename: string): string {
  const [stem, ext] = splitExtension(filename);
  return `${stem.replace(/-edited(-\d+)?$/, '')}-edited${ext}`;
}
