import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-serve-'));
const deployment = 'studio';
const database = await testDatabaseFor(dataDir);
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  restUrl: string;
}

/** Runs `specpress serve` on a port the OS picks and waits for its banner; `direct`: as the command itself (its first line's V8 options), not through `node`. */
async function serve(...extra: string[]): Promise<Started> {
  const direct = extra[0] === 'direct';
  const args = ['serve', '--port', '0', '--data', dataDir, '--deployment', deployment, ...extra.slice(direct ? 1 : 0)];
  const child = direct ? spawn(path.join(root, 'bin/specpress.js'), args, { cwd: root, env: childEnv(database) }) : spawn(process.execPath, [path.join(root, 'bin/specpress.js'), ...args], { cwd: root, env: childEnv(database) });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const restUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), PATIENCE_MS);
    const check = () => {
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/wp-json)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  return { child, output: () => out, restUrl };
}

/** SIGTERM; resolves with the exit code once the process has exited and all it wrote is read. */
function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('close', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('specpress serve', () => {
  it('first start prints credentials once, serves, logs requests at --log-level debug (none at the default level), stops cleanly on SIGTERM', async () => {
    const first = await serve('--log-level', 'debug');
    try {
      const m = /application password: (.+)\n/.exec(first.output());
      expect(m).not.toBeNull();
      expect(first.output()).toContain('curl -u');
      const auth = `Basic ${Buffer.from(`admin:${m![1]!.trim()}`).toString('base64')}`;
      const res = await fetch(`${first.restUrl}/`, { headers: { authorization: auth }, signal: patient() });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    // Read once the process is gone: every line it logged is in.
    expect(first.output()).toMatch(/"method":"GET","path":"\/wp-json\/","status":200,"ms":\d+/);

    const second = await serve();
    try {
      expect(second.output()).not.toContain('First start');
      expect((await fetch(`${second.restUrl}/`, { signal: patient() })).status).toBe(200);
    } finally {
      await stop(second.child);
    }
    expect(second.output()).not.toContain('"msg":"request"');
  }, 3 * PATIENCE_MS); // two starts of a server process

  it("run as the command itself, starts itself again without generate's V8 options, and a SIGTERM ends both", async () => {
    const started = await serve('direct');
    const cmdline = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const children = () =>
      fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => {
        try {
          return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === started.child.pid;
        } catch {
          return false;
        }
      });
    let server: number | undefined;
    try {
      expect(cmdline(started.child.pid!)).toContain('--no-opt');
      [server] = children().filter((pid) => cmdline(pid).some((arg) => arg.endsWith('bin/specpress.js')));
      expect(server, started.output()).toBeDefined();
      // V8's optimizing compiler and its background threads are the server's, as node's defaults give them.
      expect(cmdline(server!)).not.toContain('--no-opt');
      expect(cmdline(server!)).not.toContain('--v8-pool-size=1');
      expect((await fetch(`${started.restUrl}/`, { signal: patient() })).status).toBe(200);
    } finally {
      expect(await stop(started.child)).toBe(0);
    }
    expect(server !== undefined && fs.existsSync(`/proc/${server}`) && !fs.readFileSync(`/proc/${server}/stat`, 'utf8').split(') ')[1]!.startsWith('Z')).toBe(false);
  }, 2 * PATIENCE_MS);
});
