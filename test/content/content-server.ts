/**
 * A test server for the content services: the core/v2 post and page routes of a deployment
 * resolved from the spec (real args, defaults, permissions and resource schemas), each
 * endpoint handled by the same one-line service call its generated handler region holds.
 */
import { loadSpec } from '../../generator/spec/load.ts';
import type { DeploymentModel } from '../../contract/model.ts';
import type { Handler, RouteDef } from '../../runtime/rest/types.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';
import * as posts from '../../runtime/content/posts.ts';
import * as revisions from '../../runtime/content/revisions.ts';
import * as autosaves from '../../runtime/content/autosaves.ts';

/** operationId → the service call its handler region makes. */
// Handlers of several operations: each one's params are its operation's (`never` takes any of them).
export const CONTENT_HANDLERS: Record<string, Handler<never>> = {
  listPosts: (ctx) => posts.list(ctx, 'post'),
  createPost: (ctx) => posts.create(ctx, 'post'),
  getPost: (ctx) => posts.get(ctx, 'post'),
  updatePost: (ctx) => posts.update(ctx, 'post'),
  deletePost: (ctx) => posts.remove(ctx, 'post'),
  listPostRevisions: (ctx) => revisions.list(ctx, 'post'),
  getPostRevision: (ctx) => revisions.get(ctx, 'post'),
  deletePostRevision: (ctx) => revisions.remove(ctx, 'post'),
  listPostAutosaves: (ctx) => autosaves.list(ctx, 'post'),
  createPostAutosave: (ctx) => autosaves.create(ctx, 'post'),
  getPostAutosave: (ctx) => autosaves.get(ctx, 'post'),
  listPages: (ctx) => posts.list(ctx, 'page'),
  createPage: (ctx) => posts.create(ctx, 'page'),
  getPage: (ctx) => posts.get(ctx, 'page'),
  updatePage: (ctx) => posts.update(ctx, 'page'),
  deletePage: (ctx) => posts.remove(ctx, 'page'),
  listPageRevisions: (ctx) => revisions.list(ctx, 'page'),
  getPageRevision: (ctx) => revisions.get(ctx, 'page'),
  deletePageRevision: (ctx) => revisions.remove(ctx, 'page'),
  listPageAutosaves: (ctx) => autosaves.list(ctx, 'page'),
  createPageAutosave: (ctx) => autosaves.create(ctx, 'page'),
  getPageAutosave: (ctx) => autosaves.get(ctx, 'page'),
};

const models = new Map<string, DeploymentModel>();

export async function deploymentModel(name: string): Promise<DeploymentModel> {
  if (!models.has(name)) {
    const { model, diagnostics } = await loadSpec(new URL('../../spec', import.meta.url).pathname);
    if (!model) throw new Error(`spec does not load: ${diagnostics.length} diagnostics`);
    for (const d of model.deployments) models.set(d.name, d);
  }
  const found = models.get(name);
  if (!found) throw new Error(`no deployment ${name}`);
  return found;
}

function contentRoutes(model: DeploymentModel): RouteDef[] {
  return model.routes
    .filter((r) => r.endpoints.some((e) => CONTENT_HANDLERS[e.operationId]))
    .map((r) =>
      makeRoute({
        namespace: r.namespace,
        path: r.path,
        captures: Object.fromEntries(r.captures.map((c) => [c.name, c.pattern])),
        postType: r.postType,
        endpoints: r.endpoints.map((e) => ({ ...e, handle: CONTENT_HANDLERS[e.operationId] })),
      }),
    );
}

export interface ContentServer extends TestServer {
  /** fetch against the REST root with a role's credentials and a JSON body. */
  call: (role: TestRole | 'anonymous', method: string, route: string, body?: unknown) => Promise<{ status: number; headers: Headers; body: any }>;
}

/**
 * `generated` (default): the deployment's generated route table, whose handler regions call the
 * content services. `spec`: routes resolved from the spec at test time with CONTENT_HANDLERS.
 */
export async function startContentServer(deployment = 'blog', source: 'generated' | 'spec' = 'generated'): Promise<ContentServer> {
  let server: TestServer;
  if (source === 'generated') {
    server = await startTestServer({ deployment });
  } else {
    const model = await deploymentModel(deployment);
    server = await startTestServer({ routes: contentRoutes(model) });
    const { routes: _routes, authentication: _auth, ...info } = model;
    // The harness serves a bare deployment with hand-made routes; give it this one's schemas.
    Object.assign(server.app.deployment, info);
  }
  const call: ContentServer['call'] = async (role, method, route, body) => {
    const headers: Record<string, string> = { ...server.authHeaders(role) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.restUrl}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON answers are returned as text.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  return Object.assign(server, { call });
}
