/**
 * The `links` of a post, page or media item schema (JSON hyper-schema, as WordPress publishes
 * them in OPTIONS answers): one per `wp:action-*` relation an item may carry in the edit
 * context (prepare.ts, media/prepare.ts), naming the item address and the fields the action
 * lets a client send. The titles are ours.
 */
type Action = { rel: string; title: string; fields: Record<string, unknown> };

const PUBLISH: Action = { rel: 'action-publish', title: 'The current user may publish the item.', fields: { status: { type: 'string', enum: ['publish', 'future'] } } };
const UNFILTERED: Action = { rel: 'action-unfiltered-html', title: 'The current user may save markup and scripts without filtering.', fields: { content: { raw: { type: 'string' } } } };
const STICKY: Action = { rel: 'action-sticky', title: 'The current user may make the post sticky.', fields: { sticky: { type: 'boolean' } } };
const AUTHOR: Action = { rel: 'action-assign-author', title: 'The current user may give the item another author.', fields: { author: { type: 'integer' } } };
const termAction = (verb: 'assign' | 'create', field: 'categories' | 'tags', taxonomy: string): Action => ({
  rel: `action-${verb}-${field}`,
  title: verb === 'assign' ? `The current user may put the item in ${taxonomy} terms.` : `The current user may add new ${taxonomy} terms.`,
  fields: { [field]: { type: 'array', items: { type: 'integer' } } },
});

const ACTIONS: Record<string, Action[]> = {
  post: [PUBLISH, UNFILTERED, STICKY, AUTHOR, termAction('assign', 'categories', 'category'), termAction('create', 'categories', 'category'), termAction('assign', 'tags', 'post_tag'), termAction('create', 'tags', 'post_tag')],
  page: [PUBLISH, UNFILTERED, AUTHOR],
  media: [UNFILTERED, AUTHOR],
};

/** `links` of the resource's schema, or undefined for resources without actions. */
export function actionSchemaLinks(resource: string, itemHref: string): Array<Record<string, unknown>> | undefined {
  const actions = ACTIONS[resource];
  if (!actions) return undefined;
  return actions.map((a) => ({ rel: `https://api.w.org/${a.rel}`, title: a.title, href: itemHref, targetSchema: { type: 'object', properties: a.fields } }));
}
