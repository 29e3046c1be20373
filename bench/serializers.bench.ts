/**
 * Would answers be cheaper to serialize with code made from the spec's resource schemas? Issue 15
 * names fast-json-stringify for it. This bench compiles, with fast-json-stringify, the schema
 * each collection publishes (its OPTIONS answer, which the generator emits from the spec) and
 * times it against `JSON.stringify` on real answers of a seeded `specpress serve`: lists in each
 * context, a single post, terms, users, types.
 *
 * fast-json-stringify writes properties in its schema's order, and the published schemas follow
 * WordPress's schema order while the answers follow its response order (`id` first). So each
 * schema's properties are put in the order the answers use, and every answer must serialize to
 * exactly the bytes `JSON.stringify` gives (the bench says so per row; a row that differs is not
 * a candidate). Fields outside the schema (`_links`, `_embedded`) are written as additional
 * properties, after the described ones, as they come in the answers.
 *
 * Both serializers are timed on the same bodies in interleaved rounds (for each variant anew);
 * each figure is the median of the rounds (µs per answer), and the ratio is fast-json-stringify's
 * time ÷ JSON.stringify's (below 1 means the generated serializer is faster). Compiling the schemas is timed too: done
 * at start, it would add to the time before the first answer. Each schema is tried whole, and
 * with only its top-level scalar fields described (nested objects and arrays, where most of the
 * bytes are, left to JSON.stringify).
 *
 * Run: `npx tsx bench/serializers.bench.ts [--posts 200] [--rounds 7]`
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastJson from 'fast-json-stringify';
import { startProcess, type Started } from './yardstick/processes.ts';
import { flag } from './yardstick/flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const posts = Number(flag('posts', '200'));
const rounds = Number(flag('rounds', '7'));

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; type?: unknown };

/** The answers timed: a label, the collection whose schema describes them, the request. */
const SAMPLES: Array<{ label: string; collection: string; path: string; admin?: boolean }> = [
  { label: 'posts per_page=10 (view)', collection: 'posts', path: 'posts?per_page=10' },
  { label: 'posts per_page=100 (view)', collection: 'posts', path: 'posts?per_page=100' },
  { label: 'posts per_page=10 (edit)', collection: 'posts', path: 'posts?per_page=10&context=edit', admin: true },
  { label: 'posts per_page=10 (embed)', collection: 'posts', path: 'posts?per_page=10&context=embed' },
  { label: 'posts per_page=10 _embed', collection: 'posts', path: 'posts?per_page=10&_embed' },
  { label: 'single post (view)', collection: 'posts', path: 'posts/{post}' },
  { label: 'categories', collection: 'categories', path: 'categories?per_page=100' },
  { label: 'users (edit)', collection: 'users', path: 'users?context=edit', admin: true },
  { label: 'types', collection: 'types', path: 'types' },
];

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-serializers-'));
  const started: Started[] = [];
  try {
    const dataDir = path.join(work, 'data');
    const serveArgs = [path.join(ROOT, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir];
    const ready = /serving deployment "[^"]+" at (http:\/\/[^/]+)\//;
    const first = await startProcess(process.execPath, serveArgs, ready);
    const appPassword = first.output.match(/application password: (.+)/)?.[1]?.trim();
    await first.stop();
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/yardstick/seed-cli.ts'), dataDir, String(posts), 'http://127.0.0.1'], { cwd: ROOT });
    const server = await startProcess(process.execPath, serveArgs, ready);
    started.push(server);
    const base = `${server.match[1]}/wp-json/core/v2`;
    const auth = { authorization: `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}` };
    const someId = ((await (await fetch(`${base}/posts?per_page=1`)).json()) as Array<{ id: number }>)[0].id;

    console.log(`fast-json-stringify vs JSON.stringify on specpress answers (${posts} posts, ${rounds} rounds, Node ${process.versions.node})`);
    console.log(`${''.padEnd(37)} | whole schema${''.padEnd(42)} | top level only`);
    console.log(`${'answer'.padEnd(28)} ${'bytes'.padStart(8)} | compile ms  JSON µs   fjs µs  fjs÷JSON  output    | JSON µs   fjs µs  fjs÷JSON  output`);
    for (const sample of SAMPLES) {
      const headers = sample.admin ? auth : {};
      const options = (await (await fetch(`${base}/${sample.collection}`, { method: 'OPTIONS', headers })).json()) as { schema: Schema };
      const res = await fetch(`${base}/${sample.path.replace('{post}', String(someId))}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${sample.path}: ${res.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as unknown;
      const many = Array.isArray(body);
      const values = many ? (body as unknown[]) : [body];
      const whole = compile(inAnswerOrder(options.schema, values), many);
      const top = compile(topLevelOnly(inAnswerOrder(options.schema, values)), many);
      const json = JSON.stringify(body);
      const cells: string[] = [];
      for (const [n, { serialize, compileMs }] of [whole, top].entries()) {
        const same = serialize(body) === json;
        if (!same && process.argv.includes('--why')) console.log(firstDifference(serialize(body), json));
        const [jsonUs, fjsUs] = timeBoth(body, serialize);
        cells.push(`| ${n === 0 ? `${compileMs.toFixed(1).padStart(10)} ` : ''}${jsonUs.toFixed(1).padStart(8)} ${fjsUs.toFixed(1).padStart(8)} ${(fjsUs / jsonUs).toFixed(2).padStart(8)}×  ${(same ? 'identical' : 'DIFFERS').padEnd(9)}`);
      }
      console.log(`${sample.label.padEnd(28)} ${String(text.length).padStart(8)} ${cells.join(' ')}`);
    }
  } finally {
    for (const s of started) await s.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The schema with its properties in the order the answers list them (first seen first; ones no
 * answer shows after), nested objects too, and open to properties it does not describe.
 */
function inAnswerOrder(schema: Schema, values: unknown[]): Schema {
  const objects = values.filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v));
  // WordPress's schemas mark a required property draft-3 style (`required: true`), which a
  // draft-7 compiler refuses; it says nothing about serializing.
  const { required, ...rest } = schema;
  const out: Schema = typeof required === 'boolean' ? rest : { ...schema };
  if (schema.properties) {
    const order = [...new Set([...objects.flatMap((o) => Object.keys(o)), ...Object.keys(schema.properties)])].filter((k) => k in schema.properties!);
    out.properties = Object.fromEntries(order.map((k) => [k, inAnswerOrder(schema.properties![k]!, objects.map((o) => o[k]))]));
  }
  if (schema.items && !Array.isArray(schema.items)) out.items = inAnswerOrder(schema.items, values.flatMap((v) => (Array.isArray(v) ? v : [])));
  if (isObjectType(schema.type) && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `fjs:  …${a.slice(Math.max(0, i - 80), i + 80)}\nJSON: …${b.slice(Math.max(0, i - 80), i + 80)}`;
}

function compile(schema: Schema, many: boolean): { serialize: (value: unknown) => string; compileMs: number } {
  const began = performance.now();
  const serialize = fastJson((many ? { type: 'array', items: schema } : schema) as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
  return { serialize, compileMs: performance.now() - began };
}

/**
 * The schema with only its top-level scalar fields described: every nested object or array is
 * left to JSON.stringify (an empty schema), the variant where the generated code does least.
 */
function topLevelOnly(schema: Schema): Schema {
  const nested = (part: Schema): boolean => isObjectType(part.type) || part.type === 'array' || (Array.isArray(part.type) && part.type.includes('array'));
  return { ...schema, properties: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, part]) => [k, nested(part) ? {} : part])) };
}

function isObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** Median µs per call of JSON.stringify and of `serialize` on `body`, in interleaved rounds. */
function timeBoth(body: unknown, serialize: (value: unknown) => string): [number, number] {
  const calls = Math.max(50, Math.round(20_000_000 / JSON.stringify(body).length));
  const run = (f: (value: unknown) => string): number => {
    let length = 0;
    const began = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) length += f(body).length;
    if (length === 0) throw new Error('nothing serialized');
    return Number(process.hrtime.bigint() - began) / 1000 / calls;
  };
  run(JSON.stringify);
  run(serialize);
  const json: number[] = [];
  const fjs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    json.push(run(JSON.stringify));
    fjs.push(run(serialize));
  }
  return [median(json), median(fjs)];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

await main();
