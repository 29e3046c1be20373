import { describe, expect, it } from 'vitest';
import { runSpecStats } from '../../generator/commands/spec-stats.ts';
import { FIXTURES } from './load-fixture.ts';

async function run(options: { deployment?: string; json?: boolean; spec: string }) {
  const lines: string[] = [];
  const code = await runSpecStats(options, (l) => lines.push(l));
  return { code, output: lines.join('\n') };
}

describe('specpress spec stats', () => {
  it('counts per deployment and for the union, in total and per namespace', async () => {
    const { code, output } = await run({ spec: `${FIXTURES}/valid`, json: true });
    expect(code).toBe(0);
    const stats = JSON.parse(output);
    const studio = stats.deployments.find((d: { name: string }) => d.name === 'studio');
    // Root 2 paths; sitegen index + 3 routes; blocks-kit index + 1; core index + 2 routes.
    expect(studio.totals).toEqual({ namespaces: 3, paths: 11, pairs: 16, endpoints: 14, args: 23 });
    expect(studio.perNamespace['core/v2']).toEqual({ namespaces: 1, paths: 3, pairs: 7, endpoints: 5, args: 15 });
    expect(studio.perNamespace['(root)']).toEqual({ namespaces: 0, paths: 2, pairs: 2, endpoints: 2, args: 2 });
    // The union counts blog's `keyword` arg besides studio's `keywords`.
    expect(stats.union.totals).toEqual({ namespaces: 3, paths: 11, pairs: 16, endpoints: 14, args: 24 });
  });

  it('prints one table per deployment asked for, then the union', async () => {
    const { code, output } = await run({ spec: `${FIXTURES}/valid`, deployment: 'blog' });
    expect(code).toBe(0);
    expect(output).toContain('== blog\nnamespace   namespaces  paths  pairs  endpoints  args\n(root)               0      2      2          2     2');
    expect(output).toContain('total                2      8     10         10    21');
    expect(output).not.toContain('== studio');
    expect(output).toContain('== (union)');
  });

  it('an unknown deployment fails naming the known ones', async () => {
    const { code, output } = await run({ spec: `${FIXTURES}/valid`, deployment: 'shop' });
    expect(code).toBe(1);
    expect(output).toBe('error: no deployment `shop`; known: blog, studio');
  });

  it('spec errors are printed as diagnostics and fail', async () => {
    const { code, output } = await run({ spec: `${FIXTURES}/no-default` });
    expect(code).toBe(1);
    expect(output).toBe(`${FIXTURES}/no-default/deployments/only.yaml:1:13 error SP030: no deployment is the default; mark exactly one deployment with \`default: true\``);
  });
});
