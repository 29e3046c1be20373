/** `extends:` between deployments: what is inherited, what the child adds or wins, and the errors. */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeploymentModel } from '../../contract/model.ts';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';
import { FIXTURES } from './load-fixture.ts';

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function specWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specpress-extends-'));
  cleanups.push(dir);
  const spec = join(dir, 'spec');
  await cp(`${FIXTURES}/valid`, spec, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(spec, name), text);
  return spec;
}

const args = (d: DeploymentModel, path: string, method: string) => d.routes.find((r) => r.path === path)!.endpoints.find((e) => e.methods.includes(method as never))!.args;

describe('extends', () => {
  it('inherits the base deployment\'s routes and overrides; the child adds its own and wins', async () => {
    const spec = await specWith({
      'deployments/blog-plus.yaml': [
        'deployment: blog-plus',
        'extends: blog',
        'site: { name: Blog Plus }',
        'overrides:',
        '  - { path: /core/v2/posts, method: GET, arg: per_page, set: { maximum: 20 } }',
        '',
      ].join('\n'),
    });
    const { model, diagnostics } = await loadSpec(spec);
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    const blog = model!.deployments.find((d) => d.name === 'blog')!;
    const plus = model!.deployments.find((d) => d.name === 'blog-plus')!;
    expect(plus.isDefault).toBe(false);
    expect(plus.site.name).toBe('Blog Plus');
    expect(plus.routes.map((r) => r.path)).toEqual(blog.routes.map((r) => r.path));
    // blog's overrides: keywords removed, keyword added, per_page at most 50 ...
    expect(Object.keys(args(plus, '/sitegen/v1/templates', 'POST'))).toEqual(Object.keys(args(blog, '/sitegen/v1/templates', 'POST')));
    expect(args(plus, '/sitegen/v1/templates', 'POST').keywords).toBeUndefined();
    expect(args(plus, '/sitegen/v1/templates', 'POST').keyword).toBeDefined();
    expect(args(blog, '/core/v2/posts', 'GET').per_page.maximum).toBe(50);
    // ... and the child's set applies after the base's.
    expect(args(plus, '/core/v2/posts', 'GET').per_page.maximum).toBe(20);
    // The base itself is unchanged by its child.
    expect(blog.site.name).not.toBe('Blog Plus');
  });

  it('a chain of two works, and the child\'s route exclusion adds to the base\'s', async () => {
    const spec = await specWith({
      'deployments/mid.yaml': 'deployment: mid\nextends: blog\nroutes:\n  exclude: [/sitegen/v1/extras]\n',
      'deployments/leaf.yaml': 'deployment: leaf\nextends: mid\n',
    });
    const { model, diagnostics } = await loadSpec(spec);
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    const paths = (name: string) => model!.deployments.find((d) => d.name === name)!.routes.map((r) => r.path);
    expect(paths('blog')).toContain('/sitegen/v1/extras');
    expect(paths('leaf')).not.toContain('/sitegen/v1/extras');
    expect(paths('leaf')).toEqual(paths('mid'));
    expect(paths('leaf')).not.toContain('/sitegen/v1/categories');
  });

  it('an inherited override made pointless by the child is reported in the base file, naming the child', async () => {
    const spec = await specWith({ 'deployments/lean.yaml': 'deployment: lean\nextends: blog\nroutes:\n  exclude: [/sitegen/v1/templates]\n' });
    const { model, diagnostics } = await loadSpec(spec);
    expect(model).toBeUndefined();
    const lines = diagnostics.map(formatDiagnostic);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/deployments\/blog\.yaml:\d+:\d+ error SP046: deployment `lean` does not serve POST `\/sitegen\/v1\/templates`/);
  });

  it('an unknown base is an error with a suggestion; a cycle is an error', async () => {
    const unknown = await loadSpec(await specWith({ 'deployments/x.yaml': 'deployment: x\nextends: blgo\n' }));
    expect(unknown.diagnostics.map(formatDiagnostic)).toEqual([expect.stringMatching(/deployments\/x\.yaml:2:10 error SP049: deployment `blgo` does not exist; name a deployment of spec\/deployments; did you mean `blog`\?/)]);
    const cycle = await loadSpec(await specWith({ 'deployments/p.yaml': 'deployment: p\nextends: q\n', 'deployments/q.yaml': 'deployment: q\nextends: p\n' }));
    const lines = cycle.diagnostics.map(formatDiagnostic);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/error SP050: deployment `[pq]` extends itself through `[pq]` → `[pq]` → `[pq]`; break the cycle/);
    expect(cycle.model).toBeUndefined();
  });
});
