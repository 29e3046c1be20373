/**
 * WordPress's block editor as specpress serves it (`/wp-admin/post-new.php`, built from the npm
 * packages by `npm run build`), driven in chromium (playwright-core, Debian's chromium): sign in,
 * write a post (title, paragraphs), save a draft, publish, reload and find the edits, upload an
 * image into an image block, set a featured image and a category, insert a pattern, and write a
 * page. Every uncaught page error, every REST answer of 400 or more and every failed request is
 * collected, and the test fails on any. A screenshot of each step is saved in a temporary folder
 * outside the repository, printed at the start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page, type Request } from 'playwright-core';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { editorBundleDir } from '../../runtime/admin/editor-assets.ts';
import { patient } from '../support/patience.ts';

const CHROMIUM = '/usr/bin/chromium';
/** Each step's waits: generous, the machine is shared. */
const STEP_MS = 60_000;

describe('the block editor in a browser', { timeout: 20 * STEP_MS }, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  let shot = 0;
  let categoryId: number;
  const problems: string[] = [];
  const elsewhere = new Set<string>();
  const inflight = new Set<Request>();
  const answered = new WeakSet<Request>();
  // The steps build on each other: after one fails, the rest are skipped rather than timed out.
  let broken = false;
  beforeEach((ctx) => {
    if (broken) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    broken = true;
    await screenshot('failed').catch(() => undefined);
    if (problems.length) console.log(`met so far:\n${problems.join('\n')}`);
  });

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-system-packages.sh`);
    if (!fs.existsSync(path.join(editorBundleDir(), 'editor.js'))) throw new Error('the block editor is not built: run `npm run build`');
    shots = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-editor-shots-'));
    console.log(`screenshots of the block editor test: ${shots}`);
    // Answers checked against the OpenAPI document (the default), the auto-draft "Add New" stores included.
    server = await startTestServer({ deployment: 'studio' });
    const made = await fetch(`${server.restUrl}/wp/v2/categories`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ name: 'Harbor news' }), signal: patient() });
    expect(made.status).toBe(201);
    categoryId = ((await made.json()) as { id: number }).id;
    browser = await chromium.launch({ executablePath: CHROMIUM, timeout: STEP_MS, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    context.setDefaultTimeout(STEP_MS);
    context.setDefaultNavigationTimeout(STEP_MS);
    // The welcome guide shows pictures from s.w.org; this machine may have no network, and what
    // is tested is specpress: other hosts answer an empty 204 here, and are counted apart.
    await context.route((url) => url.origin !== new URL(server.siteUrl).origin, (route) => {
      elsewhere.add(new URL(route.request().url()).origin);
      return route.fulfill({ status: 204, body: '' });
    });
    page = await context.newPage();
    // A request counts as done once its answer has arrived: the editor reads only the headers of
    // its OPTIONS permission checks, whose bodies stay unread until a navigation cuts them off.
    page.on('request', (request) => inflight.add(request));
    page.on('response', (response) => {
      inflight.delete(response.request());
      answered.add(response.request());
    });
    page.on('requestfailed', (request) => inflight.delete(request));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      const url = response.url();
      if ((url.includes('/wp-json/') || url.includes('rest_route=')) && response.status() >= 400) problems.push(`REST ${response.request().method()} ${url} answered ${response.status()}`);
    });
    page.on('requestfailed', (request) => answered.has(request) || problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  }, 3 * STEP_MS);

  afterAll(async () => {
    const closed = await Promise.allSettled([browser?.close(), server?.close()]);
    for (const outcome of closed) if (outcome.status === 'rejected') throw outcome.reason;
  });

  /** Before leaving a page: its requests have all been answered (none cut off by the navigation). */
  async function quiet(): Promise<void> {
    await expect.poll(() => [...inflight].map((r) => `${r.method()} ${r.url()}`), { timeout: STEP_MS }).toEqual([]);
  }

  async function screenshot(step: string): Promise<void> {
    shot += 1;
    await page.screenshot({ path: path.join(shots, `${String(shot).padStart(2, '0')}-${step}.png`) });
  }

  /** The editor's canvas: an iframe in WordPress 6.8 when every block is of API version 3. */
  function canvas(): FrameLocator | Page {
    return page.frameLocator('iframe[name="editor-canvas"]');
  }

  async function editorReady(): Promise<void> {
    await page.waitForSelector('.edit-post-layout, .editor-editor-interface');
    await canvas().locator('.editor-post-title__input, h1.wp-block-post-title').first().waitFor();
    // The welcome guide opens on a first visit, as in WordPress.
    const guide = page.locator('.edit-post-welcome-guide');
    if (await guide.isVisible()) await guide.getByRole('button', { name: 'Close' }).click();
  }

  /** The edited post's attribute, as the editor's store has it. */
  function edited<T>(attribute: string): Promise<T> {
    return page.evaluate((a) => (window as any).wp.data.select('core/editor').getEditedPostAttribute(a), attribute);
  }

  async function saved(): Promise<void> {
    await page.waitForFunction(() => {
      const editor = (window as any).wp.data.select('core/editor');
      return !editor.isSavingPost() && !editor.isAutosavingPost() && !editor.isEditedPostDirty();
    });
  }

  async function rest<T>(pathAndQuery: string): Promise<T> {
    const res = await fetch(`${server.restUrl}${pathAndQuery}`, { headers: server.authHeaders('administrator'), signal: patient() });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  function sidebarButton(name: string): Locator {
    return page.locator('.editor-sidebar').getByRole('button', { name, exact: true });
  }

  async function openSettings(): Promise<void> {
    const toggle = page.getByRole('button', { name: 'Settings', exact: true }).first();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.locator('.editor-sidebar').getByRole('tab', { name: /^(Post|Page)$/ }).click();
  }

  async function pngFile(name: string): Promise<string> {
    const file = path.join(shots, name);
    await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 31, g: 95, b: 139 } } }).png().toFile(file);
    return file;
  }

  let postId = 0;

  it('signs in and opens a new post', async () => {
    await page.goto(`${server.siteUrl}/wp-admin/post-new.php`);
    expect(new URL(page.url()).pathname).toBe('/wp-login.php');
    await page.fill('#user_login', server.users.editor.login);
    await page.fill('#user_pass', server.users.editor.password);
    await Promise.all([page.waitForURL((u) => u.pathname === '/wp-admin/post-new.php'), page.click('#wp-submit')]);
    await editorReady();
    postId = await page.evaluate(() => (window as any).wp.data.select('core/editor').getCurrentPostId());
    expect(postId).toBeGreaterThan(0);
    await screenshot('new-post');
  });

  it('types a title and paragraphs and saves a draft', async () => {
    const title = canvas().locator('.editor-post-title__input, h1.wp-block-post-title').first();
    await title.click();
    await page.keyboard.type('Harbor notes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The first paragraph, typed in the editor.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A second paragraph.');
    await screenshot('typed');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await saved();
    const post = await rest<{ status: string; title: { raw: string }; content: { raw: string } }>(`/wp/v2/posts/${postId}?context=edit`);
    expect(post.status).toBe('draft');
    expect(post.title.raw).toBe('Harbor notes');
    expect(post.content.raw).toContain('<p>The first paragraph, typed in the editor.</p>');
    expect(post.content.raw).toContain('<!-- wp:paragraph -->');
    await screenshot('draft-saved');
  });

  it('publishes, and after a reload the edits are there', async () => {
    await page.locator('.editor-post-publish-panel__toggle').click();
    await page.locator('.editor-post-publish-panel .editor-post-publish-button').click();
    await page.locator('.post-publish-panel__postpublish-header').waitFor();
    await screenshot('published');
    expect((await rest<{ status: string }>(`/wp/v2/posts/${postId}`)).status).toBe('publish');
    await page.locator('.editor-post-publish-panel').getByRole('button', { name: /Close panel/ }).click();
    await quiet();
    await page.reload();
    await editorReady();
    expect(await edited<string>('title')).toBe('Harbor notes');
    await canvas().getByText('A second paragraph.').waitFor();
    expect(new URL(page.url()).searchParams.get('post')).toBe(String(postId));
    await screenshot('reloaded');
  });

  it('uploads an image into an image block', async () => {
    await canvas().getByText('A second paragraph.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/image');
    await page.locator('.components-autocomplete__result', { hasText: /^Image$/ }).first().click();
    const input = canvas().locator('.wp-block-image input[type="file"]').first();
    await input.setInputFiles(await pngFile('harbor.png'));
    await canvas().locator('.wp-block-image img[src*="/wp-content/uploads/"]').waitFor();
    await screenshot('image-uploaded');
  });

  it('sets a featured image and a category, and saves', async () => {
    await openSettings();
    await page.locator('.editor-post-featured-image__toggle').click();
    const library = page.locator('.specpress-media-library');
    await library.locator('.specpress-media-library__item').first().click();
    await page.locator('.editor-post-featured-image__preview-image').waitFor();
    const categories = page.locator('.editor-post-taxonomies__hierarchical-terms-list');
    if (!(await categories.isVisible())) await sidebarButton('Categories').click();
    await categories.getByLabel('Harbor news').check();
    await screenshot('featured-and-category');
    await page.locator('.editor-post-publish-button').click();
    await saved();
    const post = await rest<{ featured_media: number; categories: number[]; content: { raw: string } }>(`/wp/v2/posts/${postId}?context=edit`);
    expect(post.featured_media).toBeGreaterThan(0);
    expect(post.categories).toContain(categoryId);
    expect(post.content.raw).toMatch(/<!-- wp:image \{"id":\d+/);
    await screenshot('saved-with-image');
  });

  it('inserts a pattern', async () => {
    await page.getByRole('button', { name: 'Block Inserter', exact: true }).click();
    const inserter = page.locator('.block-editor-inserter__main-area, .editor-inserter-sidebar').first();
    await inserter.getByRole('searchbox').fill('Quote with its source');
    await page.locator('.block-editor-block-patterns-list__item').first().click();
    await canvas().locator('.wp-block-quote').first().waitFor();
    await screenshot('pattern-inserted');
    await page.locator('.editor-post-publish-button').click();
    await saved();
    const post = await rest<{ content: { raw: string } }>(`/wp/v2/posts/${postId}?context=edit`);
    expect(post.content.raw).toContain('<!-- wp:quote');
  });

  it('writes and publishes a page reached from the list', async () => {
    await quiet();
    await page.goto(`${server.siteUrl}/wp-admin/edit.php?post_type=page`);
    await screenshot('page-list');
    await Promise.all([page.waitForURL((u) => u.pathname === '/wp-admin/post-new.php'), page.getByRole('link', { name: 'Add New Page' }).click()]);
    await editorReady();
    // A new page may offer its start patterns first, as WordPress does.
    const starter = page.locator('.editor-start-page-options__modal, .editor-start-page-options');
    if (await starter.first().isVisible()) await starter.first().getByRole('button', { name: 'Close' }).click();
    const pageId = await page.evaluate(() => (window as any).wp.data.select('core/editor').getCurrentPostId());
    await canvas().locator('.editor-post-title__input, h1.wp-block-post-title').first().click();
    await page.keyboard.type('About the harbor');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A page written in the block editor.');
    await page.locator('.editor-post-publish-panel__toggle').click();
    await page.locator('.editor-post-publish-panel .editor-post-publish-button').click();
    await page.locator('.post-publish-panel__postpublish-header').waitFor();
    await screenshot('page-published');
    const saved = await rest<{ status: string; title: { raw: string }; content: { raw: string } }>(`/wp/v2/pages/${pageId}?context=edit`);
    expect(saved).toMatchObject({ status: 'publish', title: { raw: 'About the harbor' } });
    expect(saved.content.raw).toContain('A page written in the block editor.');
  });

  it('met no page error and no failed REST call', () => {
    if (elsewhere.size) console.log(`requests to other hosts, answered 204 by the test: ${[...elsewhere].join(', ')}`);
    expect(problems).toEqual([]);
  });
});
