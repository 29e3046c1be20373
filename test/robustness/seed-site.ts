/**
 * Records for the sweep's item routes to find, so that hostile values reach the handlers past
 * "not found": a post and a page with a revision each, an image, a form with one entry.
 * `idFor(path)` names the record a route's numeric captures should point at.
 */
import type { TestServer } from '../../runtime/testing/harness.ts';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface SeededIds {
  post: number;
  page: number;
  /** Posts only the revision and autosave routes point at: item writes would pile revisions on them. */
  revisedPost: number;
  revisedPage: number;
  media: number;
  form: number;
  entry: number;
  postRevision: number;
  pageRevision: number;
}

async function call(server: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${server.restUrl}${path}`, {
    method,
    headers: { ...server.authHeaders('administrator'), ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`seeding ${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

export async function seedSite(server: TestServer): Promise<SeededIds> {
  const post = await call(server, 'POST', '/core/v2/posts', { title: 'Robust post', content: 'Body', status: 'publish' });
  const page = await call(server, 'POST', '/core/v2/pages', { title: 'Robust page', content: 'Body', status: 'publish' });
  const revisedPost = await call(server, 'POST', '/core/v2/posts', { title: 'Revised post', content: 'Body', status: 'publish' });
  const revisedPage = await call(server, 'POST', '/core/v2/pages', { title: 'Revised page', content: 'Body', status: 'publish' });
  await call(server, 'POST', `/core/v2/posts/${revisedPost.id}`, { content: 'Body, revised' });
  await call(server, 'POST', `/core/v2/pages/${revisedPage.id}`, { content: 'Body, revised' });
  const [postRevision] = await call(server, 'GET', `/core/v2/posts/${revisedPost.id}/revisions`);
  const [pageRevision] = await call(server, 'GET', `/core/v2/pages/${revisedPage.id}/revisions`);
  const media = await call(server, 'POST', '/core/v2/media', PNG, { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="dot.png"' });
  // Deployments without the form suite (blog) get no form: its routes are absent anyway.
  const hasForms = server.app.routes.some((r) => r.path === '/formsuite/v1/create-new-form');
  const fields = [{ name: 'your_name', label: 'Name', type: 'text', required: true }];
  const form = hasForms ? await call(server, 'POST', '/formsuite/v1/create-new-form', { title: 'Robust form', status: 'publish', fields }) : { id: 0 };
  const entry = hasForms ? await call(server, 'POST', '/formsuite/v1/submit-form', { form_id: form.id, your_name: 'Robin' }) : { entry_id: 0 };
  return { post: post.id, page: page.id, revisedPost: revisedPost.id, revisedPage: revisedPage.id, media: media.id, form: form.id, entry: entry.entry_id, postRevision: postRevision.id, pageRevision: pageRevision.id };
}

/** Numeric capture values for a route path (spec form), pointing at the seeded records. */
export function idsFor(path: string, ids: SeededIds): Record<string, string> {
  const revisions = /\/(revisions|autosaves)/.test(path);
  const pick = (item: number, parent: number, revision: number): Record<string, string> =>
    revisions ? { parent: String(parent), id: path.includes('/revisions/') ? String(revision) : String(parent) } : { id: String(item) };
  if (path.startsWith('/core/v2/posts')) return pick(ids.post, ids.revisedPost, ids.postRevision);
  if (path.startsWith('/core/v2/pages')) return pick(ids.page, ids.revisedPage, ids.pageRevision);
  if (path.startsWith('/core/v2/media')) return { id: String(ids.media) };
  if (path.startsWith('/formsuite/v1/entry/') || path.startsWith('/formsuite/v1/after-submission')) return { id: String(ids.entry), submission_id: String(ids.entry) };
  if (path.startsWith('/formsuite')) return { id: String(ids.form) };
  if (path.startsWith('/pagebuilder/v1/documents')) return { id: String(ids.post) };
  return {};
}
