/**
 * WordPress 6.8's typography block support at render time (wp_render_typography_support): a
 * custom font size set on a block becomes a fluid `clamp()` in its inline style, as
 * wp_get_typography_font_size_value computes it. Site inputs are those of 6.8's default theme
 * (twentytwentyfive): fluid typography on, layout wideSize 1340px as the largest viewport.
 */
import type { ParsedBlock } from './parse-blocks.ts';

const MIN_VIEWPORT = '320px';
const MAX_VIEWPORT = '1340px';
const MIN_FONT_SIZE_LIMIT = '14px';
const ROOT_SIZE = 16;

interface Measure {
  value: number;
  unit: string;
}

/** PHP's round(x, 3). */
const round3 = (n: number) => Math.round((n + Number.EPSILON * Math.sign(n)) * 1000) / 1000;

/** wp_get_typography_value_and_unit: px, rem or em, optionally converted. */
function measure(raw: string | number, coerceTo = ''): Measure | null {
  if (raw === '' || raw === 0) return null;
  const text = typeof raw === 'number' || /^\d*\.?\d+$/.test(raw) ? `${raw}px` : raw;
  const m = /^(\d*\.?\d+)(rem|px|em)$/.exec(text);
  if (!m) return null;
  let value = Number(m[1]);
  let unit = m[2];
  if (coerceTo === 'px' && (unit === 'em' || unit === 'rem')) [value, unit] = [value * ROOT_SIZE, 'px'];
  if (unit === 'px' && (coerceTo === 'em' || coerceTo === 'rem')) [value, unit] = [value / ROOT_SIZE, coerceTo];
  if ((coerceTo === 'em' || coerceTo === 'rem') && (unit === 'em' || unit === 'rem')) unit = coerceTo;
  return { value: round3(value), unit };
}

const text = (m: Measure) => `${m.value}${m.unit}`;

/** wp_get_computed_fluid_typography_value */
function fluidValue(minFont: string, maxFont: string): string | null {
  const min = measure(minFont);
  const unit = min?.unit ?? 'rem';
  const max = measure(maxFont, unit);
  if (!min || !max) return null;
  const minRem = measure(minFont, 'rem');
  const maxViewport = measure(MAX_VIEWPORT, unit);
  const minViewport = measure(MIN_VIEWPORT, unit);
  if (!minRem || !maxViewport || !minViewport) return null;
  const denominator = maxViewport.value - minViewport.value;
  if (!denominator) return null;
  const offset = `${round3(minViewport.value / 100)}${unit}`;
  const factor = round3(100 * ((max.value - min.value) / denominator)) || 1;
  return `clamp(${minFont}, ${text(minRem)} + ((1vw - ${offset}) * ${factor}), ${maxFont})`;
}

/** wp_get_typography_font_size_value for a custom size. */
export function fluidFontSize(size: string | number): string | number {
  if (size === '' || size === 0) return size;
  const preferred = measure(size);
  if (!preferred) return size;
  const limit = measure(MIN_FONT_SIZE_LIMIT, preferred.unit);
  // Sizes at or below the smallest allowed minimum stay as they are.
  if (limit && preferred.value <= limit.value) return size;
  const maxFont = text(preferred);
  const inPx = preferred.unit === 'px' ? preferred.value : preferred.value * 16;
  const factor = Math.min(Math.max(1 - 0.075 * Math.log2(inPx), 0.25), 0.75);
  const calculated = round3(preferred.value * factor);
  const minFont = limit && calculated <= limit.value ? text(limit) : `${calculated}${preferred.unit}`;
  return fluidValue(minFont, maxFont) ?? size;
}

export function applyTypographySupport(html: string, block: ParsedBlock): string {
  const size = (block.attrs?.style as { typography?: { fontSize?: unknown } } | undefined)?.typography?.fontSize;
  if (typeof size !== 'string' && typeof size !== 'number') return html;
  const fluid = fluidFontSize(size);
  if (fluid === size || fluid === '') return html;
  const quoted = String(size).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return html.replace(new RegExp(`font-size\\s*:\\s*${quoted}\\s*;?`), `font-size:${String(fluid).replace(/\$/g, '$$$$')};`);
}
