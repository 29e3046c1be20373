import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedMethods, checkPermission, type PermissionContext } from '../../runtime/auth/permission.ts';
import type { Permission } from '../../contract/model.ts';
import type { RestError } from '../../runtime/rest/errors.ts';
import type { RouteDef } from '../../runtime/rest/types.ts';
import type { CurrentUser } from '../../runtime/auth/current-user.ts';
import { addPost, authTestSite, type AuthTestSite } from './auth-app.ts';

/** A route serving `postType` (the spec's `postType:`; the rules judge that type, whatever the path says). */
function route(path: string, endpoints: Array<{ methods: RouteDef['endpoints'][number]['methods']; permission: Permission }> = [], postType = 'post'): RouteDef {
  return {
    namespace: 'core/v2', path, pattern: path, regex: path, postType,
    captures: [...path.matchAll(/<(\w+)>/g)].map((m) => ({ name: m[1]!, pattern: '[\\d]+' })),
    endpoints: endpoints.map((e, i) => ({ operationId: `op${i}`, argsMode: 'declared', args: {}, allowBatch: false, ...e })),
  };
}

const rule = (name: string): Permission => ({ kind: 'rule', rule: name });

describe('declared permissions', () => {
  let site: AuthTestSite;
  const posts = route('/core/v2/posts');
  const post = route('/core/v2/posts/<id>');
  const pages = route('/core/v2/pages', [], 'page');
  const revisions = route('/core/v2/posts/<parent>/revisions/<id>');
  beforeAll(async () => { site = await authTestSite(); });
  afterAll(() => site.close());

  const ctx = (user: CurrentUser | null, r: RouteDef, params: Record<string, unknown> = {}): PermissionContext => ({ app: site.app, user, route: r, params });
  async function outcome(c: PermissionContext, p: Permission): Promise<string> {
    try {
      await checkPermission(c, p);
      return 'allowed';
    } catch (e) {
      const err = e as RestError;
      return `${err.status} ${err.code}`;
    }
  }

  it('public lets anyone through', async () => {
    expect(await outcome(ctx(null, posts), { kind: 'public' })).toBe('allowed');
  });

  it('a capability refuses anonymous callers with 401 and logged-in ones with 403 rest_forbidden', async () => {
    const p: Permission = { kind: 'capability', capability: 'manage_options' };
    expect(await outcome(ctx(null, posts), p)).toBe('401 rest_forbidden');
    expect(await outcome(ctx(site.users.editor, posts), p)).toBe('403 rest_forbidden');
    expect(await outcome(ctx(site.users.administrator, posts), p)).toBe('allowed');
  });

  it('create_post: subscribers cannot, contributors can but not publish', async () => {
    expect(await outcome(ctx(null, posts, { title: 'x' }), rule('create_post'))).toBe('401 rest_cannot_create');
    expect(await outcome(ctx(site.users.subscriber, posts), rule('create_post'))).toBe('403 rest_cannot_create');
    expect(await outcome(ctx(site.users.contributor, posts), rule('create_post'))).toBe('allowed');
    expect(await outcome(ctx(site.users.contributor, posts, { status: 'publish' }), rule('create_post'))).toBe('403 rest_cannot_publish');
    expect(await outcome(ctx(site.users.author, posts, { status: 'publish' }), rule('create_post'))).toBe('allowed');
    expect(await outcome(ctx(site.users.author, pages), rule('create_post'))).toBe('403 rest_cannot_create');
    expect(await outcome(ctx(site.users.author, posts, { author: site.users.editor.id }), rule('create_post'))).toBe('403 rest_cannot_edit_others');
  });

  it('edit_post and delete_post: 404 for a missing post, else by ownership and status', async () => {
    const id = await addPost(site.app, { author: site.users.author.id, status: 'publish' });
    expect(await outcome(ctx(site.users.editor, post, { id: 424242 }), rule('edit_post'))).toBe('404 rest_post_invalid_id');
    expect(await outcome(ctx(null, post, { id }), rule('edit_post'))).toBe('401 rest_cannot_edit');
    expect(await outcome(ctx(site.users.contributor, post, { id }), rule('edit_post'))).toBe('403 rest_cannot_edit');
    expect(await outcome(ctx(site.users.author, post, { id }), rule('edit_post'))).toBe('allowed');
    expect(await outcome(ctx(site.users.contributor, post, { id }), rule('delete_post'))).toBe('403 rest_cannot_delete');
    expect(await outcome(ctx(site.users.editor, post, { id }), rule('delete_post'))).toBe('allowed');
    const pageId = await addPost(site.app, { type: 'page', author: site.users.author.id });
    expect(await outcome(ctx(site.users.editor, post, { id: pageId }), rule('edit_post'))).toBe('404 rest_post_invalid_id');
  });

  it('read_post: drafts of others are hidden; context=edit needs edit rights', async () => {
    const draft = await addPost(site.app, { author: site.users.editor.id, status: 'draft' });
    const published = await addPost(site.app, { author: site.users.editor.id, status: 'publish' });
    expect(await outcome(ctx(null, post, { id: published }), rule('read_post'))).toBe('allowed');
    expect(await outcome(ctx(null, post, { id: draft }), rule('read_post'))).toBe('401 rest_forbidden');
    expect(await outcome(ctx(site.users.author, post, { id: draft }), rule('read_post'))).toBe('403 rest_forbidden');
    expect(await outcome(ctx(site.users.editor, post, { id: draft }), rule('read_post'))).toBe('allowed');
    expect(await outcome(ctx(site.users.subscriber, post, { id: published, context: 'edit' }), rule('read_post'))).toBe('403 rest_forbidden_context');
  });

  it('read_posts: context=edit and non-public statuses need edit_posts', async () => {
    expect(await outcome(ctx(null, posts, { context: 'view', status: ['publish'] }), rule('read_posts'))).toBe('allowed');
    expect(await outcome(ctx(null, posts, { context: 'edit' }), rule('read_posts'))).toBe('401 rest_forbidden_context');
    expect(await outcome(ctx(site.users.subscriber, posts, { status: ['draft'] }), rule('read_posts'))).toBe('400 rest_invalid_param');
    expect(await outcome(ctx(site.users.contributor, posts, { context: 'edit', status: ['draft'] }), rule('read_posts'))).toBe('allowed');
  });

  it('revisions: read needs edit rights on the parent, delete needs delete rights', async () => {
    const parent = await addPost(site.app, { author: site.users.author.id, status: 'publish' });
    const rev = await addPost(site.app, { type: 'revision', status: 'inherit', author: site.users.author.id, parent });
    expect(await outcome(ctx(site.users.contributor, revisions, { parent, id: rev }), rule('read_revision'))).toBe('403 rest_cannot_read');
    expect(await outcome(ctx(site.users.author, revisions, { parent, id: rev }), rule('read_revision'))).toBe('allowed');
    // A missing revision is the handler's 404: WordPress's read permission looks at the parent only.
    expect(await outcome(ctx(site.users.author, revisions, { parent, id: 999999 }), rule('read_revision'))).toBe('allowed');
    expect(await outcome(ctx(site.users.author, revisions, { parent: 999999, id: rev }), rule('read_revision'))).toBe('404 rest_post_invalid_parent');
    expect(await outcome(ctx(site.users.contributor, revisions, { parent, id: rev }), rule('delete_revision'))).toBe('403 rest_cannot_delete');
    expect(await outcome(ctx(site.users.editor, revisions, { parent, id: rev }), rule('delete_revision'))).toBe('allowed');
  });

  it('autosaves: the list judges the post of its id capture, one autosave the post of its parent capture', async () => {
    const parent = await addPost(site.app, { author: site.users.author.id, status: 'publish' });
    const other = await addPost(site.app, { author: site.users.editor.id, status: 'publish' });
    const list = route('/core/v2/posts/<id>/autosaves');
    const one = route('/core/v2/posts/<parent>/autosaves/<id>');
    expect(await outcome(ctx(site.users.author, list, { id: parent, parent: other }), rule('read_autosave'))).toBe('allowed');
    expect(await outcome(ctx(site.users.author, list, { id: other }), rule('read_autosave'))).toBe('403 rest_cannot_read');
    expect(await outcome(ctx(site.users.author, one, { parent: other, id: parent }), rule('read_autosave'))).toBe('403 rest_cannot_read');
    expect(await outcome(ctx(null, one, { parent, id: 5 }), rule('read_autosave'))).toBe('401 rest_cannot_read');
  });

  it('media: upload_files lets authors upload, not contributors', async () => {
    const media = route('/core/v2/media', [], 'attachment');
    expect(await outcome(ctx(site.users.contributor, media), rule('upload_files'))).toBe('403 rest_cannot_create');
    expect(await outcome(ctx(site.users.author, media), rule('upload_files'))).toBe('allowed');
  });

  it('edit_media: image editing needs upload rights before edit rights', async () => {
    const media = route('/core/v2/media/<id>/edit', [], 'attachment');
    const id = await addPost(site.app, { type: 'attachment', status: 'inherit', author: site.users.administrator.id });
    expect(await outcome(ctx(site.users.contributor, media, { id }), rule('edit_media'))).toBe('403 rest_cannot_edit_image');
    expect(await outcome(ctx(site.users.author, media, { id }), rule('edit_media'))).toBe('403 rest_cannot_edit');
    expect(await outcome(ctx(site.users.editor, media, { id }), rule('edit_media'))).toBe('allowed');
  });

  it('authenticated: any logged-in user; an unknown rule name (spec error SP060) fails closed, even when it names a capability the user holds', async () => {
    expect(await outcome(ctx(null, posts), rule('authenticated'))).toBe('401 rest_forbidden');
    expect(await outcome(ctx(site.users.subscriber, posts), rule('authenticated'))).toBe('allowed');
    expect(await outcome(ctx(site.users.administrator, posts), rule('no_such_capability'))).toBe('403 rest_forbidden');
    // A capability is written `capability: edit_posts`; as a rule name it is refused for everyone.
    expect(await outcome(ctx(site.users.contributor, posts), rule('edit_posts'))).toBe('403 rest_forbidden');
  });

  it('Allow lists only the methods the current user may call', async () => {
    const id = await addPost(site.app, { author: site.users.author.id, status: 'publish' });
    const item = route('/core/v2/posts/<id>', [
      { methods: ['GET'], permission: rule('read_post') },
      { methods: ['POST', 'PUT', 'PATCH'], permission: rule('edit_post') },
      { methods: ['DELETE'], permission: rule('delete_post') },
    ]);
    expect(await allowedMethods(ctx(null, item, { id }), item)).toEqual(['GET']);
    expect(await allowedMethods(ctx(site.users.contributor, item, { id }), item)).toEqual(['GET']);
    expect(await allowedMethods(ctx(site.users.author, item, { id }), item)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });
});
