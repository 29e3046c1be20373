/**
 * `npm run bench:generate`: times a full generation of every deployment of spec/ into a
 * scratch folder (so output/ is untouched) without the format cache, then a second run where
 * nothing changes (with the cache, as `--check` and `--watch` reruns have it), and prints each
 * time beside the number of files and lines emitted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatDiagnostic, loadSpec } from '../generator/spec/load.ts';
import { generateFromModel } from '../generator/generate.ts';

const specDir = resolve(process.argv[2] ?? 'spec');
const t0 = performance.now();
const { model, diagnostics } = await loadSpec(specDir);
const loadMs = performance.now() - t0;
if (model === undefined) {
  for (const d of diagnostics) console.error(formatDiagnostic(d));
  console.error('the spec has errors; nothing to time');
  process.exit(1);
}

const outDir = await mkdtemp(join(tmpdir(), 'specpress-bench-'));
try {
  const full = await generateFromModel(model, { outDir, formatCache: false, onProgress: (l) => console.log(`  ${l}`) });
  await generateFromModel(model, { outDir: join(outDir, 'warm') }); // fills the cache
  const again = await generateFromModel(model, { outDir });
  const endpoints = model.deployments.reduce((n, d) => n + d.routes.reduce((m, r) => m + r.endpoints.length, 0), 0);
  console.log(`spec load:        ${loadMs.toFixed(0)} ms (${model.deployments.length} deployments, ${endpoints} endpoints)`);
  console.log(`full generation:  ${full.ms.toFixed(0)} ms, ${full.files} files, ${full.lines} lines, ${full.written} written`);
  console.log(`unchanged rerun (format cache):  ${again.ms.toFixed(0)} ms, ${again.files} files, ${again.written} written`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
