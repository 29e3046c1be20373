/**
 * Spam protection of the public submit, switched by the form suite's global settings: the
 * honeypot field of the rendered form (a filled one is refused with a 400 in the interface's
 * shape and nothing is stored) and the per-address limit (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let formId: number;

async function entriesOfForm(): Promise<number> {
  const res = await call('GET', '/formsuite/v1/entries/list', { query: { form_id: formId, per_page: 100 } });
  expect(res.status).toBe(200);
  return res.body.length;
}

const submit = (values: Record<string, unknown>) => call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: formId, ...values } });

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
  formId = (await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Contact', status: 'publish', fields: [{ name: 'your_name', label: 'Name', type: 'text', required: true }] } })).body.id;
});

afterAll(async () => {
  await server?.close();
});

describe('honeypot', () => {
  it('is in the rendered form by default, and a filled one is refused and not stored', async () => {
    const html: string = (await call('GET', '/formsuite/v1/generate-form-markup', { query: { id: formId } })).body.markup;
    expect(html).toMatch(/<input[^>]*name="formsuite_hp"[^>]*tabindex="-1"/);
    expect(html).toContain('aria-hidden="true"');

    const bot = await submit({ your_name: 'Bot', formsuite_hp: 'http://spam.example' });
    expect(bot.status).toBe(400);
    expect(bot.body).toMatchObject({ code: 'rest_form_spam', data: { status: 400 } });
    expect(await entriesOfForm()).toBe(0);

    const person = await submit({ your_name: 'Ada', formsuite_hp: '' });
    expect(person.status).toBe(201);
    const details = await call('GET', `/formsuite/v1/entry/${person.body.entry_id}/details`);
    expect(JSON.stringify(details.body)).not.toContain('formsuite_hp');
    expect(await entriesOfForm()).toBe(1);
  });

  it('is left out of the markup and not checked when the global settings turn it off', async () => {
    expect((await call('POST', '/formsuite/v1/global-settings', { body: { honeypot: false } })).status).toBe(200);
    const html: string = (await call('GET', '/formsuite/v1/generate-form-markup', { query: { id: formId } })).body.markup;
    expect(html).not.toContain('formsuite_hp');
    expect((await submit({ your_name: 'Filled', formsuite_hp: 'x' })).status).toBe(201);
    await call('POST', '/formsuite/v1/global-settings', { body: { honeypot: true } });
  });
});

describe('per-address rate limit', () => {
  it('answers 429 with Retry-After past the set rate, stores nothing more, and stops when set to 0', async () => {
    const before = await entriesOfForm();
    // Unlimited by default: more than the limit below goes through.
    for (let i = 0; i < 4; i++) expect((await submit({ your_name: `Free ${i}` })).status).toBe(201);
    expect((await call('POST', '/formsuite/v1/global-settings', { body: { rate_limit_per_minute: 3 } })).status).toBe(200);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof submit>> | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await submit({ your_name: `Burst ${i}` });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(limited!.body).toMatchObject({ code: 'rest_too_many_requests', data: { status: 429 } });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await entriesOfForm()).toBe(before + 4 + 3);

    await call('POST', '/formsuite/v1/global-settings', { body: { rate_limit_per_minute: 0 } });
    expect((await submit({ your_name: 'After' })).status).toBe(201);
  });
});
