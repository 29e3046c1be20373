/**
 * An image's dimensions and the EXIF facts WordPress keeps as `image_meta` (camera, aperture,
 * exposure, ISO, focal length, date taken, orientation, credit, copyright, caption, title).
 * The declared size is checked from the header alone, before anything is decoded, so a small
 * file that inflates to gigabytes (a decompression bomb) is refused cheaply: against the pixel
 * limit, and, above a size any image may have, against the file's own length (see
 * checkDeclaredSize). The EXIF text goes through the post HTML filter for every uploader, as
 * WordPress's wp_read_image_metadata filters it, since captions and titles are shown as HTML.
 */
import sharp, { type Metadata } from 'sharp';
import exifReader from 'exif-reader';
import { restError } from '../rest/errors.ts';
import { filterPostHtml } from '../content/kses.ts';

export interface ImageMeta {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  orientation: string;
  keywords: string[];
}

export interface ImageInfo {
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 when absent). */
  orientation: number;
  meta: ImageMeta;
}

export const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Real pictures carry far fewer pixels per byte: a photograph a few dozen, a flat-coloured PNG
 * or JPEG a few hundred (deflate cannot shrink RGB pixels further). Only near-empty canvases
 * in formats that encode runs (palette PNG, lossless WebP, AVIF, GIF) go beyond; those are
 * allowed up to DENSITY_FREE_PIXELS, where decoding them costs little anyway.
 */
export const DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE = 1000;
/** Up to this many pixels (4096 x 4096) any file length is accepted. */
export const DENSITY_FREE_PIXELS = 4096 * 4096;

export interface SizeLimits {
  maxPixels: number;
  /** 0 turns the bytes-per-pixel check off. */
  maxPixelsPerByte: number;
}

/**
 * Refuses, before any decoding, an image larger than the pixel limit, or one that declares
 * more pixels than its bytes can plausibly hold: a decompression bomb, whose decoding (every
 * sub-size reads the whole image) would cost seconds of CPU for a few kilobytes uploaded.
 * Refusing is what a person uploading expects too: such a file shows nothing worth keeping, and
 * stored without decoding it would hand the same bomb to every visitor's browser.
 */
export function checkDeclaredSize(width: number, height: number, bytes: number, limits: SizeLimits): void {
  const pixels = width * height;
  if (pixels > limits.maxPixels) throw restError('rest_upload_image_too_large', [String(limits.maxPixels)]);
  if (limits.maxPixelsPerByte > 0 && pixels > DENSITY_FREE_PIXELS && pixels > bytes * limits.maxPixelsPerByte) {
    throw restError('rest_upload_image_too_dense', [String(width), String(height), String(bytes), String(limits.maxPixelsPerByte)], {
      width,
      height,
      filesize: bytes,
    });
  }
}

export async function readImageInfo(data: Buffer, maxPixels: number, maxPixelsPerByte = DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE): Promise<ImageInfo> {
  let header: Metadata;
  try {
    header = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw restError('rest_upload_sideload_error', [], { reason: 'The image could not be read.' });
  }
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  checkDeclaredSize(width, height, data.length, { maxPixels, maxPixelsPerByte });
  const orientation = header.orientation ?? 1;
  return { width, height, orientation, meta: imageMetaFromExif(header.exif, orientation) };
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value).replace(/\u0000+$/, '').trim();
}

function number(value: unknown): string {
  const n = Array.isArray(value) ? Number(value[0]) : Number(value);
  return Number.isFinite(n) ? String(Math.round(n * 1e6) / 1e6) : '0';
}

export function emptyImageMeta(): ImageMeta {
  return {
    aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '',
    focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [],
  };
}

export function imageMetaFromExif(exif: Buffer | undefined, orientation: number): ImageMeta {
  const meta = emptyImageMeta();
  if (!exif) return meta;
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(exif);
  } catch {
    return meta;
  }
  const image = tags.Image ?? {};
  const photo = tags.Photo ?? {};
  meta.camera = text(image.Model);
  meta.credit = text(image.Artist);
  meta.copyright = text(image.Copyright);
  const description = text(image.ImageDescription);
  // A short description reads as a title, a long one as a caption.
  if (description.length > 0 && description.length < 80) meta.title = description;
  else meta.caption = description;
  if (photo.FNumber !== undefined) meta.aperture = number(photo.FNumber);
  if (photo.FocalLength !== undefined) meta.focal_length = number(photo.FocalLength);
  if (photo.ISOSpeedRatings !== undefined) meta.iso = number(photo.ISOSpeedRatings);
  if (photo.ExposureTime !== undefined) meta.shutter_speed = number(photo.ExposureTime);
  const taken = photo.DateTimeOriginal ?? image.DateTime;
  if (taken instanceof Date && !Number.isNaN(taken.getTime())) meta.created_timestamp = String(Math.floor(taken.getTime() / 1000));
  meta.orientation = String(image.Orientation ?? orientation ?? 0);
  return filteredMeta(meta);
}

/** wp_kses_post_deep over the facts: every text through the post allowlist, whoever uploads. */
function filteredMeta(meta: ImageMeta): ImageMeta {
  const out = { ...meta, keywords: meta.keywords.map((k) => filterPostHtml(k)) };
  for (const key of Object.keys(out) as Array<keyof ImageMeta>) {
    const value = out[key];
    if (typeof value === 'string') (out as Record<string, unknown>)[key] = filterPostHtml(value);
  }
  return out;
}
