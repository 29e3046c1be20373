/**
 * The generated HTML reference, served by the server at /specpress/reference/ with the
 * deployment's OpenAPI document at /specpress/openapi.json, used in a real browser (Debian's
 * chromium through playwright-core): every route is there, the search filters them, a response
 * links to its shape with the fields' contexts, nested params open, and nothing of the
 * implementation leaks.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../runtime/http/reference-pages.ts';
import { loadSpec } from '../../generator/spec/load.ts';

const CHROMIUM = '/usr/bin/chromium';
const DEPLOYMENT = 'blog';
const OUT = new URL(`../../output/deployments/${DEPLOYMENT}/`, import.meta.url);

describe('the HTML reference in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-system-packages.sh`);
    server = await startTestServer({ deployment: DEPLOYMENT });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    page = await (await browser.newContext()).newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves openapi.json as generated, and the reference under its documented path', async () => {
    const res = await fetch(`${server.siteUrl}${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe(fs.readFileSync(new URL('openapi.json', OUT), 'utf8'));
    // The page holds only its data; the script and stylesheet that draw it are shared by every deployment.
    for (const [asset, type] of [['reference.js', /^text\/javascript/], ['reference.css', /^text\/css/]] as const) {
      const served = await fetch(`${server.siteUrl}${REFERENCE_PATH}${asset}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(type);
      expect(await served.text()).toBe(fs.readFileSync(new URL(`../../shared/reference/${asset}`, OUT), 'utf8'));
    }
    const bare = await fetch(`${server.siteUrl}${REFERENCE_PATH.slice(0, -1)}`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(REFERENCE_PATH);
  });

  it('lists every route of the deployment, and links to openapi.json', async () => {
    const { model } = await loadSpec(new URL('../../spec', import.meta.url).pathname);
    const routes = model!.deployments.find((d) => d.name === DEPLOYMENT)!.routes.map((r) => r.path);
    const response = await page.goto(`${server.siteUrl}${REFERENCE_PATH}`);
    expect(response!.status()).toBe(200);
    expect(await page.title()).toBe(`${DEPLOYMENT} REST API reference`);
    const shown = await page.locator('.route > h3 > code').allTextContents();
    expect(shown).toEqual(routes);
    await page.click('nav a[href="../openapi.json"]');
    expect(new URL(page.url()).pathname).toBe(OPENAPI_PATH);
  });

  it('shows each namespace\'s description under its heading', async () => {
    await page.goto(`${server.siteUrl}${REFERENCE_PATH}`);
    const section = page.locator('#ns-oembed-1-0');
    expect(await section.locator('h2').textContent()).toBe('oembed/1.0');
    expect(await section.locator('p.namespace-description').textContent()).toBe('oEmbed data for addresses of this site (embed) and of other sites (proxy).');
    expect(await page.locator('#ns-root p.namespace-description').textContent()).toMatch(/^The discovery document at/);
  });

  it('search keeps only the matching routes, and says when none matches', async () => {
    await page.goto(`${server.siteUrl}${REFERENCE_PATH}`);
    await page.fill('#search', 'revisions');
    const visible = await page.locator('.route:visible > h3 > code').allTextContents();
    expect(visible.length).toBeGreaterThan(0);
    for (const path of visible) expect(path).toContain('revisions');
    expect(await page.locator('#route-core-v2-posts').isVisible()).toBe(false);
    expect(await page.locator('#no-match').isVisible()).toBe(false);
    await page.fill('#search', 'post GET');
    expect(await page.locator('#route-core-v2-posts').isVisible()).toBe(true);
    await page.fill('#search', 'no-such-route-anywhere');
    expect(await page.locator('.route:visible').count()).toBe(0);
    expect(await page.locator('#no-match').isVisible()).toBe(true);
  });

  it('a response links to its shape, whose fields carry their contexts', async () => {
    await page.goto(`${server.siteUrl}${REFERENCE_PATH}`);
    const link = page.locator('#op-listPosts .response-link');
    const name = (await link.textContent())!;
    await link.click();
    const hash = new URL(page.url()).hash;
    expect(hash).toBe(`#shape-${name}`);
    const shape = page.locator(hash);
    expect(await shape.locator('h3').textContent()).toBe(name);
    expect(await shape.locator('table.fields > thead th').allTextContents()).toContain('contexts');
    const titleRow = shape.locator('table.fields > tbody > tr', { has: page.locator('td:first-child > code', { hasText: /^title$/ }) }).first();
    expect(await titleRow.locator('td').nth(2).textContent()).toContain('view, edit, embed');
  });

  it('nested params open to their properties; errors and an example are shown; no implementation detail leaks', async () => {
    await page.goto(`${server.siteUrl}${REFERENCE_PATH}`);
    const nested = page.locator('#op-createPost tr.nested details').first();
    await nested.locator('summary').click();
    expect(await nested.locator('table.fields tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('#op-createPost table.errors').textContent()).toContain('rest_invalid_param');
    expect(await page.locator('#op-createPost pre').textContent()).toMatch(/^POST \/wp-json\/core\/v2\/posts\n/);
    const text = await page.locator('body').textContent();
    for (const leak of ['preserved region', 'output/handlers', 'behaviour', 'spec/namespaces', 'handler: custom']) expect(text).not.toContain(leak);
  });
});
