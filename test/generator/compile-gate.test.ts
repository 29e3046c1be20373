/**
 * The spec binds the code: `generate` type-checks the handlers' preserved regions against the
 * types it just generated and stops (exit 4, each error at its file:line:col) when a region no
 * longer fits: an arg renamed, a result field's type changed. `generate --check` (CI) does the
 * same. Two more mistakes that used to generate in silence stop at the spec (exit 1): an
 * operation id equal to its route's constant in the route table, and a route declared again in
 * a second file of its namespace.
 *
 * The output folder sits beside `runtime/`, `contract/` and `package.json` (links to the real ones), as `output/`
 * does, so the handlers' imports resolve; one folder serves every test, in order.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_SPEC_ERRORS, EXIT_TYPE_ERRORS, runGenerate } from '../../generator/commands/generate.ts';
import { typecheckCacheDir } from '../../generator/typecheck.ts';
import { capture } from './helpers.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/inventory-spec', import.meta.url));
const ID = 'inventoryV1ListLowStock';
/** A body that reads a defaulted param as a number (no `undefined` check) and answers the summary shape. */
const BODY = '    const threshold: number = ctx.params.min_quantity;\n    return { data: { total: threshold, skus: [] } };\n';

let root: string;
let specDir: string;
let outDir: string;
let handler: string;
let namespaceFile: string;

async function generate(options: { check?: boolean } = {}): Promise<{ code: number; out: string[]; err: string[] }> {
  const io = capture();
  const code = await runGenerate(specDir, { outDir, typecheck: true, ...options }, io.print, io.printError);
  return { code, out: io.out, err: io.err };
}

/** Replaces `from` by `to` in a file, returning a function that puts the text back. */
async function edit(file: string, from: string | RegExp, to: string): Promise<() => Promise<void>> {
  const text = await readFile(file, 'utf8');
  const changed = text.replace(from, to);
  expect(changed).not.toBe(text);
  await writeFile(file, changed);
  return () => writeFile(file, text);
}

/** `file:line:col` of the first occurrence of `text` in the handler file (after `after` when given). */
async function positionIn(file: string, text: string, after = ''): Promise<string> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const start = after === '' ? 0 : lines.findIndex((l) => l.includes(after));
  const index = lines.findIndex((l, i) => i >= start && l.includes(text));
  expect(index).toBeGreaterThanOrEqual(0);
  return `${handler}:${index + 1}:${lines[index]!.indexOf(text) + 1}`;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'specpress-gate-'));
  for (const name of ['runtime', 'contract', 'node_modules', 'package.json', 'tsconfig.json']) await symlink(join(repo, name), join(root, name));
  specDir = join(root, 'spec');
  outDir = join(root, 'output');
  await cp(FIXTURE, specDir, { recursive: true });
  namespaceFile = join(specDir, 'namespaces', 'inventory-v1.yaml');
  handler = join(outDir, 'handlers', 'inventory-v1', 'low-stock.ts');
  // The skeleton (its region answers 501) compiles; then the region gets a body.
  const first = await generate();
  expect(first.code, first.err.join('\n')).toBe(EXIT_OK);
  await edit(handler, /(\/\/ #region specpress:inventoryV1ListLowStock\n)[\s\S]*?(\s*\/\/ #endregion)/, `$1${BODY}$2`);
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(typecheckCacheDir(outDir), { recursive: true, force: true });
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the compile check of the preserved regions', () => {
  it('passes a region that reads a defaulted param as present; the client still sends it as optional', async () => {
    const run = await generate();
    expect(run.code, run.err.join('\n')).toBe(EXIT_OK);
    expect(run.out.at(-1)).toMatch(/^compile check of the preserved regions: passed \(\d+ files in \d+\.\d\ds\)$/);
    const types = (await readFile(join(outDir, 'deployments/main/types.ts'), 'utf8')).replace(/\s+/g, ' ');
    expect(types).toContain('export type InventoryV1ListLowStockInput = { min_quantity?: number; };');
    expect(types).toContain("export type InventoryV1ListLowStockArgs = InventoryV1ListLowStockInput & Required<Pick<InventoryV1ListLowStockInput, 'min_quantity'>>;");
    const client = await readFile(join(outDir, 'deployments/main/client.ts'), 'utf8');
    expect(client).toContain('args: T.InventoryV1ListLowStockInput = {}');
  }, 180_000);

  it('answers an unchanged rerun from the run cache, but not once a region body changed', async () => {
    const again = await generate();
    expect(again.code).toBe(EXIT_OK);
    expect(again.out.at(-1)).toBe('compile check of the preserved regions: passed (unchanged since it passed)');
    // Region bodies are outside the manifest's hashes: the check's own inputs must catch the edit.
    const restore = await edit(handler, 'const threshold: number', 'const threshold: string');
    try {
      const broken = await generate();
      expect(broken.code).toBe(EXIT_TYPE_ERRORS);
      const at = await positionIn(handler, 'threshold', 'const threshold: string');
      expect(broken.err).toContainEqual(expect.stringMatching(new RegExp(`^${escape(at)} error SP070: TS2322: Type 'number' is not assignable to type 'string', in the region of \`${ID}\`; `)));
    } finally {
      await restore();
    }
    expect((await generate()).code).toBe(EXIT_OK);
  }, 180_000);

  it('does not run the compiler again after a spec edit that reaches none of the files it checked', async () => {
    // The namespace's description is published (OpenAPI tags, the reference), not compiled.
    const restore = await edit(namespaceFile, "description: A small shop's stock.", "description: A small shop's stock, counted daily.");
    try {
      const run = await generate();
      expect(run.code, run.err.join('\n')).toBe(EXIT_OK);
      expect(run.out).toContainEqual(expect.stringMatching(/^[1-9]\d* written, /));
      expect(run.out.at(-1)).toBe('compile check of the preserved regions: passed (unchanged since it passed)');
    } finally {
      await restore();
    }
    expect((await generate()).code).toBe(EXIT_OK);
  }, 180_000);

  it('stops generate (exit 4) at the region line reading an arg the spec renamed, output written; --check and the CLI too', async () => {
    const restore = await edit(namespaceFile, 'min_quantity:', 'min_units:');
    try {
      const run = await generate();
      expect(run.code).toBe(EXIT_TYPE_ERRORS);
      const at = await positionIn(handler, 'min_quantity', BODY.split('\n')[0]!.trim());
      const error = `${at} error SP070: TS2339: Property 'min_quantity' does not exist on type 'InventoryV1ListLowStockArgs', in the region of \`${ID}\`; the preserved region does not compile against the types generated from the spec: change the code to fit them, or the spec back`;
      expect(run.err).toContain(error);
      expect(run.err.at(-1)).toMatch(/^compile check of the preserved regions: failed \(\d+ files in [\d.]+s\); .*output\/ is written/);
      // Written: the types already name the new arg, and the region is kept as it was.
      expect(await readFile(join(outDir, 'deployments/main/types.ts'), 'utf8')).toContain('min_units?: number');
      expect(await readFile(handler, 'utf8')).toContain(BODY);

      const check = await generate({ check: true });
      expect(check.code).toBe(EXIT_TYPE_ERRORS);
      expect(check.err).toContain(error);

      const cli = await promisify(execFile)(process.execPath, [join(repo, 'bin/specpress.js'), 'generate', '--check', '--spec', specDir, '--out', outDir], { cwd: repo }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(cli.code).toBe(EXIT_TYPE_ERRORS);
      expect(cli.stderr).toContain(error);
    } finally {
      await restore();
    }
    expect((await generate()).code).toBe(EXIT_OK);
  }, 300_000);

  it('stops generate (exit 4) at the value that no longer fits a result field whose type changed', async () => {
    const restore = await edit(join(specDir, 'shapes', 'stock-summary.yaml'), 'total: { type: integer', 'total: { type: string');
    try {
      const run = await generate();
      expect(run.code).toBe(EXIT_TYPE_ERRORS);
      const at = await positionIn(handler, 'total', 'return { data: { total');
      expect(run.err).toContainEqual(expect.stringMatching(new RegExp(`^${escape(at)} error SP070: TS2322: Type 'number' is not assignable to type 'string', in the region of \`${ID}\`; `)));
    } finally {
      await restore();
    }
    expect((await generate()).code).toBe(EXIT_OK);
  }, 180_000);
});

describe('mistakes that stop generate at the spec', () => {
  it('an operation id equal to its route\'s constant in the route table (it answered 501, the body never called)', async () => {
    const restore = await edit(namespaceFile, `operationId: ${ID}`, 'operationId: inventoryV1LowStock');
    try {
      const run = await generate();
      expect(run.code).toBe(EXIT_SPEC_ERRORS);
      const line = (await readFile(namespaceFile, 'utf8')).split('\n').findIndex((l) => l.includes('operationId: inventoryV1LowStock')) + 1;
      expect(run.err).toContain(
        `${namespaceFile}:${line}:22 error SP064: operation id \`inventoryV1LowStock\` is also the name of the constant the route table (\`shared/routes.ts\`) makes for route \`/inventory/v1/low-stock\`, where the handler is imported, so the generated code would not compile or would call the wrong thing; give the operation another \`operationId\``,
      );
      expect(run.err.at(-1)).toBe('the spec has 1 error(s); nothing generated');
    } finally {
      await restore();
    }
  }, 120_000);

  it('a route declared again in a second file of the namespace (it replaced the first)', async () => {
    const extra = join(specDir, 'namespaces', 'inventory-v1-stock.yaml');
    await writeFile(extra, 'namespace: inventory/v1\npermission: { capability: manage_options }\nroutes:\n  /low-stock:\n    endpoints:\n      - methods: [POST]\n        operationId: inventoryV1AddStock\n        handler: custom\n');
    try {
      const run = await generate();
      expect(run.code).toBe(EXIT_SPEC_ERRORS);
      expect(run.err).toContainEqual(`${extra}:4:3 error SP063: route \`/inventory/v1/low-stock\` is also declared in ${namespaceFile}:19; a namespace may span files, but each route is declared in one of them: merge the two`);
    } finally {
      await rm(extra);
    }
  }, 120_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
