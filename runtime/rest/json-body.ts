/**
 * Decodes a JSON body with the refusals of PHP's json_decode, which WordPress relies on: nesting
 * deeper than 512 (JSON_ERROR_DEPTH) and an unpaired UTF-16 surrogate escape (JSON_ERROR_UTF16)
 * are errors, not values. Both matter beyond fidelity: unbounded nesting overflows the stack of
 * every recursive step after parsing (JSON.stringify included), and a lone surrogate makes
 * encodeURIComponent and friends throw deep inside services.
 */

export interface JsonDecodeError {
  /** PHP's json_last_error() code, as WordPress reports it in `data.json_error_code`. */
  code: number;
  message: string;
}

export const MAX_JSON_DEPTH = 512;

const SYNTAX: JsonDecodeError = { code: 4, message: 'Syntax error' };
const DEPTH: JsonDecodeError = { code: 1, message: 'Maximum stack depth exceeded' };
const UTF16: JsonDecodeError = { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' };

export function decodeJson(text: string): { value: unknown } | { error: JsonDecodeError } {
  const refusal = scan(text);
  if (refusal === DEPTH) return { error: DEPTH };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: SYNTAX };
  }
  return refusal ? { error: refusal } : { value };
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** One pass over the text: nesting depth outside strings, surrogate escapes inside them. */
function scan(text: string): JsonDecodeError | undefined {
  let depth = 0;
  let inString = false;
  let pendingHigh = false;
  let utf16: JsonDecodeError | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (!inString) {
      if (ch === 0x5b || ch === 0x7b) {
        if (++depth > MAX_JSON_DEPTH) return DEPTH;
      } else if (ch === 0x5d || ch === 0x7d) depth--;
      else if (ch === 0x22) inString = true;
      continue;
    }
    if (ch === 0x5c) {
      const next = text[i + 1];
      const unit = next === 'u' ? Number.parseInt(text.slice(i + 2, i + 6), 16) : Number.NaN;
      if (pendingHigh && !isLow(unit)) utf16 = UTF16;
      if (!pendingHigh && isLow(unit)) utf16 = UTF16;
      pendingHigh = !pendingHigh && isHigh(unit);
      i += next === 'u' ? 5 : 1;
      continue;
    }
    if (pendingHigh) utf16 = UTF16;
    pendingHigh = false;
    if (ch === 0x22) inString = false;
  }
  return utf16;
}
