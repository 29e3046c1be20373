import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { oembedRoutes } from './routes.ts';

/** A provider on 127.0.0.1: a registry endpoint (JSON or XML), a page advertising an endpoint by discovery. */
let remote: LoopbackServer;
let remoteUrl: string;
let hits: URL[] = [];

function providerAnswer(url: URL, res: http.ServerResponse): void {
  const data = { version: '1.0', type: 'video', provider_name: 'LocalTube', title: `Video for ${url.searchParams.get('url')}`, width: Number(url.searchParams.get('maxwidth')), height: 270, html: '<iframe src="https://player.example/1"></iframe>' };
  if (url.searchParams.get('format') === 'xml') {
    const fields = Object.entries(data).map(([k, v]) => `<${k}>${String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`).join('');
    res.writeHead(200, { 'content-type': 'text/xml' }).end(`<?xml version="1.0" encoding="utf-8"?><oembed>${fields}</oembed>`);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data));
}

beforeAll(async () => {
  remote = await startLoopbackServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    hits.push(url);
    if (url.pathname === '/oembed') return providerAnswer(url, res);
    if (url.pathname === '/broken-oembed') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"oembed"}');
    if (url.pathname.startsWith('/articles/')) {
      const endpoint = `/discovered?url=${encodeURIComponent(`${remoteUrl}${url.pathname}`)}&amp;format=json`;
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<html><head><title>A</title><link rel="alternate" type="application/json+oembed" href="${endpoint}"></head><body>hi</body></html>`);
    }
    if (url.pathname === '/discovered') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        version: '1.0', type: 'rich', title: 'Discovered', width: 500, height: 300,
        html: '<script>alert(1)</script><iframe src="https://widgets.example/x" width="500" height="300" onload="evil()"></iframe>',
      }));
    }
    res.writeHead(404).end();
  });
  remoteUrl = `${remote.url}`;
});
afterAll(async () => {
  await remote?.close();
});
beforeEach(() => {
  hits = [];
});

function withProviders(server: TestServer): void {
  server.app.deployment.catalogs['oembed-providers'] = {
    items: [
      { id: 'localtube', name: 'LocalTube', endpoint: `${remoteUrl}/oembed`, schemes: [`${remoteUrl}/videos/*`] },
      { id: 'broken', name: 'Broken', endpoint: `${remoteUrl}/broken-oembed`, schemes: [`${remoteUrl}/broken/*`] },
    ],
  };
}

describe('GET /oembed/1.0/proxy with 127.0.0.1 allowed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ routes: oembedRoutes, config: { outboundAllow: ['127.0.0.1'] } });
    withProviders(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  const proxy = (query: string, role: 'editor' | 'anonymous' | 'subscriber' = 'editor') =>
    fetch(`${server.restUrl}/oembed/1.0/proxy?${query}`, { headers: server.authHeaders(role) });

  it('asks the registry provider with url, maxwidth, maxheight and format, and answers its data', async () => {
    const video = `${remoteUrl}/videos/42`;
    const res = await proxy(`url=${encodeURIComponent(video)}&maxwidth=480&maxheight=300`);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({ type: 'video', provider_name: 'LocalTube', title: `Video for ${video}`, width: 480 });
    expect(hits).toHaveLength(1);
    expect(Object.fromEntries(hits[0].searchParams)).toMatchObject({ url: video, maxwidth: '480', maxheight: '300', format: 'json' });
  });

  it('format=xml asks the provider for XML and still answers JSON parsed from it', async () => {
    const res = await proxy(`url=${encodeURIComponent(`${remoteUrl}/videos/7`)}&format=xml&maxwidth=320`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const data = await res.json();
    expect(hits[0].searchParams.get('format')).toBe('xml');
    expect(data).toMatchObject({ version: '1.0', type: 'video', width: 320, height: 270, html: '<iframe src="https://player.example/1"></iframe>' });
  });

  it('caches an answer: the same request does not reach the provider twice', async () => {
    const q = `url=${encodeURIComponent(`${remoteUrl}/videos/cached`)}&maxwidth=500`;
    const first = await (await proxy(q)).json();
    const second = await (await proxy(q)).json();
    expect(second).toEqual(first);
    expect(hits).toHaveLength(1);
    const rows = await server.app.db.selectFrom('cache').selectAll().where('key', 'like', 'oembed-proxy:%').execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('discovers the endpoint a page advertises and keeps only sandboxed iframes of its markup', async () => {
    const res = await proxy(`url=${encodeURIComponent(`${remoteUrl}/articles/9`)}`);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.title).toBe('Discovered');
    expect(data.html).toBe('<iframe src="https://widgets.example/x" width="500" height="300" sandbox="allow-scripts" security="restricted"></iframe>');
    expect(hits.map((h) => h.pathname)).toEqual(['/articles/9', '/discovered']);
    expect(hits[1].searchParams.get('maxwidth')).toBe('600');
  });

  it('discover=false leaves unknown providers alone: 404 oembed_invalid_url', async () => {
    const res = await proxy(`url=${encodeURIComponent(`${remoteUrl}/articles/10`)}&discover=false`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('oembed_invalid_url');
    expect(hits).toHaveLength(0);
  });

  it('a provider answer that is not oEmbed is 404 oembed_invalid_url', async () => {
    const res = await proxy(`url=${encodeURIComponent(`${remoteUrl}/broken/1`)}`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('oembed_invalid_url');
  });

  it('needs edit_posts: 401 anonymous, 403 subscriber, with WordPress 6.8\'s refusal', async () => {
    const q = `url=${encodeURIComponent(`${remoteUrl}/videos/1`)}`;
    const refusal = (status: number) => ({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to make proxied oEmbed requests.', data: { status } });
    const anonymous = await proxy(q, 'anonymous');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(refusal(401));
    const subscriber = await proxy(q, 'subscriber');
    expect(subscriber.status).toBe(403);
    expect(await subscriber.json()).toEqual(refusal(403));
  });
});

describe('GET /oembed/1.0/proxy without an allow list', () => {
  it('the SSRF guard refuses 127.0.0.1: no request reaches it, 404 oembed_invalid_url', async () => {
    const server = await startTestServer({ routes: oembedRoutes });
    try {
      withProviders(server);
      for (const path of ['/videos/1', '/articles/1']) {
        const res = await fetch(`${server.restUrl}/oembed/1.0/proxy?url=${encodeURIComponent(`${remoteUrl}${path}`)}`, { headers: server.authHeaders('editor') });
        expect(res.status).toBe(404);
        expect((await res.json()).code).toBe('oembed_invalid_url');
      }
      expect(hits).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
