import { describe, expect, it } from 'vitest';
import { parseBody } from '../../runtime/rest/request-body.ts';

describe('multipart bodies', () => {
  it('a body cut short inside a file keeps the fields read and throws nothing past the request', async () => {
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    try {
      const rawBody = Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG');
      const body = await parseBody({ method: 'POST', route: '/x', query: {}, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, rawBody });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(body.form).toEqual({ title: 'Hello' });
      expect(body.files).toEqual({});
    } finally {
      process.off('uncaughtException', listen);
    }
    expect(uncaught).toEqual([]);
  });
});
