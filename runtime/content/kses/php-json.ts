/**
 * Block attributes go through PHP's json_decode (as arrays) and json_encode when WordPress
 * filters them, and PHP's values differ from JavaScript's: integer and float are distinct types
 * (`1.0` stays a float, big integers are exact), array keys keep their order with numeric
 * strings made integers, a lone surrogate escape or nesting past 511 levels is an error, and
 * floats print in PHP's own way (`1.0e+25`). This reads and writes JSON as PHP does.
 */

export type PhpKey = bigint | string;
export type PhpArray = Map<PhpKey, PhpValue>;
/** PHP's scalars and arrays: int as bigint, float as number. */
export type PhpValue = null | boolean | bigint | number | string | PhpArray;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** An array key as PHP stores it: a decimal integer string in range becomes an integer. */
export function arrayKey(key: string): PhpKey {
  if (!/^(?:0|-?[1-9][0-9]*)$/.test(key) || key.length > 20) return key;
  const n = BigInt(key);
  return n >= INT64_MIN && n <= INT64_MAX ? n : key;
}

/** json_decode's default depth (512) allows 511 levels of arrays and objects. */
const MAX_NESTING = 511;

class JsonError extends Error {}

class Reader {
  pos = 0;
  depth = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new JsonError();
  }

  space(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      this.pos++;
    }
  }

  value(): PhpValue {
    this.space();
    const c = this.text[this.pos];
    if (c === '{' || c === '[') return this.container(c === '{');
    if (c === '"') return this.string();
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.number();
  }

  container(isObject: boolean): PhpArray {
    if (++this.depth > MAX_NESTING) this.fail();
    this.pos++;
    const out: PhpArray = new Map();
    const close = isObject ? '}' : ']';
    this.space();
    if (this.text[this.pos] === close) {
      this.pos++;
      this.depth--;
      return out;
    }
    let index = 0n;
    for (;;) {
      if (isObject) {
        this.space();
        if (this.text[this.pos] !== '"') this.fail();
        const key = arrayKey(this.string());
        this.space();
        if (this.text[this.pos++] !== ':') this.fail();
        out.set(key, this.value());
      } else {
        out.set(index++, this.value());
      }
      this.space();
      const next = this.text[this.pos++];
      if (next === close) break;
      if (next !== ',') this.fail();
    }
    this.depth--;
    return out;
  }

  hex4(): number {
    const digits = this.text.slice(this.pos, this.pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) this.fail();
    this.pos += 4;
    return parseInt(digits, 16);
  }

  string(): string {
    const t = this.text;
    this.pos++;
    let out = '';
    let run = this.pos;
    for (;;) {
      if (this.pos >= t.length) this.fail();
      const c = t.charCodeAt(this.pos);
      if (c === 34 /* " */) break;
      if (c < 0x20) this.fail();
      if (c !== 92 /* \ */) {
        this.pos++;
        continue;
      }
      out += t.slice(run, this.pos);
      const e = t[this.pos + 1];
      this.pos += 2;
      if (e === 'u') out += this.unicodeEscape();
      else if (e !== undefined && e in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[e];
      else this.fail();
      run = this.pos;
    }
    out += t.slice(run, this.pos);
    this.pos++;
    return out;
  }

  /** `\uXXXX`, a surrogate pair as two escapes; an unpaired surrogate is an error in PHP. */
  unicodeEscape(): string {
    const unit = this.hex4();
    if (unit >= 0xdc00 && unit <= 0xdfff) this.fail();
    if (unit < 0xd800 || unit > 0xdbff) return String.fromCharCode(unit);
    if (this.text[this.pos] !== '\\' || this.text[this.pos + 1] !== 'u') this.fail();
    this.pos += 2;
    const low = this.hex4();
    if (low < 0xdc00 || low > 0xdfff) this.fail();
    return String.fromCharCode(unit, low);
  }

  number(): bigint | number {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail();
    this.pos += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return Number(m[0]);
    // An integer past PHP's range is read as a float.
    const n = BigInt(m[0]);
    return n >= INT64_MIN && n <= INT64_MAX ? n : Number(m[0]);
  }
}

const LITERALS: [string, PhpValue][] = [['true', true], ['false', false], ['null', null]];
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** json_decode($text, true); undefined where PHP answers null for an error. */
export function decodePhpJson(text: string): PhpValue | undefined {
  const reader = new Reader(text);
  try {
    const value = reader.value();
    reader.space();
    return reader.pos === text.length ? value : undefined;
  } catch (e) {
    if (e instanceof JsonError) return undefined;
    throw e;
  }
}

/** A float as json_encode writes it (serialize_precision -1: shortest digits, PHP's layout). */
function encodeFloat(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const sign = x < 0 ? '-' : '';
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1;
  if (point < -3 || point > 17) {
    const e = point - 1;
    return `${sign}${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (digits.length <= point) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A string as json_encode writes it with JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE. */
function encodeString(s: string): string {
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let escaped: string | undefined;
    if (c === 34) escaped = '\\"';
    else if (c === 92) escaped = '\\\\';
    else if (c < 0x20) escaped = CONTROL_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;
    // Line and paragraph separators stay escaped without JSON_UNESCAPED_LINE_TERMINATORS.
    else if (c === 0x2028 || c === 0x2029) escaped = `\\u${c.toString(16)}`;
    if (escaped === undefined) continue;
    out += s.slice(run, i) + escaped;
    run = i + 1;
  }
  return `${out}${s.slice(run)}"`;
}

const CONTROL_ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

function isList(array: PhpArray): boolean {
  let expected = 0n;
  for (const key of array.keys()) if (key !== expected++) return false;
  return true;
}

class EncodeError extends Error {}

function encode(value: PhpValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    // INF and NAN make json_encode fail.
    if (!Number.isFinite(value)) throw new EncodeError();
    return encodeFloat(value);
  }
  if (typeof value === 'string') return encodeString(value);
  if (isList(value)) return `[${[...value.values()].map(encode).join(',')}]`;
  return `{${[...value].map(([k, v]) => `${encodeString(String(k))}:${encode(v)}`).join(',')}}`;
}

/** json_encode with those flags; null where PHP answers false. */
export function encodePhpJson(value: PhpValue): string | null {
  try {
    return encode(value);
  } catch (e) {
    if (e instanceof EncodeError) return null;
    throw e;
  }
}
