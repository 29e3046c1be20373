/**
 * Bundles WordPress's block editor (the npm `@wordpress/*` packages pinned in package.json to the
 * releases WordPress 6.8 ships, React 18.3) with esbuild, for the edit pages specpress serves
 * (runtime/admin/): `editor.js` and `editor.css` (the page) and `content.css` (inside the
 * editor's canvas iframe), minified, into `<dist>/editor/`.
 *
 * The bundle depends only on its entry files and the installed packages, so a build whose inputs
 * are unchanged reuses the previous one (`reuseOrBuildEditor`): scripts/build.mjs rebuilds dist/
 * whole on every source change, and the editor is by far its slowest part.
 *
 *   node scripts/build-editor.mjs     build dist/editor/ now
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'runtime', 'admin', 'browser');
const ENTRIES = ['editor-boot.js', 'editor.css', 'content.css'];
const STAMP = '.inputs';

/** What the bundle is made from: its entries, this script, and the locked package versions. */
function inputsKey() {
  const hash = createHash('sha256');
  for (const file of [...ENTRIES.map((e) => join(SOURCE, e)), fileURLToPath(import.meta.url), join(ROOT, 'package-lock.json')]) {
    hash.update(file.slice(ROOT.length)).update('\0').update(existsSync(file) ? readFileSync(file) : '').update('\0');
  }
  return hash.digest('hex');
}

/** Writes the bundle into `outDir` (replaced whole). */
export async function buildEditor(outDir) {
  const esbuild = await import('esbuild');
  const temp = `${outDir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    target: ['chrome109', 'firefox115', 'safari15'],
    // Fonts and images the stylesheets name travel inside them.
    loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.png': 'dataurl', '.gif': 'dataurl', '.svg': 'dataurl' },
  };
  await esbuild.build({
    ...common,
    entryPoints: { editor: join(SOURCE, 'editor-boot.js') },
    outdir: temp,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      // What WordPress core's build defines: the core flavour of each package, not the plugin's.
      'globalThis.IS_GUTENBERG_PLUGIN': 'false',
      'globalThis.IS_WORDPRESS_CORE': 'true',
      'globalThis.SCRIPT_DEBUG': 'false',
    },
  });
  await esbuild.build({ ...common, entryPoints: { editor: join(SOURCE, 'editor.css'), content: join(SOURCE, 'content.css') }, outdir: temp });
  writeFileSync(join(temp, STAMP), inputsKey());
  rmSync(outDir, { recursive: true, force: true });
  renameSync(temp, outDir);
}

/**
 * Puts the bundle at `outDir`: copied from `previousDir` (which a running server may be reading,
 * so it is left in place) when that one was built from the same inputs, built afresh otherwise.
 * Returns whether it was built.
 */
export async function reuseOrBuildEditor(outDir, previousDir) {
  if (editorIsFresh(previousDir)) {
    rmSync(outDir, { recursive: true, force: true });
    cpSync(previousDir, outDir, { recursive: true });
    return false;
  }
  await buildEditor(outDir);
  return true;
}

/** Whether `dir` holds a bundle of the current inputs. */
export function editorIsFresh(dir) {
  const stamp = join(dir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsKey();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const out = join(ROOT, 'dist', 'editor');
  await buildEditor(out);
  console.log(`built the block editor into dist/editor/ in ${Math.round(performance.now() - started)} ms`);
}
