/**
 * oEmbed data as XML (the spec's `format=xml`): `<oembed>` with one element per field, written
 * as WordPress's _oembed_create_xml writes it, and read back (fast-xml-parser) from providers
 * that answer XML.
 */
import { XMLParser } from 'fast-xml-parser';
import { decodeHTML } from 'entities';
import { escHtml } from '../content/render/escape-html.ts';

const parser = new XMLParser({ processEntities: true, parseTagValue: false, trimValues: true, htmlEntities: true });

const NUMERIC = new Set(['width', 'height', 'thumbnail_width', 'thumbnail_height', 'cache_age']);

export function oembedToXml(data: Record<string, unknown>): string {
  return `<?xml version="1.0"?>\n<oembed>${xmlChildren(data)}</oembed>\n`;
}

/**
 * WordPress adds each value esc_html'ed to a SimpleXML node, which reads its entities; asXML
 * then writes &, < and > escaped and every non-ASCII character as &#xHEX;. So the rendered
 * title "Q&#038;A &#8220;x&#8221;" becomes "Q&amp;A &#x201C;x&#x201D;". Nested values become
 * child elements (numeric keys named `oembed`), as WordPress nests them.
 */
function xmlChildren(data: Record<string, unknown>): string {
  let out = '';
  for (const [key, value] of Object.entries(data)) {
    const name = /^\d+$/.test(key) ? 'oembed' : key;
    if (value !== null && typeof value === 'object') out += `<${name}>${xmlChildren(value as Record<string, unknown>)}</${name}>`;
    else out += `<${name}>${xmlText(decodeHTML(escHtml(scalarText(value))))}</${name}>`;
  }
  return out;
}

/** PHP's string of a scalar: true "1", false and null "". */
function scalarText(value: unknown): string {
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  return String(value);
}

function xmlText(text: string): string {
  let out = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
  out = out.replace(/[^\x00-\x7f]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`);
  return out;
}

/** The fields of an `<oembed>` document, or null when it is not one. */
export function oembedFromXml(xml: string): Record<string, unknown> | null {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return null;
  }
  const root = doc.oembed;
  if (!root || typeof root !== 'object' || Array.isArray(root)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(root as Record<string, unknown>)) {
    // Everything is text except the sizes the oEmbed specification defines as numbers.
    out[key] = NUMERIC.has(key) && value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return out;
}
