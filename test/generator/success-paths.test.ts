/**
 * The success paths of the generated contract suites (generator/emit/success-tests.ts,
 * runtime/testing/success-paths.ts): every endpoint (route × method) of a deployment is a case,
 * either called on its success path or listed with the reason it cannot succeed here; objects a
 * path names are made first; and an answer that is not what the OpenAPI document says fails the
 * case, whether the server checks its answers or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentModel } from '../../contract/model.ts';
import { emitContractTests } from '../../generator/emit/contract-tests.ts';
import { successCases } from '../../generator/emit/success-tests.ts';
import { loadDeployment } from '../../runtime/app.ts';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { answerSchemasOf, callSuccessPath, successSummary, type SuccessCase } from '../../runtime/testing/success-paths.ts';
import type { RouteDef } from '../../runtime/rest/types.ts';

let blog: DeploymentModel;

beforeAll(async () => {
  const { loadSpec } = await import('../../generator/spec/load.ts');
  const { model } = await loadSpec('spec');
  blog = model!.deployments.find((d) => d.name === 'blog')!;
}, 120_000);

describe('the emitter', () => {
  it('makes one case per endpoint (route × method), each called or listed with its reason', () => {
    const { cases, unreachable, unsampled } = successCases(blog);
    const endpoints = blog.routes.flatMap((r) => r.endpoints.flatMap((e) => e.methods.map((m) => `${m} ${r.path}`)));
    expect([...cases, ...unreachable].map((c) => c.name).sort()).toEqual(endpoints.filter((e) => !unsampled.some((u) => u.startsWith(`${e}:`))).sort());
    expect(unsampled).toEqual([]);
    for (const c of unreachable) expect(c.reason.length).toBeGreaterThan(10);
    // An upstream service not configured answers its documented 503.
    expect(unreachable.find((c) => c.name === 'GET /pagebuilder-ai/v1/permissions')).toMatchObject({ status: 503 });
  });

  it('makes the objects a path names first, and calls as an identity allowed to', () => {
    const { cases } = successCases(blog);
    const byName = new Map(cases.map((c) => [c.name, c]));
    // A post type's item comes from the permission fixtures (its type named), a record from its collection's create.
    expect(byName.get('GET /core/v2/posts/<id>')).toMatchObject({ postType: 'post', as: 'administrator' });
    expect(byName.get('GET /pagebuilder/v1/globals/colors/<id>')?.setup?.[0]).toMatchObject({ method: 'POST' });
    // An action that needs its record installed first installs it with the same key.
    const activate = byName.get('POST /pagebuilder-one/v1/plugins/<slug>/activate')!;
    expect(activate.setup?.[0]).toMatchObject({ path: '/pagebuilder-one/v1/plugins', params: { slug: activate.samples.slug } });
    // A media item with a real file for an edit, which names it.
    expect(byName.get('POST /core/v2/media/<id>/edit')?.setup?.[0]).toMatchObject({ upload: true, into: { src: 'source_url' } });
    // /users/me is called as a logged-in user.
    expect(byName.get('GET /core/v2/users/me')?.as).not.toBe('anonymous');
  });

  it('writes the suite beside the contract tests, with the count it prints', () => {
    const files = emitContractTests(blog);
    const suite = files.find((f) => f.path === 'deployments/blog/tests/success.test.ts')!;
    const endpoints = blog.routes.reduce((n, r) => n + r.endpoints.reduce((m, e) => m + e.methods.length, 0), 0);
    expect(suite.content).toContain(`export const ENDPOINTS: number = ${endpoints};`);
    expect(suite.content).toContain('successSummary(DEPLOYMENT, outcomes, ENDPOINTS)');
    expect(suite.content).toContain("'GET /pagebuilder-ai/v1/permissions'".slice(1, -1));
  });
});

/** The blog table with GET /core/v2/posts answering an item without its required fields. */
async function routesWithWrongCategories(): Promise<RouteDef[]> {
  const { routes } = await loadDeployment('blog');
  return routes.map((route) =>
    route.path === '/core/v2/posts'
      ? { ...route, endpoints: route.endpoints.map((e) => (e.methods.includes('GET') ? { ...e, behavior: undefined, handle: () => ({ data: [{ id: 'one' }] }) } : e)) }
      : route,
  );
}

describe('a deliberately wrong answer', () => {
  let unchecked: TestServer;
  let checked: TestServer;
  beforeAll(async () => {
    const routes = await routesWithWrongCategories();
    unchecked = await startTestServer({ deployment: 'blog', routes, config: { checkAnswers: false } });
    checked = await startTestServer({ deployment: 'blog', routes });
  }, 120_000);
  afterAll(async () => {
    await unchecked?.close();
    await checked?.close();
  });

  const listPosts: SuccessCase = { name: 'GET /core/v2/posts', method: 'GET', path: '/core/v2/posts', captures: [], samples: {}, params: {}, as: 'administrator' };
  const listPages: SuccessCase = { ...listPosts, name: 'GET /core/v2/pages', path: '/core/v2/pages' };

  it('fails its case when the server sends it as it is (the suite validates the body itself)', async () => {
    const schemas = answerSchemasOf('blog');
    const wrong = await callSuccessPath(unchecked, schemas, listPosts);
    expect(wrong.outcome).toBe('failed');
    expect(wrong.problems.join(' ')).toContain('GET /core/v2/posts');
    const right = await callSuccessPath(unchecked, schemas, listPages);
    expect(right).toEqual({ outcome: 'validated', status: 200, problems: [] });
    expect(successSummary('blog', [wrong, right], 2)).toBe('success paths of blog: 1 success paths called and validated of 2 endpoints (1 failed)');
  });

  it('fails its case when the server checks its answers (500 rest_answer_mismatch)', async () => {
    const wrong = await callSuccessPath(checked, answerSchemasOf('blog'), listPosts);
    expect(wrong.outcome).toBe('failed');
    expect(wrong.status).toBe(500);
    expect(wrong.problems.join(' ')).toContain('rest_answer_mismatch');
  });
});
