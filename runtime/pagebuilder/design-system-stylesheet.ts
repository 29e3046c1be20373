/**
 * The design-system stylesheet: `POST pagebuilder/v1/design-system-sync/stylesheet` writes one
 * CSS file from the global colours and typography, the design variables and the frontend global
 * classes; `GET` of the same route serves it as `text/css`. Values are written as CSS tokens
 * only (no `;`, braces, angle brackets or comments), so stored data cannot break out of its rule.
 */
import { createHash } from 'node:crypto';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { getRecord, putRecord } from '../behaviors/records.ts';
import { getGlobals } from './globals.ts';
import { asResult } from '../rest/answer.ts';

const COLLECTION = 'pagebuilder.design-system';
const KEY = '_';

/** A value or name safe inside a declaration: what a token can hold, nothing that ends it. */
const cssValue = (v: unknown): string | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const text = String(v).replace(/\/\*|\*\/|[;{}<>\\\n\r]/g, '').trim();
  return text === '' ? undefined : text;
};
const cssIdent = (v: unknown): string => String(v).toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
const kebab = (s: string) => s.replace(/^typography_/, '').replace(/_/g, '-');

export async function buildDesignSystemCss(ctx: HandlerContext<unknown>): Promise<string> {
  const vars: string[] = [];
  const globals = (await getGlobals(ctx)) as { data: Record<string, Record<string, Record<string, unknown>>> };
  for (const [id, c] of Object.entries(globals.data.colors ?? {})) {
    const v = cssValue(c.value);
    if (v) vars.push(`  --global-color-${cssIdent(id)}: ${v};`);
  }
  for (const [id, t] of Object.entries(globals.data.typography ?? {})) {
    for (const [prop, raw] of Object.entries((t.value as Record<string, unknown>) ?? {})) {
      const v = cssValue(raw);
      if (v) vars.push(`  --global-typography-${cssIdent(id)}-${cssIdent(kebab(prop))}: ${v};`);
    }
  }
  const variables = (await getRecord(ctx.app.db, 'pagebuilder.variables', 'site'))?.data.variables as Record<string, { label?: string; value?: unknown; deleted?: boolean }> | undefined;
  for (const [id, variable] of Object.entries(variables ?? {})) {
    const v = cssValue(variable.value);
    if (!variable.deleted && v) vars.push(`  --${cssIdent(variable.label ?? id)}: ${v};`);
  }
  const rules: string[] = [];
  const classes = (await getRecord(ctx.app.db, 'pagebuilder.global-classes', 'frontend'))?.data as { items?: Record<string, { label?: string; variants?: Array<{ props?: Record<string, unknown> }> }>; order?: string[] } | undefined;
  for (const id of classes?.order ?? []) {
    // Own keys only: an order naming `constructor` finds no class.
    const item = classes?.items && Object.hasOwn(classes.items, id) ? classes.items[id] : undefined;
    if (!item) continue;
    const decls = (item.variants ?? []).flatMap((variant) =>
      Object.entries(variant.props ?? {}).flatMap(([prop, raw]) => {
        const v = cssValue(raw);
        return v ? [`  ${cssIdent(prop)}: ${v};`] : [];
      }),
    );
    rules.push(`.${cssIdent(item.label ?? id)} {\n${decls.join('\n')}\n}`);
  }
  return [`:root {\n${vars.join('\n')}\n}`, ...rules].join('\n\n') + '\n';
}

/** Takes no params: the stylesheet is built from what is stored. */
export async function syncDesignSystemStylesheet<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const css = await buildDesignSystemCss(ctx);
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 16);
  const record = await putRecord(ctx.app.db, COLLECTION, KEY, { stylesheet: 'generated', css, hash });
  return asResult<R>({ stylesheet: 'generated', url: `${ctx.app.config.restUrl}/pagebuilder/v1/design-system-sync/stylesheet?ver=${hash}`, bytes: Buffer.byteLength(css), hash, date_modified: record.modified });
}

/** Reads none of its params: `ver` only makes each stylesheet's address new to caches. */
export async function serveDesignSystemStylesheet<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const css = (await getRecord(ctx.app.db, COLLECTION, KEY))?.data.css;
  if (typeof css !== 'string') throw restError('rest_record_invalid_id', [], { collection: COLLECTION, hint: 'POST this route first to generate the stylesheet.' });
  return { status: 200, headers: { 'Cache-Control': 'no-cache' }, body: null, raw: { contentType: 'text/css; charset=utf-8', data: css } };
}

/** Every stored record of the design system, for tests and the classifier's handler reads. */
export const DESIGN_SYSTEM_STORE = `collection:${COLLECTION}`;
