import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes() });
});
afterAll(async () => server?.close());

async function batch(payload: unknown, role: 'editor' | 'anonymous' = 'editor') {
  const res = await fetch(`${server.restUrl}/batch/v1`, {
    method: 'POST',
    headers: { ...server.authHeaders(role), 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: await res.json() };
}

describe('batch', () => {
  it('normal mode runs each request in order as the caller and answers 207', async () => {
    const { status, body } = await batch({
      requests: [
        { path: '/demo/v1/items', body: { title: 'one' } },
        { path: '/demo/v1/items/5?_fields=id', method: 'PUT', body: { title: 'two' } },
        { path: '/demo/v1/items', body: { title: 'bad', count: -1 } },
      ],
    });
    expect(status).toBe(207);
    expect(body.responses).toHaveLength(3);
    expect(body.responses[0]).toMatchObject({ status: 201, body: { id: 99, title: 'one', user: 'test-editor' }, headers: { Location: `${server.restUrl}/demo/v1/items/99` } });
    expect(body.responses[1]).toEqual({ status: 200, body: { id: 5 }, headers: { Allow: 'GET, POST, PUT, PATCH, DELETE' } });
    expect(body.responses[2].status).toBe(400);
    expect(body.responses[2].body.code).toBe('rest_invalid_param');
  });

  it('sub-requests keep the caller identity: anonymous writes are refused one by one', async () => {
    const { body } = await batch({ requests: [{ path: '/demo/v1/items', body: { title: 'x' } }] }, 'anonymous');
    expect(body.responses[0].status).toBe(401);
  });

  it('require-all-validate runs nothing when one request is invalid', async () => {
    const { status, body } = await batch({
      validation: 'require-all-validate',
      requests: [
        { path: '/demo/v1/items', body: { title: 'fine' } },
        { path: '/demo/v1/items', body: { count: 'many' } },
      ],
    });
    expect(status).toBe(207);
    expect(body.failed).toBe('validation');
    expect(body.responses[0]).toBeNull();
    expect(body.responses[1]).toEqual({
      body: { code: 'rest_missing_callback_param', message: 'Missing parameter(s): title', data: { status: 400, params: ['title'] } },
      status: 400,
      headers: [],
    });
  });

  it('require-all-validate runs everything when all are valid', async () => {
    const { body } = await batch({ validation: 'require-all-validate', requests: [{ path: '/demo/v1/items', body: { title: 'a' } }, { path: '/demo/v1/items/3', method: 'PATCH', body: { title: 'b' } }] });
    expect(body.failed).toBeUndefined();
    expect(body.responses.map((r: { status: number }) => r.status)).toEqual([201, 200]);
  });

  it('routes without allow_batch answer rest_batch_not_allowed with Allow', async () => {
    const { body } = await batch({ requests: [{ path: '/demo/v1/multi', body: { req: 'x' } }] });
    expect(body.responses[0]).toEqual({
      body: { code: 'rest_batch_not_allowed', message: 'The requested route does not support batch requests.', data: { status: 400 } },
      status: 400,
      headers: { Allow: 'GET, POST' },
    });
  });

  it('unknown routes and unparsable paths answer per item', async () => {
    const { body } = await batch({ requests: [{ path: '/demo/v1/nothing' }, { path: 'http:///x' }] });
    expect(body.responses[0].body.code).toBe('rest_no_route');
    expect(body.responses[1]).toEqual({ body: { code: 'parse_path_failed', message: 'Could not parse the path.', data: { status: 400 } }, status: 400, headers: [] });
  });

  it('more than 25 requests is an invalid requests param', async () => {
    const { status, body } = await batch({ requests: Array.from({ length: 26 }, () => ({ path: '/demo/v1/items', body: { title: 'x' } })) });
    expect(status).toBe(400);
    expect(body.data.params).toEqual({ requests: 'requests must contain at most 25 items.' });
  });

  it('a method outside the enum is reported with its nested name', async () => {
    const { body } = await batch({ requests: [{ path: '/demo/v1/items', method: 'GET' }] });
    expect(body.data.params).toEqual({ requests: 'requests[0][method] is not one of POST, PUT, PATCH, and DELETE.' });
  });

  it('missing requests: rest_missing_callback_param', async () => {
    const { body } = await batch({});
    expect(body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): requests', data: { status: 400, params: ['requests'] } });
  });
});
