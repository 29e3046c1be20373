/**
 * A user's public profile fields are saved as WordPress 6.8 saves them (issue 27, part 5), for
 * every writer, administrators included (its default filters, not kses_init, run these):
 * `url` keeps only what sanitize_url keeps (`javascript:` and `data:` become '', as the 6.8
 * oracle answers `POST /wp/v2/users/me {"url":"javascript:alert(1)"}` with 200 and url ''),
 * `description` goes through wp_filter_kses, and names are plain text with `&`, `<`, `>` as
 * entities (the oracle stores "A &amp; B").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  // An author with a published post is public: anyone reads their profile.
  const post = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('author'), body: JSON.stringify({ title: 'Hello', status: 'publish' }) });
  expect(post.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

async function saveOwn(role: TestRole, body: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${server.restUrl}/core/v2/users/me?context=edit`, { method: 'POST', headers: server.jsonHeaders(role), body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

/** What anyone reads of a public profile. */
async function publicProfile(id: number): Promise<any> {
  const res = await fetch(`${server.restUrl}/core/v2/users/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('url', () => {
  it('refuses scripts and data as WordPress does: the answer is 200 and the stored url is empty', async () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'jav&#x61;script:alert(1)', 'data:text/html,<script>alert(1)</script>', 'feed:javascript:alert(1)']) {
      const saved = await saveOwn('author', { url });
      expect([url, saved.url]).toEqual([url, '']);
    }
    expect((await publicProfile(server.users.author.id)).url).toBe('');
  });

  it('keeps web and mail addresses, as sanitize_url leaves them', async () => {
    expect((await saveOwn('author', { url: 'https://example.com/me' })).url).toBe('https://example.com/me');
    expect((await saveOwn('author', { url: 'example.com/me' })).url).toBe('http://example.com/me');
    expect((await saveOwn('author', { url: 'HTTP://Example.com/a b' })).url).toBe('http://Example.com/a%20b');
    expect((await saveOwn('author', { url: 'mailto:me@example.com' })).url).toBe('mailto:me@example.com');
    expect((await saveOwn('author', { url: 'http://x/"><script>y' })).url).toBe('http://x/scripty');
  });

  it('is stored as the 6.8 oracle stored each of these', async () => {
    const stored: Array<[string, string]> = [
      ['http://x/?a=1&b=2', 'http://x/?a=1&amp;b=2'],
      ['http://[::1]:80/a[b]', 'http://[::1]:80/a%5Bb%5D'],
      ['http://x/%0d%0aSet', 'http://x/Set'],
      ['x.php', 'x.php'],
      ['#frag', '#frag'],
      ['http://x/&#58;', 'http://x/&#058;'],
      ['javascript&#58;alert(1)', 'http://javascript&#058;alert(1)'],
      ['http://x/"y', 'http://x/y'],
      ['tel:+1 555', 'tel:+1%20555'],
      ['feed:http://x', 'feed:http://x'],
      ['a:b:c', ''],
    ];
    for (const [url, expected] of stored) expect([url, (await saveOwn('author', { url })).url]).toEqual([url, expected]);
  });

  it('is cleaned for administrators too, and when an account is made', async () => {
    expect((await saveOwn('administrator', { url: 'javascript:alert(1)' })).url).toBe('');
    const made = await fetch(`${server.restUrl}/core/v2/users?context=edit`, {
      method: 'POST',
      headers: server.jsonHeaders('administrator'),
      body: JSON.stringify({ username: 'urlmaker', email: 'urlmaker@example.com', password: 'x-pass', url: 'javascript:alert(1)', description: '<script>alert(1)</script>Bio' }),
    });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body.url).toBe('');
    expect(body.description).not.toMatch(/<script/i);
  });
});

describe('description', () => {
  it('keeps inline markup and links, nothing that runs, for every writer', async () => {
    for (const role of ['author', 'administrator'] as const) {
      const saved = await saveOwn(role, { description: '<script>alert(1)</script><b>bold</b> <a href="https://example.com/" onclick="x()">site</a><img src=x onerror=alert(2)><iframe src="https://evil.test/"></iframe>' });
      expect(saved.description).not.toMatch(/<script|onclick|onerror|<img|<iframe/i);
      expect(saved.description).toContain('<b>bold</b>');
      expect(saved.description).toContain('<a href="https://example.com/">site</a>');
    }
    expect((await publicProfile(server.users.author.id)).description).not.toMatch(/<script|onerror/i);
  });
});

describe('names', () => {
  it('are plain text with markup characters as entities, as the oracle stores them', async () => {
    const saved = await saveOwn('author', { name: 'A & B <i>x</i>', first_name: 'F & <b>G</b>', last_name: 'L < M', nickname: 'N > O' });
    expect({ name: saved.name, first_name: saved.first_name, last_name: saved.last_name, nickname: saved.nickname }).toEqual({
      name: 'A &amp; B x',
      first_name: 'F &amp; G',
      last_name: 'L &lt; M',
      nickname: 'N &gt; O',
    });
  });
});
