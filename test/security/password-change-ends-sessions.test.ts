/**
 * A new password ends every session of the account (issue 27, part 4), as WordPress's login
 * cookies stop matching a changed password: changed by the user through `/users/me` or
 * `/users/<own id>`, every other session is refused from the next request while the changer
 * continues on a fresh cookie (and nonce) sent with the answer; reset by an administrator, all of
 * that user's sessions end. Application passwords are not sessions and keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { createSession, SESSION_COOKIE } from '../../runtime/auth/sessions.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => {
  await server?.close();
});

interface Browser {
  cookie: string;
  nonce: string;
}

/** A signed-in browser of `userId`: a session cookie and its REST nonce. */
async function signIn(userId: number): Promise<Browser> {
  const session = await createSession(server.app.db, userId, { now: server.app.now() });
  return { cookie: `${session.cookieName}=${session.cookieValue}`, nonce: session.nonce };
}

async function me(browser: Browser): Promise<{ status: number; id?: number }> {
  const res = await fetch(`${server.restUrl}/core/v2/users/me`, { headers: { cookie: browser.cookie, 'x-wp-nonce': browser.nonce } });
  const body = await res.json();
  return { status: res.status, id: body.id };
}

async function changePassword(browser: Browser, route: string, password: string): Promise<Response> {
  return fetch(`${server.restUrl}/core/v2/${route}`, {
    method: 'POST',
    headers: { cookie: browser.cookie, 'x-wp-nonce': browser.nonce, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

/** The browser after an answer that set a new session cookie and nonce. */
function renewedFrom(res: Response): Browser {
  const setCookie = res.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  const nonce = res.headers.get('x-wp-nonce');
  expect(value).toBeTruthy();
  expect(nonce).toBeTruthy();
  expect(setCookie).toMatch(/HttpOnly/i);
  return { cookie: `${SESSION_COOKIE}=${value}`, nonce: nonce! };
}

describe('changing one\'s own password', () => {
  for (const route of ['users/me', 'users/<own id>']) {
    it(`through ${route} ends the other sessions; the changer continues on a fresh one`, async () => {
      const author = server.users.author;
      const laptop = await signIn(author.id);
      const phone = await signIn(author.id);
      expect((await me(laptop)).status).toBe(200);
      expect((await me(phone)).status).toBe(200);

      const res = await changePassword(laptop, route.replace('<own id>', String(author.id)), `new-${route.length}-secret`);
      expect(res.status).toBe(200);
      const renewed = renewedFrom(res);

      // The other session is over: its cookie no longer signs anyone in.
      expect((await me(phone)).status).toBe(401);
      // So is the changer's old cookie: only the fresh one works.
      expect((await me(laptop)).status).toBe(401);
      expect(await me(renewed)).toEqual({ status: 200, id: author.id });
      // Other accounts' sessions are untouched.
      const editor = await signIn(server.users.editor.id);
      expect((await me(editor)).status).toBe(200);
    });
  }

  it('keeps application passwords working (they are not sessions)', async () => {
    const before = await fetch(`${server.restUrl}/core/v2/users/me`, { headers: server.authHeaders('contributor') });
    expect(before.status).toBe(200);
    const browser = await signIn(server.users.contributor.id);
    expect((await changePassword(browser, 'users/me', 'contributor-new-secret')).status).toBe(200);
    const after = await fetch(`${server.restUrl}/core/v2/users/me`, { headers: server.authHeaders('contributor') });
    expect(after.status).toBe(200);
  });
});

describe("an administrator's reset of another user's password", () => {
  it("ends every session of that user, and none of the administrator's", async () => {
    const subscriber = server.users.subscriber;
    const one = await signIn(subscriber.id);
    const two = await signIn(subscriber.id);
    const admin = await signIn(server.users.administrator.id);
    expect((await me(one)).status).toBe(200);

    const res = await fetch(`${server.restUrl}/core/v2/users/${subscriber.id}`, {
      method: 'POST',
      headers: server.jsonHeaders('administrator'),
      body: JSON.stringify({ password: 'reset-by-admin' }),
    });
    expect(res.status).toBe(200);
    // Nobody gets a session from a reset: the administrator did not change their own password.
    expect(res.headers.get('set-cookie')).toBeNull();

    expect((await me(one)).status).toBe(401);
    expect((await me(two)).status).toBe(401);
    expect((await me(admin)).status).toBe(200);
  });

  it('does not end sessions when the password is not part of the change', async () => {
    const browser = await signIn(server.users.editor.id);
    const res = await fetch(`${server.restUrl}/core/v2/users/${server.users.editor.id}`, {
      method: 'POST',
      headers: server.jsonHeaders('administrator'),
      body: JSON.stringify({ first_name: 'Eddie' }),
    });
    expect(res.status).toBe(200);
    expect((await me(browser)).status).toBe(200);
  });
});
