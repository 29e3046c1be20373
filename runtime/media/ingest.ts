/**
 * Takes in one file (uploaded, sideloaded or produced by an edit): safe name, type from the
 * bytes, pixel limit, stored under `YYYY/MM` with a free name, image facts and sub-sizes made.
 * Returns what the attachment row and its metadata need. Nothing is left on disk on failure.
 */
import type { App } from '../rest/types.ts';
import { restError, RestError } from '../rest/errors.ts';
import { sanitizeFileName } from './filenames.ts';
import { detectFileType } from './detect-type.ts';
import { RESIZABLE_IMAGES } from './mime-types.ts';
import { DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE, readImageInfo } from './image-meta.ts';
import { registeredImageSizes } from './image-sizes.ts';
import { makeSubSizes, outputMimeFor, uprightSize } from './subsizes.ts';
import { monthFolder, removeFiles, writeUnique } from './storage.ts';
import type { AttachmentMetadata } from './attachments.ts';
import { filesOf } from './attachments.ts';
import { scaleBigImage } from './big-image.ts';

export interface IngestOptions {
  filename: string;
  data: Buffer;
  /** Decides the YYYY/MM folder. */
  when: Date;
  generateSubSizes: boolean;
  convertFormat: boolean;
}

export interface IngestedFile {
  relative: string;
  mime: string;
  metadata: AttachmentMetadata;
}

export function maxImagePixels(app: Pick<App, 'deployment'>): number {
  const configured = Number(app.deployment.settings.maxImagePixels);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MAX_IMAGE_PIXELS;
}

/** The deployment's `maxImagePixelsPerByte` (0 turns the check off), else the default. */
export function maxImagePixelsPerByte(app: Pick<App, 'deployment'>): number {
  const configured = app.deployment.settings.maxImagePixelsPerByte;
  const n = Number(configured);
  return configured !== undefined && Number.isFinite(n) && n >= 0 ? n : DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE;
}

export async function ingestFile(app: App, opts: IngestOptions): Promise<IngestedFile> {
  const filename = sanitizeFileName(opts.filename);
  const type = await detectFileType(opts.data, filename);
  const isImage = RESIZABLE_IMAGES.has(type.mime);
  const maxPixels = maxImagePixels(app);
  // Measured before anything is written: a decompression bomb never reaches the disk.
  const info = isImage ? await readImageInfo(opts.data, maxPixels, maxImagePixelsPerByte(app)) : undefined;
  let relative: string;
  try {
    relative = await writeUnique(app.config, monthFolder(opts.when), filename, opts.data);
  } catch (err) {
    app.logger.error({ err: (err as Error).message, filename }, 'upload could not be written');
    throw restError('rest_upload_unknown_error', ['The uploaded file could not be moved to the uploads folder.']);
  }
  const metadata: AttachmentMetadata = { filesize: opts.data.length };
  if (!info) return { relative, mime: type.mime, metadata };
  try {
    metadata.width = info.width;
    metadata.height = info.height;
    metadata.file = relative;
    metadata.sizes = opts.generateSubSizes ? await subSizesOf(app, relative, opts.data, type.mime, info, opts.convertFormat) : {};
    metadata.image_meta = info.meta;
    // Skipped with the sub-sizes, as WordPress: a client making its own sizes scales too.
    const scaled = opts.generateSubSizes ? await scaleBigImage(app, relative, opts.data, type.mime, info, maxPixels) : null;
    if (scaled) {
      Object.assign(metadata, { width: scaled.width, height: scaled.height, file: scaled.relative, filesize: scaled.filesize });
      metadata.original_image = relative.slice(relative.lastIndexOf('/') + 1);
      if (info.meta.orientation !== '0') info.meta.orientation = '1';
      return { relative: scaled.relative, mime: type.mime, metadata: orderMetadata(metadata) };
    }
    return { relative, mime: type.mime, metadata: orderMetadata(metadata) };
  } catch (err) {
    await removeFiles(app.config, filesOf(relative, metadata));
    if (err instanceof RestError) throw err;
    throw restError('rest_upload_sideload_error', [], { reason: 'The image could not be read.' });
  }
}

export async function subSizesOf(
  app: App,
  relative: string,
  data: Buffer,
  mime: string,
  info: { width: number; height: number; orientation: number },
  convert: boolean,
  skip?: Set<string>,
) {
  const [width, height] = uprightSize(info.width, info.height, info.orientation);
  return makeSubSizes({
    config: app.config,
    relative,
    data,
    width,
    height,
    sizes: registeredImageSizes(app.deployment.settings),
    outputMime: outputMimeFor(mime, convert, app.deployment.settings),
    maxPixels: maxImagePixels(app),
    skip,
  });
}

/** WordPress's key order: width, height, file, filesize, sizes, image_meta. */
function orderMetadata(m: AttachmentMetadata): AttachmentMetadata {
  const { width, height, file, filesize, sizes, image_meta, ...rest } = m;
  return { width, height, file, filesize, sizes, image_meta, ...rest };
}
