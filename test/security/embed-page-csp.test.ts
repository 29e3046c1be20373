/**
 * The embed page (`/?p=ID&embed=true`, `<link>embed/`) is served from the site's origin, where
 * the login cookie lives, and prints authors' text (issue 27, part 6). It is sent with a
 * Content-Security-Policy under which only the page's own script runs (named by its hash, so a
 * script in a title or excerpt does not), nothing but images and media is fetched, and any
 * site may frame it (as WordPress's embed template is meant to be framed); `<title>` escapes the
 * title as WordPress's document title does.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { setOption } from '../../runtime/content/options.ts';

let server: TestServer;
let post: { id: number; link: string };

const TITLE = 'Lake</title><script>alert(1)</script> & more';

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  // An administrator may write a script into a title (unfiltered_html); the page must not run it.
  const res = await fetch(`${server.restUrl}/core/v2/posts`, {
    method: 'POST',
    headers: server.jsonHeaders('administrator'),
    body: JSON.stringify({ title: TITLE, excerpt: '<script>alert(2)</script><p onclick="x()">Excerpt</p>', content: 'Body', status: 'publish' }),
  });
  expect(res.status).toBe(201);
  post = await res.json();
});
afterAll(async () => {
  await server?.close();
});

function directives(csp: string): Map<string, string> {
  return new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)]));
}

async function checkEmbedPage(url: string): Promise<void> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain('Excerpt');
  const csp = res.headers.get('content-security-policy');
  expect(csp).toBeTruthy();
  const policy = directives(csp!);
  expect(policy.get('default-src')).toBe("'none'");
  expect(policy.get('frame-ancestors')).toBe('*');
  expect(policy.get('base-uri')).toBe("'none'");
  expect(policy.get('object-src') ?? policy.get('default-src')).toBe("'none'");
  expect(res.headers.get('x-frame-options')).toBeNull();
  // script-src names each script of the page by its hash, and nothing else runs.
  const allowed = (policy.get('script-src') ?? '').split(/\s+/);
  expect(allowed.every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
  const hashOf = (code: string) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  // The page's own script (it reports the card's height to the host page) runs...
  const own = scripts.filter((code) => code.includes('postMessage'));
  expect(own).toHaveLength(1);
  expect(allowed).toEqual([hashOf(own[0]!)]);
  // ...and the one the administrator wrote into the title, printed as WordPress prints it, does not.
  expect(scripts).toContain('alert(1)');
  expect(allowed).not.toContain(hashOf('alert(1)'));
  // The document title escapes what the title holds.
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  expect(title).toContain('Lake&lt;/title&gt;&lt;script&gt;');
  expect(title).not.toContain('<');
}

describe('the embed page', () => {
  it('of the plain address /?p=ID&embed=true', async () => {
    await checkEmbedPage(`${server.siteUrl}/?p=${post.id}&embed=true`);
  });

  it('of the pretty address <link>embed/', async () => {
    await setOption(server.app.db, 'permalink_structure', '/%postname%/');
    const link = (await (await fetch(`${server.restUrl}/core/v2/posts/${post.id}`)).json()).link as string;
    expect(link).not.toContain('?p=');
    await checkEmbedPage(`${link}embed/`);
  });

  it('leaves other pages of the site without the embed policy', async () => {
    const root = await fetch(`${server.siteUrl}/`);
    expect(root.headers.get('content-security-policy')).toBeNull();
    const api = await fetch(`${server.restUrl}/core/v2/posts/${post.id}`);
    expect(api.headers.get('content-security-policy')).toBeNull();
  });
});
