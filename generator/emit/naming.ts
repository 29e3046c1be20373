/**
 * Names of generated things, derived from the model in one place so that routes, handlers,
 * the client and the docs agree on them.
 */
import type { Endpoint, Route } from '../../contract/model.ts';

/** `core/v2` -> `core-v2`; the root namespace ('') -> `root`. */
export function namespaceSlug(namespace: string): string {
  return namespace === '' ? 'root' : namespace.replace(/\//g, '-');
}

/** Path words of a route after its namespace, captures included as `<name>`. */
export function pathWords(route: Route): string[] {
  const prefix = route.namespace === '' ? '' : `/${route.namespace}`;
  const rest = route.path.startsWith(prefix) ? route.path.slice(prefix.length) : route.path;
  return rest.split('/').filter((w) => w !== '');
}

/**
 * The handler file group of a route: the first path word after the namespace
 * (`/core/v2/posts/<id>/autosaves` -> `posts`), `index` for the namespace index.
 */
export function handlerGroup(route: Route): string {
  const first = pathWords(route).find((w) => !w.startsWith('<'));
  if (first === undefined) return 'index';
  return first.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
}

/** The JavaScript regex source matching the whole route, from the WordPress pattern. */
export function routeRegex(route: Route): string {
  return `^${route.pattern.replace(/\(\?P</g, '(?<')}$`;
}

/** camelCase from words split on anything that is not a letter or digit. */
export function camelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

export function pascalCase(text: string): string {
  const c = camelCase(text);
  return c.charAt(0).toUpperCase() + c.slice(1);
}

/** Whether the last path word is a capture (an item route rather than a collection). */
export function endsWithCapture(route: Route): boolean {
  const words = pathWords(route);
  return words.length > 0 && words[words.length - 1].startsWith('<');
}

/** The verb a client uses for an endpoint: list/get/create/update/delete. */
export function clientVerb(route: Route, endpoint: Endpoint): string {
  const item = endsWithCapture(route);
  const method = endpoint.methods[0];
  if (method === 'GET') {
    const collection = (endpoint.response !== undefined && 'many' in endpoint.response && endpoint.response.many) || 'page' in endpoint.args;
    return item || !collection ? 'get' : 'list';
  }
  if (method === 'DELETE') return 'delete';
  if (method === 'POST' && !item) return 'create';
  return 'update';
}

/** Route path with each `<name>` capture replaced by `{name}` (OpenAPI and docs). */
export function bracedPath(route: Route): string {
  return route.path.replace(/<([A-Za-z_][A-Za-z0-9_]*)>/g, '{$1}');
}

/**
 * Type name of an endpoint's args as its handler receives them, every defaulted param present
 * (`corePostsGet` -> `CorePostsGetArgs`).
 */
export function argsTypeName(operationId: string): string {
  return `${pascalCase(operationId)}Args`;
}

/** Type name of an endpoint's params as a client sends them, defaulted ones optional (`CorePostsGetInput`). */
export function inputTypeName(operationId: string): string {
  return `${pascalCase(operationId)}Input`;
}

/** Type name of what an endpoint answers with (`CorePostsGetResult`). */
export function resultTypeName(operationId: string): string {
  return `${pascalCase(operationId)}Result`;
}

/** The route table's constant of a route, from its path: `/core/v2/posts/<id>` -> `coreV2PostsId`. */
export function routeConstName(route: Route): string {
  const name = camelCase(route.path.replace(/[<>]/g, ' ')) || 'index';
  return /^[0-9]/.test(name) ? `route${name}` : name;
}

/** Type name of a resource (`post` -> `Post`, `wp_block` -> `WpBlock`). */
export function resourceTypeName(resource: string): string {
  return pascalCase(resource);
}
