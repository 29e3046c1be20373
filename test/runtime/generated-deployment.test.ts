import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';


let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio', users: false });
});
afterAll(async () => server?.close());

describe('the generated studio deployment over HTTP', () => {
  it('GET / is the discovery document with filled site fields and every route', async () => {
    const doc = await (await fetch(`${server.restUrl}/`)).json();
    expect(doc.name).toBe(server.app.deployment.site.name);
    expect(doc.url).toBe(server.siteUrl);
    expect(JSON.stringify(doc)).not.toMatch(/\{(rest_url|auth_url|name)\}/);
    // Every route, then the discoverable alias's copies (core/v2 listed again as wp/v2).
    const aliased = server.app.deployment.aliases.filter((a) => a.discoverable).flatMap((a) =>
      server.app.routes.filter((r) => r.namespace === a.from).map((r) => r.pattern.replace(`/${a.from}`, `/${a.to}`)));
    expect(aliased.length).toBeGreaterThan(0);
    expect(Object.keys(doc.routes)).toEqual([...server.app.routes.map((r) => r.pattern), ...aliased]);
    expect(doc.routes['/batch/v1']._links.self[0].href).toBe(`${server.restUrl}/batch/v1`);
    for (const alias of server.app.deployment.aliases) expect(doc.namespaces).toContain(alias.to);
    // Described as OPTIONS describes them: WordPress always prints `required`.
    expect(doc.routes['/'].endpoints[0].args.context.required).toBe(false);
  });

  it('every namespace index answers with its routes', async () => {
    for (const ns of [...server.app.deployment.namespaces, ...server.app.deployment.aliases.map((a) => a.to)]) {
      const res = await fetch(`${server.restUrl}/${ns}`);
      expect(res.status, ns).toBe(200);
      expect((await res.json()).namespace).toBe(ns);
    }
  });

  it('aliases serve core/v2 as wp/v2 too', async () => {
    const alias = server.app.deployment.aliases[0];
    if (!alias) return;
    const res = await fetch(`${server.restUrl}/${alias.to}/posts`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.namespace).toBe(alias.to);
    expect(body.schema?.title).toBe('post');
  });

  it('the alias index speaks the alias names', async () => {
    const alias = server.app.deployment.aliases[0];
    if (!alias) return;
    const body = await (await fetch(`${server.restUrl}/${alias.to}`)).json();
    expect(body.namespace).toBe(alias.to);
    expect(Object.keys(body.routes)).toContain(`/${alias.to}/posts`);
    expect(body.routes[`/${alias.to}/posts`]._links.self[0].href).toBe(`${server.restUrl}/${alias.to}/posts`);
    const real = await (await fetch(`${server.restUrl}/${alias.from}`)).json();
    expect(Object.keys(real.routes)).toContain(`/${alias.from}/posts`);
  });

  it('generated validators report WordPress errors', async () => {
    const body = await (await fetch(`${server.restUrl}/core/v2/posts?per_page=500`)).json();
    expect(body.data.params.per_page).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
  });
});
