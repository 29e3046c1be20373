/**
 * The named permission rules of the spec, as the permission callbacks of WordPress's posts,
 * attachments, revisions and autosaves controllers check them: first that the object exists
 * (404), then the capability, then what the params ask for (another author, sticky, publishing).
 *
 * Each rule is decided here only: the services trust it. A rule that is about an object loads
 * it once, judges it, and hands it to the handler as `ctx.target` (target.ts): `id` for the item,
 * the `parent` capture (or `id` on `/<id>/autosaves`) for revisions and autosaves. WordPress's
 * per-field checks (another author, sticky, publishing) are decided here too, on the params the
 * handler will store.
 */
import type { CurrentUser } from './current-user.ts';
import { authError, type ErrorKey } from '../rest/errors.ts';
import { loadPostFacts, postTypeCaps, userCan, type PostFacts, type StoredPostFacts } from './capabilities.ts';
import type { PermissionContext } from './permission.ts';
import { canDeletePost, canEditPost, canReadPost } from './post-access.ts';
import { postTypeEntry } from '../../contract/post-types.ts';
import { statusList, statusRefusal } from '../content/list-status.ts';
import { USER_RULES } from '../users/rules.ts';
import { TERM_RULES } from '../terms/rules.ts';
import { TYPE_RULES } from '../types/rules.ts';
import { COMMENT_RULES } from '../comments/rules.ts';
import { OEMBED_RULES } from '../oembed/rules.ts';
import { BLOCK_EDITOR_RULES } from '../block-editor/rules.ts';
import { THEME_RULES } from '../themes/rules.ts';
import { GLOBAL_STYLES_RULES } from '../global-styles/rules.ts';
import { PATTERN_RULES } from '../patterns/rules.ts';
import { TEMPLATE_RULES } from '../templates/rules.ts';

export type RuleCheck = (ctx: PermissionContext, postType: string) => Promise<void>;

function intParam(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The post `id` names, if it exists and is of the route's type; else 404 as WordPress's get_post. */
async function loadTyped(ctx: PermissionContext, postType: string, id: unknown, missing: ErrorKey): Promise<StoredPostFacts> {
  const n = intParam(id);
  const post = n === undefined ? undefined : await loadPostFacts(ctx.app.db, n);
  if (!post || post.type !== postType) throw authError(missing, ctx.user);
  return post;
}

/** The item the route acts on: loaded once, judged by the rule, handed to the handler. */
async function requirePost(ctx: PermissionContext, postType: string): Promise<StoredPostFacts> {
  const post = await loadTyped(ctx, postType, ctx.params.id, 'rest_post_invalid_id');
  ctx.target = { ...ctx.target, post };
  return post;
}

/** The post a revision or autosave route hangs under, as `requirePost`. */
async function requireParent(ctx: PermissionContext, postType: string, id: unknown): Promise<StoredPostFacts> {
  const parent = await loadTyped(ctx, postType, id, 'rest_post_invalid_parent');
  ctx.target = { ...ctx.target, parent };
  return parent;
}

const can = (ctx: PermissionContext, cap: string, id?: number) => userCan(ctx.app, ctx.user, cap, id);
const deny = (key: ErrorKey, user: CurrentUser | null) => { throw authError(key, user); };

/** WordPress lets authors set only themselves as author unless they may edit others' posts. */
async function checkAuthorAndSticky(ctx: PermissionContext, postType: string, creating: boolean): Promise<void> {
  const caps = postTypeCaps(postType);
  const author = intParam(ctx.params.author);
  if (author !== undefined && author !== ctx.user?.id && !(await can(ctx, caps.edit_others_posts))) {
    deny(creating ? 'cannot_edit_others' : 'cannot_update_others', ctx.user);
  }
  if (ctx.params.sticky === true && !(await can(ctx, caps.edit_others_posts)) && !(await can(ctx, caps.publish_posts))) {
    deny('cannot_assign_sticky', ctx.user);
  }
}

/** Publishing, scheduling or making private needs publish_posts (WordPress's handle_status_param). */
async function checkStatusChange(ctx: PermissionContext, postType: string): Promise<void> {
  const status = ctx.params.status;
  if (status === 'publish' || status === 'future' || status === 'private') {
    if (!(await can(ctx, postTypeCaps(postType).publish_posts))) deny('cannot_publish', ctx.user);
  }
}

/**
 * Listing: asking for statuses other than the public one needs edit rights (WordPress checks
 * this while sanitizing `status`, so it answers as an invalid param), then `context=edit` does.
 */
const readList: RuleCheck = async (ctx, postType) => {
  const caps = postTypeCaps(postType);
  const refusal = await statusRefusal(ctx.app, ctx.user, postType, statusList(ctx.params.status));
  if (refusal) throw refusal;
  if (ctx.params.context === 'edit' && !(await can(ctx, caps.edit_posts))) deny('forbidden_context_list', ctx.user);
};

const readItem: RuleCheck = async (ctx, postType) => {
  const post = await requirePost(ctx, postType);
  if (ctx.params.context === 'edit' && !(await canEditPost(ctx, post))) deny('forbidden_context_item', ctx.user);
  // A password that does not match is refused whether or not the post has one, as WordPress's
  // get_item_permissions_check compares them before anything else is read.
  if (typeof ctx.params.password === 'string' && ctx.params.password !== '' && post.password !== ctx.params.password) {
    deny('rest_post_incorrect_password', ctx.user);
  }
  if (!(await canReadPost(ctx, post))) deny('forbidden', ctx.user);
  // A type read with a capability of its own (synced patterns: edit_posts) is read only with it, published or not.
  const readCap = postTypeCaps(postType).read;
  if (readCap !== 'read' && !(await can(ctx, readCap))) deny('forbidden', ctx.user);
};

const createItem: RuleCheck = async (ctx, postType) => {
  if (intParam(ctx.params.id) !== undefined) deny('rest_post_exists', ctx.user);
  await checkAuthorAndSticky(ctx, postType, true);
  if (!(await can(ctx, postTypeCaps(postType).create_posts))) deny('cannot_create', ctx.user);
  // Types created by uploading (media) also say so, and may be attached to a post the user edits.
  if (postTypeEntry(postType)?.createCapability === 'upload_files') {
    if (!(await can(ctx, 'upload_files'))) deny('cannot_upload', ctx.user);
    const attachTo = intParam(ctx.params.post);
    if (attachTo !== undefined && !(await can(ctx, 'edit_post', attachTo))) deny('cannot_upload_to_post', ctx.user);
  }
  await checkStatusChange(ctx, postType);
};

const editItem: RuleCheck = async (ctx, postType) => {
  const post = await requirePost(ctx, postType);
  if (!(await canEditPost(ctx, post))) deny('cannot_edit', ctx.user);
  await checkAuthorAndSticky(ctx, postType, false);
  if (ctx.params.status !== undefined && ctx.params.status !== post.status) await checkStatusChange(ctx, postType);
};

const deleteItem: RuleCheck = async (ctx, postType) => {
  const post = await requirePost(ctx, postType);
  if (!(await canDeletePost(ctx, post))) deny('cannot_delete', ctx.user);
};

/** Media editing (crop, rotate, sub-sizes) needs upload rights and edit rights on the item. */
const editMedia: RuleCheck = async (ctx, postType) => {
  if (!(await can(ctx, 'upload_files'))) deny('cannot_edit_image', ctx.user);
  await editItem(ctx, postType);
};

/**
 * The parent of a revision or autosave route is its `parent` capture, or its `id` capture on
 * `/<id>/autosaves` (where WordPress ignores a `parent` param, as here).
 */
function hasCapture(ctx: PermissionContext, name: string): boolean {
  return (ctx.route.captures ?? []).some((c) => c.name === name);
}

function parentParam(ctx: PermissionContext): unknown {
  return hasCapture(ctx, 'parent') ? ctx.params.parent : ctx.params.id;
}

const readRevisions: RuleCheck = async (ctx, postType) => {
  const parent = await requireParent(ctx, postType, parentParam(ctx));
  if (!(await canEditPost(ctx, parent))) deny('cannot_read_revisions', ctx.user);
  // Whether the revision exists (and is this parent's) is the handler's to say, as in WordPress,
  // whose permission check looks at the parent only: a missing revision still allows GET.
};

const deleteRevision: RuleCheck = async (ctx, postType) => {
  const parent = await requireParent(ctx, postType, ctx.params.parent);
  if (!(await canDeletePost(ctx, parent))) deny('cannot_delete_revisions', ctx.user);
  const revision = await requireChild(ctx, parent, 'revision', 'rest_revision_invalid_id');
  if (!(await canEditPost(ctx, parent))) deny('cannot_read_revisions', ctx.user);
  if (!(await canDeletePost(ctx, revision))) deny('cannot_delete_revision', ctx.user);
};

/** The list of autosaves speaks of autosaves; one autosave is checked as a revision, as WordPress does. */
const readAutosaves: RuleCheck = async (ctx, postType) => {
  const parent = await requireParent(ctx, postType, parentParam(ctx));
  const one = hasCapture(ctx, 'parent');
  if (!(await canEditPost(ctx, parent))) deny(one ? 'cannot_read_revisions' : 'cannot_read_autosaves', ctx.user);
};

const createAutosave: RuleCheck = async (ctx, postType) => {
  if (intParam(ctx.params.id) === undefined) deny('rest_autosave_invalid_parent_id', ctx.user);
  await editItem(ctx, postType);
};

async function requireChild(ctx: PermissionContext, parent: PostFacts, type: string, missing: ErrorKey): Promise<StoredPostFacts> {
  const n = intParam(ctx.params.id);
  const child = n === undefined ? undefined : await loadPostFacts(ctx.app.db, n);
  if (!child || child.type !== type || child.parent !== parent.id) throw authError(missing, ctx.user);
  ctx.target = { ...ctx.target, child };
  return child;
}

const authenticated: RuleCheck = async (ctx) => {
  if (!ctx.user) deny('forbidden', null);
};

/**
 * Rules that refuse every anonymous caller with an authorization error, whatever the params:
 * each needs a capability (or a user) before it could pass, and nothing on its way answers
 * `rest_invalid_param`. `Allow` skips running them for anonymous callers, who make most reads;
 * test/auth/anonymous-refusals.test.ts runs each against anonymous callers to keep this list true.
 */
export const REFUSES_ANONYMOUS: ReadonlySet<string> = new Set([
  'authenticated', 'create_post', 'upload_files', 'edit_post', 'delete_post', 'edit_media',
  'read_revision', 'read_revisions', 'delete_revision', 'read_autosave', 'read_autosaves', 'create_autosave',
  'read_themes', 'read_theme_styles', 'read_block_patterns', 'read_templates', 'manage_templates',
  'read_url_details', 'read_navigation_fallback',
]);

/**
 * The check of each rule name the spec may use; the names are listed in
 * contract/permission-rules.ts (test/auth/rule-names.test.ts keeps both lists equal).
 */
export const RULES: Record<string, RuleCheck> = {
  authenticated,
  read_posts: readList,
  list_posts: readList,
  read_post: readItem,
  create_post: createItem,
  upload_files: createItem,
  edit_post: editItem,
  delete_post: deleteItem,
  edit_media: editMedia,
  read_revision: readRevisions,
  read_revisions: readRevisions,
  delete_revision: deleteRevision,
  read_autosave: readAutosaves,
  read_autosaves: readAutosaves,
  create_autosave: createAutosave,
  // The rules of users, terms, types and comments live beside their services.
  ...USER_RULES,
  ...TERM_RULES,
  ...TYPE_RULES,
  ...COMMENT_RULES,
  ...OEMBED_RULES,
  ...BLOCK_EDITOR_RULES,
  // The block editor's routes: themes, global styles, block patterns, templates.
  ...THEME_RULES,
  ...GLOBAL_STYLES_RULES,
  ...PATTERN_RULES,
  ...TEMPLATE_RULES,
};
