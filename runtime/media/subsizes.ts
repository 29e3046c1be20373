/**
 * Makes the registered sub-sizes of a stored image with sharp and returns their metadata in
 * WordPress's `_wp_attachment_metadata.sizes` shape (file, width, height, mime-type, filesize).
 * Sub-sizes are upright (EXIF orientation applied) and, when format conversion is on, written
 * in the deployment's output format for the source type (HEIC becomes JPEG by default).
 */
import sharp, { type Sharp } from 'sharp';
import type { AppConfig } from '../rest/types.ts';
import { planResize, type ImageSize, type ResizePlan } from './image-sizes.ts';
import { subSizeName, writeBeside } from './storage.ts';

export interface SizeMeta {
  file: string;
  width: number;
  height: number;
  'mime-type': string;
  filesize: number;
}

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp', 'image/avif': '.avif', 'image/tiff': '.tif',
};

/** Output type of sub-sizes for a source type: `settings.imageOutputFormats` over the defaults. */
export function outputMimeFor(sourceMime: string, convert: boolean, settings: Record<string, unknown>): string {
  if (!convert) return sourceMime;
  const map: Record<string, string> = { 'image/heic': 'image/jpeg', 'image/heif': 'image/jpeg', ...(settings.imageOutputFormats as Record<string, string> | undefined) };
  const out = map[sourceMime];
  return out && EXTENSION_OF[out] ? out : sourceMime;
}

export async function encode(pipeline: Sharp, mime: string): Promise<Buffer> {
  switch (mime) {
    case 'image/jpeg': return pipeline.jpeg({ quality: 82 }).toBuffer();
    case 'image/png': return pipeline.png().toBuffer();
    case 'image/gif': return pipeline.gif().toBuffer();
    case 'image/webp': return pipeline.webp({ quality: 82 }).toBuffer();
    case 'image/avif': return pipeline.avif().toBuffer();
    case 'image/tiff': return pipeline.tiff().toBuffer();
    default: return pipeline.toBuffer();
  }
}

export interface SubSizeJob {
  config: AppConfig;
  /** Uploads-relative path of the original. */
  relative: string;
  data: Buffer;
  /** Upright dimensions of the original. */
  width: number;
  height: number;
  sizes: Record<string, ImageSize>;
  outputMime: string;
  maxPixels: number;
  /** Names to skip because they exist already (post-process only makes what is missing). */
  skip?: Set<string>;
}

/** WordPress makes (and lists) medium, large, thumbnail, medium_large first, then the others. */
const PRIORITY = ['medium', 'large', 'thumbnail', 'medium_large'];
function inWordPressOrder(sizes: Record<string, ImageSize>): Array<[string, ImageSize]> {
  const rank = (name: string) => (PRIORITY.includes(name) ? PRIORITY.indexOf(name) : PRIORITY.length);
  return Object.entries(sizes).sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** Up to this many pixels the image is decoded once for all sizes (a few tens of MB of RAM). */
const DECODE_ONCE_MAX_PIXELS = 25_000_000;

/**
 * Where each size is cut from: pixels decoded (and turned upright) once, which is much faster;
 * or, for very large images, the file itself each time, which keeps memory low.
 */
async function decodedOnce(job: SubSizeJob): Promise<() => Sharp> {
  if (job.width * job.height > DECODE_ONCE_MAX_PIXELS) return () => sharp(job.data, { limitInputPixels: job.maxPixels }).rotate();
  const { data, info } = await sharp(job.data, { limitInputPixels: job.maxPixels }).rotate().raw().toBuffer({ resolveWithObject: true });
  return () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

export async function makeSubSizes(job: SubSizeJob): Promise<Record<string, SizeMeta>> {
  const made: Record<string, SizeMeta> = {};
  const ext = EXTENSION_OF[job.outputMime];
  const plans = inWordPressOrder(job.sizes)
    .filter(([name]) => !job.skip?.has(name))
    .map(([name, size]) => [name, planResize(job.width, job.height, size)] as const)
    .filter((entry): entry is readonly [string, ResizePlan] => entry[1] !== null);
  if (plans.length === 0) return made;
  const source = await decodedOnce(job);
  for (const [name, plan] of plans) {
    let pipeline = source();
    if (plan.source) pipeline = pipeline.extract(plan.source);
    pipeline = pipeline.resize(plan.width, plan.height, { fit: 'fill' });
    const bytes = await encode(pipeline, job.outputMime);
    const file = await writeBeside(job.config, job.relative, subSizeName(job.relative, plan.width, plan.height, ext), bytes);
    made[name] = { file, width: plan.width, height: plan.height, 'mime-type': job.outputMime, filesize: bytes.length };
  }
  return made;
}

/** Upright dimensions: orientations 5-8 swap width and height. */
export function uprightSize(width: number, height: number, orientation: number): [number, number] {
  return orientation >= 5 && orientation <= 8 ? [height, width] : [width, height];
}
