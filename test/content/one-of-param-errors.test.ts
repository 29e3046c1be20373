/**
 * A param with alternatives (categories: a list of ids or a query object) is refused naming the
 * alternative that came closest and why, as WordPress's rest_find_one_matching_schema does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

const detail = async (query: string) => {
  const res = await s.call('anonymous', 'GET', `/core/v2/posts?${query}`);
  expect(res.status).toBe(400);
  return res.body.data.details.categories;
};

describe('categories param errors', () => {
  it('a text that is no list of ids fails the list alternative', async () => {
    expect(await detail('categories=abc')).toEqual({ code: 'rest_no_matching_schema', message: 'categories is not a valid Term ID List. Reason: categories[0] is not of type integer.', data: { position: 0 } });
  });

  it('a query object fails the object alternative with its own reason', async () => {
    expect(await detail('categories[terms]=1&categories[operator]=XOR')).toEqual({ code: 'rest_no_matching_schema', message: 'categories is not a valid Term ID Taxonomy Query. Reason: categories[operator] is not one of AND and OR.', data: { position: 1 } });
    expect((await detail('categories[terms]=abc')).message).toBe('categories is not a valid Term ID Taxonomy Query. Reason: categories[terms][0] is not of type integer.');
    expect((await detail('categories[terms][]=1&categories[include_children]=maybe')).message).toBe('categories is not a valid Term ID Taxonomy Query. Reason: categories[include_children] is not of type boolean.');
  });
});
