#!/usr/bin/env -S node --v8-pool-size=1 --no-opt
// Entry point of the specpress command. It runs the JavaScript under dist/, compiled from the
// TypeScript sources by scripts/build.mjs (run by `npm install`); when a source is newer than
// that build (after `specpress generate` or an edit), it is rebuilt first, once.
//
// A `specpress generate` with nothing changed since the last run is answered first, from the run
// cache's stamp (generator/run-cache.ts), before anything else loads: the stamp covers the
// sources dist/ is built from, so a stale dist/ never answers. Anything else runs as usual.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Set for the process started again with V8's options: the run cache's stamp was checked already. */
const STAMP_CHECKED = 'SPECPRESS_STAMP_CHECKED';

/**
 * The V8 options `generate` runs with: one background thread, and no optimizing compiler.
 *
 * V8 does its background work (compiling hot code, marking garbage) on threads of its own, four by
 * default. `generate` runs three JavaScript threads (this one, ts-morph's, prettier's): on a
 * machine of two cores, V8's four more made a cold run about a sixth slower and an edit's run a
 * tenth (the commit that added this has the figures). So it runs with one.
 *
 * A generation is over in a second, most of its code run a few times: TurboFan, V8's optimizing
 * compiler, spent much of its CPU time compiling code the run was about to leave, on the core the other threads wanted. Without it (`--no-opt`, code still
 * compiled by V8's baseline compiler) every run measured was faster, cold (one deployment, all
 * three) and after an edit (the commit that added it has the figures). The compile gate's
 * compiler runs in a process of its own, with V8's defaults.
 */
const GENERATE_V8_OPTIONS = ['--v8-pool-size=1', '--no-opt'];

/**
 * The first line of this file gives those options to every command run as `specpress` (npx,
 * npm's link to this file, the file itself), so such a `generate` starts once. A command that
 * runs long starts itself again without the optimizing compiler's `--no-opt`: `serve` (for days,
 * on hot paths TurboFan is made for) with V8's defaults, `generate --watch` (the same code run at
 * every save) with one background thread still. A `generate` started otherwise (`node
 * bin/specpress.js generate`) and not answered from the run cache starts itself again with its
 * options (npm's scripts give them, and skip this). The process started again passes its exit
 * on. Undefined: this process runs the command as it is.
 */
function execArgvWanted() {
  const command = process.argv[2];
  const argv = process.execArgv;
  const without = (options) => argv.filter((arg) => !options.includes(arg));
  const pool = argv.some((arg) => arg.startsWith('--v8-pool-size'));
  if (command === 'serve') return argv.includes('--no-opt') ? without(GENERATE_V8_OPTIONS) : undefined;
  if (command !== 'generate') return undefined;
  if (!process.argv.includes('--watch')) return pool ? undefined : [...argv, ...GENERATE_V8_OPTIONS];
  return argv.includes('--no-opt') || !pool ? [...without(['--no-opt']), ...(pool ? [] : [GENERATE_V8_OPTIONS[0]])] : undefined;
}
const rerunExecArgv = execArgvWanted();

/** Runs this command again in a child with these V8 options, and resolves with its exit. */
function rerunWith(execArgv) {
  const env = { ...process.env, [STAMP_CHECKED]: '1' };
  const child = spawn(process.execPath, [...execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  // A terminal's Ctrl-C reaches both processes; a signal sent to this one alone is passed on.
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`specpress: could not start ${process.execPath}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
      if (signal !== null) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}

/** Whether this process found dist/ as fresh as its sources (walking them costs tens of ms: once is enough). */
let freshDist = false;

async function answeredFromCache() {
  const stampChecked = process.env[STAMP_CHECKED] === '1';
  delete process.env[STAMP_CHECKED];
  const module = new URL('../dist/generator/commands/generate.js', import.meta.url);
  if (process.argv[2] !== 'generate' || !existsSync(module)) return undefined;
  // Nothing is answered from the cache with --no-cache: a process about to start itself again goes
  // straight to it (the one it starts checks dist/ itself).
  if (rerunExecArgv !== undefined && process.argv.includes('--no-cache')) return undefined;
  // A dist/ older than its sources is not even imported: its modules would stay loaded in this
  // process, and the rebuilt ones below would link against them (an export added since the
  // build is then missing, and the run fails instead of rebuilding).
  const { isStale } = await import('../scripts/build.mjs');
  if (isStale()) return undefined;
  freshDist = true;
  // The ts-morph thread (json-schema-to-typescript and ajv load there at once, prettier and
  // ts-morph when a run asks them: generator/ts-thread.ts) starts before the stamp is checked: a run the stamp
  // does not answer is an edit's (or a cold one's), which would otherwise wait for those loads the
  // longer; a run it answers leaves it unused (unref'd, ~20 ms of that rerun's quarter second).
  // A process that will start the command again leaves it to the one it starts.
  if (rerunExecArgv === undefined) (await import('../dist/generator/ts-thread.js')).startTsThread();
  if (stampChecked) return undefined;
  try {
    const { fastRerun } = await import(module.href);
    return typeof fastRerun === 'function' ? await fastRerun(process.argv.slice(3)) : undefined;
  } catch {
    // A dist/ from another version, or a damaged one: the usual way rebuilds it.
    return undefined;
  }
}

let code = await answeredFromCache();
if (code === undefined && rerunExecArgv !== undefined) code = await rerunWith(rerunExecArgv);
if (code !== undefined) {
  process.exitCode = code;
} else {
  const { ensureBuilt } = await import('../scripts/build.mjs');
  const cli = freshDist ? new URL('../dist/generator/cli.js', import.meta.url).href : await ensureBuilt();
  const { main } = await import(cli);
  await main(process.argv);
}
