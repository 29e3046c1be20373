import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';

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

/** Runs `specpress serve` on a port the OS picks and waits for its banner. */
async function serve(): Promise<Started> {
  const child = spawn(process.execPath, [path.join(root, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir, '--deployment', deployment], { cwd: root, env: childEnv(database) });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const restUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), 45_000);
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

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('specpress serve', () => {
  it('first start prints credentials once, serves, logs requests, stops cleanly on SIGTERM', async () => {
    const first = await serve();
    try {
      const m = /application password: (.+)\n/.exec(first.output());
      expect(m).not.toBeNull();
      expect(first.output()).toContain('curl -u');
      const auth = `Basic ${Buffer.from(`admin:${m![1]!.trim()}`).toString('base64')}`;
      const res = await fetch(`${first.restUrl}/`, { headers: { authorization: auth } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
      await new Promise((r) => setTimeout(r, 100));
      expect(first.output()).toMatch(/"method":"GET","path":"\/wp-json\/","status":200,"ms":\d+/);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }

    const second = await serve();
    try {
      expect(second.output()).not.toContain('First start');
      expect((await fetch(`${second.restUrl}/`)).status).toBe(200);
    } finally {
      await stop(second.child);
    }
  });
});
