/**
 * Which addresses the auth pages may send a browser to.
 * - after login: only this site (an open redirect would let anyone borrow the login page);
 * - authorize-application's success_url / reject_url: chosen by the application, so any
 *   address, but never one that runs script (javascript:, data:...) and never plain http to
 *   a remote host, which would send the new password in clear. http to the local machine is
 *   allowed for apps under development, as WordPress allows it in local environments.
 */

const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:']);

/** The same-site address `target` names, or undefined when it leaves the site. */
export function sameSiteRedirect(target: unknown, siteUrl: string): string | undefined {
  if (typeof target !== 'string' || target === '') return undefined;
  let url: URL;
  try {
    url = new URL(target, siteUrl);
  } catch {
    return undefined;
  }
  return url.origin === new URL(siteUrl).origin ? url.href : undefined;
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** undefined when acceptable, else why not (shown to the person). */
export function applicationRedirectProblem(value: string, label: 'success' | 'rejection'): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `The ${label} URL is not a valid address.`;
  }
  if (SCRIPT_SCHEMES.has(url.protocol)) return `The ${label} URL must not use the ${url.protocol.slice(0, -1)} scheme.`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return `The ${label} URL must be served over a secure connection.`;
  return undefined;
}

/** Appends query arguments to an address the way add_query_arg does (keeps its own query). */
export function withQueryArgs(base: string, args: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(args)) url.searchParams.set(k, v);
  return url.href;
}
