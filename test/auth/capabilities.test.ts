import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCan } from '../../runtime/auth/capabilities.ts';
import { addPost, authTestSite, type AuthTestSite } from './auth-app.ts';

describe('meta capabilities map to role capabilities as WordPress map_meta_cap', () => {
  let site: AuthTestSite;
  beforeAll(async () => { site = await authTestSite(); });
  afterAll(() => site.close());

  it('an author edits their own draft and published post but not an editor\'s post', async () => {
    const { app, users } = site;
    const draft = await addPost(app, { author: users.author.id, status: 'draft' });
    const published = await addPost(app, { author: users.author.id, status: 'publish' });
    const others = await addPost(app, { author: users.editor.id, status: 'draft' });
    expect(await userCan(app, users.author, 'edit_post', draft)).toBe(true);
    expect(await userCan(app, users.author, 'edit_post', published)).toBe(true);
    expect(await userCan(app, users.author, 'edit_post', others)).toBe(false);
    expect(await userCan(app, users.editor, 'edit_post', draft)).toBe(true);
  });

  it('a contributor edits their own draft but not once it is published', async () => {
    const { app, users } = site;
    const draft = await addPost(app, { author: users.contributor.id, status: 'draft' });
    const published = await addPost(app, { author: users.contributor.id, status: 'publish' });
    expect(await userCan(app, users.contributor, 'edit_post', draft)).toBe(true);
    expect(await userCan(app, users.contributor, 'edit_post', published)).toBe(false);
    expect(await userCan(app, users.contributor, 'delete_post', published)).toBe(false);
    expect(await userCan(app, users.contributor, 'delete_post', draft)).toBe(true);
  });

  it('pages need the page capabilities: an author cannot edit even their own page', async () => {
    const { app, users } = site;
    const page = await addPost(app, { type: 'page', author: users.author.id, status: 'draft' });
    expect(await userCan(app, users.author, 'edit_post', page)).toBe(false);
    expect(await userCan(app, users.editor, 'edit_post', page)).toBe(true);
  });

  it('private posts are read by their author and by those who read private posts only', async () => {
    const { app, users } = site;
    const priv = await addPost(app, { author: users.author.id, status: 'private' });
    expect(await userCan(app, users.author, 'read_post', priv)).toBe(true);
    expect(await userCan(app, users.subscriber, 'read_post', priv)).toBe(false);
    expect(await userCan(app, users.editor, 'read_post', priv)).toBe(true);
    expect(await userCan(app, null, 'read_post', priv)).toBe(false);
  });

  it('a revision is judged by its parent post', async () => {
    const { app, users } = site;
    const parent = await addPost(app, { author: users.author.id, status: 'publish' });
    const revision = await addPost(app, { type: 'revision', status: 'inherit', author: users.author.id, parent });
    expect(await userCan(app, users.author, 'edit_post', revision)).toBe(true);
    expect(await userCan(app, users.contributor, 'edit_post', revision)).toBe(false);
  });

  it('only administrators delete the front page or the posts page', async () => {
    const { app, users } = site;
    const front = await addPost(app, { type: 'page', author: users.editor.id, status: 'publish' });
    expect(await userCan(app, users.editor, 'delete_post', front)).toBe(true);
    await app.db.insertInto('options').values({ name: 'site.page_on_front', value: JSON.stringify(front) }).execute();
    expect(await userCan(app, users.editor, 'delete_post', front)).toBe(false);
    expect(await userCan(app, users.administrator, 'delete_post', front)).toBe(true);
    expect(await userCan(app, users.editor, 'edit_post', front)).toBe(true);
  });

  it('a missing object and anonymous callers get nothing; primitive caps come from the role', async () => {
    const { app, users } = site;
    expect(await userCan(app, users.administrator, 'edit_post', 999999)).toBe(false);
    expect(await userCan(app, null, 'read')).toBe(false);
    expect(await userCan(app, users.subscriber, 'read')).toBe(true);
    expect(await userCan(app, users.editor, 'manage_options')).toBe(false);
    expect(await userCan(app, users.administrator, 'manage_options')).toBe(true);
    expect(await userCan(app, users.author, 'upload_files')).toBe(true);
    expect(await userCan(app, users.contributor, 'upload_files')).toBe(false);
  });

  it('an author\'s own trashed post counts as what it was before trashing', async () => {
    const { app, users } = site;
    const trashed = await addPost(app, { author: users.contributor.id, status: 'trash' });
    expect(await userCan(app, users.contributor, 'delete_post', trashed)).toBe(true);
    await app.db.insertInto('postmeta').values({ post_id: trashed, meta_key: '_wp_trash_meta_status', meta_value: JSON.stringify('publish') }).execute();
    expect(await userCan(app, users.contributor, 'delete_post', trashed)).toBe(false);
  });
});
