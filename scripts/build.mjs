/**
 * Compiles the TypeScript the `specpress` command runs (contract/, generator/, runtime/, output/) to
 * JavaScript under dist/, once, with esbuild: one .js file per .ts file in the same place, so
 * paths relative to a module (templates, the spec's schema, output/) hold in dist/ as in the
 * source tree, and relative imports are rewritten from `.ts` to `.js`. Files the code reads at
 * run time beside its modules (templates, JSON, Markdown) are copied.
 *
 * It also writes the block editor's browser bundle into dist/editor/ (scripts/build-editor.mjs),
 * and the spec files' validators, compiled from the meta-schema (dist/spec/spec-validators.cjs).
 *
 * `npm install` runs it (`prepare`), and `bin/specpress.js` runs it again only when a source
 * file is newer than the last build (after `specpress generate` or an edit), so a start never
 * compiles TypeScript unless something changed. Tests keep running the sources through vitest.
 *
 *   node scripts/build.mjs          build now
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reuseOrBuildEditor } from './build-editor.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.built');
const LOCK = join(ROOT, '.dist.lock');

/** Folders compiled, and single files copied, relative to the root. */
const SOURCE_DIRS = ['contract', 'generator', 'runtime', 'output'];
const ASSET_DIRS = ['templates'];
const ASSET_FILES = ['spec/spec.schema.json', 'package.json'];

/** Test suites are run by vitest from the sources, never from dist/. */
const isTest = (path) => path.endsWith('.test.ts') || path.split(sep).includes('tests') || path.split(sep).includes('testing');

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

function sources() {
  const compiled = [];
  const copied = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(join(ROOT, dir))) {
      if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
        if (!isTest(relative(ROOT, file))) compiled.push(file);
      } else if (!file.endsWith('.d.ts')) copied.push(file);
    }
  }
  for (const dir of ASSET_DIRS) copied.push(...walk(join(ROOT, dir)));
  for (const file of ASSET_FILES) if (existsSync(join(ROOT, file))) copied.push(join(ROOT, file));
  return { compiled, copied };
}

/** Whether dist/ is missing or older than any file it is built from. */
export function isStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  const { compiled, copied } = sources();
  for (const file of [...compiled, ...copied]) if (statSync(file).mtimeMs > built) return true;
  // A source removed since the build leaves its old .js behind: count files too.
  const { count } = JSON.parse(readStampText());
  return count !== compiled.length + copied.length;
}

function readStampText() {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return '{"count":-1}';
  }
}

/** Relative imports of one module are other modules of the tree: keep them external, as `.js`. */
const relativeImportsAsJs = {
  name: 'relative-imports-as-js',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => ({ path: args.path.replace(/\.ts$/, '.js'), external: true }));
  },
};

export async function build() {
  const esbuild = await import('esbuild');
  const { compiled, copied } = sources();
  const temp = `${DIST}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const options = {
    outdir: temp,
    outbase: ROOT,
    bundle: true,
    packages: 'external',
    plugins: [relativeImportsAsJs],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  };
  // The generator and runtime first: they must build. Generated output/ after, on its own, so
  // a broken generated file (a merge conflict) never stops `specpress generate` from fixing it.
  const isOutput = (file) => relative(ROOT, file).startsWith(`output${sep}`);
  await esbuild.build({ ...options, entryPoints: compiled.filter((f) => !isOutput(f)) });
  try {
    await esbuild.build({ ...options, entryPoints: compiled.filter(isOutput), logLevel: 'silent' });
  } catch (error) {
    console.error(`specpress: output/ does not compile (${error.errors?.[0]?.text ?? error.message}); run \`specpress generate\` to rewrite it`);
  }
  for (const file of copied) {
    const target = join(temp, relative(ROOT, file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  // The spec files' validators, compiled from the meta-schema once here rather than by a run
  // without caches (generator/spec/validate.ts reads them when their inputs match).
  const { prebuiltValidatorsFile } = await import(pathToFileURL(join(temp, 'generator/spec/validate.js')).href);
  writeFileSync(join(temp, 'spec/spec-validators.cjs'), prebuiltValidatorsFile());
  // The block editor's bundle (scripts/build-editor.mjs): kept from the previous dist/ when its
  // inputs are unchanged, so only a change of the editor or its packages pays for bundling it.
  await reuseOrBuildEditor(join(temp, 'editor'), join(DIST, 'editor'));
  writeFileSync(join(temp, '.built'), JSON.stringify({ count: compiled.length + copied.length }));
  // Swap in the new tree whole, so a process starting meanwhile never sees half a build.
  const old = `${DIST}.old-${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(temp, DIST);
  rmSync(old, { recursive: true, force: true });
  return compiled.length;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Builds when stale, one process at a time (others wait for it, then find dist/ fresh), and
 * returns the compiled CLI's path.
 */
export async function ensureBuilt() {
  for (let attempt = 0; isStale(); attempt++) {
    let fd;
    try {
      fd = openSync(LOCK, 'wx');
    } catch {
      // Another process is building; a lock older than a minute was left by a crash.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 60_000) rmSync(LOCK, { force: true });
      await sleep(100);
      if (attempt > 1200) throw new Error('timed out waiting for another build of dist/');
      continue;
    }
    try {
      if (isStale()) await build();
    } finally {
      closeSync(fd);
      rmSync(LOCK, { force: true });
    }
  }
  return join(DIST, 'generator', 'cli.js');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const count = await build();
  console.log(`built ${count} modules into dist/ in ${Math.round(performance.now() - started)} ms`);
}
