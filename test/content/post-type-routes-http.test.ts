/**
 * A route declared with `postType:` (here: copies of one `postTypeRoutes` template in a fixture
 * spec, under another namespace than core/v2) serves that type end to end over HTTP: the
 * permission rules judge the route's type (authors may create posts, not pages; an item of the
 * other type is 404) and the handler serves the type the route's model names, not its path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/spec/load.ts';
import { isMediaType, postTypeOfRoute } from '../../contract/post-types.ts';
import type { Handler, RouteDef } from '../../runtime/rest/types.ts';
import type { PostType } from '../../runtime/content/access.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import * as posts from '../../runtime/content/posts.ts';
import { deploymentModel } from './content-server.ts';

/** The route's type; the posts service serves posts and pages (the fixture's types). */
const typeOf = (route: RouteDef) => postTypeOfRoute(route).name as PostType;

/** One handler per kind of operation, for every type: the type comes from the route. */
// Handlers of several operations: each one's params are its operation's (`never` takes any of them).
const HANDLERS: Record<string, Handler<never>> = {
  list: (ctx) => posts.list(ctx, typeOf(ctx.route)),
  create: (ctx) => posts.create(ctx, typeOf(ctx.route)),
  get: (ctx) => posts.get(ctx, typeOf(ctx.route)),
};

let server: TestServer;

async function call(role: Parameters<TestServer['authHeaders']>[0] | 'anonymous', method: string, route: string, body?: unknown) {
  const headers: Record<string, string> = { ...(role === 'anonymous' ? {} : server.authHeaders(role)) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.restUrl}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const { model, diagnostics } = await loadSpec(new URL('../spec/fixtures/post-type-routes', import.meta.url).pathname);
  if (!model) throw new Error(`fixture spec does not load: ${diagnostics.map((d) => d.message).join('; ')}`);
  const routes = model.deployments[0]!.routes
    .filter((r) => r.postType !== undefined && !isMediaType(r.postType))
    .map((r) => makeRoute({
      namespace: r.namespace,
      path: r.path,
      postType: r.postType,
      captures: Object.fromEntries(r.captures.map((c) => [c.name, c.pattern])),
      endpoints: r.endpoints.map((e) => ({ ...e, handle: HANDLERS[/^(list|create|get)/.exec(e.operationId)![1]!] })),
    }));
  server = await startTestServer({ routes });
  // The fixture declares no resources: serve with the real spec's post and page schemas.
  Object.assign(server.app.deployment, { resources: (await deploymentModel('blog')).resources });
}, 60_000);
afterAll(() => server?.close());

describe('routes declared with postType', () => {
  let pageId: number;
  let postId: number;

  it('create the type their model names, and refuse by that type\'s capabilities', async () => {
    const page = await call('editor', 'POST', '/demo/v1/pages', { title: 'About', status: 'publish' });
    expect(page.status).toBe(201);
    expect(page.body.type).toBe('page');
    pageId = page.body.id;
    // Authors have edit_posts but not edit_pages: the rule reads the route's type.
    const refused = await call('author', 'POST', '/demo/v1/pages', { title: 'Mine', status: 'draft' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('rest_cannot_create');
    const post = await call('author', 'POST', '/demo/v1/posts', { title: 'Hello', status: 'publish' });
    expect(post.status).toBe(201);
    expect(post.body.type).toBe('post');
    postId = post.body.id;
  });

  it('list and read only items of their type', async () => {
    const pages = await call('anonymous', 'GET', '/demo/v1/pages');
    expect(pages.status).toBe(200);
    expect(pages.body.map((p: { id: number }) => p.id)).toEqual([pageId]);
    const list = await call('anonymous', 'GET', '/demo/v1/posts');
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([postId]);
    expect((await call('anonymous', 'GET', `/demo/v1/pages/${pageId}`)).body.title.rendered).toBe('About');
    const other = await call('anonymous', 'GET', `/demo/v1/pages/${postId}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('rest_post_invalid_id');
  });
});
