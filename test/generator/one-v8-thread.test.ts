/**
 * `specpress generate` runs with V8's background threads cut to one and without its optimizing
 * compiler (bin/specpress.js): run as `specpress` (the file itself, as npx and npm's link run it)
 * its first line gives the options and nothing starts again; a process started without them runs
 * the command again in a child that has them, passes its exit on, and passes a signal sent to it
 * alone on to the child, so that nothing outlives it. `generate --watch`, which runs the same code
 * at every save, keeps the optimizing compiler (one background thread still); `serve` goes back to
 * V8's defaults (test/runtime/serve-cli.test.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PATIENCE_MS } from '../support/patience.ts';

const repo = new URL('../../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'specpress-v8-thread-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(done: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > PATIENCE_MS) throw new Error(`no ${what} within ${PATIENCE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The command's args for the fixture spec, into an output folder of its own. */
function generateArgs(name: string, ...extra: string[]): string[] {
  const specDir = join(scratch, `spec-${name}`);
  cpSync(new URL('./fixtures/spec', import.meta.url).pathname, specDir, { recursive: true });
  return ['generate', ...extra, '--no-typecheck', '--spec', specDir, '--out', join(scratch, `out-${name}`)];
}

const cmdline = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
const specpressChildren = (pid: number): number[] => childrenOf(pid).filter((child) => cmdline(child).some((arg) => arg.endsWith('bin/specpress.js')));

/**
 * A run to its end, looked at while it runs: the options of the node running it, and those of any
 * process it started again. It lives a few hundred milliseconds at least; a look every few is
 * enough to see a child, which lives as long as the run.
 */
async function watchedRun(command: ReturnType<typeof spawn>): Promise<{ code: number | null; own: string[]; children: string[][] }> {
  const seen = { own: [] as string[], children: new Map<number, string[]>() };
  let done = false;
  const exited = new Promise<number | null>((resolve) => command.on('exit', (code) => ((done = true), resolve(code))));
  while (!done) {
    try {
      const own = cmdline(command.pid!);
      if (own.some((arg) => arg.endsWith('bin/specpress.js'))) seen.own = own;
      for (const child of specpressChildren(command.pid!)) seen.children.set(child, cmdline(child));
    } catch {
      // Gone between two looks.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { code: await exited, own: seen.own, children: [...seen.children.values()] };
}

/** A `--watch` run until it watches; then SIGTERM to the command, which must end whatever it started. */
async function watching(command: ReturnType<typeof spawn>, check: (child: number | undefined) => void): Promise<void> {
  let out = '';
  command.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  command.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => command.on('exit', (code, signal) => resolve({ code, signal })));
  try {
    await until(() => out.includes('watching'), `"watching" (${out.slice(-300)})`);
    const [child] = specpressChildren(command.pid!);
    check(child);
    command.kill('SIGTERM');
    const end = await exited;
    expect(end.signal ?? end.code).toBeTruthy();
    if (child !== undefined) await until(() => !existsSync(`/proc/${child}`) || readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.startsWith('Z'), 'end of the child');
  } finally {
    command.kill('SIGKILL');
  }
}

describe('the V8 options of generate', () => {
  it('run as the command itself, a generation has both from its first line and starts no child', async () => {
    const run = await watchedRun(spawn(join(repo, 'bin/specpress.js'), generateArgs('direct', '--no-cache'), { cwd: repo, stdio: 'ignore' }));
    expect(run.code).toBe(0);
    expect(run.own).toEqual(expect.arrayContaining(['--v8-pool-size=1', '--no-opt']));
    expect(run.children).toEqual([]);
  }, 2 * PATIENCE_MS);

  it('run through node without them, a generation runs in a child given both', async () => {
    const run = await watchedRun(spawn(process.execPath, [join(repo, 'bin/specpress.js'), ...generateArgs('node', '--no-cache')], { cwd: repo, stdio: 'ignore' }));
    expect(run.code).toBe(0);
    expect(run.children).toHaveLength(1);
    expect(run.children[0]).toEqual(expect.arrayContaining(['--v8-pool-size=1', '--no-opt']));
  }, 2 * PATIENCE_MS);

  it('a watch run as the command itself runs in a child that keeps the optimizing compiler, and a SIGTERM ends both', async () => {
    const command = spawn(join(repo, 'bin/specpress.js'), generateArgs('watch-direct', '--watch'), { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    await watching(command, (child) => {
      expect(child).toBeDefined();
      expect(cmdline(child!)).toContain('--v8-pool-size=1');
      expect(cmdline(child!)).not.toContain('--no-opt');
    });
  }, 2 * PATIENCE_MS);

  it('a watch run through node without the options runs in a child with one V8 thread, and a SIGTERM ends both', async () => {
    const command = spawn(process.execPath, [join(repo, 'bin/specpress.js'), ...generateArgs('watch-node', '--watch')], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    await watching(command, (child) => {
      expect(child).toBeDefined();
      expect(cmdline(child!)).toContain('--v8-pool-size=1');
      expect(cmdline(child!)).not.toContain('--no-opt');
    });
  }, 2 * PATIENCE_MS);
});
