/**
 * Cross-origin access for a block editor served from another origin: without a list of trusted
 * origins the CORS headers stay WordPress 6.8's exactly (the editor cannot send
 * X-HTTP-Method-Override nor read Allow); with one (`serve --cors-origins`, the config,
 * SPECPRESS_CORS_ORIGINS or the deployment's settings) a trusted origin can, and others are not
 * allowed at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from './editor-server.ts';
import { corsOriginsOf, corsPolicyOf, parseOriginList } from '../../runtime/http/cors.ts';
import type { App } from '../../runtime/rest/types.ts';

const EDITOR = 'https://editor.example';
const PREFLIGHT = { origin: EDITOR, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-wp-nonce,x-http-method-override,content-type' };

describe('without trusted origins', () => {
  let s: EditorServer;
  beforeAll(async () => {
    s = await startEditorServer();
  }, 60_000);
  afterAll(() => s?.close());

  it('answers a preflight with WordPress 6.8\'s headers, as they are', async () => {
    const r = await s.call('anonymous', 'OPTIONS', '/wp/v2/posts', undefined, PREFLIGHT);
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(EDITOR);
    expect(r.headers.get('access-control-allow-headers')).toBe('Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type');
    expect(r.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
    expect(r.headers.get('access-control-allow-methods')).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('keeps them on answers of signed-in requests too', async () => {
    const r = await s.call('administrator', 'GET', '/wp/v2/settings', undefined, { origin: 'https://elsewhere.example' });
    expect(r.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example');
    expect(r.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
  });
});

describe('with trusted origins', () => {
  let s: EditorServer;
  beforeAll(async () => {
    s = await startEditorServer({ config: { corsOrigins: [EDITOR, 'http://localhost:3000'] } });
  }, 60_000);
  afterAll(() => s?.close());

  it('lets a trusted origin send the editor\'s headers and read Allow', async () => {
    const r = await s.call('anonymous', 'OPTIONS', '/wp/v2/posts', undefined, PREFLIGHT);
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(EDITOR);
    expect(r.headers.get('access-control-allow-headers')).toBe('Authorization, X-WP-Nonce, X-HTTP-Method-Override, Content-Disposition, Content-MD5, Content-Type');
    expect(r.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link, Allow');
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    // What the editor then does: PUT sent as POST with the override header, reading Allow.
    const post = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Draft' }, { origin: EDITOR });
    const put = await s.call('author', 'POST', `/wp/v2/posts/${post.body.id}`, { title: 'Renamed' }, { origin: EDITOR, 'x-http-method-override': 'PUT' });
    expect([put.status, put.body.title.raw]).toEqual([200, 'Renamed']);
    expect(put.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(put.headers.get('access-control-allow-origin')).toBe(EDITOR);
  });

  it('gives an untrusted origin nothing it may read, and requests without an origin their usual answer', async () => {
    const r = await s.call('anonymous', 'OPTIONS', '/wp/v2/posts', undefined, { ...PREFLIGHT, origin: 'https://evil.example' });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    const plain = await s.call('anonymous', 'GET', '/wp/v2/posts');
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    // Origins are compared without regard to case, as browsers send them.
    const upper = await s.call('anonymous', 'GET', '/wp/v2/posts', undefined, { origin: 'HTTP://LOCALHOST:3000' });
    expect(upper.headers.get('access-control-allow-origin')).toBe('HTTP://LOCALHOST:3000');
  });
});

describe('where the trusted origins come from', () => {
  it('takes the config first, then SPECPRESS_CORS_ORIGINS, then the deployment\'s settings', () => {
    expect(corsOriginsOf({ corsOrigins: ['https://a.example'] }, { corsOrigins: ['https://c.example'] }, { SPECPRESS_CORS_ORIGINS: 'https://b.example' })).toEqual(['https://a.example']);
    expect(corsOriginsOf({}, { corsOrigins: ['https://c.example'] }, { SPECPRESS_CORS_ORIGINS: 'https://b.example/, https://d.example' })).toEqual(['https://b.example', 'https://d.example']);
    expect(corsOriginsOf({}, { corsOrigins: 'https://c.example' }, {})).toEqual(['https://c.example']);
    expect(corsOriginsOf({}, {}, {})).toBeUndefined();
    expect(parseOriginList(' *, ')).toEqual(['*']);
  });

  it('refuses a list that names something other than an origin', () => {
    const app = { config: { corsOrigins: ['https://ok.example', 'ok.example/path'] }, deployment: { settings: {} } } as unknown as App;
    expect(() => corsPolicyOf(app)).toThrow(/Not an origin in the CORS origins: "ok.example\/path"/);
    const none = { config: {}, deployment: { settings: {} } } as unknown as App;
    expect(corsPolicyOf(none)).toBeUndefined();
  });

  it('trusts every origin with *', () => {
    const app = { config: { corsOrigins: ['*'] }, deployment: { settings: {} } } as unknown as App;
    const policy = corsPolicyOf(app)!;
    const answer = policy('https://any.example', { status: 200, body: null, headers: { 'Access-Control-Allow-Headers': 'x', 'Access-Control-Expose-Headers': 'y', 'Access-Control-Allow-Origin': 'https://any.example' } });
    expect(answer.headers['Access-Control-Allow-Origin']).toBe('https://any.example');
    expect(answer.headers['Access-Control-Expose-Headers']).toContain('Allow');
  });
});

describe('from the deployment\'s settings', () => {
  it('applies the origins a deployment lists', async () => {
    const s = await startEditorServer({ deploymentOverrides: { settings: { corsOrigins: [EDITOR] } } });
    try {
      const r = await s.call('anonymous', 'OPTIONS', '/wp/v2/posts', undefined, PREFLIGHT);
      expect(r.headers.get('access-control-allow-headers')).toContain('X-HTTP-Method-Override');
      expect(r.headers.get('access-control-expose-headers')).toContain('Allow');
    } finally {
      await s.close();
    }
  });
});
