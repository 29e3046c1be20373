/**
 * oEmbed data as XML (the spec's `format=xml`): `<oembed>` with one element per field, written
 * with fast-xml-parser's builder (text escaped), and read back from providers that answer XML.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

const builder = new XMLBuilder({ format: false, processEntities: true, suppressEmptyNode: false });
const parser = new XMLParser({ processEntities: true, parseTagValue: false, trimValues: true, htmlEntities: true });

const NUMERIC = new Set(['width', 'height', 'thumbnail_width', 'thumbnail_height', 'cache_age']);

export function oembedToXml(data: Record<string, unknown>): string {
  // Nested values (rare in oEmbed) become child elements; arrays repeat their element.
  return `<?xml version="1.0"?>\n${builder.build({ oembed: data })}`;
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
