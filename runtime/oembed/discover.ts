/**
 * oEmbed discovery: the page at the address is fetched (guarded, first 150 KB only) and its
 * `<link rel="alternate" type="application/json+oembed" href>` (or the `text/xml+oembed` one
 * when there is no JSON one) names the oEmbed endpoint for it.
 */
import { Parser } from 'htmlparser2';
import type { App } from '../rest/types.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';

export const DISCOVERY_MAX_BYTES = 150 * 1024;

export interface DiscoveredEndpoint {
  href: string;
  format: 'json' | 'xml';
}

/** The oEmbed links of an HTML page, JSON first; relative hrefs resolved against `baseUrl`. */
export function oembedLinksIn(html: string, baseUrl: string): DiscoveredEndpoint[] {
  const found: DiscoveredEndpoint[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name !== 'link' || !attrs.href) return;
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      const type = (attrs.type ?? '').toLowerCase();
      if (!rel.includes('alternate')) return;
      const format = type === 'application/json+oembed' ? 'json' : type === 'text/xml+oembed' || type === 'application/xml+oembed' ? 'xml' : null;
      if (!format) return;
      try {
        found.push({ href: new URL(attrs.href, baseUrl).toString(), format });
      } catch {
        // An href that is not an address is ignored.
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return found.sort((a, b) => (a.format === b.format ? 0 : a.format === 'json' ? -1 : 1));
}

export async function discoverEndpoint(app: App, url: string): Promise<DiscoveredEndpoint | undefined> {
  const page = await guardedFetch(url, {
    allow: app.config.outboundAllow,
    maxBytes: DISCOVERY_MAX_BYTES,
    truncate: true,
    timeoutMs: 10_000,
    acceptContentType: (t) => t === '' || t === 'text/html' || t === 'application/xhtml+xml',
  });
  return oembedLinksIn(page.body.toString('utf8'), page.url)[0];
}
