/**
 * `specpress serve --workers 2`: two processes answer on one port from one data folder, the
 * administrator is created once, a write through either is read back through the next request
 * whichever process takes it, and SIGTERM stops them all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { patient, PATIENCE_MS } from '../support/patience.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-workers-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('serve --workers', () => {
  it('serves from two processes on one port and data folder', async () => {
    const child = spawn(process.execPath, [path.join(root, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir, '--deployment', 'studio', '--workers', '2', '--log-level', 'debug'], { cwd: root }); // debug: a line per request, naming the process that answered
    let out = '';
    child.stdout!.on('data', (c) => (out += c));
    child.stderr!.on('data', (c) => (out += c));
    try {
      const restUrl = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), PATIENCE_MS);
        child.stdout!.on('data', () => {
          const m = /at (http:\/\/127\.0\.0\.1:\d+\/wp-json)\/[\s\S]*\(2 worker processes\)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
      });
      expect(out.match(/First start/g)).toHaveLength(1);
      const password = /application password: (.+)\n/.exec(out)![1]!.trim();
      const headers = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`, 'content-type': 'application/json' };
      const created = await (await fetch(`${restUrl}/core/v2/posts`, { method: 'POST', headers, body: JSON.stringify({ title: 'One', status: 'publish' }), signal: patient() })).json();
      for (let i = 0; i < 12; i++) {
        // Alternate writes and reads; each read must see the write just before it, whichever worker answers.
        const sticky = i % 2 === 0;
        expect((await fetch(`${restUrl}/core/v2/posts/${created.id}`, { method: 'POST', headers, body: JSON.stringify({ sticky }), signal: patient() })).status).toBe(200);
        expect((await (await fetch(`${restUrl}/core/v2/posts/${created.id}`, { signal: patient() })).json()).sticky).toBe(sticky);
      }
    } finally {
      // 'close': every process has exited and all they wrote is read.
      const code = await new Promise<number | null>((resolve) => {
        child.once('close', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
    }
    const pids = new Set([...out.matchAll(/"pid":(\d+),[^\n]*"msg":"request"/g)].map((m) => m[1]));
    expect(pids.size).toBe(2);
  }, 2 * PATIENCE_MS);
});
