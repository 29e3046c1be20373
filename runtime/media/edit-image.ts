/**
 * Applies the media edit modifiers (flip, rotate clockwise by any angle, crop by percentages) in
 * the order given, as WordPress's image editor does, and encodes the result in `mime`.
 * Each step works on raw pixels, so steps compose freely and nothing is re-compressed between
 * them.
 */
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { restError } from '../rest/errors.ts';
import { encode } from './subsizes.ts';

export type Modifier =
  | { type: 'flip'; args: { flip: { horizontal: boolean; vertical: boolean } } }
  | { type: 'rotate'; args: { angle: number } }
  | { type: 'crop'; args: { left: number; top: number; width: number; height: number } };

interface RawImage {
  data: Buffer;
  info: OutputInfo;
}

const raw = (img: RawImage) => sharp(img.data, { raw: { width: img.info.width, height: img.info.height, channels: img.info.channels } });

async function step(pipeline: Sharp): Promise<RawImage> {
  return pipeline.raw().toBuffer({ resolveWithObject: true });
}

export async function applyModifiers(input: Buffer, modifiers: Modifier[], mime: string, maxPixels: number): Promise<{ data: Buffer; width: number; height: number }> {
  // Start upright: the client previewed the image with its EXIF orientation applied.
  let img: RawImage;
  try {
    img = await step(sharp(input, { limitInputPixels: maxPixels }).rotate());
  } catch {
    // A file the decoder cannot read (a broken upload): WordPress's editor fails to load it too.
    throw restError('rest_unknown_image_file_type');
  }
  for (const modifier of modifiers) {
    if (modifier.type === 'flip') {
      const { horizontal, vertical } = modifier.args.flip;
      let p = raw(img);
      if (vertical) p = p.flip();
      if (horizontal) p = p.flop();
      if (vertical || horizontal) img = await step(p);
    } else if (modifier.type === 'rotate') {
      const angle = ((Number(modifier.args.angle) % 360) + 360) % 360;
      if (angle !== 0) {
        // Corners uncovered by a free rotation are transparent (black once flattened to JPEG).
        const p = img.info.channels === 4 || angle % 90 === 0 ? raw(img) : raw(img).ensureAlpha();
        img = await step(p.rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
      }
    } else if (modifier.type === 'crop') {
      img = await crop(img, modifier.args);
    }
  }
  const data = await encode(raw(img), mime);
  return { data, width: img.info.width, height: img.info.height };
}

async function crop(img: RawImage, args: { left: number; top: number; width: number; height: number }): Promise<RawImage> {
  const { width: w, height: h } = img.info;
  const left = Math.round((w * args.left) / 100);
  const top = Math.round((h * args.top) / 100);
  const cw = Math.min(Math.round((w * args.width) / 100), w - left);
  const ch = Math.min(Math.round((h * args.height) / 100), h - top);
  if (cw === w && ch === h) return img;
  if (left < 0 || top < 0 || cw < 1 || ch < 1) throw restError('rest_image_crop_failed');
  return step(raw(img).extract({ left, top, width: cw, height: ch }));
}
