/**
 * `npx tsx bench/generator-peers.bench.ts [baseline-commit]`: the generator beside its peers,
 * measured side by side in one run, printing figures only:
 *
 * - generation: `specpress generate` into an empty folder (cold) and again with nothing changed,
 *   as whole processes, next to openapi-typescript (same machine, same moment) turning the
 *   studio deployment's `openapi.json` into types, cold and again;
 * - CLI start: `specpress --help` through the build (dist/) and through tsx (TypeScript
 *   compiled at start, as before the build step);
 * - committed output lines now and at the baseline commit (default: the first parent of the
 *   oldest commit touching scripts/build.mjs, i.e. before this work);
 * - error and warning counts of redocly (recommended) and spectral (oas) per deployment.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const node = process.execPath;

/**
 * Wall time and CPU time (user + system, through /usr/bin/time) of one process run, in ms. On a
 * shared machine the CPU time is the steadier figure; both are printed.
 */
function timed(cmd: string, args: string[], options: { cwd?: string } = {}): number {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', cmd, ...args], { cwd: options.cwd ?? root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  lastWall = wall;
  return cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : wall;
}
let lastWall = 0;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;

// ---- Generation, side by side ----
const scratch = mkdtempSync(join(tmpdir(), 'specpress-peers-'));
try {
  // Run from the scratch folder: the format cache (under the working folder) starts empty, so the
  // first run is cold; the second finds it and nothing changed.
  const out = join(scratch, 'output');
  timed(node, [join(root, 'bin/specpress.js'), '--help']); // dist/ built before timing
  const generate = ['generate', '--out', out, '--spec', join(root, 'spec')];
  const walls: number[] = [];
  const specpressCold = timed(node, [join(root, 'bin/specpress.js'), ...generate], { cwd: scratch });
  walls.push(lastWall);
  const specpressAgain = timed(node, [join(root, 'bin/specpress.js'), ...generate], { cwd: scratch });
  walls.push(lastWall);
  const oas = join(root, 'output/deployments/studio/openapi.json');
  const oatCold = timed(bin('openapi-typescript'), [oas, '-o', join(scratch, 'oat-types.ts')]);
  walls.push(lastWall);
  const oatAgain = timed(bin('openapi-typescript'), [oas, '-o', join(scratch, 'oat-types.ts')]);
  walls.push(lastWall);
  console.log('generation (whole processes, CPU time user+sys; wall time in brackets)');
  console.log(`  specpress generate, 3 deployments, every artifact: cold ${ms(specpressCold)} [${ms(walls[0]!)}], unchanged ${ms(specpressAgain)} [${ms(walls[1]!)}]`);
  console.log(`  openapi-typescript, studio openapi.json -> types: cold ${ms(oatCold)} [${ms(walls[2]!)}], again ${ms(oatAgain)} [${ms(walls[3]!)}]`);
  console.log(`  ratio specpress/openapi-typescript: cold ${(specpressCold / oatCold).toFixed(1)}x, unchanged ${(specpressAgain / oatAgain).toFixed(1)}x`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// ---- CLI start ----
const viaBuild = median(Array.from({ length: 5 }, () => timed(node, [join(root, 'bin/specpress.js'), '--help'])));
const tsxEntry = `import { register } from 'tsx/esm/api'; register(); const { main } = await import(${JSON.stringify(join(root, 'generator/cli.ts'))}); await main(['node', 'specpress', '--help']);`;
const viaTsx = median(Array.from({ length: 5 }, () => timed(node, ['--input-type=module', '-e', tsxEntry])));
console.log('CLI start (`specpress --help`, median of 5, CPU time user+sys)');
console.log(`  compiled (dist/): ${ms(viaBuild)}; through tsx: ${ms(viaTsx)} (${(viaTsx / viaBuild).toFixed(1)}x)`);

// ---- Committed output lines ----
function committedLines(rev: string): { files: number; lines: number } {
  const files = execFileSync('git', ['ls-tree', '-r', '--name-only', rev, 'output/'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  let lines = 0;
  for (const f of files) lines += execFileSync('git', ['show', `${rev}:${f}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').length - 1;
  return { files: files.length, lines };
}
const firstBuildCommit = execFileSync('git', ['log', '--format=%H', '--diff-filter=A', '--', 'generator/emit/published-schema.ts'], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
const baseline = process.argv[2] ?? `${firstBuildCommit}~1`;
const before = committedLines(baseline);
const after = committedLines('HEAD');
console.log('committed output (git ls-files output | xargs wc -l)');
console.log(`  before (${baseline.slice(0, 12)}): ${before.lines} lines in ${before.files} files; HEAD: ${after.lines} lines in ${after.files} files (${((1 - after.lines / before.lines) * 100).toFixed(0)}% less)`);

// ---- OpenAPI linters ----
console.log('OpenAPI lint of output/deployments/*/openapi.json (errors / warnings)');
for (const deployment of ['blog', 'forms', 'studio']) {
  const file = `output/deployments/${deployment}/openapi.json`;
  const redocly = JSON.parse(spawnSync(bin('redocly'), ['lint', file, '--format=json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout) as { problems: Array<{ severity: string }> };
  const spectral = JSON.parse(spawnSync(bin('spectral'), ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', file], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout) as Array<{ severity: number }>;
  console.log(
    `  ${deployment}: redocly ${(redocly.problems.filter((p) => p.severity === 'error').length)} / ${redocly.problems.filter((p) => p.severity === 'warn').length}, ` +
      `spectral ${spectral.filter((p) => p.severity === 0).length} / ${spectral.filter((p) => p.severity === 1).length}`,
  );
}
