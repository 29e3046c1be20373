import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

describe('which bad params an error names, and in which order (WordPress two passes)', () => {
  it('a list names bad params in the order the request gave them', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?orderby=bogus&order=sideways');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid parameter(s): orderby, order');
    expect(Object.keys(res.body.data.params)).toEqual(['orderby', 'order']);
    expect(Object.keys(res.body.data.details)).toEqual(['orderby', 'order']);
  });

  it('a bad per_page, page or context is named alone: it fails the first pass', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?orderby=bogus&per_page=500');
    expect(res.body.message).toBe('Invalid parameter(s): per_page');
    const ctx = await s.call('anonymous', 'GET', '/core/v2/posts?orderby=bogus&order=x&context=bad');
    expect(ctx.body.message).toBe('Invalid parameter(s): context');
  });

  it('a write names bad params in args order, whatever the body order', async () => {
    const res = await s.call('administrator', 'POST', '/core/v2/posts', { comment_status: 'x', status: 'bogus' });
    expect(res.body.message).toBe('Invalid parameter(s): status, comment_status');
  });
});
