/**
 * The generated types and client as a strict application sees them: a consumer file compiled
 * with the strictest TypeScript flags (exactOptionalPropertyTypes, noUncheckedIndexedAccess...),
 * a handler typed with its operation's args and result, and the same consumer run against a
 * live server (array filters, create, typed errors).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { scenario } from './fixtures/strict/consumer.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => join(root, 'test/generator/fixtures/strict', name);

/** The flags of @tsconfig/strictest, plus what importing `.ts` files needs. */
const STRICTEST = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  noEmit: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  lib: ['ES2022', 'DOM'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

/** Runs tsc on the given files with the given options; resolves to its exit code and output. */
async function typecheck(files: string[], options: Record<string, unknown>, extra = ''): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'specpress-strict-'));
  try {
    const sources = [...files];
    if (extra !== '') {
      const probe = join(root, `test/generator/fixtures/strict/.probe-${process.pid}.ts`);
      await writeFile(probe, extra);
      sources.push(probe);
    }
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: sources }));
    try {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: root });
      return { code: 0, output: stdout };
    } catch (error) {
      const e = error as { code?: number; stdout?: string };
      return { code: e.code ?? 1, output: e.stdout ?? String(error) };
    } finally {
      if (extra !== '') await rm(sources[sources.length - 1]!, { force: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('generated types under strict TypeScript', () => {
  it('compile a consumer of the client with the strictest flags', async () => {
    const result = await typecheck([fixture('consumer.ts')], STRICTEST);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('reject a misspelled resource field and an unknown enum value', async () => {
    const probe = [
      `import type { Post } from '../../../../output/deployments/studio/types.ts';`,
      `import { createClient } from '../../../../output/deployments/studio/client.ts';`,
      `export const title = (p: Post): unknown => p.titel;`,
      `export const call = () => createClient({ restUrl: 'http://127.0.0.1' }).core.posts.list({ status: ['publish', 'drafty'] });`,
    ].join('\n');
    const result = await typecheck([], STRICTEST, probe);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Property 'titel' does not exist on type 'Post'/);
    expect(result.output).toMatch(/"drafty"/);
  }, 120_000);

  it('type each generated handler with its operation args and result', async () => {
    const posts = await readFile(join(root, 'output/handlers/core-v2/posts.ts'), 'utf8');
    // Handlers import the types shared by every deployment, not one deployment's.
    expect(posts.replace(/\s+/g, ' ')).toContain('export const listPosts: Handler<ListPostsArgs, ListPostsResult>');
    expect(posts).toMatch(/import type \{[^}]*ListPostsArgs,[^}]*\} from '\.\.\/\.\.\/shared\/types\.ts'/);
    expect(posts).not.toContain('deployments/');
    // Blog and studio bind other post meta: the shared type is the union of each one's form, each
    // written once under the first deployment giving it; a type that agrees everywhere is written once.
    const shared = (await readFile(join(root, 'output/shared/types.ts'), 'utf8')).replace(/\s+/g, ' ');
    expect(shared).toContain('export type ListPostsResult = BlogListPostsResult | StudioListPostsResult;');
    expect(shared).toContain('export type Post = BlogPost | StudioPost;');
    expect(shared.match(/export type FormsuiteV1GetFormArgs\b/g)).toHaveLength(1);
    expect(shared).not.toMatch(/export (type|interface) \w+FormsuiteV1GetFormArgs\b/);
    const forms = await readFile(join(root, 'output/handlers/formsuite-v1/forms.ts'), 'utf8');
    expect(forms).toContain('export const formsuiteV1GetForm: Handler<FormsuiteV1GetFormArgs, FormsuiteV1GetFormResult>');
    // The fixture's @ts-expect-error lines (a wrong param name, a wrong answer) must be errors.
    const result = await typecheck([fixture('typed-region.ts')], { ...STRICTEST, noPropertyAccessFromIndexSignature: false, exactOptionalPropertyTypes: false, noUnusedLocals: false, noUnusedParameters: false, noUncheckedIndexedAccess: false, noImplicitReturns: false, verbatimModuleSyntax: false, types: ['node'], typeRoots: [join(root, 'node_modules/@types')], lib: ['ES2022'] });
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});

describe('the strict consumer against a live server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ deployment: 'studio' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists with array filters, creates, and reads typed errors', async () => {
    const editor = server.users.editor;
    const options = { restUrl: server.restUrl, auth: { kind: 'application-password' as const, username: editor.login, password: editor.appPassword! } };
    const first = await scenario(options);
    const second = await scenario(options);
    // Both drafts are found through `status[]=draft&status[]=pending`, none through `publish`.
    expect(second.draftIds).toEqual(expect.arrayContaining([first.createdId, second.createdId]));
    expect(second.publishedIds).not.toContain(first.createdId);
    expect(first.errorCode).toBe('rest_post_invalid_id');
    expect(first.errorStatus).toBe(404);
    expect(second.firstTitle).toBe('Strict draft');
  }, 120_000);
});
