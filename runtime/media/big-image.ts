/**
 * Uploads that are not served as they are, as WordPress (5.3+) does it:
 * - an image wider or taller than the threshold (2560 px by default; deployment setting
 *   `bigImageSizeThreshold`, 0 turns it off) gets a `<name>-scaled.<ext>` copy that fits in it;
 * - otherwise an image with an EXIF orientation gets an upright `<name>-rotated.<ext>` copy.
 * The copy becomes the item's file; the upload is kept and named as `original_image`.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { App } from '../rest/types.ts';
import { splitExtension } from './filenames.ts';
import { fitInside } from './image-sizes.ts';
import { writeUnique } from './storage.ts';
import { encode, uprightSize } from './subsizes.ts';

export const DEFAULT_BIG_IMAGE_THRESHOLD = 2560;

export function bigImageThreshold(app: Pick<App, 'deployment'>): number {
  const configured = app.deployment.settings.bigImageSizeThreshold;
  if (configured === false || configured === 0) return 0;
  const n = Number(configured);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_BIG_IMAGE_THRESHOLD;
}

export interface ScaledImage {
  relative: string;
  width: number;
  height: number;
  filesize: number;
}

/** Writes the scaled copy when the image is over the threshold; null when it is not. */
export async function scaleBigImage(
  app: App,
  originalRelative: string,
  data: Buffer,
  mime: string,
  info: { width: number; height: number; orientation: number },
  maxPixels: number,
): Promise<ScaledImage | null> {
  const threshold = bigImageThreshold(app);
  const [w, h] = uprightSize(info.width, info.height, info.orientation);
  const big = threshold > 0 && (w > threshold || h > threshold);
  const turned = info.orientation > 1 && info.orientation <= 8;
  if (!big && !turned) return null;
  const [width, height] = big ? fitInside(w, h, threshold, threshold) : [w, h];
  // rotate() applies the EXIF orientation and drops the tag, so the copy is upright everywhere.
  const bytes = await encode(sharp(data, { limitInputPixels: maxPixels }).rotate().resize(width, height, { fit: 'fill' }), mime);
  const [stem, ext] = splitExtension(path.posix.basename(originalRelative));
  const relative = await writeUnique(app.config, path.posix.dirname(originalRelative), `${stem}-${big ? 'scaled' : 'rotated'}${ext}`, bytes);
  return { relative, width, height, filesize: bytes.length };
}
