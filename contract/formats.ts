/**
 * String formats as WordPress checks them (rest_validate_value_from_schema), as regular
 * expressions so that ajv standalone inlines them into the generated validators without an
 * import. Where WordPress is stricter or looser than JSON Schema, WordPress wins: `date-time`
 * accepts a missing offset, `uri` accepts anything esc_url_raw would keep.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

const ipv4 = fullFormats.ipv4 as RegExp;
const ipv6 = fullFormats.ipv6 as RegExp;

export const WORDPRESS_FORMATS: Record<string, RegExp | true> = {
  // rest_parse_date: RFC 3339 with optional fraction and optional offset, 'T' or a space; the
  // ranges stand in for its strtotime() check, which refuses month 13 or hour 24.
  'date-time': /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+|,\d+)?(?:[Zz]|[+-]\d{2}(?::\d{2})?)?$/,
  // WordPress 6.1 checks only hex-color, date-time, email, ip and uuid; other formats it
  // sanitises (uri through esc_url_raw) or ignores, so they never make a request invalid.
  date: true,
  uri: true,
  email: fullFormats.email as RegExp,
  ip: new RegExp(`(?:${ipv4.source})|(?:${ipv6.source})`, ipv6.flags),
  uuid: fullFormats.uuid as RegExp,
  // sanitize_hex_color: #abc or #aabbcc.
  'hex-color': /^#(?:[0-9a-fA-F]{3}){1,2}$/,
  // Sanitising formats: WordPress cleans these values, it never rejects them.
  'text-field': true,
  'textarea-field': true,
};
