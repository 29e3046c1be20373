/**
 * A session cookie with a wrong nonce is refused (403 rest_cookie_invalid_nonce) with the no-cache
 * headers of a logged-in answer, as WordPress sends them; without any nonce the request is
 * anonymous and cacheable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { createSession } from '../../runtime/auth/sessions.ts';

let server: TestServer;
let cookie = '';
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  const session = await createSession(server.app.db, server.users.administrator.id);
  cookie = `${session.cookieName}=${session.cookieValue}`;
});
afterAll(async () => server?.close());

describe('cookie nonce refusals', () => {
  it('a wrong nonce: 403 with Expires and Cache-Control', async () => {
    const res = await fetch(`${server.restUrl}/wp/v2/posts`, { headers: { cookie, 'x-wp-nonce': 'bad' } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('rest_cookie_invalid_nonce');
    expect(res.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect(res.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
  });

  it('no nonce: anonymous, without the no-cache pair', async () => {
    const res = await fetch(`${server.restUrl}/wp/v2/posts`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBeNull();
  });
});
