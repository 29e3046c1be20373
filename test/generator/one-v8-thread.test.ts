/**
 * `specpress generate` runs with V8's background threads cut to one and without its optimizing
 * compiler (bin/specpress.js): run as `specpress` (the file itself, as npx and npm's link run it)
 * its first line gives the options and nothing starts again; a process started without them runs
 * the command again in a child that has them, passes its exit on, and passes a signal sent to it
 * alone on to the child, so that nothing outlives it. (`serve`, which goes the other way:
 * test/runtime/serve-cli.test.ts.)
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

describe('generate with one V8 thread', () => {
  it('run as the command itself, has the option from its first line and starts no child', async () => {
    const specDir = join(scratch, 'spec-direct');
    cpSync(new URL('./fixtures/spec', import.meta.url).pathname, specDir, { recursive: true });
    const command = spawn(join(repo, 'bin/specpress.js'), ['generate', '--watch', '--no-typecheck', '--spec', specDir, '--out', join(scratch, 'out-direct')], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    command.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    command.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<unknown>((resolve) => command.on('exit', resolve));
    try {
      await until(() => out.includes('watching'), `"watching" (${out.slice(-300)})`);
      expect(readFileSync(`/proc/${command.pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['--v8-pool-size=1', '--no-opt']));
      expect(childrenOf(command.pid!).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bin/specpress.js'))).toEqual([]);
      command.kill('SIGTERM');
      await exited;
    } finally {
      command.kill('SIGKILL');
    }
  }, 2 * PATIENCE_MS);

  it('runs in a child given the option, and a SIGTERM to the command ends both', async () => {
    const specDir = join(scratch, 'spec');
    cpSync(new URL('./fixtures/spec', import.meta.url).pathname, specDir, { recursive: true });
    const command = spawn(process.execPath, [join(repo, 'bin/specpress.js'), 'generate', '--watch', '--no-typecheck', '--spec', specDir, '--out', join(scratch, 'out')], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    command.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    command.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => command.on('exit', (code, signal) => resolve({ code, signal })));
    try {
      await until(() => out.includes('watching'), `"watching" (${out.slice(-300)})`);
      const [child] = childrenOf(command.pid!).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bin/specpress.js'));
      expect(child, out).toBeDefined();
      expect(readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['--v8-pool-size=1', '--no-opt']));
      command.kill('SIGTERM');
      const end = await exited;
      expect(end.signal ?? end.code).toBeTruthy();
      await until(() => !existsSync(`/proc/${child}`) || readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.startsWith('Z'), 'end of the child');
    } finally {
      command.kill('SIGKILL');
    }
  }, 2 * PATIENCE_MS);
});
