/** Route path forms: the spec's `<name>` captures, full paths and WordPress's discovery keys. */

/** `/<namespace><path>`; root-level routes (namespace '') keep their path as written. */
export function fullPath(namespace: string, routePath: string): string {
  if (namespace === '') return routePath;
  return routePath === '' || routePath === '/' ? `/${namespace}` : `/${namespace}${routePath}`;
}

/** Names of the `<name>` captures of a path, in order. */
export function captureNames(path: string): string[] {
  return [...path.matchAll(/<([^<>]*)>/g)].map((m) => m[1]);
}

/** Discovery key: each `<name>` becomes `(?P<name><pattern>)`, e.g. `/core/v2/posts/(?P<id>[\d]+)`. */
export function discoveryPattern(path: string, captures: Record<string, string>): string {
  return path.replace(/<([^<>]*)>/g, (_, name: string) => `(?P<${name}>${captures[name]})`);
}

/** A route path as written is the index route of its namespace when it is '' or '/'. */
export function isIndexPath(routePath: string): boolean {
  return routePath === '' || routePath === '/';
}
