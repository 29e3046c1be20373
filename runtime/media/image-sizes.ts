/**
 * The registered image sub-sizes and the geometry of each resize, following WordPress's rules:
 * a size is made only when it is smaller than the original; "crop" sizes fill the box exactly
 * (centre crop), the others fit inside it keeping the aspect ratio; 0 means "no limit".
 */

export interface ImageSize {
  width: number;
  height: number;
  crop: boolean;
}

/** WordPress's defaults (thumbnail, medium, medium_large, large), in its order. */
export const DEFAULT_IMAGE_SIZES: Record<string, ImageSize> = {
  thumbnail: { width: 150, height: 150, crop: true },
  medium: { width: 300, height: 300, crop: false },
  medium_large: { width: 768, height: 0, crop: false },
  large: { width: 1024, height: 1024, crop: false },
};

/**
 * Sizes of a deployment: `settings.imageSizes` (name -> {width, height, crop}) replaces or adds
 * to the defaults; a size set to null is removed.
 */
export function registeredImageSizes(settings: Record<string, unknown>): Record<string, ImageSize> {
  const sizes: Record<string, ImageSize> = { ...DEFAULT_IMAGE_SIZES };
  const custom = settings.imageSizes as Record<string, Partial<ImageSize> | null> | undefined;
  if (custom && typeof custom === 'object') {
    for (const [name, size] of Object.entries(custom)) {
      if (size === null) delete sizes[name];
      else sizes[name] = { width: Number(size.width ?? 0), height: Number(size.height ?? 0), crop: Boolean(size.crop) };
    }
  }
  return sizes;
}

/** What to cut from the original (`source`) and the size to scale it to (`width`/`height`). */
export interface ResizePlan {
  width: number;
  height: number;
  source?: { left: number; top: number; width: number; height: number };
}

/** Fits w x h inside maxW x maxH (0 = unbounded), keeping the ratio; never enlarges. */
export function fitInside(w: number, h: number, maxW: number, maxH: number): [number, number] {
  const ratios = [maxW > 0 && w > maxW ? maxW / w : 1, maxH > 0 && h > maxH ? maxH / h : 1];
  const ratio = Math.min(...ratios);
  if (ratio === 1) return [w, h];
  return [Math.max(1, Math.round(w * ratio)), Math.max(1, Math.round(h * ratio))];
}

/** The plan for one sub-size of a w x h original, or null when the original is not larger. */
export function planResize(w: number, h: number, size: ImageSize): ResizePlan | null {
  if (w <= 0 || h <= 0) return null;
  if (!size.crop) {
    const [nw, nh] = fitInside(w, h, size.width, size.height);
    return nw === w && nh === h ? null : { width: nw, height: nh };
  }
  let nw = Math.min(size.width || w, w);
  let nh = Math.min(size.height || h, h);
  if (!size.width) nw = Math.max(1, Math.round(nh * (w / h)));
  if (!size.height) nh = Math.max(1, Math.round(nw / (w / h)));
  if (nw === w && nh === h) return null;
  // Scale so the box is covered, then take the centre.
  const scale = Math.max(nw / w, nh / h);
  const cw = Math.min(w, Math.round(nw / scale));
  const ch = Math.min(h, Math.round(nh / scale));
  return { width: nw, height: nh, source: { left: Math.floor((w - cw) / 2), top: Math.floor((h - ch) / 2), width: cw, height: ch } };
}
