/**
 * json-schema-to-typescript's `compile`, remembered by its input: the same shape is compiled for
 * every deployment that serves it (and for the shared types), and an edit leaves all but a few
 * schemas as they were. The text depends only on the schema, the name, the options and the
 * library's version, which make the key. Remembered for the process, and (with the cache on)
 * under `node_modules/.cache/specpress/schema-types.json`: the entries the last run used, and
 * older ones within a budget.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compile, type JSONSchema, type Options } from 'json-schema-to-typescript';

const VERSION = (createRequire(import.meta.url)('json-schema-to-typescript/package.json') as { version: string }).version;
const cacheFile = (): string => join(process.cwd(), 'node_modules', '.cache', 'specpress', 'schema-types.json');

const known = new Map<string, string>();
/** Characters of types kept beyond what the last run used. */
const OLDER_TYPES_BUDGET = 4_000_000;
let used = new Map<string, string>();
let persistent = false;

/** Starts a run: with `cache`, what earlier runs compiled is read from the cache file. */
export function openSchemaTypes(cache: boolean): void {
  persistent = cache;
  used = new Map();
  if (!cache) return;
  try {
    const stored = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { version: string; types: Record<string, string> };
    if (stored.version === VERSION) for (const [key, text] of Object.entries(stored.types)) if (!known.has(key)) known.set(key, text);
  } catch {
    // No cache yet, or an unreadable one: everything is compiled.
  }
}

/** `compile(schema, name, options)`, or the text it gave for the same input before. */
export async function compileSchemaType(schema: JSONSchema, name: string, options: Partial<Options>): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify([schema, name, options])).digest('hex').slice(0, 40);
  let text = known.get(key);
  if (text === undefined) {
    text = await compile(schema, name, options);
    known.set(key, text);
  }
  used.set(key, text);
  return text;
}

/** Ends a run: with the cache on, the entries this run used become the cache file. */
export async function saveSchemaTypes(): Promise<void> {
  if (!persistent || used.size === 0) return;
  try {
    const file = cacheFile();
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    // What this run used, then what earlier runs (another output folder, the version before an edit) did, while it fits.
    const kept = new Map(used);
    let budget = OLDER_TYPES_BUDGET;
    for (const [key, text] of known) {
      if (kept.has(key)) continue;
      if ((budget -= text.length) < 0) break;
      kept.set(key, text);
    }
    await writeFile(temp, JSON.stringify({ version: VERSION, types: Object.fromEntries(kept) }));
    await rename(temp, file);
  } catch {
    // A read-only tree still generates; it only compiles every time.
  }
}
