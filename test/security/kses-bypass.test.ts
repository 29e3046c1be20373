/**
 * Issue 27: the filter kses replaced lifted every `<!--…-->` out by regular expression before
 * filtering and put it back afterwards through a guessable placeholder. A contributor or author
 * could then keep a `<script>` between two attributes holding `<!--` and `-->`, turn the
 * placeholder written in an attribute into an event handler, and keep `<object>`s pointing at
 * `javascript:` or at another site. Here each is sent over HTTP in a post's content, excerpt and
 * title, and what is stored (raw) and shown (rendered) is read as a browser would: no script
 * element, no event handler, no javascript: URL, no object from elsewhere.
 */
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => s?.close());

const BYPASSES: Record<string, string> = {
  'a script between attributes holding <!-- and -->': '<p title="<!--">x</p><script>alert(1)</script><p title="-->">y</p>',
  'an image handler between attributes holding <!-- and -->': '<p title="<!--">x</p><img src=x onerror=alert(1)><p title="-->">y</p>',
  'the old placeholder written in an attribute': '<!-- x" onmouseover="alert(1)" y="--><img title="specpresskses0mark" src="x">',
  'the old placeholder in a link': '<!-- " onclick="alert(1) --><a href="specpresskses0mark">a</a>',
  'an object whose data is javascript:': '<object data="javascript:alert(1)" type="application/pdf"></object>',
  'an object from another site': '<object data="https://evil.example/x.swf" type="application/x-shockwave-flash"></object>',
  'a PDF object from another site': '<object data="https://evil.example/x.pdf" type="application/pdf"></object>',
};

interface Finding {
  element: string;
  attribute?: string;
  value?: string;
}

/** What a browser would run or load from the markup, read with an HTML parser (entities decoded). */
function dangers(html: string): Finding[] {
  const found: Finding[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'script') found.push({ element: name });
        for (const [attribute, value] of Object.entries(attribs)) {
          if (attribute.startsWith('on')) found.push({ element: name, attribute, value });
          // Browsers ignore control characters and spaces inside a scheme.
          if (/^javascript:/i.test(value.replace(/[\x00-\x20]/g, ''))) found.push({ element: name, attribute, value });
          if (name === 'object' && attribute === 'data' && !value.startsWith(`${s.siteUrl}/`)) found.push({ element: name, attribute, value });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

async function create(role: TestRole, markup: string): Promise<any> {
  const res = await fetch(`${s.restUrl}/core/v2/posts`, {
    method: 'POST',
    headers: s.jsonHeaders(role),
    // A contributor cannot publish: the post waits for review, which is where an editor would open it.
    body: JSON.stringify({ title: markup, content: markup, excerpt: markup, status: role === 'contributor' ? 'pending' : 'publish' }),
    signal: AbortSignal.timeout(60_000),
  });
  expect(res.status).toBe(201);
  const created = await res.json();
  const read = await fetch(`${s.restUrl}/core/v2/posts/${created.id}?context=edit`, { headers: s.authHeaders(role), signal: AbortSignal.timeout(60_000) });
  expect(read.status).toBe(200);
  return read.json();
}

describe('markup from writers without unfiltered_html stays harmless', () => {
  for (const role of ['contributor', 'author'] as const) {
    for (const [name, markup] of Object.entries(BYPASSES)) {
      it(`${role}: ${name}`, async () => {
        const post = await create(role, markup);
        const fields = {
          'content.raw': post.content.raw,
          'content.rendered': post.content.rendered,
          'excerpt.raw': post.excerpt.raw,
          'excerpt.rendered': post.excerpt.rendered,
          'title.raw': post.title.raw,
          'title.rendered': post.title.rendered,
        };
        for (const [field, html] of Object.entries(fields)) {
          expect(typeof html, field).toBe('string');
          expect(dangers(html), `${field}: ${JSON.stringify(html)}`).toEqual([]);
        }
      });
    }
  }

  it("an editor's markup is kept as written (unfiltered_html)", async () => {
    const markup = BYPASSES['a script between attributes holding <!-- and -->'];
    const post = await create('editor', markup);
    expect(post.content.raw).toBe(markup);
  });
});
