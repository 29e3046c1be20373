/**
 * Editing an upload the decoder cannot read is WordPress's rest_unknown_image_file_type, in the
 * interface's error shape, never the generic critical error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { uploadRaw } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => server?.close());

describe('edit of a broken image', () => {
  it('answers 500 rest_unknown_image_file_type', async () => {
    // A 4x3 PNG whose header reads well but whose pixel data does not decode.
    const broken = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEklEQVR4nGP4r8EABwwk8gEYAL1sBvmG1ZKmAAAAAElFTkSuQmCC', 'base64');
    const upload = await uploadRaw(server, broken, 'broken.png');
    expect(upload.status).toBe(201);
    const item = await upload.json();
    const res = await fetch(`${server.restUrl}/wp/v2/media/${item.id}/edit`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ src: item.source_url, rotation: 90 }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 'rest_unknown_image_file_type', message: 'Unable to edit this image.', data: { status: 500 } });
  });
});
