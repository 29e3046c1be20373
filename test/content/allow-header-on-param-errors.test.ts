/**
 * Allow lists a method whose only objection is a bad param: an anonymous list of drafts is a
 * 400 rest_invalid_param (WordPress finds it while sanitizing `status`), yet GET is allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

describe('Allow beside param errors', () => {
  it('an anonymous list of drafts is refused as a bad param and still allows GET', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?status=draft');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('an anonymous edit context is a permission refusal: GET is not allowed', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?context=edit');
    expect(res.status).toBe(401);
    expect(res.headers.get('allow')).toBeNull();
  });
});
