/**
 * OPTIONS publishes a resource's schema as WordPress would: the spec's own `validate: false`
 * marker (title/content/excerpt take plain strings) is never part of it.
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
});
