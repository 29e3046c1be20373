/**
 * An image's dimensions and the EXIF facts WordPress keeps as `image_meta` (camera, aperture,
 * exposure, ISO, focal length, date taken, orientation, credit, copyright, caption, title).
 * The pixel count is checked against the limit from the header alone, before anything is
 * decoded, so a small file that inflates to gigabytes (a decompression bomb) is refused cheaply.
 */
import sharp, { type Metadata } from 'sharp';
import exifReader from 'exif-reader';
import { restError } from '../rest/errors.ts';

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

export async function readImageInfo(data: Buffer, maxPixels: number): Promise<ImageInfo> {
  let header: Metadata;
  try {
    header = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw restError('rest_upload_sideload_error', [], { reason: 'The image could not be read.' });
  }
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width * height > maxPixels) throw restError('rest_upload_image_too_large', [String(maxPixels)]);
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
  return meta;
}
