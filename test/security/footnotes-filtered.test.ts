/**
 * `meta.footnotes` is filtered on save for a writer without `unfiltered_html` (issue 27, part 5),
 * as WordPress 6.3.2+ does: each note keeps a sanitized id and content through the post HTML
 * filter, notes without both go, and the list is written again as PHP's json_encode writes it
 * (`\/`, `\u00e9`), which is what the 6.8 oracle stored for the same input. An editor keeps the
 * text as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => {
  await server?.close();
});

/** What WordPress 6.8 stored for NOTES sent by an author (the oracle's meta.footnotes). */
const STORED_BY_WORDPRESS = String.raw`[{"id":"abc-1x","content":"alert(1)Note <a href=\"https:\/\/e.com\/\u00e9\">l<\/a>"},{"id":"k","content":"ok\/\u00e9"}]`;

const NOTES = JSON.stringify([
  { id: 'AbC-1 x', content: '<script>alert(1)</script>Note <a href="https://e.com/é" onclick="x()">l</a>' },
  { id: '', content: 'dropped: no id' },
  { id: 'z', content: '' },
  { id: 'k', content: 'ok/é' },
]);

async function savePost(role: TestRole, footnotes: unknown, id?: number): Promise<{ id: number; footnotes: string }> {
  const res = await fetch(`${server.restUrl}/core/v2/posts${id ? `/${id}` : ''}?context=edit`, {
    method: 'POST',
    headers: server.jsonHeaders(role),
    body: JSON.stringify({ title: 'Notes', status: 'draft', meta: { footnotes } }),
  });
  expect(res.status).toBe(id ? 200 : 201);
  const body = await res.json();
  return { id: body.id, footnotes: body.meta.footnotes };
}

describe('footnotes of a writer without unfiltered_html', () => {
  it('keep no script or handler, sanitized ids, only complete notes, PHP-encoded JSON', async () => {
    for (const role of ['author', 'contributor'] as const) {
      const { id, footnotes } = await savePost(role, NOTES);
      expect(footnotes).not.toMatch(/<script|onclick/i);
      const notes = JSON.parse(footnotes) as Array<{ id: string; content: string }>;
      expect(notes.map((n) => n.id)).toEqual(['abc-1x', 'k']);
      expect(notes[0]!.content).toContain('<a href="https://e.com/é">l</a>');
      expect(notes[1]!.content).toBe('ok/é');
      // json_encode's escapes: the very text WordPress stores.
      expect(footnotes).toBe(STORED_BY_WORDPRESS);
      // Stored so, and answered so on a later read.
      const read = await fetch(`${server.restUrl}/core/v2/posts/${id}?context=edit`, { headers: server.authHeaders(role) });
      expect((await read.json()).meta.footnotes).toBe(footnotes);
      // An update is filtered the same way.
      expect((await savePost(role, NOTES, id)).footnotes).toBe(footnotes);
    }
  });

  it('become empty when the text is not a JSON list, and an empty list when it holds no note', async () => {
    expect((await savePost('author', 'not json')).footnotes).toBe('');
    expect((await savePost('author', '')).footnotes).toBe('');
    expect((await savePost('author', '{"a":1}')).footnotes).toBe('[]');
    expect((await savePost('author', '[1,2]')).footnotes).toBe('[]');
  });

  it('are filtered in an autosave too', async () => {
    const { id } = await savePost('author', '[]');
    const res = await fetch(`${server.restUrl}/core/v2/posts/${id}/autosaves`, {
      method: 'POST',
      headers: server.jsonHeaders('author'),
      body: JSON.stringify({ title: 'Notes', meta: { footnotes: NOTES } }),
    });
    expect(res.status).toBeLessThan(300);
    const read = await fetch(`${server.restUrl}/core/v2/posts/${id}?context=edit`, { headers: server.authHeaders('author') });
    expect((await read.json()).meta.footnotes).not.toMatch(/<script|onclick/i);
  });
});

describe('footnotes of an editor (unfiltered_html)', () => {
  it('are kept as sent', async () => {
    expect((await savePost('editor', NOTES)).footnotes).toBe(NOTES);
  });
});
