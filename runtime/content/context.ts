/**
 * Which fields a response carries in each context (view, embed, edit), read from the resource
 * schema the deployment publishes; nested object properties are filtered the same way, as
 * WordPress's rest_filter_response_by_context does. Until a resource is in the spec, the field
 * contexts WordPress 6.1 gives posts and pages are used.
 */
import type { ArgSchema, Context } from '../../contract/model.ts';
import type { HandlerContext } from '../rest/types.ts';

const VE: Context[] = ['view', 'edit'];
const VEE: Context[] = ['view', 'edit', 'embed'];
const E: Context[] = ['edit'];

const rendered = (renderedCtx: Context[], extra: Record<string, ArgSchema> = {}): ArgSchema => ({
  type: 'object',
  properties: { raw: { context: E }, rendered: { context: renderedCtx }, ...extra },
});

/** WordPress 6.1's post/page field contexts, used when the deployment has no schema for a type. */
const FALLBACK: Record<string, ArgSchema> = {
  id: { context: VEE },
  date: { context: VEE },
  date_gmt: { context: VE },
  guid: { context: VE, ...rendered(VE) },
  modified: { context: VE },
  modified_gmt: { context: VE },
  password: { context: E },
  slug: { context: VEE },
  status: { context: VE },
  type: { context: VEE },
  link: { context: VEE },
  title: { context: VEE, ...rendered(VEE) },
  content: { context: VE, ...rendered(VE, { protected: { context: VEE }, block_version: { context: E } }) },
  excerpt: { context: VEE, ...rendered(VEE, { protected: { context: VEE } }) },
  author: { context: VEE },
  featured_media: { context: VEE },
  parent: { context: VEE },
  menu_order: { context: VE },
  comment_status: { context: VE },
  ping_status: { context: VE },
  sticky: { context: VE },
  template: { context: VE },
  format: { context: VE },
  meta: { context: VE },
  categories: { context: VE },
  tags: { context: VE },
  permalink_template: { context: E },
  generated_slug: { context: E },
  preview_link: { context: E },
};

export function resourceFields(ctx: HandlerContext<unknown>, resource: string): Record<string, ArgSchema> {
  return ctx.app.deployment.resources?.[resource]?.schema?.properties ?? FALLBACK;
}

/**
 * What a schema keeps in one context, decided once per (schema, context) rather than per item:
 * each described key maps to `false` (hidden in this context), `true` (kept as it is) or the
 * projection of its nested properties. `identity` says no key anywhere below is hidden, so a
 * nested object can be passed through untouched instead of copied.
 */
interface Projection {
  keys: Map<string, boolean | Projection>;
  identity: boolean;
}

const projections = new WeakMap<Record<string, ArgSchema>, Map<Context, Projection>>();

function projectionOf(props: Record<string, ArgSchema>, context: Context): Projection {
  let byContext = projections.get(props);
  if (!byContext) projections.set(props, (byContext = new Map()));
  let projection = byContext.get(context);
  if (!projection) {
    const keys = new Map<string, boolean | Projection>();
    let identity = true;
    for (const [key, p] of Object.entries(props)) {
      if (p.context && !p.context.includes(context)) {
        keys.set(key, false);
        identity = false;
      } else if (p.properties) {
        const nested = projectionOf(p.properties, context);
        keys.set(key, nested);
        identity &&= nested.identity;
      } else {
        keys.set(key, true);
      }
    }
    projection = { keys, identity };
    byContext.set(context, projection);
  }
  return projection;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keeps the fields of `data` visible in `context`; fields absent from the schema are dropped. */
export function filterByContext(data: Record<string, unknown>, fields: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const { keys } = projectionOf(fields, context);
  const out: Record<string, unknown> = {};
  // for-in on these plain objects visits own keys in the same order as Object.entries, without the pairs.
  for (const key in data) {
    const rule = keys.get(key);
    if (!rule) continue;
    const value = data[key];
    // Meta keys (and other open objects) not described in the schema are kept as they are.
    out[key] = rule !== true && isPlainObject(value) ? filterNested(value, rule, context) : value;
  }
  return out;
}

function filterNested(value: Record<string, unknown>, projection: Projection, context: Context): Record<string, unknown> {
  // Nothing below is hidden in this context: the object is answered as it is.
  if (projection.identity) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const rule = projection.keys.get(key);
    if (rule === false) continue;
    const v = value[key];
    out[key] = rule !== undefined && rule !== true && isPlainObject(v) ? filterNested(v, rule, context) : v;
  }
  return out;
}

/** The meta keys a type registers (properties of its `meta` field, else of the endpoint's meta arg). */
export function metaSchemaOf(ctx: HandlerContext<unknown>, resource: string): Record<string, ArgSchema> {
  return (
    ctx.app.deployment.resources?.[resource]?.schema?.properties?.meta?.properties ??
    ctx.endpoint.args?.meta?.properties ??
    {}
  );
}
