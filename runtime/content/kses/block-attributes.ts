/**
 * The second pre_kses filter WordPress hooks by default (wp_pre_kses_block_attributes →
 * filter_block_content): block delimiters carry JSON attributes that kses would otherwise see
 * only as comment text, so every string in them (keys too) is filtered by kses on its own, and
 * the text is written back from the parsed blocks as serialize_blocks writes it (attribute JSON
 * re-encoded with `--`, `<`, `>`, `&` and `\"` escaped, `core/` dropped from names, empty blocks
 * self-closed). The template part's `tagName` must also be an allowed element.
 */
import type { AllowedHtml } from './allowed-html.ts';
import { parseBlocks, type ParsedBlock } from './block-parser.ts';
import { arrayKey, encodePhpJson, type PhpArray, type PhpKey, type PhpValue } from './php-json.ts';
import { ForwardFinder, rtrimChar } from './php-text.ts';
import type { Kses } from './split.ts';

/** PHP's empty() of a value. */
function isEmptyValue(value: PhpValue): boolean {
  if (value === null || value === false || value === '' || value === '0' || value === 0n || value === 0) return true;
  return value instanceof Map && value.size === 0;
}

/** filter_block_core_template_part_attributes: `tagName` keeps only an allowed element's name. */
function templatePartValue(value: PhpValue, key: PhpKey, tags: AllowedHtml): PhpValue {
  if (isEmptyValue(value) || key !== 'tagName') return value;
  // Only a string can name an element (WordPress fails on an array here; it is refused too).
  return typeof value === 'string' && tags.has(value) ? value : '';
}

/** filter_block_kses_value: strings through kses, arrays key by key, other scalars unchanged. */
function filterValue(value: PhpValue, kses: Kses, tags: AllowedHtml, isTemplatePart: boolean): PhpValue {
  if (typeof value === 'string') return kses(value);
  if (!(value instanceof Map)) return value;
  const out: PhpArray = new Map(value);
  // PHP walks a snapshot of the array while the copy is changed.
  for (const [key, inner] of value) {
    const filteredKey = typeof key === 'string' ? kses(key) : key;
    let filtered = filterValue(inner, kses, tags, isTemplatePart);
    if (isTemplatePart) filtered = templatePartValue(filtered, filteredKey, tags);
    if (filteredKey !== key) out.delete(key);
    out.set(typeof filteredKey === 'string' ? arrayKey(filteredKey) : filteredKey, filtered);
  }
  return out;
}

/** serialize_block_attributes: PHP's JSON with what could end or confuse a comment escaped. */
function serializeAttributes(attrs: PhpArray): string {
  const json = encodePhpJson(attrs);
  // json_encode failing (an infinite float) leaves nothing, as in WordPress.
  if (json === null) return '';
  return json
    .replaceAll('--', '\\u002d\\u002d')
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\\"', '\\u0022');
}

/** The block's filtered attributes, as serialize_block writes them (nothing for none). */
function filteredAttributes(block: ParsedBlock, kses: Kses, tags: AllowedHtml): string {
  const attrs = filterValue(block.attrs, kses, tags, block.blockName === 'core/template-part');
  return attrs instanceof Map && attrs.size > 0 ? `${serializeAttributes(attrs)} ` : '';
}

interface Frame {
  block: ParsedBlock;
  nextChunk: number;
  nextInner: number;
  content: string;
}

/**
 * filter_block_kses then serialize_block, over a stack rather than by recursion: WordPress's
 * PHP recursion has no depth limit that blocks nested thousands deep would reach, JavaScript's has.
 */
function serializeFiltered(root: ParsedBlock, kses: Kses, tags: AllowedHtml): string {
  const stack: Frame[] = [{ block: root, nextChunk: 0, nextInner: 0, content: '' }];
  for (;;) {
    const frame = stack[stack.length - 1];
    const { block } = frame;
    if (frame.nextChunk < block.innerContent.length) {
      const chunk = block.innerContent[frame.nextChunk++];
      if (chunk !== null) frame.content += chunk;
      else stack.push({ block: block.innerBlocks[frame.nextInner++], nextChunk: 0, nextInner: 0, content: '' });
      continue;
    }
    stack.pop();
    let text = frame.content;
    if (block.blockName !== null) {
      const name = block.blockName.startsWith('core/') ? block.blockName.slice(5) : block.blockName;
      const attrs = filteredAttributes(block, kses, tags);
      // An empty block (PHP's empty(): '' or '0') is written self-closed.
      text = text === '' || text === '0' ? `<!-- wp:${name} ${attrs}/-->` : `<!-- wp:${name} ${attrs}-->${text}<!-- /wp:${name} -->`;
    }
    if (stack.length === 0) return text;
    stack[stack.length - 1].content += text;
  }
}

/** 6.2.1's clean-up first: `<!-- x --->` (three dashes) is closed as `<!-- x -->`, on one line. */
function closeTripleDashComments(text: string): string {
  if (!text.includes('<!--') || !text.includes('--->')) return text;
  const opens = new ForwardFinder(text, '<!--');
  const closes = new ForwardFinder(text, '--->');
  const newlines = new ForwardFinder(text, '\n');
  let out = '';
  let copied = 0;
  for (let at = opens.next(0); at !== -1; ) {
    const close = closes.next(at + 4);
    if (close === -1) break;
    const newline = newlines.next(at + 4);
    if (newline !== -1 && newline < close) {
      at = opens.next(at + 1);
      continue;
    }
    out += `${text.slice(copied, at)}<!--${rtrimChar(text.slice(at + 4, close), '-')}-->`;
    copied = close + 4;
    at = opens.next(copied);
  }
  return out + text.slice(copied);
}

/** filter_block_content: `kses` filters one attribute string (WordPress's kses without this filter). */
export function filterBlockAttributes(text: string, kses: Kses, tags: AllowedHtml): string {
  const cleaned = closeTripleDashComments(text);
  // Without a delimiter the blocks are one freeform chunk, written back as it was read.
  if (!cleaned.includes('<!--') || !cleaned.includes('wp:')) return cleaned;
  let out = '';
  for (const block of parseBlocks(cleaned)) out += serializeFiltered(block, kses, tags);
  return out;
}
