/**
 * A `password` param that does not match is refused with 403 rest_post_incorrect_password in
 * the permission step, even for a post without a password, as WordPress does; so Allow is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
let open = 0;
let locked = 0;
beforeAll(async () => {
  s = await startContentServer();
  open = (await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Open', status: 'publish' })).body.id;
  locked = (await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Locked', content: 'secret', password: 'pw', status: 'publish' })).body.id;
});
afterAll(async () => s?.close());

describe('password param of a single read', () => {
  it('a wrong password on an unprotected post is 403 without Allow', async () => {
    const res = await s.call('anonymous', 'GET', `/core/v2/posts/${open}?password=nope`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_post_incorrect_password');
    expect(res.headers.get('allow')).toBeNull();
  });

  it('the right password opens a protected post; a wrong one is refused', async () => {
    const good = await s.call('anonymous', 'GET', `/core/v2/posts/${locked}?password=pw`);
    expect(good.status).toBe(200);
    expect(good.body.content.rendered).toContain('secret');
    expect((await s.call('anonymous', 'GET', `/core/v2/posts/${locked}?password=no`)).status).toBe(403);
  });
});
