import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes() });
});
afterAll(async () => server?.close());

const get = (path: string, init?: RequestInit) => fetch(`${server.restUrl}${path}`, init);

describe('routing', () => {
  it('answers a known route with JSON and WordPress headers', async () => {
    const res = await get('/demo/v1/items/3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/>; rel="https://api.w.org/"`);
    expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBe('Origin');
    expect((await res.json()).id).toBe(3);
  });

  it('unknown route is 404 rest_no_route', async () => {
    const res = await get('/demo/v1/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  });

  it('a capture that does not fit its pattern is no route', async () => {
    expect((await get('/demo/v1/items/abc')).status).toBe(404);
  });

  it('known route with a wrong method is 404 rest_no_route', async () => {
    const res = await get('/demo/v1/authors/1', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('rest_no_route');
  });

  it('a trailing slash and upper case still match', async () => {
    expect((await get('/demo/v1/items/3/')).status).toBe(200);
    expect((await get('/DEMO/v1/Items/3')).status).toBe(200);
  });

  it('HEAD is served by GET endpoints without a body', async () => {
    const res = await get('/demo/v1/items', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wp-total')).toBe('7');
    expect(await res.text()).toBe('');
  });

  it('the ?rest_route= form reaches the same routes', async () => {
    const res = await fetch(`${server.siteUrl}/?rest_route=/demo/v1/items/4`);
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(4);
  });

  it('_method overrides the HTTP method', async () => {
    const res = await get('/demo/v1/items/5?_method=DELETE', { method: 'POST' });
    expect(await res.json()).toEqual({ deleted: true, force: false });
  });

  it('X-HTTP-Method-Override overrides the HTTP method', async () => {
    const res = await get('/demo/v1/items/5', { method: 'POST', headers: { 'X-HTTP-Method-Override': 'PATCH', 'content-type': 'application/json' }, body: '{"title":"t"}' });
    expect(await res.json()).toEqual({ id: 5, title: 't', method: 'PATCH' });
  });

  it('OPTIONS answers the route descriptor with Allow', async () => {
    const res = await get('/demo/v1/items/5', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    const body = await res.json();
    expect(body.namespace).toBe('demo/v1');
    expect(body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(body.endpoints[1]).toEqual({ methods: ['POST', 'PUT', 'PATCH'], allow_batch: { v1: true }, args: { id: { type: 'integer', required: false }, title: { type: 'string', required: false } } });
    expect(body._links).toBeUndefined();
  });

  it('OPTIONS on no route answers an empty list', async () => {
    const res = await get('/nowhere/at/all', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('Allow leaves out methods the caller may not use', async () => {
    const anon = await get('/demo/v1/items', { method: 'OPTIONS' });
    expect(anon.headers.get('allow')).toBe('GET');
    const editor = await get('/demo/v1/items', { method: 'OPTIONS', headers: server.authHeaders('editor') });
    expect(editor.headers.get('allow')).toBe('GET, POST');
  });

  it('the namespace index lists its routes with a link up', async () => {
    const res = await get('/demo/v1');
    const body = await res.json();
    expect(body.namespace).toBe('demo/v1');
    expect(Object.keys(body.routes)).toContain('/demo/v1/items/(?P<id>[\\d]+)');
    expect(body.routes['/demo/v1/items']._links).toEqual({ self: [{ href: `${server.restUrl}/demo/v1/items` }] });
    expect(body._links).toEqual({ up: [{ href: `${server.restUrl}/` }] });
  });

  it('a declared operation without a handler is 501 rest_not_implemented', async () => {
    const res = await get('/demo/v1/todo');
    expect(res.status).toBe(501);
    expect((await res.json()).code).toBe('rest_not_implemented');
  });

  it('an unexpected exception is WordPress generic 500', async () => {
    const res = await get('/demo/v1/boom');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe('internal_server_error');
    expect(body.data).toEqual({ status: 500 });
  });

  it('permission refusals: 401 anonymous, 403 logged in, ok for administrator', async () => {
    expect((await get('/demo/v1/admin')).status).toBe(401);
    expect((await get('/demo/v1/admin', { headers: server.authHeaders('editor') })).status).toBe(403);
    expect((await get('/demo/v1/admin', { headers: server.authHeaders('administrator') })).status).toBe(200);
  });

  it('CORS headers echo the Origin', async () => {
    const res = await get('/demo/v1/items/1', { headers: { Origin: 'http://client.test' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://client.test');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
  });

  it('201 answers carry Location', async () => {
    const res = await get('/demo/v1/items', { method: 'POST', headers: { ...server.authHeaders('author'), 'content-type': 'application/json' }, body: '{"title":"new"}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/demo/v1/items/99`);
    expect((await res.json()).user).toBe('test-author');
  });
});
