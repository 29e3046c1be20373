/**
 * Issue 14 item 1 on the public write endpoints: a body larger than the endpoint takes is a 413
 * in the interface's shape (and nothing is stored), anonymous writes from one address are
 * limited per minute (429 with Retry-After), and an inbox keeps only its newest events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
});
afterAll(async () => server?.close());

const stored = async (channel: string) =>
  Number((await server.app.db.selectFrom('inbox').select((eb) => eb.fn.countAll().as('n')).where('channel', '=', channel).executeTakeFirstOrThrow()).n);

describe('body size', () => {
  it('a 20 MiB notification is refused with 413 before anything is stored; a small one is kept', async () => {
    const big = await call('POST', '/cacheopt/v1/notify_img', { role: 'anonymous', body: { data: 'x'.repeat(20 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 'rest_body_too_large', message: 'The request body is larger than this endpoint takes (8192 bytes at most).', data: { status: 413, max_body_bytes: 8192 } });
    expect(await stored('cacheopt.notify_img')).toBe(0);
    expect((await call('POST', '/cacheopt/v1/notify_img', { role: 'anonymous', body: { id: 1, status: 'done' } })).status).toBe(200);
    expect(await stored('cacheopt.notify_img')).toBe(1);
  });

  it('an inbox without its own limit takes 16 KiB at most', async () => {
    const res = await call('POST', '/tmpl-library/v1/logo-generation/callback', { role: 'anonymous', body: { logo: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.data.max_body_bytes).toBe(65536);
    const feedback = await call('POST', '/pagebuilder-one/v1/top-bar/feedback', { body: { product: 'p', subject: 's', title: 't', description: 'x'.repeat(17 * 1024) } });
    expect(feedback.status).toBe(413);
    expect(feedback.body.data.max_body_bytes).toBe(16 * 1024);
  });
});

describe('anonymous rate limit', () => {
  it('answers 429 with Retry-After once one address has sent its allowance in a minute; signed-in writes are not counted', async () => {
    // tmpl-library's logo callback allows 30 a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('POST', '/tmpl-library/v1/logo-generation/callback', { role: 'anonymous', body: { n: i } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await call('POST', '/tmpl-library/v1/logo-generation/callback', { role: 'anonymous', body: { n: 99 } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'rest_too_many_requests', data: { status: 429, retry_after: expect.any(Number) } });
    // Other endpoints have their own allowance.
    expect((await call('POST', '/cacheopt/v3/cdn_status', { role: 'anonymous', body: { ok: true } })).status).toBe(200);
  });
});

describe('retention', () => {
  it('an inbox keeps its newest events only (logo callbacks: 200)', async () => {
    // The limit of the previous test was met from this address; count on what it stored: 30.
    expect(await stored('tmpl-library.logo-generation')).toBe(30);
    const { db } = server.app;
    // Fill past the retention straight in the table (the rate limit keeps HTTP from doing it quickly), then one more over HTTP as an administrator.
    const now = new Date().toISOString();
    await db.insertInto('inbox').values(Array.from({ length: 200 }, (_, i) => ({ channel: 'tmpl-library.logo-generation', dedupe_key: `bulk-${i}`, received: now, headers: '{}', body: JSON.stringify({ bulk: i }) }))).execute();
    expect(await stored('tmpl-library.logo-generation')).toBe(230);
    const res = await call('POST', '/tmpl-library/v1/logo-generation/callback', { body: { newest: true } });
    expect(res.status).toBe(200);
    expect(await stored('tmpl-library.logo-generation')).toBe(200);
    const polled = await call('POST', '/tmpl-library/v1/logo-generation/poll', { query: { per_page: 1 } });
    expect(polled.body[0].body).toEqual({ newest: true });
  });
});
