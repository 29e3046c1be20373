import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/specpress.js', import.meta.url).pathname;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-term-'));
const database = await testDatabaseFor(dataDir);
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const specpress = (...args: string[]) => run('node', [bin, ...args, '--data', dataDir], { env: childEnv(database) }).catch((e) => e as { stdout: string; stderr: string; code: number });

describe('specpress term', () => {
  it('adds categories with parents and tags, and lists them with the default category', async () => {
    const news = await specpress('term', 'add', 'category', 'News');
    expect(news.stdout).toContain('slug news');
    const id = Number(/id (\d+)/.exec(news.stdout)![1]);
    await specpress('term', 'add', 'category', 'Local news', '--parent', String(id));
    await specpress('term', 'add', 'post_tag', 'Été', '--slug', 'summer');
    const list = await specpress('term', 'list', '--json');
    const rows = JSON.parse(list.stdout) as Array<{ taxonomy: string; slug: string; parent: number }>;
    expect(rows.map((r) => `${r.taxonomy}:${r.slug}`).sort()).toEqual(['category:local-news', 'category:news', 'category:uncategorized', 'post_tag:summer']);
    expect(rows.find((r) => r.slug === 'local-news')!.parent).toBe(id);
  }, 60_000);

  it('refuses an unknown taxonomy and a parent on a tag', async () => {
    const bad = await specpress('term', 'add', 'tag', 'x');
    expect(bad.stderr).toContain('taxonomy must be one of');
    const parent = await specpress('term', 'add', 'post_tag', 'y', '--parent', '1');
    expect(parent.stderr).toContain('only for categories');
  }, 60_000);
});
