/** A hand-made route table for the two oEmbed endpoints, with the args the spec declares. */
import type { RouteDef } from '../../runtime/rest/types.ts';
import { oembed } from '../../runtime/oembed/embed.ts';

export const oembedRoutes: RouteDef[] = [
  {
    namespace: 'oembed/1.0',
    path: '/oembed/1.0/embed',
    pattern: '/oembed/1.0/embed',
    regex: '^/oembed/1\\.0/embed$',
    captures: [],
    endpoints: [{
      operationId: 'getOembed',
      methods: ['GET'],
      argsMode: 'declared',
      args: { url: { type: 'string', format: 'uri', required: true }, format: { default: 'json' }, maxwidth: { default: 600 } },
      permission: { kind: 'public' },
      allowBatch: false,
      handler: 'custom',
      handle: oembed.embed,
    }],
  },
  {
    namespace: 'oembed/1.0',
    path: '/oembed/1.0/proxy',
    pattern: '/oembed/1.0/proxy',
    regex: '^/oembed/1\\.0/proxy$',
    captures: [],
    endpoints: [{
      operationId: 'getOembedProxy',
      methods: ['GET'],
      argsMode: 'declared',
      args: {
        url: { type: 'string', format: 'uri', required: true },
        format: { type: 'string', default: 'json', enum: ['json', 'xml'] },
        maxwidth: { type: 'integer', default: 600 },
        maxheight: { type: 'integer' },
        discover: { type: 'boolean', default: true },
      },
      permission: { kind: 'rule', rule: 'oembed_proxy' },
      allowBatch: false,
      handler: 'custom',
      handle: oembed.proxy,
    }],
  },
];
