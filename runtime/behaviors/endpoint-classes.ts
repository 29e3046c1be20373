/**
 * What each extension endpoint of a deployment does, read from its route table (so from the
 * spec): `real` (a hand-written handler, or a behaviour whose effect some endpoint reads back),
 * `catalog` (shipped data), `local` (a local provider stands in for a service until one is
 * configured), `upstream` (a remote service; 503 naming its setting until configured),
 * `refusal` (answers honestly that this server cannot do it), and `changes-nothing` (a write
 * nothing reads back: the class issue 12 asks to leave empty).
 */
import type { Behavior } from '../../contract/model.ts';
import type { RouteDef } from '../rest/types.ts';

export type EndpointClass = 'real' | 'catalog' | 'local' | 'upstream' | 'refusal' | 'changes-nothing';

export interface ClassifiedEndpoint {
  route: string;
  methods: string[];
  operationId: string;
  class: EndpointClass;
  why: string;
}

/** Namespaces of the WordPress core interface; everything else is an extension. */
const CORE = new Set(['', 'core/v2', 'wp/v2', 'oembed/1.0', 'batch/v1']);

const isRead = (methods: string[]) => methods.every((m) => m === 'GET' || m === 'HEAD');

/** Stores an endpoint reads back: `option:<key>`, `collection:<name>`, `inbox:<channel>`. */
function readsOf(b: Behavior | undefined, methods: string[]): string[] {
  if (!b) return [];
  if (b.kind === 'option' && isRead(methods)) return [`option:${b.key}`, ...Object.values(b.include ?? {}).map((c) => `collection:${c}`)];
  if (b.kind === 'catalog' && b.overlay) return [`collection:${b.overlay.collection}`];
  if (b.kind === 'collection' && (b.op === 'list' || b.op === 'get')) return [`collection:${b.collection}`];
  if (b.kind === 'inbox' && b.op === 'list') return [`inbox:${b.channel}`];
  return [];
}

/** The store a write behaviour changes. */
function writeOf(b: Behavior): string | undefined {
  if (b.kind === 'option') return `option:${b.key}`;
  if (b.kind === 'collection') return `collection:${b.collection}`;
  if (b.kind === 'action') return `collection:${b.collection}`;
  if (b.kind === 'inbox') return `inbox:${b.channel}`;
  if (b.kind === 'upstream' && b.signIn) return `collection:${b.signIn.collection}`;
  return undefined;
}

export function classifyEndpoints(routes: RouteDef[]): ClassifiedEndpoint[] {
  const extension = routes.filter((r) => !CORE.has(r.namespace) && !r.namespace.startsWith('core-'));
  const read = new Set<string>();
  for (const r of extension) for (const e of r.endpoints) for (const s of readsOf(e.behavior, e.methods)) read.add(s);
  const out: ClassifiedEndpoint[] = [];
  for (const r of extension) {
    for (const e of r.endpoints) {
      const b = e.behavior;
      if (b?.kind === 'index') continue;
      const c = (cls: EndpointClass, why: string) => out.push({ route: r.path, methods: e.methods, operationId: e.operationId, class: cls, why });
      if (!b) c('real', 'hand-written handler');
      else if (b.kind === 'catalog') c('catalog', `shipped data ${b.data}`);
      else if (b.kind === 'unavailable') c('refusal', `${b.status} naming ${b.needs}`);
      else if (b.kind === 'upstream' && b.local) c('local', `local provider ${b.local} until ${b.setting} is set`);
      else if (b.kind === 'upstream') c('upstream', `${b.service} at ${b.setting}`);
      else if (readsOf(b, e.methods).length) c('real', 'reads a store');
      else if (b.kind === 'action' && b.effect) c('real', `effect ${b.effect}`);
      else if (b.kind === 'inbox' && b.clears) c('real', `stores the event and clears ${b.clears}`);
      else {
        const store = writeOf(b);
        if (store && read.has(store)) c('real', `writes ${store}, read back`);
        else c('changes-nothing', `writes ${store ?? 'nothing'}, which nothing reads`);
      }
    }
  }
  return out;
}

export function countByClass(items: ClassifiedEndpoint[]): Record<EndpointClass, number> {
  const counts: Record<EndpointClass, number> = { real: 0, catalog: 0, local: 0, upstream: 0, refusal: 0, 'changes-nothing': 0 };
  for (const i of items) counts[i.class]++;
  return counts;
}
