import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';
import { addTerm } from '../../runtime/content/terms.ts';

let s: ContentServer;
let cat = 0;
beforeAll(async () => {
  s = await startContentServer();
  cat = (await addTerm(s.app.db, { taxonomy: 'category', name: 'Paged' })).id;
  for (const n of [1, 2, 3]) await s.call('administrator', 'POST', '/core/v2/posts', { title: `Paged ${n}`, status: 'publish', categories: [cat] });
});
afterAll(async () => s?.close());

describe('Link header of page 2 of 3', () => {
  it('carries prev and next built from the sanitized params, as WordPress rebuilds them', async () => {
    const res = await s.call('anonymous', 'GET', `/core/v2/posts?categories=${cat}&per_page=01&sticky=false&page=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wp-totalpages')).toBe('3');
    const base = `${s.restUrl}/core/v2/posts?categories%5B0%5D=${cat}&per_page=1&sticky`; // WordPress prints an empty value bare
    expect(res.headers.get('link')).toBe(`<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next"`);
  });

  it('keeps params the route does not declare as they were sent', async () => {
    const res = await s.call('anonymous', 'GET', `/core/v2/posts?categories=${cat}&per_page=1&utm=a+b`);
    expect(res.headers.get('link')).toBe(`<${s.restUrl}/core/v2/posts?categories%5B0%5D=${cat}&per_page=1&utm=a+b&page=2>; rel="next"`);
  });
});
