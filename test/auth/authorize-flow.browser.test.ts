/**
 * The authorize-application flow in a real browser (Debian's chromium through playwright-core,
 * installed by scripts/install-system-packages.sh): a person who is not logged in is sent to the login
 * page, comes back, approves, and the application receives a password that works for a REST
 * write; rejecting sends them to reject_url and leaves no password behind. No JavaScript is
 * needed by the pages, and none runs in them (the browser has it disabled).
 */
import http from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { NOTE_ROUTE } from './http-fixtures.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

const CHROMIUM = '/usr/bin/chromium';

/** The application's side: a local page that records where the browser was sent. */
async function startApplication(): Promise<{ url: string; visits: URL[]; close: () => Promise<void> }> {
  const visits: URL[] = [];
  const server = http.createServer((req, res) => {
    visits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Application got the answer.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, visits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// A browser on a busy machine: every wait (launch, navigation, click) gets the suite's patience.
describe('authorize-application in a browser', { timeout: 2 * PATIENCE_MS }, () => {
  let server: TestServer;
  let application: Awaited<ReturnType<typeof startApplication>>;
  let browser: Browser;

  beforeAll(async () => {
    // Fail loudly rather than skip: a skipped browser test is how this flow would rot unnoticed.
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-system-packages.sh`);
    server = await startTestServer({ routes: [NOTE_ROUTE] });
    application = await startApplication();
    browser = await chromium.launch({ executablePath: CHROMIUM, timeout: PATIENCE_MS, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  }, 2 * PATIENCE_MS);

  afterAll(async () => {
    // Each one closed even when another fails to close.
    const closed = await Promise.allSettled([browser?.close(), application?.close(), server?.close()]);
    for (const outcome of closed) if (outcome.status === 'rejected') throw outcome.reason;
  });

  function authorizeUrl(appName: string): string {
    const q = new URLSearchParams({ app_name: appName, success_url: `${application.url}/done`, reject_url: `${application.url}/rejected` });
    return `${server.siteUrl}/wp-admin/authorize-application.php?${q}`;
  }

  /** Runs `use` on a page signed in as `role` at `url`, in a browser context closed afterwards whatever happens. */
  async function loggedInPage(url: string, role: 'editor' | 'author', use: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      context.setDefaultTimeout(PATIENCE_MS);
      const page = await context.newPage();
      await page.goto(url);
      expect(new URL(page.url()).pathname).toBe('/wp-login.php');
      await page.fill('#user_login', server.users[role].login);
      await page.fill('#user_pass', server.users[role].password);
      await Promise.all([page.waitForURL((u) => u.pathname === '/wp-admin/authorize-application.php'), page.click('#wp-submit')]);
      await use(page);
    } finally {
      await context.close();
    }
  }

  it('login, approve, and the password works for a REST write', async () => {
    await loggedInPage(authorizeUrl('Browser app'), 'editor', async (page) => {
      expect(await page.textContent('#app-name')).toBe('Browser app');
      await Promise.all([page.waitForURL((u) => u.href.startsWith(`${application.url}/done`)), page.click('#approve')]);
    });

    const visit = application.visits.find((v) => v.pathname === '/done')!;
    expect(visit.searchParams.get('site_url')).toBe(server.siteUrl);
    expect(visit.searchParams.get('user_login')).toBe(server.users.editor.login);
    const password = visit.searchParams.get('password')!;
    const auth = `Basic ${Buffer.from(`${server.users.editor.login}:${password}`).toString('base64')}`;
    const write = await fetch(`${server.restUrl}/authtest/v1/note`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'written by the browser app' }), signal: patient() });
    expect(write.status).toBe(200);
    const read = await fetch(`${server.restUrl}/authtest/v1/note`, { signal: patient() });
    expect(await read.json()).toMatchObject({ text: 'written by the browser app' });
  });

  it('reject sends the browser to reject_url with success=false and leaves no password', async () => {
    await loggedInPage(authorizeUrl('Rejected browser app'), 'author', async (page) => {
      await Promise.all([page.waitForURL((u) => u.href.startsWith(`${application.url}/rejected`)), page.click('#reject')]);
      expect(new URL(page.url()).searchParams.get('success')).toBe('false');
    });
    const rows = await server.app.db.selectFrom('application_passwords').select('uuid').where('name', '=', 'Rejected browser app').execute();
    expect(rows).toHaveLength(0);
  });
});
