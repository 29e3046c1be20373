/**
 * Ids are never handed out twice: after the newest post, term, form entry or collection record
 * is deleted for good (the row with the largest id gone), the next one created gets a new id,
 * not the deleted one's. Over HTTP on the studio deployment, on the engine the suite runs on
 * (SQLite, or PostgreSQL with SPECPRESS_TEST_DATABASE=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeployment } from '../../runtime/app.ts';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';

let server: TestServer;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers = body === undefined ? server.authHeaders('administrator') : server.jsonHeaders('administrator');
  const res = await fetch(`${server.restUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const { routes } = await loadDeployment('studio');
  // A collection whose records get keys of their own (no client-chosen id).
  const notes = [
    makeRoute({ namespace: 'notes/v1', path: '/notes/v1/notes', endpoints: [{ methods: ['POST'], args: { text: { type: 'string' } }, behavior: { kind: 'collection', collection: 'test.notes', op: 'create' } }] }),
    makeRoute({ namespace: 'notes/v1', path: '/notes/v1/notes/<id>', captures: { id: '[\\d]+' }, endpoints: [
      { methods: ['GET'], args: { id: { type: 'string' } }, behavior: { kind: 'collection', collection: 'test.notes', op: 'get', idParam: 'id' } },
      { methods: ['DELETE'], args: { id: { type: 'string' } }, behavior: { kind: 'collection', collection: 'test.notes', op: 'delete', idParam: 'id' } },
    ] }),
  ];
  server = await startTestServer({ deployment: 'studio', routes: [...routes, ...notes] });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('ids are never reused', () => {
  it('a collection record created after the newest one was deleted gets a new key', async () => {
    const first = await call('POST', '/notes/v1/notes', { text: 'one' });
    const second = await call('POST', '/notes/v1/notes', { text: 'two' });
    expect(second.status).toBe(201);
    expect(Number(second.body.id)).toBeGreaterThan(Number(first.body.id));
    expect((await call('DELETE', `/notes/v1/notes/${second.body.id}`)).status).toBe(200);
    const third = await call('POST', '/notes/v1/notes', { text: 'three' });
    expect(third.status).toBe(201);
    expect(Number(third.body.id)).toBeGreaterThan(Number(second.body.id));
    // The deleted key names nothing: a reader of the old id does not get the new record.
    expect((await call('GET', `/notes/v1/notes/${second.body.id}`)).status).toBe(404);
  });

  it('a post created after the newest post was deleted for good gets a new id', async () => {
    const made = await call('POST', '/core/v2/posts', { title: 'Newest', status: 'draft' });
    expect(made.status).toBe(201);
    expect((await call('DELETE', `/core/v2/posts/${made.body.id}?force=true`)).status).toBe(200);
    const next = await call('POST', '/core/v2/posts', { title: 'After', status: 'draft' });
    expect(next.status).toBe(201);
    expect(next.body.id).toBeGreaterThan(made.body.id);
  });

  it('a category created after the newest one was deleted gets a new id', async () => {
    const made = await call('POST', '/core/v2/categories', { name: 'Newest category' });
    expect(made.status).toBe(201);
    expect((await call('DELETE', `/core/v2/categories/${made.body.id}?force=true`)).status).toBe(200);
    const next = await call('POST', '/core/v2/categories', { name: 'After category' });
    expect(next.status).toBe(201);
    expect(next.body.id).toBeGreaterThan(made.body.id);
  });

  it('a form entry submitted after the newest one was deleted gets a new id', async () => {
    const form = await call('POST', '/formsuite/v1/create-new-form', { title: 'Ids', status: 'publish', fields: [{ name: 'email', label: 'Email', type: 'email' }] });
    expect(form.status).toBe(201);
    const submit = () => call('POST', '/formsuite/v1/submit-form', { form_id: form.body.id, email: 'someone@example.org' });
    const made = await submit();
    expect(made.status).toBe(201);
    expect((await call('POST', '/formsuite/v1/entries/delete', { entry_ids: [made.body.entry_id] })).status).toBe(200);
    const next = await submit();
    expect(next.status).toBe(201);
    expect(next.body.entry_id).toBeGreaterThan(made.body.entry_id);
  });
});
