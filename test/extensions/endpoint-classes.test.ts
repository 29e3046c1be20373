/**
 * Every extension endpoint of the default deployment is real, catalog, a local provider, an
 * upstream service or an honest refusal (runtime/behaviors/endpoint-classes.ts): none writes
 * something nothing reads back. `npx tsx bench/extension-endpoints.ts --list` prints them all.
 */
import { describe, expect, it } from 'vitest';
import { loadDeployment } from '../../runtime/app.ts';
import { classifyEndpoints, countByClass } from '../../runtime/behaviors/endpoint-classes.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';

describe('extension endpoint classes', () => {
  it('studio: no endpoint changes nothing', async () => {
    const { routes } = await loadDeployment('studio');
    const items = classifyEndpoints(routes);
    const counts = countByClass(items);
    expect(counts.real + counts.catalog + counts.local + counts.upstream + counts.refusal + counts['changes-nothing']).toBe(items.length);
    expect(counts.refusal).toBeGreaterThan(0);
    expect(items.filter((i) => i.class === 'changes-nothing')).toEqual([]);
  });

  it('tells a write read back from one nothing reads', () => {
    const routes = [
      makeRoute({ namespace: 'demo/v1', path: '/demo/v1/a', endpoints: [{ methods: ['POST'], args: {}, behavior: { kind: 'option', key: 'demo.a' } }] }),
      makeRoute({ namespace: 'demo/v1', path: '/demo/v1/b', endpoints: [{ methods: ['POST'], args: {}, behavior: { kind: 'option', key: 'demo.b' } }, { methods: ['GET'], args: {}, behavior: { kind: 'option', key: 'demo.b' } }] }),
      makeRoute({ namespace: 'demo/v1', path: '/demo/v1/c', endpoints: [{ methods: ['POST'], args: {}, behavior: { kind: 'unavailable', status: 501, needs: 'x', reason: 'y' } }] }),
    ];
    const items = classifyEndpoints(routes);
    expect(items.map((i) => [i.route, i.methods.join(), i.class])).toEqual([
      ['/demo/v1/a', 'POST', 'changes-nothing'],
      ['/demo/v1/b', 'POST', 'real'],
      ['/demo/v1/b', 'GET', 'real'],
      ['/demo/v1/c', 'POST', 'refusal'],
    ]);
  });
});
