/**
 * prettier runs on a pool of threads (generator/format-pool.ts): what the pool formats, piece by
 * piece and in batches, is byte for byte what prettier makes of the whole file in this thread; a
 * run with nothing to format starts no thread; and no thread outlives a run, so the process ends
 * on its own (`generate` sets an exit code, it never calls exit) and `--watch` leaves none open
 * between its runs.
 */
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { Formatter, PRETTIER_OPTIONS, TS_PARSER, formatFile } from '../../generator/format.ts';
import { FormatPool, formatPoolsOpen, formatPoolsStarted, formatThreadsStarted } from '../../generator/format-pool.ts';
import { generateFromSpec } from '../../generator/generate.ts';
import { EXIT_OK, runGenerate, watchSpec } from '../../generator/commands/generate.ts';
import { capture, fixtureInOwnFolder } from './helpers.ts';
import { PATIENCE_MS, within } from '../support/patience.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Adds to a fixture spec an endpoint whose params prettier has to lay out (their names are not
 * ASCII, which type-layout.ts leaves to it): about 90 KB of types, more than the ts-morph thread
 * formats before a run starts the pool (format-pool.ts). The generator lays out everything else.
 */
async function withTextToFormat(specDir: string): Promise<void> {
  const path = join(specDir, 'namespaces', 'notes-v1.yaml');
  const description = 'A setting of the note, said at length so that its type is long. '.repeat(6).trim();
  const args = Array.from({ length: 200 }, (_, i) => `          clé${i}: { type: string, description: '${description}' }`).join('\n');
  const endpoint = `  /notes/tuning:\n    endpoints:\n      - methods: [POST]\n        operationId: notesTune\n        args:\n${args}\n        handler: custom\n`;
  const text = await readFile(path, 'utf8');
  await writeFile(path, text.replace('routes:\n', `routes:\n${endpoint}`));
}

/** Real generated files: a large one (several batches), a handler with its regions, a README. */
const SAMPLES = ['output/deployments/blog/client.ts', 'output/handlers/core-v2/posts.ts', 'output/deployments/blog/tests/permissions.test.ts', 'output/deployments/blog/README.md'];

/** Generated-looking code whose blank lines sit where a cut must not go: in templates, comments, blocks, after regular expressions. */
const TRICKY = `export const page = \`<main>

  const hidden = 1;

  \${items.map((i) => \`<li>\${i}

</li>\`).join('')}
</main>\`;

/* a comment with a blank line

   and code-like text: const x = 2; */
export const slash = /['"\`{(]/g.test(page) ? 1 : 2 / 3;

export function f(a: number) {
  const b = a;

  return b;
}

const quote = 'a \\' quote';

// specpress:piece-boundary 5f0c1e

export type T = { a: string };
`;

/** TypeScript with its indentation taken away: prettier has to lay every line out again. */
const flattened = (path: string, text: string): string => (path.endsWith('.ts') ? text.replace(/^[ \t]+/gm, '') : text);

describe('formatting on the pool', { timeout: 2 * PATIENCE_MS }, () => {
  it('gives the text prettier gives in this thread, for real generated files formatted at once', async () => {
    const files = await Promise.all(SAMPLES.map(async (path) => ({ path, text: flattened(path, await readFile(join(ROOT, path), 'utf8')) })));
    files.push({ path: 'tricky.ts', text: TRICKY });
    const formatter = await Formatter.open(false);
    const pools = formatPoolsStarted();
    try {
      const pooled = await Promise.all(files.map((f) => formatter.format(f.path, f.text)));
      const inThread = await Promise.all(files.map((f) => formatFile(f.path, f.text)));
      for (const [i, f] of files.entries()) expect(pooled[i], f.path).toBe(inThread[i]);
      expect(formatter.stats.files).toBe(files.length);
      expect(formatter.stats.chunks).toBeGreaterThan(files.length);
      // More than a few pieces' worth: past the first ones, the pool's threads formatted them.
      expect(formatPoolsStarted()).toBe(pools + 1);
    } finally {
      await formatter.close();
    }
    expect(formatPoolsOpen()).toBe(0);
  });

  it("starts no thread for a few pieces, and threads, up to one a core but one, for a cold run's worth", async () => {
    const options = { ...PRETTIER_OPTIONS, parser: TS_PARSER };
    const few = new FormatPool();
    let before = formatThreadsStarted();
    try {
      expect(await Promise.all(['const a=1', 'const b=2', 'const c=3'].map((t) => few.format(t, options)))).toEqual(['const a = 1;\n', 'const b = 2;\n', 'const c = 3;\n']);
    } finally {
      await few.close();
    }
    expect(formatThreadsStarted() - before).toBe(0);
    expect(formatPoolsOpen()).toBe(0);

    const many = new FormatPool();
    before = formatThreadsStarted();
    // More tasks than a thread is handed at once (64), and more text than one thread's share.
    const large = (i: number): string => `export const list${i} = [${'1,'.repeat(2_000)}];`;
    const tasks = Array.from({ length: 80 }, (_, i) => i + 1);
    try {
      const formatted = await Promise.all(tasks.map((i) => many.format(large(i), options)));
      expect(formatted.every((text, i) => text.startsWith(`export const list${i + 1} = [\n  1, 1,`))).toBe(true);
    } finally {
      await many.close();
    }
    const threads = formatThreadsStarted() - before;
    expect(threads).toBeGreaterThanOrEqual(1);
    expect(threads).toBeLessThanOrEqual(Math.max(1, availableParallelism() - 1));
    if (availableParallelism() > 2) expect(threads).toBeGreaterThan(1);
    expect(formatPoolsOpen()).toBe(0);
  });

  it('starts its first thread when a run has sent more than the ts-morph thread formats, not at the run\'s next await', async () => {
    const pool = new FormatPool();
    try {
      const large = pool.format(`export const list = [${'1,'.repeat(40_000)}];`, { ...PRETTIER_OPTIONS, parser: TS_PARSER });
      // Nothing awaited yet: a run emits for long stretches without awaiting, and the thread loads prettier meanwhile.
      expect(pool.threadCount()).toBe(1);
      // Tasks are handed to the thread at once, several at a time, so it goes from one to the
      // next while this thread is busy: none waits here for this thread's event loop.
      const texts = Array.from({ length: 10 }, (_, i) => `const a${i}=1`);
      const formatted = texts.map((text) => pool.format(text, { ...PRETTIER_OPTIONS, parser: TS_PARSER }));
      expect(pool.tasksWaitingHere()).toBe(0);
      expect(await Promise.all(formatted)).toEqual(texts.map((_, i) => `const a${i} = 1;\n`));
      expect(await large).toMatch(/^export const list = \[\n {2}1, 1,/);
    } finally {
      await pool.close();
    }
    expect(formatPoolsOpen()).toBe(0);
  });

  it('starts no thread for a run whose every piece is known', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    await withTextToFormat(t.specDir);
    const outDir = join(t.dir, 'output');
    const pools = formatPoolsStarted();
    const first = await generateFromSpec(t.specDir, { outDir });
    expect(first.result?.status).toBe('ok');
    expect(first.result!.formatted!.files).toBeGreaterThan(0);
    expect(formatPoolsStarted()).toBe(pools + 1);
    expect(formatPoolsOpen()).toBe(0);
    const before = formatPoolsStarted();

    // A generated file removed: the run cache cannot answer, so the run emits again, and every
    // piece it formats is known from the first run.
    await rm(join(outDir, 'deployments', 'main', 'types.ts'));
    const second = await generateFromSpec(t.specDir, { outDir });
    expect(second.result?.status).toBe('ok');
    expect(second.result?.written).toBeGreaterThan(0);
    expect(second.result?.formatted).toEqual({ files: 0, chunks: 0 });
    expect(formatPoolsStarted()).toBe(before);
  });

  it('leaves no thread behind: the process that generated ends on its own', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    await withTextToFormat(t.specDir);
    const module = join(ROOT, 'generator', 'generate.ts');
    const pool = join(ROOT, 'generator', 'format-pool.ts');
    const script = `import { generateFromSpec } from ${JSON.stringify(module)};
      import { formatPoolsStarted, formatPoolsOpen } from ${JSON.stringify(pool)};
      const { result } = await generateFromSpec(${JSON.stringify(t.specDir)}, { outDir: ${JSON.stringify(join(t.dir, 'output'))}, formatCache: false });
      console.log(JSON.stringify({ status: result.status, formatted: result.formatted.files, started: formatPoolsStarted(), open: formatPoolsOpen() }));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    // Nothing ends the child but an empty event loop: a pool left open would keep it running.
    const code = await within(new Promise<number | null>((done) => child.on('exit', done)), () => `the generating process to end by itself (it printed: ${out})`);
    expect(code).toBe(0);
    const answer = JSON.parse(out.trim().split('\n').at(-1)!) as { status: string; formatted: number; started: number; open: number };
    expect(answer).toMatchObject({ status: 'ok', started: 1, open: 0 });
    expect(answer.formatted).toBeGreaterThan(0);
  });

  it('under --watch, each run that formats starts its threads and ends them', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    await withTextToFormat(t.specDir);
    const specDir = t.specDir;
    const outDir = join(t.dir, 'output');
    const io = capture();
    // Without caches every run formats every file: each starts a pool.
    expect(await runGenerate(specDir, { outDir, formatCache: false }, io.print, io.printError)).toBe(EXIT_OK);
    const started = formatPoolsStarted();
    expect(formatPoolsOpen()).toBe(0);
    cleanups.unshift(watchSpec(specDir, { outDir, formatCache: false }, io.print, io.printError));

    // A description the types document.
    const nsPath = join(specDir, 'namespaces/notes-v1.yaml');
    const text = await readFile(nsPath, 'utf8');
    const edited = text.replace('text: { type: string, required: true }', 'text: { description: Said once on a watch, type: string, required: true }');
    expect(edited).not.toBe(text);
    await writeFile(nsPath, edited);
    const types = join(outDir, 'deployments/main/types.ts');
    const deadline = Date.now() + PATIENCE_MS;
    while (!(await readFile(types, 'utf8')).includes('Said once on a watch')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The run's files are written after its threads were ended.
    expect(formatPoolsStarted()).toBeGreaterThan(started);
    expect(formatPoolsOpen()).toBe(0);
  });
});
