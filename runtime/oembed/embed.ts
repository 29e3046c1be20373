/**
 * `GET /oembed/1.0/embed`: oEmbed data for a post, page or media item of this site, as JSON
 * or (`format=xml`) as an `<oembed>` XML document. An address that names nothing embeddable
 * is WordPress's `oembed_invalid_url` 404.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { embedDataFor } from './embed-data.ts';
import { isEmbeddable, postFromUrl } from './local-posts.ts';
import { oembedToXml } from './xml.ts';
import { proxy } from './proxy.ts';
import { asResult } from '../rest/answer.ts';

/**
 * The address of the item, the format (any but xml is json, as in WordPress) and the widest the
 * embed may be. WordPress declares format and maxwidth with a default only, no type, so a value
 * sent arrives as sent (`maxwidth=300` is text): both are read here.
 */
export type EmbedParams = { url: string; format: unknown; maxwidth: unknown };

export async function embed<R>(ctx: HandlerContext<EmbedParams>): Promise<HandlerResult<R>> {
  const post = await postFromUrl(ctx.app, String(ctx.params.url ?? ''));
  if (!post || !(await isEmbeddable(ctx.app, post))) throw restError('oembed_invalid_url');
  const data = await embedDataFor(ctx.app, post, Number(ctx.params.maxwidth ?? 600));
  // WordPress turns any format but xml into json.
  if (ctx.params.format === 'xml') {
    return { status: 200, headers: {}, body: null, raw: { contentType: 'text/xml; charset=UTF-8', data: oembedToXml({ ...data }) } };
  }
  return asResult<R>(data);
}

/** What the generated oEmbed handlers call: `return oembed.embed(ctx)`, `return oembed.proxy(ctx)`. */
export const oembed = { embed, proxy };
