/**
 * The site's front page. This server has no theme, so `/` answers a minimal page that says
 * where the REST API lives, in the two ways WordPress's front pages do (the `Link` header of
 * rest_output_link_header and a `<link rel="https://api.w.org/">`), so that clients that
 * discover the API from the site's address (wpapi's WPAPI.discover) find it.
 */
export function apiLinkHeader(restUrl: string): string {
  return `<${restUrl}/>; rel="https://api.w.org/"`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function siteRootPage(siteName: string, restUrl: string): string {
  const name = escapeHtml(siteName);
  const api = escapeHtml(`${restUrl}/`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${name}</title><link rel="https://api.w.org/" href="${api}"></head><body><h1>${name}</h1><p>This site is served through its REST API at <a href="${api}">${api}</a>.</p></body></html>`;
}
