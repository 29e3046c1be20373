/**
 * `Allow` lists what the caller may do on the route right now, as WordPress computes it by
 * running each endpoint's permission check: nothing for an item that does not exist (or no
 * longer does), the readable methods for an anonymous caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => server?.close());

const json = { 'content-type': 'application/json' };

describe('the Allow header', () => {
  it('is absent on the 404 of a missing post', async () => {
    const res = await fetch(`${server.restUrl}/core/v2/posts/999999`);
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  });

  it('names only GET on the collection for an anonymous caller refused a create', async () => {
    const res = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'x' }) });
    expect(res.status).toBe(401);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('names every method of an item for its administrator, and none once it is deleted for good', async () => {
    const admin = server.authHeaders('administrator');
    const created = await (await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: { ...admin, ...json }, body: JSON.stringify({ title: 'Short-lived' }) })).json();
    const read = await fetch(`${server.restUrl}/core/v2/posts/${created.id}`, { headers: admin });
    expect(read.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    const deleted = await fetch(`${server.restUrl}/core/v2/posts/${created.id}?force=true`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('allow')).toBeNull();
  });
});
