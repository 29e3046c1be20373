/**
 * `npm run bench:generate`: specpress's generator beside its peers, in one run, on the same
 * documents, as whole processes (what a person waits for), printing figures only:
 *
 * - cold: each deployment alone (`generate --no-cache --no-typecheck -d NAME` into an empty
 *   folder), and all of them, next to openapi-typescript (a devDependency) and orval turning that
 *   deployment's `openapi.json` into TypeScript. orval is not a dependency of the project: it is
 *   installed from the npm registry into `node_modules/.cache/specpress/bench-peers/` on the
 *   first run (a version pinned here), and left out with a note when that fails;
 * - the edit loop, on a scratch copy of the project (spec/, output/ with its preserved regions,
 *   runtime/, contract/): an unchanged rerun, and three one-line description changes (and their
 *   median), with the compile gate, as `specpress generate` runs them; then three such saves under
 *   `generate --watch`.
 *
 * Each figure is the wall time, with the CPU time (user + system, children included, through
 * /usr/bin/time) beside it: on a shared machine the CPU time is the steadier one. Every tool is
 * run as its own command (`bin/specpress.js`, `.bin/orval`, `.bin/openapi-typescript`), as npx
 * runs them: specpress's first line gives it V8's option (bin/specpress.js).
 *
 * Cold figures are medians of three rounds (`--rounds=N`), the tools taking turns in each.
 *
 *   npx tsx bench/generate.bench.ts [--skip-orval] [--edit-loop-only] [--rounds=N]
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const specpress = join(root, 'bin/specpress.js');
const ORVAL_VERSION = '8.38.0';

interface Timing {
  wall: number;
  cpu: number;
}

/** Wall and CPU time (ms) of one process; undefined (with the reason printed) when it fails. */
function timed(label: string, cmd: string, args: string[], cwd = root): Timing | undefined {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const wall = performance.now() - t0;
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (r.status !== 0) {
    console.log(`  ${label}: failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`);
    return undefined;
  }
  return { wall, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : wall };
}

const s = (t: Timing | undefined): string => (t === undefined ? 'n/a' : `${(t.wall / 1000).toFixed(2)} s wall, ${(t.cpu / 1000).toFixed(2)} s CPU`);

/** orval's command, installed once under node_modules/.cache; undefined when it cannot be. */
function orval(): string | undefined {
  if (process.argv.includes('--skip-orval')) return undefined;
  const dir = join(root, 'node_modules/.cache/specpress/bench-peers');
  const bin = join(dir, 'node_modules/.bin/orval');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    console.log(`installing orval@${ORVAL_VERSION} into ${dir} (once)`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `orval@${ORVAL_VERSION}`], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) {
      console.log(`  orval could not be installed (${r.stderr.trim().split('\n').at(-1)}): left out`);
      return undefined;
    }
  }
  return bin;
}

/** CPU time (ms) of a running process and the children it waited for, from /proc (clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
}

/**
 * The edit loop as `generate --watch` runs it: one process kept, three saves one after another,
 * each timed from the save to the run's last line (the compile check's), with the CPU the process
 * spent meanwhile. The watch loads what a run loads while it waits, so the bench waits for that too.
 */
async function watchLoop(project: string, generate: string[], file: string, text: string): Promise<void> {
  // With the V8 options a watch runs with (one background thread, the optimizing compiler kept:
  // bin/specpress.js), so that the command runs in this process: one started otherwise runs it in a
  // child, whose CPU /proc would count only once it ended.
  const watcher = spawn(process.execPath, ['--v8-pool-size=1', specpress, ...generate, '--watch'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  watcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  watcher.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const until = async (done: () => boolean, what: string): Promise<void> => {
    const started = performance.now();
    while (!done()) {
      if (performance.now() - started > 120_000 || watcher.exitCode !== null) throw new Error(`generate --watch: no ${what} (${out.slice(-300)})`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  try {
    await until(() => out.includes('watching'), 'start');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    console.log('  under generate --watch, from each save to the compile check line:');
    for (let i = 1; i <= 3; i++) {
      const from = out.length;
      const cpu = cpuOf(watcher.pid!);
      const t0 = performance.now();
      writeFileSync(file, text.replace('What the business does.', `What the business does (save ${i} ${Date.now().toString(36)}).`));
      await until(() => /compile check[^\n]*\n/.test(out.slice(from)), 'run after the save');
      const wall = performance.now() - t0;
      console.log(`    save ${i}:                      ${s({ wall, cpu: cpuOf(watcher.pid!) - cpu })}${/ written/.test(out.slice(from)) ? '' : ' (no summary line?)'}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    watcher.kill();
    writeFileSync(file, text);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'specpress-bench-'));
try {
  // A project of its own: the compile gate checks the handlers against runtime/ beside output/.
  const project = join(scratch, 'project');
  for (const dir of ['spec', 'output', 'runtime', 'contract']) cpSync(join(root, dir), join(project, dir), { recursive: true });
  for (const file of ['tsconfig.json', 'package.json']) cpSync(join(root, file), join(project, file));
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  const deployments = readdirSync(join(project, 'output/deployments')).filter((d) => existsSync(join(project, 'output/deployments', d, 'openapi.json'))).sort();
  timed('build', specpress, ['--version']); // dist/ built before anything is timed

  const coldToo = !process.argv.includes('--edit-loop-only');
  const orvalBin = coldToo ? orval() : undefined;
  // Each cold figure is the median of ROUNDS runs, the tools taking turns within a round: one run
  // on a shared machine moves by a tenth of a second, as much as the steps this bench is run for.
  const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3);
  const runs = new Map<string, Timing[]>();
  const record = (key: string, timing: Timing | undefined): void => {
    if (timing !== undefined) runs.set(key, [...(runs.get(key) ?? []), timing]);
  };
  const medianOf = (key: string): Timing | undefined => {
    const list = [...(runs.get(key) ?? [])].sort((a, b) => a.wall - b.wall);
    return list[Math.floor(list.length / 2)];
  };
  if (coldToo) console.log(`cold generation, one deployment at a time (each from an empty folder, no caches), median of ${ROUNDS} rounds`);
  for (let round = 1; round <= (coldToo ? ROUNDS : 0); round++) {
    for (const name of deployments) {
      const doc = join(project, 'output/deployments', name, 'openapi.json');
      const into = join(scratch, `round-${round}`);
      record(`oat ${name}`, timed(`openapi-typescript ${name}`, join(root, 'node_modules/.bin/openapi-typescript'), [doc, '-o', join(into, `oat-${name}.ts`)]));
      if (orvalBin !== undefined) record(`orval ${name}`, timed(`orval ${name}`, orvalBin, ['-i', doc, '-o', join(into, `orval-${name}`, 'api.ts'), '--client', 'fetch'], scratch));
      record(`specpress ${name}`, timed(`specpress ${name}`, specpress, ['generate', '--no-cache', '--no-typecheck', '-d', name, '--spec', join(project, 'spec'), '--out', join(into, `cold-${name}`)], scratch));
    }
    record('specpress all', timed('specpress all', specpress, ['generate', '--no-cache', '--no-typecheck', '--spec', join(project, 'spec'), '--out', join(scratch, `round-${round}`, 'cold-all')], scratch));
  }
  const rows = (coldToo ? deployments : []).map((name) => ({
    name,
    kb: Math.round(readFileSync(join(project, 'output/deployments', name, 'openapi.json')).length / 1024),
    specpress: medianOf(`specpress ${name}`),
    oat: medianOf(`oat ${name}`),
    orval: medianOf(`orval ${name}`),
  }));
  for (const r of rows) console.log(`  ${r.name} (openapi.json ${r.kb} KB): specpress ${s(r.specpress)}; openapi-typescript ${s(r.oat)}; orval ${s(r.orval)}`);
  const all = medianOf('specpress all');
  // Against each peer's slowest deployment (the goal: all deployments within 2x of a peer's one).
  const slowest = (peer: 'oat' | 'orval'): number => Math.max(...rows.map((r) => r[peer]?.wall ?? NaN).filter(Number.isFinite));
  const times = (peer: 'oat' | 'orval'): string => (all && Number.isFinite(slowest(peer)) ? `${(all.wall / slowest(peer)).toFixed(1)}x` : 'n/a');
  if (coldToo) {
    console.log(`  all ${deployments.length} deployments in one run: specpress ${s(all)} (${times('oat')} openapi-typescript's slowest deployment, ${times('orval')} orval's)`);
    for (const r of rows) console.log(`  ${r.name}: specpress ${r.specpress && r.oat ? (r.specpress.wall / r.oat.wall).toFixed(1) : 'n/a'}x openapi-typescript, ${r.specpress && r.orval ? (r.specpress.wall / r.orval.wall).toFixed(1) : 'n/a'}x orval`);
  }

  console.log('edit loop on a copy of the project (output/ with its regions; compile gate on)');
  const generate = ['generate', '--spec', join(project, 'spec'), '--out', join(project, 'output')];
  timed('first run', specpress, generate, project); // fills the caches this copy runs with
  console.log(`  unchanged rerun:             ${s(timed('unchanged rerun', specpress, generate, project))}`);
  console.log(`  unchanged rerun, again:      ${s(timed('unchanged rerun', specpress, generate, project))}`);
  const file = join(project, 'spec/namespaces/blockeditor-templates-v1.yaml');
  const text = readFileSync(file, 'utf8');
  if (!text.includes('What the business does.')) throw new Error(`the description this bench edits is no longer in ${file}`);
  // Three edits, each a text no earlier run made (the caches are keyed by content: a repeated
  // bench would otherwise find its own edit); one run on a shared machine says little alone.
  const edits: Timing[] = [];
  for (let i = 1; i <= 3; i++) {
    writeFileSync(file, text.replace('What the business does.', `What the business does (edit ${i} ${Date.now().toString(36)}).`));
    const edit = timed('one-line change', specpress, generate, project);
    console.log(`  one-line description change ${i}: ${s(edit)}`);
    if (edit !== undefined) edits.push(edit);
  }
  const median = [...edits].sort((a, b) => a.wall - b.wall)[Math.floor(edits.length / 2)];
  console.log(`  one-line change, median of ${edits.length}: ${s(median)}`);
  writeFileSync(file, text);
  console.log(`  and back:                     ${s(timed('change back', specpress, generate, project))}`);
  await watchLoop(project, generate, file, text);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
