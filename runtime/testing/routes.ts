/**
 * Hand-made route tables for tests, before (or instead of) the generated one: `makeRoute`
 * turns a spec-form path (`/demo/v1/items/<id>`) and captures into a RouteDef with the same
 * `pattern` and `regex` the generator would emit, and fills endpoint defaults.
 */
import type { Endpoint, HttpMethod } from '../../contract/model.ts';
import type { EndpointDef, RouteDef } from '../rest/types.ts';

export type EndpointInput = Partial<EndpointDef> & { methods: HttpMethod[] };

export interface RouteInput {
  namespace: string;
  /** Full spec-form path, e.g. `/demo/v1/items/<id>`. */
  path: string;
  captures?: Record<string, string>;
  /** The post type the route serves (spec `postType:`). */
  postType?: string;
  endpoints: EndpointInput[];
}

let counter = 0;

export function makeRoute(input: RouteInput): RouteDef {
  const captures = Object.entries(input.captures ?? {}).map(([name, pattern]) => ({ name, pattern }));
  const byName = new Map(captures.map((c) => [c.name, c.pattern]));
  const pattern = input.path.replace(/<(\w+)>/g, (_, name: string) => `(?P<${name}>${byName.get(name) ?? '[^/]+'})`);
  const regex = input.path
    .split(/(<\w+>)/)
    .map((part) => {
      const m = /^<(\w+)>$/.exec(part);
      return m ? `(?<${m[1]}>${byName.get(m[1]!) ?? '[^/]+'})` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return {
    namespace: input.namespace,
    path: input.path,
    pattern,
    regex: `^${regex}$`,
    captures,
    ...(input.postType ? { postType: input.postType } : {}),
    endpoints: input.endpoints.map((e) => ({
      operationId: `testOp${++counter}`,
      argsMode: 'declared',
      args: {},
      permission: { kind: 'public' },
      allowBatch: false,
      ...e,
    }) as Endpoint & EndpointDef),
  };
}

/** The implicit index route of a namespace, as the generator emits it. */
export function makeIndexRoute(namespace: string): RouteDef {
  return makeRoute({
    namespace,
    path: `/${namespace}`,
    endpoints: [{
      methods: ['GET'],
      args: {
        namespace: { default: namespace },
        context: { default: 'view' },
      },
      behavior: { kind: 'index' },
    }],
  });
}
