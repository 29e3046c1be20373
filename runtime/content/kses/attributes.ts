/**
 * An allowed element's attributes, as 6.8's kses rebuilds them (wp_kses_attr, wp_kses_hair,
 * wp_kses_attr_check): the attribute text is read left to right the way WordPress reads it
 * (names, `=`, double-, single- or unquoted values, value-less names; what cannot be read is
 * skipped up to the next whitespace outside quotes), the first of each name wins, URL
 * attributes lose disallowed protocols, and only the allowed names survive, quoted again.
 */
import type { AttributeRule, KsesRules } from './allowed-html.ts';
import { filterStyle } from './css.ts';
import { isOwnPdf } from './pdf-object.ts';
import { asciiLower, isEmptyString, isPcreSpace, PCRE_SPACE } from './php-text.ts';
import { badProtocol } from './protocols.ts';

/** wp_kses_uri_attributes: values checked for protocols, allowed or not. */
const URI_ATTRIBUTES: ReadonlySet<string> = new Set([
  'action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc',
  'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns',
]);

interface ParsedAttribute {
  name: string;
  value: string;
  /** `name="value"` as it will be written (or the bare name). */
  whole: string;
  valueless: 'y' | 'n';
}

const S = PCRE_SPACE;
const NAME = /[_a-zA-Z][-_a-zA-Z0-9:.]*/y;
const EQUALS = new RegExp(`[${S}]*=[${S}]*`, 'y');
const SPACES = new RegExp(`[${S}]+`, 'y');
// `$` in WordPress's patterns also matches before a final line feed: (?=\n?$).
const DOUBLE_QUOTED = new RegExp(`"([^"]*)"(?:[${S}]+|/?(?=\\n?$))`, 'y');
const DOUBLE_QUOTED_SKIP = new RegExp(`"[^"]*"(?:[${S}]+|(?=\\n?$))`, 'y');
const SINGLE_QUOTED = new RegExp(`'([^']*)'(?:[${S}]+|/?(?=\\n?$))`, 'y');
const SINGLE_QUOTED_SKIP = new RegExp(`'[^']*'(?:[${S}]+|(?=\\n?$))`, 'y');
const UNQUOTED = new RegExp(`([^${S}"']+)(?:[${S}]+|/?(?=\\n?$))`, 'y');
const UNQUOTED_SKIP = new RegExp(`[^${S}"']+(?:[${S}]+|(?=\\n?$))`, 'y');

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** wp_kses_html_error: past the unreadable part, up to whitespace outside quotes, and that whitespace. */
function skipUnreadable(text: string, at: number): number {
  let p = at;
  while (p < text.length) {
    const c = text[p];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, p + 1);
      p = close === -1 ? text.length : close + 1;
    } else if (!isPcreSpace(text.charCodeAt(p))) p++;
    else break;
  }
  while (p < text.length && isPcreSpace(text.charCodeAt(p))) p++;
  return p;
}

function addFirst(found: Map<string, ParsedAttribute>, name: string, value: string, whole: string, valueless: 'y' | 'n'): void {
  if (!found.has(name)) found.set(name, { name, value, whole, valueless });
}

/** wp_kses_hair: the attribute text → attributes by name (first one wins), in order. */
function readAttributes(text: string): ParsedAttribute[] {
  const found = new Map<string, ParsedAttribute>();
  let pos = 0;
  let mode = 0;
  let name = '';
  while (pos < text.length) {
    let working = false;
    let m: RegExpExecArray | null;
    if (mode === 0) {
      if ((m = matchAt(NAME, text, pos))) [name, working, mode, pos] = [m[0], true, 1, pos + m[0].length];
    } else if (mode === 1) {
      if ((m = matchAt(EQUALS, text, pos))) [working, mode, pos] = [true, 2, pos + m[0].length];
      else if ((m = matchAt(SPACES, text, pos))) {
        addFirst(found, name, '', name, 'y');
        [working, mode, pos] = [true, 0, pos + m[0].length];
      }
    } else {
      for (const [pattern, skip, quote] of VALUE_FORMS) {
        if (!(m = matchAt(pattern, text, pos))) continue;
        const value = URI_ATTRIBUTES.has(asciiLower(name)) ? badProtocol(m[1]) : m[1];
        addFirst(found, name, value, `${name}=${quote}${value}${quote}`, 'n');
        [working, mode] = [true, 0];
        // WordPress skips with a slightly different pattern: `"x"/` is read but not skipped here.
        const skipped = matchAt(skip, text, pos);
        if (skipped) pos += skipped[0].length;
        break;
      }
    }
    if (!working) [pos, mode] = [skipUnreadable(text, pos), 0];
  }
  // A list ending with a value-less attribute ("selected").
  if (mode === 1) addFirst(found, name, '', name, 'y');
  return [...found.values()];
}

const VALUE_FORMS: [RegExp, RegExp, string][] = [
  [DOUBLE_QUOTED, DOUBLE_QUOTED_SKIP, '"'],
  [SINGLE_QUOTED, SINGLE_QUOTED_SKIP, "'"],
  // Unquoted values are written with double quotes.
  [UNQUOTED, UNQUOTED_SKIP, '"'],
];

const DATA_NAME = /^data-[a-z0-9_-]+$/;

function restrictsValues(rules: ReadonlyMap<string, AttributeRule>): boolean {
  for (const rule of rules.values()) if (rule !== true && (rule.values !== undefined || rule.pdfOnly)) return true;
  return false;
}

/**
 * 6.8.12: on an element whose attribute values kses restricts (`<object>`), an Interactivity API
 * binding (`data-wp-bind--attr`, which replaces the attribute's value when rendered) is kept
 * only when it binds an attribute allowed there with any value.
 */
function bindsRestrictedAttribute(nameLow: string, rules: ReadonlyMap<string, AttributeRule>): boolean {
  if (!restrictsValues(rules)) return false;
  const bound = nameLow.slice('data-wp-bind--'.length);
  const names = [bound];
  const uniqueId = bound.indexOf('---');
  if (uniqueId !== -1) names.push(bound.slice(0, uniqueId));
  for (const name of names) {
    const rule = rules.get(name) ?? (DATA_NAME.test(name) ? rules.get('data-*') : undefined);
    if (rule !== true) return true;
  }
  return false;
}

/** wp_kses_check_attr_val for the rule kinds 6.8's lists use. */
function valueAllowed(attr: ParsedAttribute, value: string, rule: AttributeRule, rules: KsesRules): boolean {
  if (rule === true) return true;
  if (rule.valueless !== undefined && rule.valueless !== attr.valueless) return false;
  if (rule.values !== undefined && !rule.values.includes(asciiLower(value))) return false;
  if (rule.pdfOnly && !isOwnPdf(value, rules.uploads)) return false;
  return true;
}

/** wp_kses_attr_check: the attribute as written back, or null when it goes. */
function checkAttribute(attr: ParsedAttribute, allowed: ReadonlyMap<string, AttributeRule>, rules: KsesRules): string | null {
  const nameLow = asciiLower(attr.name);
  let rule = allowed.get(nameLow);
  if (rule === undefined) {
    const wildcard = allowed.get('data-*');
    if (!nameLow.startsWith('data-') || wildcard === undefined || !DATA_NAME.test(nameLow)) return null;
    rule = wildcard;
  }
  if (nameLow.startsWith('data-wp-bind--') && bindsRestrictedAttribute(nameLow, allowed)) return null;
  let { value, whole } = attr;
  if (nameLow === 'style') {
    const style = filterStyle(value);
    if (isEmptyString(style)) return null;
    // WordPress replaces every occurrence of the old value in name="value".
    whole = whole.split(value).join(style);
    value = style;
  }
  return valueAllowed(attr, value, rule, rules) ? whole : null;
}

const CLOSING_SLASH = new RegExp(`/[${S}]*$`);

const REQUIRED = new WeakMap<ReadonlyMap<string, AttributeRule>, string[]>();

/** The element's required attributes, found once per element list. */
function requiredAttributes(allowed: ReadonlyMap<string, AttributeRule>): string[] {
  let names = REQUIRED.get(allowed);
  if (!names) {
    names = [...allowed].filter(([, rule]) => rule !== true && rule.required).map(([name]) => name);
    REQUIRED.set(allowed, names);
  }
  return names;
}

/** wp_kses_attr: the element's tag with its allowed attributes (the element itself is allowed). */
export function filterAttributes(element: string, attributeText: string, rules: KsesRules): string {
  const slash = CLOSING_SLASH.test(attributeText) ? ' /' : '';
  const allowed = rules.tags.get(asciiLower(element));
  if (!allowed || allowed.size === 0) return `<${element}${slash}>`;
  const required = new Set(requiredAttributes(allowed));
  // A required attribute missing or refused: no attributes at all (the tag itself stays
  // unless self-closed, since kses does not pair opening and closing tags).
  const stripped = slash ? '' : `<${element}>`;
  let kept = '';
  for (const attr of readAttributes(attributeText)) {
    const nameLow = asciiLower(attr.name);
    const isRequired = required.has(nameLow);
    const whole = checkAttribute(attr, allowed, rules);
    if (whole !== null) {
      kept += ` ${whole}`;
      if (isRequired) required.delete(nameLow);
    } else if (isRequired) return stripped;
  }
  if (required.size > 0) return stripped;
  return `<${element}${kept.replace(/[<>]/g, '')}${slash}>`;
}
