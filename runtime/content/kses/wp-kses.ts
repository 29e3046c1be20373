/**
 * wp_kses as WordPress 6.8 runs it with its default filters, in its order: control characters
 * out, character references normalised, the two pre_kses filters (lone `<` escaped, block
 * attributes filtered), then the tag-by-tag rewrite. Text inside comments and block attributes
 * goes through this same function again; while block attributes are being filtered, the block
 * filter is off (WordPress unhooks it to avoid recursion).
 */
import type { KsesRules } from './allowed-html.ts';
import { filterBlockAttributes } from './block-attributes.ts';
import { normalizeEntities } from './entities.ts';
import { escapeLoneLessThan } from './less-than.ts';
import { stripControl } from './protocols.ts';
import { splitTags } from './split.ts';

/** Every step of kses acts only at these characters; text without them comes out as it went in. */
const ACTIVE = /[<>&\x00-\x08\x0B\x0C\x0E-\x1F]/;

export function wpKses(content: string, rules: KsesRules, blockFilter = true): string {
  // Most comment texts (block delimiters) and block attribute values take this way.
  if (!ACTIVE.test(content)) return content;
  let text = normalizeEntities(stripControl(content));
  text = escapeLoneLessThan(text);
  if (blockFilter) text = filterBlockAttributes(text, (value) => wpKses(value, rules, false), rules.tags);
  return splitTags(text, rules, (inner) => wpKses(inner, rules, blockFilter));
}
