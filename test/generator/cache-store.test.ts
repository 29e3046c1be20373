/**
 * The generator's cache store (generator/cache-store.ts): entries found by key, written in one
 * transaction, the least recently used dropped beyond a kind's budget, shared by concurrent
 * handles, and a store that cannot be opened is no cache rather than an error.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGETS, CacheStore, cacheStore, storePath } from '../../generator/cache-store.ts';
import { cachedText } from '../../generator/text-cache.ts';
import { generateFromSpec } from '../../generator/generate.ts';
import { fixtureInOwnFolder, inOwnFolder, snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function storeFile(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.remove);
  return join(t.dir, 'node_modules', '.cache', 'specpress', 'store.sqlite');
}

function opened(path: string, now?: () => number): CacheStore {
  const store = CacheStore.open(path, now === undefined ? {} : { now });
  expect(store).toBeDefined();
  cleanups.unshift(() => store!.close());
  return store!;
}

describe('the cache store', () => {
  it('answers by kind and key what was put, before and after a flush, and across handles', async () => {
    const path = await storeFile();
    const store = opened(path);
    expect(store.get('piece', 'a')).toBeUndefined();
    store.put('piece', 'a', 'formatted a');
    expect(store.get('piece', 'a')).toBe('formatted a');
    expect(store.get('text', 'a')).toBeUndefined();
    store.flush();
    const other = opened(path);
    expect(other.get('piece', 'a')).toBe('formatted a');
    store.put('piece', 'a', 'formatted again');
    store.flush();
    expect(other.get('piece', 'a')).toBe('formatted again');
  });

  it('replaces a file of an older layout with a new one', async () => {
    const path = await storeFile();
    await mkdir(join(path, '..'), { recursive: true });
    const Database = (await import('better-sqlite3')).default;
    const old = new Database(path);
    old.exec('CREATE TABLE entries (kind TEXT, key TEXT, value TEXT); PRAGMA user_version = 1;');
    old.close();
    const store = opened(path);
    expect(store.fresh).toBe(true);
    store.put('piece', 'a', 'b');
    store.flush();
    expect(opened(path).get('piece', 'a')).toBe('b');
  });

  it('drops the least recently used entries of a kind beyond its budget, and only of that kind', async () => {
    const path = await storeFile();
    let clock = 1_000_000_000;
    const store = opened(path, () => clock);
    const third = 'x'.repeat(Math.floor(BUDGETS['schema-type'] / 3) + 1);
    store.put('schema-type', 'oldest', third);
    store.put('text', 'other kind', 'kept');
    store.flush();
    clock += 60 * 60_000;
    store.put('schema-type', 'older', third);
    store.flush();
    clock += 60 * 60_000;
    // Read long after it was written: marked used again, so it outlives `older`.
    expect(store.get('schema-type', 'oldest')).toBe(third);
    store.flush();
    clock += 60 * 60_000;
    store.put('schema-type', 'newest', third);
    store.flush();
    expect(store.get('schema-type', 'older')).toBeUndefined();
    expect(store.get('schema-type', 'oldest')).toBe(third);
    expect(store.get('schema-type', 'newest')).toBe(third);
    expect(store.get('text', 'other kind')).toBe('kept');
    expect(store.size('schema-type').chars).toBeLessThanOrEqual(BUDGETS['schema-type']);
  });

  it('keeps a large entry read by every run although newer ones push the kind over budget', async () => {
    const path = await storeFile();
    let clock = 1_000_000_000;
    const store = opened(path, () => clock);
    const large = 'y'.repeat(Math.floor(BUDGETS.deployment / 4));
    store.put('deployment', 'read every run', large);
    store.flush();
    for (let run = 0; run < 6; run++) {
      clock += 1000;
      expect(store.get('deployment', 'read every run')).toBe(large);
      store.put('deployment', `new ${run}`, large);
      store.flush();
    }
    expect(store.get('deployment', 'read every run')).toBe(large);
    expect(store.get('deployment', 'new 0')).toBeUndefined();
  });

  it('is shared by processes writing at the same time: none fails, every entry is kept', async () => {
    const path = await storeFile();
    opened(path).flush();
    const module = new URL('../../generator/cache-store.ts', import.meta.url).pathname;
    const writer = (id: number): Promise<number | null> =>
      new Promise((done) => {
        const script = `import { CacheStore } from ${JSON.stringify(module)};
          const store = CacheStore.open(${JSON.stringify(path)});
          if (!store) process.exit(2);
          for (let round = 0; round < 20; round++) {
            for (let i = 0; i < 50; i++) store.put('piece', '${id}-' + round + '-' + i, 'text '.repeat(200));
            store.flush();
          }
          process.exit(store.size('piece').entries >= 1000 ? 0 : 3);`;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'inherit' });
        child.on('exit', (code) => done(code));
      });
    expect(await Promise.all([writer(1), writer(2), writer(3)])).toEqual([0, 0, 0]);
    expect(opened(path).size('piece').entries).toBe(3000);
  }, 60_000);

  it('is written and closed when its process ends by process.exit(): what was put is kept, and no write-ahead log is left to read through', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const module = new URL('../../generator/cache-store.ts', import.meta.url).pathname;
    const script = `import { cacheStore } from ${JSON.stringify(module)};
      const store = cacheStore();
      if (!store) process.exit(2);
      store.put('text', 'put before the exit', 'kept');
      process.exit(0);`;
    const code = await new Promise<number | null>((done) => {
      // Run in the temporary folder (the store is made under the working directory): tsx is found from here.
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { cwd: t.dir, stdio: 'inherit' });
      child.on('exit', (exitCode) => done(exitCode));
    });
    expect(code).toBe(0);
    const folder = join(t.dir, 'node_modules', '.cache', 'specpress');
    expect((await readdir(folder)).filter((name) => name.startsWith('store.sqlite')).sort()).toEqual(['store.sqlite']);
    expect(opened(join(folder, 'store.sqlite')).get('text', 'put before the exit')).toBe('kept');
  }, 60_000);

  it('is no cache, not an error, when its file is not a database (or, as the generator opens it, made afresh) or its folder cannot be written', async () => {
    const damaged = await storeFile();
    await mkdir(join(damaged, '..'), { recursive: true });
    await writeFile(damaged, 'not a database, but the bytes of something else entirely'.repeat(100));
    expect(CacheStore.open(damaged)).toBeUndefined();
    // As the generator opens it: made afresh, and working.
    const remade = CacheStore.open(damaged, { replaceDamaged: true });
    expect(remade).toBeDefined();
    cleanups.unshift(() => remade!.close());
    remade!.put('text', 'k', 'v');
    remade!.flush();
    expect(remade!.get('text', 'k')).toBe('v');

    // A folder the store cannot be made in (a file stands where its folder would be; a read-only tree fails the same way, but not for root).
    const t = await tempDir();
    cleanups.push(t.remove);
    await writeFile(join(t.dir, 'node_modules'), '');
    expect(CacheStore.open(join(t.dir, 'node_modules', '.cache', 'specpress', 'store.sqlite'))).toBeUndefined();
  });

  it("keeps a slow step's texts by their inputs, several versions at once", async () => {
    const t = await inOwnFolder(cleanups);
    let made = 0;
    const make = (v: string) => () => `text of ${v} (${++made})`;
    expect(cachedText('kind', { v: 1 }, make('1'), true)).toBe('text of 1 (1)');
    expect(cachedText('kind', { v: 2 }, make('2'), true)).toBe('text of 2 (2)');
    expect(cachedText('kind', { v: 1 }, make('1'), true)).toBe('text of 1 (1)');
    expect(cachedText('kind', { v: 1 }, make('1'), false)).toBe('text of 1 (3)');
  });

  it('a tree where the store cannot be made generates as a run without caches does, and says nothing of it', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    const specDir = t.specDir;
    // A file where the cache folder would be: every cache fails to open.
    await writeFile(join(t.dir, 'node_modules'), '');
    const cached = await generateFromSpec(specDir, { outDir: join(t.dir, 'cached') });
    const uncached = await generateFromSpec(specDir, { outDir: join(t.dir, 'uncached'), formatCache: false });
    expect(cached.result?.status).toBe('ok');
    expect(cached.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await snapshot(join(t.dir, 'cached'))).toEqual(await snapshot(join(t.dir, 'uncached')));
    expect((await generateFromSpec(specDir, { outDir: join(t.dir, 'cached') })).result?.written).toBe(0);
  });

  it('when made in a folder, removes the JSON files the caches were kept in before it', async () => {
    const t = await inOwnFolder(cleanups);
    const folder = join(storePath(), '..');
    await mkdir(join(folder, 'format'), { recursive: true });
    await mkdir(join(folder, 'runs'), { recursive: true });
    await writeFile(join(folder, 'format', 'pieces.json'), '{}');
    await writeFile(join(folder, 'spec-files.json'), '{}');
    expect(cacheStore()).toBeDefined();
    // The run cache's entries (read before the store is loaded) stay.
    expect((await readdir(folder)).filter((name) => !name.startsWith('store.sqlite')).sort()).toEqual(['runs']);
  });
});
