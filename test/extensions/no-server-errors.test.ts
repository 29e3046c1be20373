/**
 * Bad input gets an error in the interface's shape, never a 500: every hand-written endpoint
 * of the extension namespaces, called by an administrator with no params and then with every
 * declared arg set to junk, answers below 500 with `code`, `message` and `data.status` on errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

const NAMESPACES = ['formsuite/v1', 'pagebuilder/v1', 'pagebuilder/v1/documents', 'tmpl-library/v1'];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});

afterAll(async () => {
  await server?.close();
});

function customEndpoints() {
  const out: Array<{ method: string; path: string; args: string[] }> = [];
  for (const route of server.app.routes) {
    if (!NAMESPACES.includes(route.namespace)) continue;
    for (const endpoint of route.endpoints) {
      if (!endpoint.handle) continue;
      const path = `/${route.namespace}${route.path}`.replace(/<([^>]+)>/g, '1');
      out.push({ method: endpoint.methods[0], path, args: Object.keys(endpoint.args ?? {}) });
    }
  }
  return out;
}

async function send(method: string, path: string, body?: Record<string, unknown>) {
  const res = await fetch(`${server.restUrl}${path}`, {
    method,
    headers: { ...server.authHeaders('administrator'), ...(body && { 'content-type': 'application/json' }) },
    body: body && method !== 'GET' ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('extension endpoints and bad input', () => {
  it('never answer 5xx, and answer errors in the interface\'s shape', async () => {
    const endpoints = customEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const junk = ['x', { a: 1 }, [{}], -1];
    for (const e of endpoints) {
      const attempts = [undefined, ...junk.map((value) => Object.fromEntries(e.args.map((a) => [a, value])))];
      for (const body of attempts) {
        const path = e.method === 'GET' && body ? `${e.path}?${e.args.map((a) => `${a}=${encodeURIComponent(JSON.stringify(body[a]))}`).join('&')}` : e.path;
        const res = await send(e.method, path, body);
        const where = `${e.method} ${path} ${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) {
          const error = JSON.parse(res.text) as { code: string; message: string; data: { status: number } };
          expect(typeof error.code, where).toBe('string');
          expect(typeof error.message, where).toBe('string');
          expect(error.data.status, where).toBe(res.status);
        }
      }
    }
  });
});
