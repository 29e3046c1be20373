/**
 * Navigation menus (core/v2/navigation, post type wp_navigation), the menus navigation blocks
 * show. WordPress serves them with its plain posts controller (and its revisions and autosaves
 * controllers), so the posts service does all the work: the type's registry entry gives the
 * capabilities (edit_theme_options for every list and write), the fields and the links.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { PostType } from '../content/access.ts';
import * as posts from '../content/posts.ts';
import * as revisions from '../content/revisions.ts';
import * as autosaves from '../content/autosaves.ts';
import type { PostWriteParams } from '../content/write.ts';

const TYPE = 'wp_navigation' as PostType;

export const list = <R,>(ctx: HandlerContext<posts.PostListParams>): Promise<HandlerResult<R>> => posts.list<R>(ctx, TYPE);
export const get = <R,>(ctx: HandlerContext<posts.PostReadParams>): Promise<HandlerResult<R>> => posts.get<R>(ctx, TYPE);
export const create = <R,>(ctx: HandlerContext<PostWriteParams>): Promise<HandlerResult<R>> => posts.create<R>(ctx, TYPE);
export const update = <R,>(ctx: HandlerContext<PostWriteParams>): Promise<HandlerResult<R>> => posts.update<R>(ctx, TYPE);
export const remove = <R,>(ctx: HandlerContext<posts.PostDeleteParams>): Promise<HandlerResult<R>> => posts.remove<R>(ctx, TYPE);

export const listRevisions = <R,>(ctx: HandlerContext<revisions.RevisionListParams>) => revisions.list<R>(ctx, TYPE);
export const getRevision = <R,>(ctx: HandlerContext<revisions.RevisionReadParams>) => revisions.get<R>(ctx, TYPE);
export const removeRevision = <R,>(ctx: HandlerContext<revisions.RevisionDeleteParams>) => revisions.remove<R>(ctx, TYPE);
export const listAutosaves = <R,>(ctx: HandlerContext<autosaves.AutosaveListParams>) => autosaves.list<R>(ctx, TYPE);
export const createAutosave = <R,>(ctx: HandlerContext<PostWriteParams>) => autosaves.create<R>(ctx, TYPE);
export const getAutosave = <R,>(ctx: HandlerContext<autosaves.AutosaveReadParams>) => autosaves.get<R>(ctx, TYPE);
