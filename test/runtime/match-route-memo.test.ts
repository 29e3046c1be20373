import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../runtime/rest/match-route.ts';
import type { App } from '../../runtime/rest/types.ts';

type Table = Pick<App, 'routes' | 'deployment'>;
const route = (regex: string, methods: string[]) => ({ regex, endpoints: [{ methods, operationId: `${methods[0]} ${regex}` }] });
const app = {
  routes: [route('^/core/v2/posts$', ['GET', 'POST']), route('^/core/v2/posts/(?P<id>[\\d]+)$'.replace('?P<', '?<'), ['GET'])],
  deployment: { aliases: [{ from: 'core/v2', to: 'wp/v2' }] },
} as unknown as Table;

describe('matchRoute answers a path it has matched before from memory', () => {
  it('gives the same route and endpoint, and each caller its own captures', () => {
    const first = matchRoute(app, '/core/v2/posts/7', 'GET')!;
    first.captures.extra = 'changed by a caller';
    const second = matchRoute(app, '/core/v2/posts/7', 'GET')!;
    expect(second.route).toBe(app.routes[1]);
    expect(second.endpoint).toBe(app.routes[1]!.endpoints[0]);
    expect(second.captures).toEqual({ id: '7' });
  });

  it('keeps method, alias and misses apart', () => {
    expect(matchRoute(app, '/core/v2/posts', 'POST')?.endpoint?.methods).toEqual(['GET', 'POST']);
    expect(matchRoute(app, '/core/v2/posts/7', 'DELETE')).toEqual({ route: app.routes[1], captures: { id: '7' } });
    expect(matchRoute(app, '/wp/v2/posts/8', 'GET')?.captures).toEqual({ id: '8' });
    expect(matchRoute(app, '/core/v2/nothing', 'GET')).toBeUndefined();
    expect(matchRoute(app, '/core/v2/nothing', 'GET')).toBeUndefined();
  });

  it('stays bounded and still answers after many distinct paths', () => {
    for (let id = 1; id <= 5000; id++) expect(matchRoute(app, `/core/v2/posts/${id}`, 'GET')?.captures.id).toBe(String(id));
    expect(matchRoute(app, '/core/v2/posts/3', 'GET')?.captures).toEqual({ id: '3' });
  });
});
