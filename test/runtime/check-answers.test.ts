/**
 * `serve --check-answers` over HTTP: with the studio deployment's own route table, one endpoint
 * made to answer what its OpenAPI document does not describe (a post whose id is text, an
 * undocumented status) is answered 500 `rest_answer_mismatch` naming the route, while answers
 * that match pass through untouched; with the check off, the same wrong answer goes out as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeployment } from '../../runtime/app.ts';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import type { RouteDef } from '../../runtime/rest/types.ts';

/** The studio table with GET /core/v2/posts/<id> answering a body and GET /core/v2/categories a status its document does not list. */
async function routesWithWrongAnswers(): Promise<RouteDef[]> {
  const { routes } = await loadDeployment('studio');
  return routes.map((route) => {
    if (route.path === '/core/v2/posts/<id>') {
      return { ...route, endpoints: route.endpoints.map((e) => (e.methods.includes('GET') ? { ...e, behavior: undefined, permission: { kind: 'public' as const }, handle: () => ({ data: { id: 'not-a-number', color: 'red' } }) } : e)) };
    }
    if (route.path === '/core/v2/categories') {
      return { ...route, endpoints: route.endpoints.map((e) => (e.methods.includes('GET') ? { ...e, behavior: undefined, permission: { kind: 'public' as const }, handle: () => ({ data: [], status: 202 }) } : e)) };
    }
    return route;
  });
}

describe('serve --check-answers', () => {
  let checked: TestServer;
  let unchecked: TestServer;
  beforeAll(async () => {
    const routes = await routesWithWrongAnswers();
    checked = await startTestServer({ deployment: 'studio', routes, users: false });
    unchecked = await startTestServer({ deployment: 'studio', routes, users: false, config: { checkAnswers: false } });
  }, 120_000);
  afterAll(async () => {
    await checked?.close();
    await unchecked?.close();
  });

  it('answers 500 rest_answer_mismatch naming the route when a body does not match its schema', async () => {
    const res = await fetch(`${checked.restUrl}/core/v2/posts/1`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; message: string; data: { status: number; route: string; method: string; answered: number; problems: string[] } };
    expect(body.code).toBe('rest_answer_mismatch');
    expect(body.message).toContain('/core/v2/posts/<id>');
    expect(body.data).toMatchObject({ status: 500, route: '/core/v2/posts/<id>', method: 'GET', answered: 200 });
    expect(body.data.problems[0]).toMatch(/^body/);
  });

  it('catches a status the document does not list', async () => {
    const res = await fetch(`${checked.restUrl}/core/v2/categories`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; data: { problems: string[] } };
    expect(body.code).toBe('rest_answer_mismatch');
    expect(body.data.problems[0]).toContain('status 202 is not documented');
  });

  it('lets answers that match their schema through, errors included', async () => {
    const list = await fetch(`${checked.restUrl}/core/v2/posts`);
    expect(list.status).toBe(200);
    const missing = await fetch(`${checked.restUrl}/core/v2/pages/999999`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('rest_post_invalid_id');
    // `_fields` trims fields the schema requires: the client asked for it, nothing is checked.
    const trimmed = await fetch(`${checked.restUrl}/core/v2/posts/1?_fields=id`);
    expect(trimmed.status).toBe(200);
  });

  it('sends the wrong answer as it is when the check is off', async () => {
    const res = await fetch(`${unchecked.restUrl}/core/v2/posts/1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'not-a-number', color: 'red' });
  });
});
