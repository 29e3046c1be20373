/**
 * The `style` attribute (safecss_filter_attr in 6.8): declarations split on `;`, each kept only
 * when its property is in WordPress's list (or is a custom property `--x`), its `url()`s pass
 * the protocol check, and what is left once url(), gradients and the CSS functions WordPress
 * accepts (var, calc, min, max, minmax, clamp, repeat) are taken out holds no `\ ( & } =` and no
 * comment. A declaration without a colon is kept as it is (WordPress does so).
 */
import { badProtocol, noNull } from './protocols.ts';
import { isEmptyString, PCRE_SPACE, phpTrim } from './php-text.ts';

const SAFE_PROPERTIES: ReadonlySet<string> = new Set(
  (
    'background background-color background-image background-position background-repeat background-size ' +
    'background-attachment background-blend-mode border border-radius border-width border-color border-style ' +
    'border-right border-right-color border-right-style border-right-width border-bottom border-bottom-color ' +
    'border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width border-left ' +
    'border-left-color border-left-style border-left-width border-top border-top-color border-top-left-radius ' +
    'border-top-right-radius border-top-style border-top-width border-spacing border-collapse caption-side columns ' +
    'column-count column-fill column-gap column-rule column-span column-width color filter font font-family ' +
    'font-size font-style font-variant font-weight letter-spacing line-height text-align text-decoration ' +
    'text-indent text-transform height min-height max-height width min-width max-width margin margin-right ' +
    'margin-bottom margin-left margin-top margin-block-start margin-block-end margin-inline-start ' +
    'margin-inline-end padding padding-right padding-bottom padding-left padding-top padding-block-start ' +
    'padding-block-end padding-inline-start padding-inline-end flex flex-basis flex-direction flex-flow flex-grow ' +
    'flex-shrink flex-wrap gap row-gap grid-template-columns grid-auto-columns grid-column-start grid-column-end ' +
    'grid-column grid-column-gap grid-template-rows grid-auto-rows grid-row-start grid-row-end grid-row ' +
    'grid-row-gap grid-gap justify-content justify-items justify-self align-content align-items align-self clear ' +
    'cursor direction float list-style-type object-fit object-position opacity overflow vertical-align ' +
    'writing-mode position top right bottom left z-index box-shadow aspect-ratio container-type'
  ).split(' '),
);

/** Properties whose values may hold url() (checked even where the property itself is not allowed). */
const URL_PROPERTIES: ReadonlySet<string> = new Set(['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image']);
const GRADIENT_PROPERTIES: ReadonlySet<string> = new Set(['background', 'background-image']);

const CUSTOM_PROPERTY = /^--[a-zA-Z0-9_-]+$/;
const URL_CALL = /url\([^)]+\)/g;
const URL_PIECES = new RegExp(`^url\\([${PCRE_SPACE}]*(['"]?)([^\\n]*)(\\1)[${PCRE_SPACE}]*\\)$`);
const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/;
const FUNCTION_NAME = /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/y;
const UNSAFE = /[\\(&=}]|\/\*/;

/** Every url() of the value allowed by the protocol check; each one is then left out of `test`. */
function urlsAllowed(value: string, test: { text: string }): boolean {
  for (const call of value.match(URL_CALL) ?? []) {
    const pieces = URL_PIECES.exec(call);
    if (!pieces || isEmptyString(pieces[2])) return false;
    const url = phpTrim(pieces[2]);
    if (isEmptyString(url) || badProtocol(url) !== url) return false;
    test.text = test.text.split(call).join('');
  }
  return true;
}

/** Where each `(` closes, or -1 (PCRE's recursive `\((?:[^()]|(?1))*\)` finds the same). */
function closingParens(text: string): Int32Array {
  const closing = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') open.push(i);
    else if (text[i] === ')' && open.length) closing[open.pop()!] = i;
  }
  return closing;
}

/** The accepted CSS functions with balanced parentheses, nested ones included, are removed. */
function withoutFunctions(text: string): string {
  if (!text.includes('(')) return text;
  const closing = closingParens(text);
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    FUNCTION_NAME.lastIndex = i;
    const call = FUNCTION_NAME.exec(text);
    if (!call) continue;
    const open = i + call[0].length - 1;
    if (closing[open] === -1) continue;
    out += text.slice(copied, i);
    copied = closing[open] + 1;
    i = closing[open];
  }
  return out + text.slice(copied);
}

/** One declaration (trimmed) → kept or not. */
function declarationAllowed(item: string): boolean {
  const test = { text: item };
  const colon = item.indexOf(':');
  if (colon !== -1) {
    const property = phpTrim(item.slice(0, colon));
    const value = item.slice(colon + 1);
    const custom = CUSTOM_PROPERTY.test(property);
    if (!custom && !SAFE_PROPERTIES.has(property)) return false;
    const trimmedValue = phpTrim(value);
    const hasUrl = custom ? trimmedValue.startsWith('url(') : URL_PROPERTIES.has(property);
    const hasGradient = custom ? trimmedValue.includes('-gradient(') : GRADIENT_PROPERTIES.has(property);
    if (hasUrl && !urlsAllowed(value, test)) return false;
    if (hasGradient && GRADIENT.test(trimmedValue)) test.text = test.text.split(trimmedValue).join('');
  }
  return !UNSAFE.test(withoutFunctions(test.text));
}

/** safecss_filter_attr: the declarations WordPress keeps, joined by `;`. */
export function filterStyle(css: string): string {
  const declarations = phpTrim(noNull(css).replace(/[\n\r\t]/g, '')).split(';');
  let out = '';
  for (const declaration of declarations) {
    if (declaration === '') continue;
    const item = phpTrim(declaration);
    // The separator goes in only after something non-empty, as WordPress joins them.
    if (declarationAllowed(item)) out += (out !== '' ? ';' : '') + item;
  }
  return out;
}
