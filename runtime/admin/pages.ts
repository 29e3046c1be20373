/**
 * The admin pages that carry WordPress's block editor, registered on the HTTP server next to the
 * login pages (`registerAdminPages(fastify, app)`): the list (`/wp-admin/edit.php`), the editor
 * (`post-new.php`, `post.php?action=edit`) and the editor's bundle (`/wp-admin/editor/*`).
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../rest/types.ts';
import { registerEditorAssets } from './editor-assets.ts';
import { registerEditPages } from './edit-pages.ts';
import { registerPostList } from './post-list.ts';

export function registerAdminPages(fastify: FastifyInstance, app: App): void {
  registerEditorAssets(fastify);
  registerEditPages(fastify, app);
  registerPostList(fastify, app);
}
