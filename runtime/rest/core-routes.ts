/**
 * The routes whose answers depend only on the tables the `answers` version row watches (core/v2,
 * its wp/v2 alias, the discovery document): what the process may keep between requests
 * (runtime/http/answer-cache.ts, embedded answers in embed.ts). Extension namespaces are never
 * kept: their answers may come from elsewhere.
 */
export function isCoreRoute(route: string): boolean {
  return route === '/' || route === '/core/v2' || route.startsWith('/core/v2/') || route === '/wp/v2' || route.startsWith('/wp/v2/');
}
