import { describe, expect, it } from 'vitest';
import { discoveryDocument } from '../../generator/emit/discovery.ts';
import { smallModel } from './fixtures/small-model.ts';

type RouteDoc = { namespace: string; methods: string[]; endpoints: Array<Record<string, unknown>>; _links?: unknown };

function routesOf(deployment = smallModel().deployments[0]): Record<string, RouteDoc> {
  return discoveryDocument(deployment).routes as Record<string, RouteDoc>;
}

describe('discovery document', () => {
  it('keys routes by the WordPress pattern, in model order', () => {
    expect(Object.keys(routesOf()).slice(0, 4)).toEqual(['/', '/core/v2', '/core/v2/posts', '/core/v2/posts/(?P<id>[\\d]+)']);
  });

  it('lists each endpoint method in endpoint order, repeats included', () => {
    const d = smallModel().deployments[0];
    d.routes[2].endpoints[1].methods = ['GET', 'POST'];
    expect(routesOf(d)['/core/v2/posts'].methods).toEqual(['GET', 'GET', 'POST']);
    expect(routesOf()['/core/v2/posts/(?P<id>[\\d]+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('prints args as WordPress publishes them: keys as written, required last, [] when none', () => {
    const routes = routesOf();
    const args = routes['/core/v2/posts'].endpoints[1].args as Record<string, object>;
    expect(args).toEqual({ title: { type: 'string', required: true }, status: { type: 'string', enum: ['publish', 'draft'], required: false } });
    expect(Object.keys(args.status)).toEqual(['type', 'enum', 'required']);
    expect(routes['/forms/v1/settings'].endpoints.map((e) => e.args)).toEqual([[], []]);
  });

  it('marks batchable endpoints with allow_batch v1', () => {
    const endpoints = routesOf()['/core/v2/posts'].endpoints;
    expect(endpoints[0].allow_batch).toBeUndefined();
    expect(endpoints[1].allow_batch).toEqual({ v1: true });
  });

  it('links self only on routes without captures', () => {
    const routes = routesOf();
    expect(routes['/core/v2/posts']._links).toEqual({ self: [{ href: '{rest_url}/core/v2/posts' }] });
    expect(routes['/'].namespace).toBe('');
    expect(routes['/core/v2/posts/(?P<id>[\\d]+)']._links).toBeUndefined();
  });

  it('advertises application passwords only where the deployment has them', () => {
    const [alpha, beta] = smallModel().deployments;
    expect(discoveryDocument(alpha).authentication).toEqual({ 'application-passwords': { endpoints: { authorization: '{auth_url}' } } });
    expect(discoveryDocument(beta).authentication).toEqual([]);
  });

  it('leaves site fields as placeholders for the runtime', () => {
    const doc = discoveryDocument(smallModel().deployments[0]);
    expect(doc.name).toBe('{name}');
    expect(doc.page_on_front).toBe('{page_on_front}');
    expect(doc.namespaces).toEqual(['core/v2', 'forms/v1']);
  });
});
