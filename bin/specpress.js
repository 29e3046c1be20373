#!/usr/bin/env -S node --v8-pool-size=1
// Entry point of the specpress command. It runs the JavaScript under dist/, compiled from the
// TypeScript sources by scripts/build.mjs (run by `npm install`); when a source is newer than
// that build (after `specpress generate` or an edit), it is rebuilt first, once.
//
// A `specpress generate` with nothing changed since the last run is answered first, from the run
// cache's stamp (generator/run-cache.ts), before anything else loads: the stamp covers the
// sources dist/ is built from, so a stale dist/ never answers. Anything else runs as usual.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The V8 option `generate` runs with, and how many background threads it gives V8. */
const ONE_V8_THREAD = '--v8-pool-size=1';

/** Set for the process started again with V8's option: the run cache's stamp was checked already. */
const STAMP_CHECKED = 'SPECPRESS_STAMP_CHECKED';

/**
 * V8 does its background work (compiling hot code, marking garbage) on threads of its own, four by
 * default. `generate` runs three JavaScript threads (this one, ts-morph's, prettier's): on a
 * machine of two cores, V8's four more made a cold run about a sixth slower and an edit's run a
 * tenth (the commit that added this has the figures). So `generate` runs with one. The first line
 * of this file gives the option to every command run as `specpress` (npx, npm's link to this file,
 * the file itself), so such a run starts once; `serve` answered as fast with one on two cores
 * (bench/posts.bench.ts, in the commit that moved the option there). A process started otherwise
 * (`node bin/specpress.js generate`) and not answered from the run cache starts the command again
 * with it and passes its exit on (npm's scripts give the option, and skip this).
 */
const wantsOneV8Thread = process.argv[2] === 'generate' && !process.execArgv.some((arg) => arg.startsWith('--v8-pool-size'));

function rerunWithOneV8Thread() {
  const env = { ...process.env, [STAMP_CHECKED]: '1' };
  const child = spawn(process.execPath, [...process.execArgv, ONE_V8_THREAD, ...process.argv.slice(1)], { stdio: 'inherit', env });
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
  if (wantsOneV8Thread && process.argv.includes('--no-cache')) return undefined;
  // A dist/ older than its sources is not even imported: its modules would stay loaded in this
  // process, and the rebuilt ones below would link against them (an export added since the
  // build is then missing, and the run fails instead of rebuilding).
  const { isStale } = await import('../scripts/build.mjs');
  if (isStale()) return undefined;
  freshDist = true;
  // The ts-morph thread (prettier and json-schema-to-typescript load there at once, ts-morph when
  // a run will print: generator/ts-thread.ts) starts before the stamp is checked: a run the stamp
  // does not answer is an edit's (or a cold one's), which would otherwise wait for those loads the
  // longer; a run it answers leaves it unused (unref'd, ~20 ms of that rerun's quarter second).
  // A process that will start the command again leaves it to the one it starts.
  if (!wantsOneV8Thread) (await import('../dist/generator/ts-thread.js')).startTsThread();
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
if (code === undefined && wantsOneV8Thread) code = await rerunWithOneV8Thread();
if (code !== undefined) {
  process.exitCode = code;
} else {
  const { ensureBuilt } = await import('../scripts/build.mjs');
  const cli = freshDist ? new URL('../dist/generator/cli.js', import.meta.url).href : await ensureBuilt();
  const { main } = await import(cli);
  await main(process.argv);
}
