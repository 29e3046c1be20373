/**
 * OPTIONS publishes a resource's schema as WordPress would: the spec's own `validate: false`
 * marker (title/content/excerpt take plain strings) is never part of it, and posts, pages and
 * media list their wp:action-* relations as hyper-schema `links`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio', users: false });
});
afterAll(async () => server?.close());

describe('schema in OPTIONS answers', () => {
  for (const route of ['/wp/v2/posts', '/wp/v2/pages', '/wp/v2/media']) {
    it(`${route} has no validate keyword at any level`, async () => {
      const body = await (await fetch(`${server.restUrl}${route}`, { method: 'OPTIONS' })).json();
      expect(body.schema.properties.title.type).toBe('object');
      expect(JSON.stringify(body.schema)).not.toContain('"validate"');
    });
  }

  it('posts list their action links, addressed in the namespace the client used', async () => {
    const body = await (await fetch(`${server.restUrl}/wp/v2/posts/5`, { method: 'OPTIONS' })).json();
    expect(Object.keys(body.schema).at(-1)).toBe('links');
    expect(body.schema.links.map((l: { rel: string }) => l.rel.replace('https://api.w.org/', ''))).toEqual([
      'action-publish', 'action-unfiltered-html', 'action-sticky', 'action-assign-author',
      'action-assign-categories', 'action-create-categories', 'action-assign-tags', 'action-create-tags',
    ]);
    expect(body.schema.links[0]).toMatchObject({ href: `${server.restUrl}/wp/v2/posts/{id}`, targetSchema: { type: 'object', properties: { status: { type: 'string', enum: ['publish', 'future'] } } } });
  });

  it('media list two action links; revisions none', async () => {
    const media = await (await fetch(`${server.restUrl}/wp/v2/media`, { method: 'OPTIONS' })).json();
    expect(media.schema.links.map((l: { rel: string }) => l.rel)).toEqual(['https://api.w.org/action-unfiltered-html', 'https://api.w.org/action-assign-author']);
    const revisions = await (await fetch(`${server.restUrl}/wp/v2/posts/5/revisions`, { method: 'OPTIONS' })).json();
    expect(revisions.schema.links).toBeUndefined();
  });

  it('action routes under an item publish no schema, as WordPress registers none for them', async () => {
    for (const action of ['edit', 'post-process']) {
      const body = await (await fetch(`${server.restUrl}/wp/v2/media/5/${action}`, { method: 'OPTIONS' })).json();
      expect(body.endpoints[0].methods).toEqual(['POST']);
      expect(body.schema).toBeUndefined();
    }
    const autosaves = await (await fetch(`${server.restUrl}/wp/v2/posts/5/autosaves`, { method: 'OPTIONS' })).json();
    expect(autosaves.schema.title).toBeDefined();
  });
});
