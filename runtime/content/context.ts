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

export function resourceFields(ctx: HandlerContext, resource: string): Record<string, ArgSchema> {
  return ctx.app.deployment.resources?.[resource]?.schema?.properties ?? FALLBACK;
}

/** Keeps the fields of `data` visible in `context`; fields absent from the schema are dropped. */
export function filterByContext(data: Record<string, unknown>, fields: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const field = fields[key];
    if (!field) continue;
    if (field.context && !field.context.includes(context)) continue;
    if (field.properties && value && typeof value === 'object' && !Array.isArray(value)) {
      // Meta keys (and other open objects) not described in the schema are kept as they are.
      const nested = filterNested(value as Record<string, unknown>, field.properties, context);
      out[key] = nested;
    } else {
      out[key] = value;
    }
  }
  return out;
}

function filterNested(value: Record<string, unknown>, props: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const p = props[key];
    if (p?.context && !p.context.includes(context)) continue;
    out[key] = p?.properties && v && typeof v === 'object' && !Array.isArray(v) ? filterNested(v as Record<string, unknown>, p.properties, context) : v;
  }
  return out;
}

/** The meta keys a type registers (properties of its `meta` field, else of the endpoint's meta arg). */
export function metaSchemaOf(ctx: HandlerContext, resource: string): Record<string, ArgSchema> {
  return (
    ctx.app.deployment.resources?.[resource]?.schema?.properties?.meta?.properties ??
    ctx.endpoint.args?.meta?.properties ??
    {}
  );
}
