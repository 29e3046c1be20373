/**
 * A param no arg declares is ignored, as WordPress ignores it: sent to a collection create or
 * update, an option write or an action of the studio deployment, it is never stored nor
 * answered, while the declared fields are; the answers carry what their published shapes
 * declare (records' `date_created`/`date_modified` included), checked by the test server's
 * `--check-answers`. A body the spec does not describe (`args: undeclared`) keeps what was sent.
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
  const open = makeRoute({ namespace: 'open/v1', path: '/open/v1/things', endpoints: [
    { methods: ['POST'], argsMode: 'undeclared', behavior: { kind: 'collection', collection: 'test.things', op: 'create' } },
    { methods: ['GET'], argsMode: 'none', behavior: { kind: 'collection', collection: 'test.things', op: 'list' } },
  ] });
  server = await startTestServer({ deployment: 'studio', routes: [...routes, open] });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('undeclared body fields', () => {
  it('are not stored by a collection create, nor answered then or later', async () => {
    const made = await call('POST', '/pagebuilder/v1/template-library/templates', { title: 'Hero', type: 'section', color: 'red' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'Hero', type: 'section' });
    expect(made.body).not.toHaveProperty('color');
    expect(typeof made.body.date_created).toBe('string');
    expect(typeof made.body.date_modified).toBe('string');
    const list = await call('GET', '/pagebuilder/v1/template-library/templates');
    expect(list.status).toBe(200);
    const stored = (list.body as Array<Record<string, unknown>>).find((r) => r.id === made.body.id);
    expect(stored).toMatchObject({ title: 'Hero', type: 'section' });
    expect(stored).not.toHaveProperty('color');
    // Nor is it anywhere in the database.
    const rows = await server.app.db.selectFrom('records').select('data').where('collection', '=', 'pagebuilder.templates').execute();
    expect(rows.map((r) => r.data).join('')).not.toContain('red');
  });

  it('are not stored by an upsert of a record with a client key', async () => {
    const saved = await call('POST', '/pagebuilder/v1/globals/colors/brand', { title: 'Brand', value: '#123456', color: 'red' });
    expect([200, 201]).toContain(saved.status);
    expect(saved.body).toMatchObject({ id: 'brand', title: 'Brand', value: '#123456' });
    expect(saved.body).not.toHaveProperty('color');
    const read = await call('GET', '/pagebuilder/v1/globals/colors/brand');
    expect(read.body).not.toHaveProperty('color');
  });

  it('are not stored by an option write', async () => {
    const saved = await call('PATCH', '/pagebuilder/v1/user-data/current-user', { suppressedMessages: ['welcome'], color: 'red' });
    expect(saved.status).toBe(200);
    const read = await call('GET', '/pagebuilder/v1/user-data/current-user');
    expect(read.body.suppressedMessages).toEqual(['welcome']);
    expect(read.body).not.toHaveProperty('color');
  });

  it('are kept where the spec does not describe the body (args: undeclared)', async () => {
    const made = await call('POST', '/open/v1/things', { color: 'red' });
    expect(made.status).toBe(201);
    expect(made.body.color).toBe('red');
  });
});
