/** A template the site does not offer is refused as WordPress's check_template refuses it: no data in its details. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';
import { setOption } from '../../runtime/content/options.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
  await setOption(s.app.db, 'page_templates', { post: ['wide', 'blank'] });
});
afterAll(async () => s?.close());

describe('template param error', () => {
  it('names the offered templates and carries null data in its details', async () => {
    const res = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'x', template: 'nope.php' });
    expect(res.status).toBe(400);
    expect(res.body.data.details.template).toEqual({ code: 'rest_invalid_param', message: 'template is not one of wide, blank.', data: null });
  });
});
