/**
 * The rendered form used by a person whose browser runs no JavaScript (Debian's chromium
 * through playwright-core, JavaScript disabled): the form on a site page posts urlencoded to
 * submit-form, the browser follows the 303 to an HTML confirmation (or to the form's own
 * thank-you address), the entry is stored, and a refused submission is an HTML page, not JSON.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

const CHROMIUM = '/usr/bin/chromium';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let browser: Browser;
let site: { url: string; pages: Map<string, string>; close: () => Promise<void> };

const fields = [
  { name: 'your_name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'topic', label: 'Topic', type: 'select', options: ['Sales', 'Support'] },
  { name: 'message', label: 'Message', type: 'textarea' },
];

/** The site's front end: pages that embed a form's markup as the block would print it. */
async function startSite() {
  const pages = new Map<string, string>();
  const httpServer = http.createServer((req, res) => {
    const body = pages.get(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, pages, close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())) };
}

async function formPage(path: string, settings: Record<string, unknown> = {}): Promise<number> {
  const id = (await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Contact us', status: 'publish', fields, settings } })).body.id;
  const markup: string = (await call('GET', '/formsuite/v1/generate-form-markup', { query: { id } })).body.markup;
  site.pages.set(path, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Contact</title></head><body>${markup}</body></html>`);
  return id;
}

async function entriesOf(formId: number): Promise<Array<{ data: Record<string, unknown> }>> {
  return (await call('GET', '/formsuite/v1/entries/list', { query: { form_id: formId, per_page: 100 } })).body;
}

beforeAll(async () => {
  // Fail loudly rather than skip: a skipped browser test is how this would rot unnoticed.
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-system-packages.sh`);
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
  site = await startSite();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.close();
});

async function noScriptPage() {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

describe('submitting the rendered form without JavaScript', () => {
  it('lands on an HTML confirmation after a 303, and the entry is stored', async () => {
    const id = await formPage('/contact', { confirmation_message: 'Thanks, we will write back soon.' });
    const page = await noScriptPage();
    await page.goto(`${site.url}/contact`);
    await page.fill('input[name="your_name"]', 'Grace Hopper');
    await page.fill('input[name="email"]', 'grace@example.com');
    await page.selectOption('select[name="topic"]', 'Support');
    await page.fill('textarea[name="message"]', 'Hello without scripts');
    const redirected = page.waitForResponse((r) => r.url().endsWith('/formsuite/v1/submit-form'));
    await page.click('button[type="submit"]');
    const post = await redirected;
    expect(post.status()).toBe(303);
    await page.waitForURL(/\/formsuite\/v1\/after-submission\/\d+$/);
    expect(await page.textContent('h1')).toBe('Contact us');
    expect(await page.textContent('.formsuite-message')).toBe('Thanks, we will write back soon.');
    expect(await page.content()).not.toContain('"success"');

    const entries = await entriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0].data).toMatchObject({ your_name: 'Grace Hopper', email: 'grace@example.com', topic: 'Support', message: 'Hello without scripts' });
    expect(entries[0].data).not.toHaveProperty('formsuite_hp');
    await page.context().close();
  });

  it('follows the form\'s own thank-you address when it has one', async () => {
    site.pages.set('/thanks', '<!DOCTYPE html><html><body><h1>Thank you page</h1></body></html>');
    const id = await formPage('/contact-redirect', { confirmation_url: `${site.url}/thanks` });
    const page = await noScriptPage();
    await page.goto(`${site.url}/contact-redirect`);
    await page.fill('input[name="your_name"]', 'Alan');
    await page.fill('input[name="email"]', 'alan@example.com');
    await page.click('button[type="submit"]');
    await page.waitForURL(`${site.url}/thanks`);
    expect(await page.textContent('h1')).toBe('Thank you page');
    expect(await entriesOf(id)).toHaveLength(1);
    await page.context().close();
  });

  it('shows a refused submission as an HTML page with its status and a link back, storing nothing', async () => {
    const id = await formPage('/contact-bot');
    const page = await noScriptPage();
    await page.goto(`${site.url}/contact-bot`);
    await page.fill('input[name="your_name"]', 'Bot');
    await page.fill('input[name="email"]', 'bot@example.com');
    // What a form-filling bot does: it fills every input, the hidden bait too.
    await page.fill('input[name="formsuite_hp"]', 'http://spam.example', { force: true });
    const answered = page.waitForResponse((r) => r.url().endsWith('/formsuite/v1/submit-form'));
    await page.click('button[type="submit"]');
    const res = await answered;
    expect(res.status()).toBe(400);
    expect(res.headers()['content-type']).toContain('text/html');
    await page.waitForLoadState();
    expect(await page.textContent('h1')).toBe('Your submission was not sent');
    // The page here is on another port than the REST server, so the browser's Referer is the origin only.
    expect(await page.getAttribute('a', 'href')).toBe(`${site.url}/`);
    expect(await entriesOf(id)).toHaveLength(0);
    await page.context().close();
  });
});

describe('the same post over HTTP', () => {
  it('answers field problems as an HTML page, and scripts still get JSON', async () => {
    const id = await formPage('/contact-http');
    const post = (accept: string, body: string) =>
      fetch(`${server.restUrl}/formsuite/v1/submit-form`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', accept }, body });
    const missing = await post('text/html,application/xhtml+xml', new URLSearchParams({ form_id: String(id), email: 'not-an-address' }).toString());
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const html = await missing.text();
    expect(html).toContain('Name is required.');
    expect(html).toContain('Email must be an email address.');

    const scripted = await post('application/json', new URLSearchParams({ form_id: String(id), your_name: 'Script', email: 's@example.com' }).toString());
    expect(scripted.status).toBe(201);
    expect((await scripted.json()).success).toBe(true);

    const hostile = await post('text/html', new URLSearchParams({ form_id: String(id), your_name: '<script>alert(1)</script>', email: 'x' }).toString());
    expect(await hostile.text()).not.toContain('<script>');
    const page = await post('text/html', new URLSearchParams({ form_id: String(id), your_name: 'Page', email: 'p@example.com' }).toString());
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/\/formsuite\/v1\/after-submission\/\d+$/);
    expect(await entriesOf(id)).toHaveLength(2);
  });
});
