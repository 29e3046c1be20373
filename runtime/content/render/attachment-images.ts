/**
 * What WordPress 6.8 derives from an image attachment's metadata when it writes or filters an
 * <img>: the size of a file of the attachment (wp_image_src_get_dimensions), the srcset of the
 * files of the same shape (wp_calculate_image_srcset) and its sizes attribute.
 */

export interface AttachmentImage {
  id: number;
  /** The original's path under uploads (`2026/03/lake.jpg`) and the URL of its folder (with `/`). */
  file: string;
  baseUrl: string;
  width?: number;
  height?: number;
  sizes: Record<string, { file: string; width: number; height: number }>;
}

const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** The folder of the original under uploads, with a trailing slash ('' at the top). */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '');

/** wp_constrain_dimensions: fit inside max width/height (0 = no limit), keeping the ratio. */
export function constrain(w: number, h: number, maxW: number, maxH: number): [number, number] {
  if (!maxW && !maxH) return [w, h];
  let wRatio = 1;
  let hRatio = 1;
  const didW = maxW > 0 && w > 0 && w > maxW;
  const didH = maxH > 0 && h > 0 && h > maxH;
  if (didW) wRatio = maxW / w;
  if (didH) hRatio = maxH / h;
  const larger = Math.max(wRatio, hRatio);
  // The larger ratio when it fits (a snugger fit), else the smaller one.
  const ratio = Math.round(w * larger) > maxW || Math.round(h * larger) > maxH ? Math.min(wRatio, hRatio) : larger;
  let nw = Math.max(1, Math.round(w * ratio));
  let nh = Math.max(1, Math.round(h * ratio));
  if (didW && nw === maxW - 1) nw = maxW;
  if (didH && nh === maxH - 1) nh = maxH;
  return [nw, nh];
}

/** wp_image_matches_ratio: the larger one scaled to the smaller's width is within a pixel. */
function matchesRatio(w1: number, h1: number, w2: number, h2: number): boolean {
  const [constrained, expected] = w1 > w2 ? [constrain(w1, h1, w2, 0), [w2, h2]] : [constrain(w2, h2, w1, 0), [w1, h1]];
  return Math.abs(constrained[0] - expected[0]) <= 1 && Math.abs(constrained[1] - expected[1]) <= 1;
}

/** wp_image_src_get_dimensions: the original's size when src names it, else the size whose file src names. */
export function srcDimensions(src: string, image: AttachmentImage): [number, number] | null {
  if (image.file && image.width && image.height && src.includes(basename(image.file))) return [image.width, image.height];
  const name = basename(src);
  for (const size of Object.values(image.sizes)) if (size.file === name) return [size.width, size.height];
  return null;
}

/** wp_calculate_image_srcset: files of the shown shape, the one in src first, only when src is one of them. */
export function imageSrcset(image: AttachmentImage, src: string, width: number, height: number): string {
  if (width < 1 || !image.width || !image.height) return '';
  const folder = folderOf(image.file);
  const candidates = [...Object.values(image.sizes), { file: basename(image.file), width: image.width, height: image.height }];
  const edit = /-e[0-9]{13}/.exec(basename(src));
  const sources = new Map<number, string>();
  let matched = false;
  for (const c of candidates) {
    let isSource = false;
    if (!matched && src.includes(folder + c.file)) {
      matched = true;
      isSource = true;
    }
    // Files of earlier edits of an edited image are left out.
    if (edit && !c.file.includes(edit[0])) continue;
    if (c.width > 2048 && !isSource) continue;
    if (!matchesRatio(width, height, c.width, c.height)) continue;
    const url = image.baseUrl + c.file;
    if (isSource) {
      const rest = [...sources].filter(([w]) => w !== c.width);
      sources.clear();
      sources.set(c.width, url);
      for (const [w, u] of rest) sources.set(w, u);
    } else {
      sources.set(c.width, url);
    }
  }
  if (!matched || sources.size < 2) return '';
  return [...sources].map(([w, u]) => `${u.replace(/ /g, '%20')} ${w}w`).join(', ');
}

/** wp_calculate_image_sizes */
export function imageSizes(width: number): string {
  return `(max-width: ${width}px) 100vw, ${width}px`;
}
