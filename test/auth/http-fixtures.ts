/**
 * A hand-made route table for auth tests over HTTP: one stored note anyone may read and only
 * users with edit_posts may write (a real `option` behaviour, so a write really persists), and
 * a small cookie jar for walking the HTML pages with fetch.
 */
import type { RouteDef } from '../../runtime/rest/types.ts';

export const NOTE_ROUTE: RouteDef = {
  namespace: 'authtest/v1',
  path: '/authtest/v1/note',
  pattern: '/authtest/v1/note',
  regex: '^/authtest/v1/note$',
  captures: [],
  endpoints: [
    { operationId: 'readNote', methods: ['GET'], argsMode: 'none', args: {}, permission: { kind: 'public' }, allowBatch: false, behavior: { kind: 'option', key: 'authtest.note', default: {} } },
    { operationId: 'writeNote', methods: ['POST'], argsMode: 'undeclared', args: {}, permission: { kind: 'capability', capability: 'edit_posts' }, allowBatch: false, behavior: { kind: 'option', key: 'authtest.note', default: {} } },
  ],
};

/** Remembers Set-Cookie answers and sends them back, as a browser would for one site. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()) || attrs.some((a) => /^\s*max-age=0/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** fetch with this jar, never following redirects (tests look at each hop). */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.header());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }

  /** Posts a urlencoded form. */
  post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }
}

/** The value of a hidden input in an HTML page. */
export function hiddenField(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no field ${name} in page`);
  return m[1]!.replace(/&amp;/g, '&').replace(/&#x3D;/g, '=').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x60;/g, '`');
}
