/**
 * Very large photos are not served as they are: as WordPress (5.3+) does, an image wider or
 * taller than the threshold (2560 px by default; deployment setting `bigImageSizeThreshold`,
 * 0 turns it off) gets a `<name>-scaled.<ext>` copy that fits inside it. The copy becomes the
 * item's file; the upload is kept and named in the metadata as `original_image`.
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
  if (!threshold || (w <= threshold && h <= threshold)) return null;
  const [width, height] = fitInside(w, h, threshold, threshold);
  const bytes = await encode(sharp(data, { limitInputPixels: maxPixels }).rotate().resize(width, height, { fit: 'fill' }), mime);
  const [stem, ext] = splitExtension(path.posix.basename(originalRelative));
  const relative = await writeUnique(app.config, path.posix.dirname(originalRelative), `${stem}-scaled${ext}`, bytes);
  return { relative, width, height, filesize: bytes.length };
}
