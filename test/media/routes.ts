/**
 * A hand-made route table for the media endpoints, shaped as the spec declares them, so the
 * media service is proven over HTTP on its own. Args are the ones WordPress publishes.
 */
import type { HttpMethod, Permission } from '../../contract/model.ts';
import type { ArgSchema, Handler, RouteDef } from '../../runtime/rest/types.ts';
import { media } from '../../runtime/media/service.ts';

/** `handle` as the route table holds it: a handler of any operation, each typed with its own params. */
function route(path: string, endpoints: Array<{ methods: HttpMethod[]; args: Record<string, ArgSchema>; permission: Permission; handle: Handler<never, unknown> }>): RouteDef {
  const regex = `^${path.replace('<id>', '(?<id>[\\d]+)')}$`;
  return {
    namespace: 'core/v2',
    path,
    pattern: path.replace('<id>', '(?P<id>[\\d]+)'),
    regex,
    captures: path.includes('<id>') ? [{ name: 'id', pattern: '[\\d]+' }] : [],
    // As the spec's media routes say (`postType: attachment`): the rules judge media items.
    postType: 'attachment',
    endpoints: endpoints.map((e, i) => ({
      operationId: `media${path.replace(/\W+/g, '')}${i}`,
      methods: e.methods,
      argsMode: 'declared',
      args: e.args,
      permission: e.permission,
      allowBatch: false,
      handler: 'custom',
      handle: e.handle,
    })),
  };
}

const rule = (name: string): Permission => ({ kind: 'rule', rule: name });
const context: ArgSchema = { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' };
const ints: ArgSchema = { type: 'array', items: { type: 'integer' }, default: [] };
const textObject: ArgSchema = { type: ['string', 'object'], properties: { raw: { type: 'string' } } };

const writable: Record<string, ArgSchema> = {
  date: { type: ['string', 'null'], format: 'date-time' },
  slug: { type: 'string' },
  status: { type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private'] },
  title: textObject,
  author: { type: 'integer' },
  comment_status: { type: 'string', enum: ['open', 'closed'] },
  ping_status: { type: 'string', enum: ['open', 'closed'] },
  alt_text: { type: 'string' },
  caption: textObject,
  description: textObject,
  post: { type: 'integer' },
};

export const mediaRoutes: RouteDef[] = [
  route('/core/v2/media', [
    {
      methods: ['GET'],
      permission: rule('read_posts'),
      handle: media.list,
      args: {
        context, page: { type: 'integer', default: 1, minimum: 1 }, per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
        search: { type: 'string' }, include: ints, offset: { type: 'integer' }, author_exclude: ints,
        after: { type: 'string', format: 'date-time' }, before: { type: 'string', format: 'date-time' },
        slug: { type: 'array', items: { type: 'string' } },
        search_columns: { type: 'array', items: { type: 'string', enum: ['post_title', 'post_content', 'post_excerpt'] }, default: [] }, exclude: ints, parent: ints, parent_exclude: ints, author: ints,
        order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
        orderby: { type: 'string', enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'], default: 'date' },
        status: { type: 'array', items: { type: 'string', enum: ['inherit', 'private', 'trash'] }, default: 'inherit' },
        media_type: { type: 'array', items: { type: 'string', enum: ['image', 'video', 'text', 'application', 'audio'] } },
        mime_type: { type: 'array', items: { type: 'string' } },
      },
    },
    {
      methods: ['POST'],
      permission: rule('upload_files'),
      handle: media.create,
      args: {
        ...writable,
        generate_sub_sizes: { type: 'boolean', default: true },
        convert_format: { type: 'boolean', default: true },
        url: { type: 'string', format: 'uri' },
      },
    },
  ]),
  route('/core/v2/media/<id>', [
    { methods: ['GET'], permission: rule('read_post'), handle: media.get, args: { id: { type: 'integer' }, context } },
    { methods: ['POST', 'PUT', 'PATCH'], permission: rule('edit_post'), handle: media.update, args: { id: { type: 'integer' }, ...writable } },
    { methods: ['DELETE'], permission: rule('delete_post'), handle: media.delete, args: { id: { type: 'integer' }, force: { type: 'boolean', default: false } } },
  ]),
  route('/core/v2/media/<id>/post-process', [
    { methods: ['POST'], permission: rule('edit_media'), handle: media.postProcess, args: { id: { type: 'integer' }, action: { type: 'string', enum: ['create-image-subsizes'], required: true } } },
  ]),
  route('/core/v2/media/<id>/edit', [
    {
      methods: ['POST'],
      permission: rule('edit_media'),
      handle: media.edit,
      args: {
        id: { type: 'integer' },
        src: { type: 'string', format: 'uri', required: true },
        modifiers: { type: 'array', minItems: 1, items: { type: 'object' } },
        rotation: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 360, exclusiveMaximum: true },
        title: textObject, caption: textObject, description: textObject, post: { type: 'integer' }, alt_text: { type: 'string' },
      },
    },
  ]),
];
