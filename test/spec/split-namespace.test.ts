import { describe, expect, it } from 'vitest';
import { loadFixture } from './load-fixture.ts';

describe('a namespace spread over several files', () => {
  it('is one namespace with one index route, its exactly-named file first, optional routes per deployment', async () => {
    const { model, lines } = await loadFixture('split-namespace');
    expect(lines).toEqual([]);
    const main = model!.deployments.find((d) => d.name === 'main')!;
    expect(main.namespaces).toEqual(['another/v1', 'shop/v1']);
    expect(main.routes.map((r) => r.path)).toEqual(['/another/v1', '/another/v1/things', '/shop/v1', '/shop/v1/orders', '/shop/v1/customers']);
    const bare = model!.deployments.find((d) => d.name === 'bare')!;
    expect(bare.routes.map((r) => r.path)).toEqual(['/another/v1', '/another/v1/things', '/shop/v1', '/shop/v1/orders']);
  });
});
