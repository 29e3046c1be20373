/**
 * 6.8's rule for `<object data>` (_wp_kses_allow_pdf_objects): only a PDF (`.pdf`, no query, no
 * fragment) served from the host and port of the site's uploads URL, over http or https.
 */

/** The uploads URL's host and port as WordPress compares them: `host` or `host:port`. */
export type UploadsOrigin = string;

/** wp_parse_url's host and port of the uploads URL; null when it has no host. */
export function uploadsOrigin(uploadsUrl: string): UploadsOrigin | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/.exec(uploadsUrl);
  if (!m || m[1] === '') return null;
  return m[2] !== undefined ? `${m[1]}:${m[2]}` : m[1];
}

export function isOwnPdf(url: string, origin: UploadsOrigin | null): boolean {
  if (url.includes('?') || url.includes('#') || !url.endsWith('.pdf')) return false;
  // Without an uploads URL no PDF is known to be the site's own.
  if (origin === null) return false;
  return url.startsWith(`http://${origin}/`) || url.startsWith(`https://${origin}/`);
}
